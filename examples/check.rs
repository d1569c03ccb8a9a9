use concentration::rules::*;
use concentration::solver::*;
use num_rational::BigRational;
fn run<V: Scalar + std::fmt::Display>(
    deck: &str,
    obj: Objective,
    rule: PassRule,
    pos: Option<&str>,
    d: i64,
    first: Option<FirstCard>,
) {
    let deck = Deck::parse(deck).unwrap();
    let p = pos
        .map(|s| Position::parse(s, &deck).unwrap())
        .unwrap_or_else(|| Position::start(&deck));
    let t = std::time::Instant::now();
    let mut s: Solver<V> = Solver::new(obj, rule, &p, d, 1e9).unwrap();
    let st = State {
        position: p.clone(),
        diff: d,
        after_pass: false,
        first,
    };
    let acts = s.actions(&st).unwrap();
    let v = s.value(&st).unwrap();
    println!(
        "{deck} {obj} {rule} [{p}] d={d} {first:?}: value {v} ({:.10}) in {:?}, {} card states, {} states",
        v.to_f64(),
        t.elapsed(),
        s.card_states(),
        s.states()
    );
    for (a, x) in acts {
        println!("   {a}: {x} ({:.10})", x.to_f64());
    }
}
fn main() {
    run::<BigRational>("1x4", Objective::Win, PassRule::Agreed, None, 0, None);
    run::<BigRational>("2x4", Objective::Win, PassRule::Agreed, None, 0, None);
    run::<BigRational>(
        "3x2",
        Objective::Win,
        PassRule::None,
        Some("2.2x2 2.1x1"),
        0,
        None,
    );
    run::<BigRational>(
        "3x2",
        Objective::Win,
        PassRule::None,
        Some("2.2x2 2.1x1"),
        0,
        Some(FirstCard::Revealed(Pattern::new(2, 1))),
    );
    run::<BigRational>(
        "3x2",
        Objective::Win,
        PassRule::None,
        Some("2.2x2 2.1x1"),
        0,
        Some(FirstCard::Revealed(Pattern::new(2, 2))),
    );
    run::<BigRational>("3x2", Objective::Moves, PassRule::Agreed, None, 0, None);
    run::<BigRational>(
        "7x2",
        Objective::Moves,
        PassRule::Agreed,
        Some("2.1x6 2.2x1"),
        0,
        None,
    );
    run::<BigRational>(
        "6x2",
        Objective::Margin,
        PassRule::Agreed,
        Some("2.2x5 2.1x1"),
        0,
        None,
    );
    run::<f64>("13x4", Objective::Win, PassRule::Agreed, None, 0, None);
}
