//! Research: when is taking a known pair at the turn start optimal?
//!
//! `cargo run --release --example takes -- 7x4 win agreed` compares, in every state of the
//! deck (exhaustive solver), the value of taking each known pair with the best action, and
//! counts the states where the take is worse, grouped by the pair's pattern, the after-pass
//! flag and how many known labels the take leaves. `SHOW=1` prints a few such states;
//! `WITH_END=1` also lets the take be beaten only by ending the game with a pass.
//! This is how the harmless takes the solver prunes (`tests/pruning.rs`) were found.
use concentration::rules::*;
use concentration::solver::*;
use std::collections::BTreeMap;

fn rec(p: usize, left: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if p == cur.len() {
        out.push(cur.clone());
        return;
    }
    for c in 0..=left {
        cur[p] = c;
        rec(p + 1, left - c, cur, out);
    }
    cur[p] = 0;
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deck = Deck::parse(&args[1]).unwrap();
    let objective: Objective = args[2].parse().unwrap();
    let rule: PassRule = args[3].parse().unwrap();
    let pats = patterns(deck.copies());
    let mut configs = Vec::new();
    rec(0, deck.labels(), &mut vec![0; pats.len()], &mut configs);
    let root = Position::start(&deck);
    let mut solver: Solver<f64> = Solver::new(objective, rule, &root, 0, 1e9)
        .unwrap()
        .exhaustive();
    let total = i64::from(deck.pairs());
    let mut stats: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for c in configs {
        let pos = Position::from_counts(deck.copies(), c);
        let m = pos.pairs() as i64;
        if m == 0 {
            continue;
        }
        let known_labels: u32 = pos
            .iter()
            .filter(|(p, _)| p.known() > 0)
            .map(|(_, n)| n)
            .sum();
        for (a, _) in pos.iter().filter(|(p, _)| p.known() >= 2) {
            let after = pos.moved(a, a.taken(0));
            let known_after: u32 = after
                .iter()
                .filter(|(p, _)| p.known() > 0)
                .map(|(_, n)| n)
                .sum();
            for after_pass in [false, true] {
                if after_pass && (known_labels < 2 || !rule.remembers_pass()) {
                    continue;
                }
                let b = m.min(total - m);
                let mut d = -b;
                while d <= b {
                    if (d + m - total).rem_euclid(2) == 0 {
                        let st = State {
                            position: pos.clone(),
                            diff: d,
                            after_pass,
                            first: None,
                        };
                        let v = solver.value(&st).unwrap();
                        let take = solver
                            .actions(&State {
                                first: Some(FirstCard::Held(a)),
                                ..st.clone()
                            })
                            .unwrap()
                            .into_iter()
                            .find(|(x, _)| *x == Action::Match)
                            .unwrap()
                            .1;
                        let ok = if objective.minimises() {
                            take <= v + 1e-12
                        } else {
                            take >= v - 1e-12
                        };
                        let key = format!(
                            "{a} p={} known_after={} unknown_total={}",
                            after_pass as u8,
                            known_after.min(3),
                            (pos.unknown_cards() > 0) as u8
                        );
                        let e = stats.entry(key).or_default();
                        e.0 += 1;
                        if !ok {
                            e.1 += 1;
                            if std::env::var("SHOW").is_ok() && e.1 <= 2 && a.on_table == 4 {
                                println!(
                                    "{pos} d={d} p={after_pass} v={v} take={take} {:?}",
                                    solver.actions(&st).unwrap()
                                );
                            }
                        }
                    }
                    d += 1;
                }
            }
        }
    }
    for (k, (n, bad)) in stats {
        println!("{k:40} states {n:8} take-not-optimal {bad}");
    }
}
