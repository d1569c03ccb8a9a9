//! Numbering vectors of counts densely: every vector of `k` counts summing to at most
//! `L` gets its own number in `0..C(L + k, k)`, lexicographic in the counts, the first
//! most significant. The dense card-state indexes (`search/dense.rs`,
//! `zebra/index.rs`) share it.

/// Vectors of `k` counts summing to at most `m`: `C(m + k, k)`.
pub(crate) fn vectors(k: usize, m: usize) -> u128 {
    (1..=k as u128).fold(1u128, |acc, i| acc * (m as u128 + i) / i)
}

/// The table a number is summed from: entry `(i * (L + 1) + rem) * (L + 1) + c` is how
/// many vectors come before those with count `c` at place `i`, `rem` left for places
/// `i..`. A vector's number is the sum of its entries, place by place.
pub(crate) fn offsets(k: usize, labels: usize) -> Vec<u128> {
    let w = labels + 1;
    let mut offsets = vec![0u128; k * w * w];
    for i in 0..k {
        for rem in 0..=labels {
            let mut acc = 0u128;
            for c in 0..=rem {
                offsets[(i * w + rem) * w + c] = acc;
                acc += vectors(k - 1 - i, rem - c);
            }
        }
    }
    offsets
}
