//! Every figure under "Figures" in `docs/pairs.md`, exactly: the round's value
//! by turn position at the start, averaged over the full deal rule.

use concentration::pairs::Ranks;
use concentration::pairs::start::start_value;
use num_rational::BigRational;

fn exact(n: u32, m: usize) -> Vec<String> {
    start_value::<BigRational>(Ranks::new(n).unwrap(), m)
        .u
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn two_players() {
    assert_eq!(exact(3, 2), ["1/15", "-1/15"]);
    assert_eq!(exact(4, 2), ["491/6300", "-491/6300"]);
    assert_eq!(exact(5, 2), ["1165211/18918900", "-1165211/18918900"]);
}

#[test]
fn three_and_four_players() {
    assert_eq!(exact(4, 3), ["61/700", "-1023/1400", "901/1400"]);
    assert_eq!(exact(4, 4), ["51/350", "-389/350", "121/1050", "893/1050"]);
}
