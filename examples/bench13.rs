use concentration::rules::*;
use concentration::solver::*;
fn main() {
    let deck = Deck::parse(&std::env::args().nth(1).unwrap_or("13x4".into())).unwrap();
    let p = Position::start(&deck);
    let t = std::time::Instant::now();
    let mut s: Solver<f64> = Solver::new(Objective::Win, PassRule::Agreed, &p, 0, 1e9).unwrap();
    let v = s
        .value(&State {
            position: p,
            diff: 0,
            after_pass: false,
            first: None,
        })
        .unwrap();
    println!("{v} {:?} {} {}", t.elapsed(), s.card_states(), s.states());
}
