//! Puzzles: every listed answer checked against `solve`, the same seed giving the same
//! puzzles, every puzzle's table replaying to its position, puzzles for every idea on
//! the decks it occurs on, sessions no rule of thumb beats, and difficulty that
//! measures something.

use std::process::Command;

use concentration::players::state_of;
use concentration::rules::{Deck, Objective, PassRule};
use concentration::trainer::IdeaKind;
use concentration::trainer::puzzle::{Generator, PuzzleRules};
use serde_json::Value;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn listed(extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["puzzle", "--list", "6", "--seed", "11", "--json"];
    args.extend_from_slice(extra);
    run(&args)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_listed_answer_is_the_one_best_action_of_solve() {
    for extra in [
        &["--deck", "standard"][..],
        &["--deck", "pairs:8", "--pass-rule", "quit"],
        &[
            "--deck",
            "pairs:10",
            "--objective",
            "margin",
            "--pass-rule",
            "none",
        ],
        &["--deck", "standard-rank", "--pass-rule", "ko"],
    ] {
        let puzzles = listed(extra);
        assert_eq!(puzzles.len(), 6, "{extra:?}");
        for p in puzzles {
            let steps = p["steps"].as_array().unwrap();
            assert!(!steps.is_empty(), "{p}");
            // The first step is the puzzle's own fields.
            for k in ["position", "diff", "after_pass", "first", "best", "usual"] {
                assert_eq!(p[k], steps[0][k], "{k}: {p}");
            }
            let mut guess = 1.0;
            for step in steps {
                check_step(&p, step);
                guess /= step["actions"].as_array().unwrap().len() as f64;
            }
            // One best action a step: the guess is one answer in each step's actions.
            assert!((p["guess"].as_f64().unwrap() - guess).abs() < 1e-12, "{p}");
            assert!(guess <= 0.25, "{p}");
            // A control position is one where the common play is best at every step.
            let common = steps.iter().all(|s| s["usual"] == s["best"]);
            assert_eq!(p["control"].as_bool().unwrap(), common, "{p}");
        }
    }
}

/// A step's best action is the one best action of `solve`, better than every other by
/// the margin.
fn check_step(p: &Value, step: &Value) {
    let s = |k: &str| p[k].as_str().unwrap().to_string();
    let mut args = vec![
        "solve".to_string(),
        "--json".into(),
        "--deck".into(),
        s("deck"),
        "--objective".into(),
        s("objective"),
        "--pass-rule".into(),
        s("pass_rule"),
        "--position".into(),
        step["position"].as_str().unwrap().into(),
        format!("--diff={}", step["diff"]),
    ];
    if step["after_pass"].as_bool().unwrap() {
        args.push("--after-pass".into());
    }
    if let Some(first) = step["first"].as_object() {
        args.push(format!("--{}", first["kind"].as_str().unwrap()));
        args.push(first["pattern"].as_str().unwrap().into());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let solved: Value = serde_json::from_str(&run(&args)).unwrap();
    let best: Vec<&str> = solved["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    let step_best = step["best"].as_str().unwrap();
    assert_eq!(best, vec![step_best], "{p}");
    let value = |name: &str| {
        solved["actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["action"] == name)
            .unwrap()["value"]
            .as_f64()
            .unwrap()
    };
    let margin = if s("objective") == "margin" {
        0.05
    } else {
        0.02
    };
    for a in solved["actions"].as_array().unwrap() {
        if a["action"] != step_best {
            assert!(
                value(step_best) - a["value"].as_f64().unwrap() >= margin,
                "{p}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_and_another_seed_others() {
    let a = run(&["puzzle", "--list", "4", "--seed", "5", "--json"]);
    let b = run(&["puzzle", "--list", "4", "--seed", "5", "--json"]);
    let c = run(&["puzzle", "--list", "4", "--seed", "6", "--json"]);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn a_puzzles_table_replays_to_its_position() {
    let mut g = Generator::new(PuzzleRules {
        deck: Deck::parse("pairs:9").unwrap(),
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
    })
    .unwrap();
    let puzzles = g.puzzles(3, 20, 500, &|_| true);
    assert_eq!(puzzles.len(), 20);
    for p in puzzles {
        assert_eq!(state_of(p.game().view()), p.state, "{}", p.id);
    }
}

/// Every idea the solver shows on a deck has puzzles there. The psyche-out (the blog's
/// NNO) only ever ties with taking the pair, so it is never a puzzle's one best move.
#[test]
fn every_idea_has_puzzles_on_the_decks_it_occurs_on() {
    let cases = [
        ("standard", PassRule::Agreed, IdeaKind::Sacrifice),
        ("standard", PassRule::Agreed, IdeaKind::Wait),
        ("standard", PassRule::Quit, IdeaKind::PassToWin),
        ("standard", PassRule::None, IdeaKind::LeavePair),
        ("standard-rank", PassRule::Agreed, IdeaKind::KeepPair),
        ("standard-rank", PassRule::Agreed, IdeaKind::Sacrifice),
        ("pairs:8", PassRule::Agreed, IdeaKind::PassToWin),
        ("pairs:8", PassRule::Ko, IdeaKind::Wait),
        ("pairs:8", PassRule::None, IdeaKind::LeavePair),
    ];
    for (deck, pass_rule, idea) in cases {
        let mut g = Generator::new(PuzzleRules {
            deck: Deck::parse(deck).unwrap(),
            objective: Objective::Win,
            pass_rule,
        })
        .unwrap();
        let found = g.puzzles(1, 3, 2000, &|p| p.idea == idea);
        assert_eq!(found.len(), 3, "{deck} {pass_rule:?} {idea:?}");
    }
}

/// The rules of thumb, by their names in the JSON.
const RULES: [&str; 5] = ["new", "seen", "common", "pass", "seen-after-first"];

/// Whether a rule of thumb solves a listed puzzle (every step of it), read from the
/// JSON alone.
fn rule_solves(rule: &str, p: &Value) -> bool {
    p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| step_solves(rule, s))
}

/// Whether a rule of thumb finds a step's best action: `new` always turns a new card,
/// `seen` a seen card (any one: the rule is given every chance), `common` plays the
/// usual move, `pass` passes whenever a pass is legal and otherwise plays the usual
/// move, `seen-after-first` a seen card after the first card and a new one before.
/// Where the rule has no card of its kind, it plays whatever is left, which is counted
/// as solving.
fn step_solves(rule: &str, p: &Value) -> bool {
    let actions: Vec<&str> = p["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    let best = p["best"].as_str().unwrap();
    let usual = p["usual"].as_str().unwrap();
    let seen = |a: &str| a == "match" || a.starts_with("known");
    let held = p["first"]["kind"] == "held";
    let passes: Vec<&str> = actions
        .iter()
        .copied()
        .filter(|a| held && a.starts_with("known"))
        .collect();
    let rule = match rule {
        "seen-after-first" if p["first"].is_null() => "new",
        "seen-after-first" => "seen",
        other => other,
    };
    match rule {
        "new" if actions.contains(&"unknown") => best == "unknown",
        "seen" if actions.iter().any(|a| seen(a)) => seen(best),
        "new" | "seen" => true,
        "common" => best == usual,
        "pass" if !passes.is_empty() => passes.contains(&best),
        "pass" => best == usual,
        _ => unreachable!(),
    }
}

/// The bound: in a default session of 40, no fixed rule solves more than half,
/// on several seeds and decks; and there are controls, which say so.
#[test]
fn no_rule_of_thumb_solves_more_than_half_of_a_session() {
    for (deck, seed) in [
        ("standard", "1"),
        ("standard", "3"),
        ("standard", "8"),
        ("standard", "29"),
        ("standard-rank", "5"),
        ("pairs:8", "2"),
    ] {
        let out = run(&[
            "puzzle", "--list", "40", "--seed", seed, "--deck", deck, "--json",
        ]);
        let puzzles: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(puzzles.len(), 40, "{deck} {seed}");
        for rule in RULES {
            let solved = puzzles.iter().filter(|p| rule_solves(rule, p)).count();
            assert!(
                solved <= 20,
                "{deck} seed {seed}: always '{rule}' solves {solved} of 40"
            );
        }
        let controls = puzzles.iter().filter(|p| p["control"] == true).count();
        assert!(controls >= 10, "{deck} seed {seed}: {controls} controls");
        let ideas: std::collections::HashSet<&str> = puzzles
            .iter()
            .filter(|p| p["control"] == false)
            .map(|p| p["idea"].as_str().unwrap())
            .collect();
        assert!(ideas.len() >= 2, "{deck} seed {seed}: ideas {ideas:?}");
    }
}

/// Difficulty is measured: easy puzzles are solved by more rules of thumb, and their best
/// action stands further from the runner-up, than hard ones.
#[test]
fn easy_puzzles_are_measurably_easier_than_hard_ones() {
    let mut by: std::collections::HashMap<String, (f64, f64, f64)> = Default::default();
    for seed in ["1", "2", "3"] {
        let out = run(&["puzzle", "--list", "40", "--seed", seed, "--json"]);
        for line in out.lines() {
            let p: Value = serde_json::from_str(line).unwrap();
            let solved = RULES.iter().filter(|r| rule_solves(r, &p)).count();
            // The closest step's lead of the best over the runner-up.
            let gap = p["steps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    let mut values: Vec<f64> = s["actions"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|a| a["value"].as_f64().unwrap())
                        .collect();
                    values.sort_by(|a, b| b.total_cmp(a));
                    values[0] - values[1]
                })
                .fold(f64::INFINITY, f64::min);
            let entry = by
                .entry(p["difficulty"].as_str().unwrap().to_string())
                .or_default();
            entry.0 += 1.0;
            entry.1 += solved as f64;
            entry.2 += gap;
        }
    }
    let mean = |d: &str| {
        let (n, solved, gap) = by[d];
        assert!(n >= 5.0, "{d}: only {n} puzzles in 120");
        (solved / n, gap / n)
    };
    let (easy, hard) = (mean("easy"), mean("hard"));
    let medium = mean("medium");
    assert!(
        easy.0 > hard.0,
        "rules solving: easy {easy:?} hard {hard:?}"
    );
    assert!(
        easy.1 > medium.1 && medium.1 > hard.1,
        "gaps: {easy:?} {medium:?} {hard:?}"
    );
}

/// Puzzles are chosen around the person's rating where the mix leaves a choice: a low
/// rating gets lower-rated puzzles than a high one (the same seed gives the same
/// puzzles when no rating is given), and the rules of thumb stay at
/// most half either way.
#[test]
fn puzzles_are_chosen_around_a_rating_without_giving_up_the_mix() {
    let mut g = Generator::new(PuzzleRules {
        deck: Deck::parse("standard").unwrap(),
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
    })
    .unwrap();
    let mean = |ps: &[concentration::trainer::puzzle::Puzzle]| {
        ps.iter().map(|p| p.rating).sum::<f64>() / ps.len() as f64
    };
    let low = g.puzzles_near(4, 30, 2000, &|_| true, Some(1350.0));
    let high = g.puzzles_near(4, 30, 2000, &|_| true, Some(1950.0));
    assert_eq!((low.len(), high.len()), (30, 30));
    assert!(
        mean(&low) + 50.0 < mean(&high),
        "low {} high {}",
        mean(&low),
        mean(&high)
    );
    for ps in [&low, &high] {
        for rule in 0..5 {
            let solved = ps.iter().filter(|p| p.solved_by[rule]).count();
            assert!(solved <= 15, "rule {rule} solves {solved} of 30");
        }
    }
}

/// The issue's puzzle (`puzzle --seed 1`, the second): passing with g1 "wins 12–7 if your
/// opponent passes back", yet costs 14.3 points. The answer says why, in the position's
/// terms: the opponent plays on instead, and every hidden card's partner is seen.
#[test]
fn a_pass_that_costs_says_what_the_opponent_does_instead() {
    use concentration::trainer::{explain, numbers_line};
    let mut g = Generator::new(PuzzleRules {
        deck: Deck::parse("standard").unwrap(),
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
    })
    .unwrap();
    let p = g
        .posed_at(627_405_149_472_732_430, 91)
        .expect("the issue's decision");
    let game = p.game();
    let lesson = explain(game.view(), g.solver()).unwrap();
    let pass = lesson
        .actions
        .iter()
        .find(|e| e.consequences.pass.is_some())
        .expect("a pass");
    let why = "your opponent plays on: every hidden card's partner is seen, so they take all 7 \
               pairs left";
    assert_eq!(
        numbers_line(game.view(), pass),
        format!("a pass: if your opponent passes back, the game ends: you win 12–7; but {why}")
    );
    let control = p.control_line(&lesson).expect("a control position");
    assert!(
        control.ends_with(&format!("costs 14.3 points of win chance: {why}.")),
        "{control}"
    );
}
