//! Every table of a small deck, for the tests that check the solvers state by state.

/// Every card state with at most `labels` labels in `n` patterns: how many labels are in
/// each pattern.
pub(crate) fn card_states(n: usize, labels: u32) -> Vec<Vec<u32>> {
    fn rec(i: usize, left: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if i == cur.len() {
            out.push(cur.clone());
            return;
        }
        for c in 0..=left {
            cur[i] = c;
            rec(i + 1, left - c, cur, out);
        }
        cur[i] = 0;
    }
    let mut out = Vec::new();
    rec(0, labels, &mut vec![0; n], &mut out);
    out
}
