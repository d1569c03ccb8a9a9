//! Pairs on ratatui's `TestBackend` at 80 x 24: the table (stacks, scores, the lowest
//! card, the piles), the hint panel, the end-of-round and end-of-game windows, the
//! record saved at the end and its round trip.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use concentration::app::{App, PairsReplay, PairsTable};
use concentration::pairs::record::PairsRecord;
use concentration::pairs::rules::Phase;
use concentration::pairs::{Action as Move, PairsAi, Ranks, Solver};
use concentration::seats::Seats;
use concentration::tui::Action;

use crate::common::screen;

fn table(players: &str, ranks: u32, target: u32, seed: u64) -> PairsTable {
    PairsTable::new(
        Seats::<PairsAi>::parse(players).unwrap(),
        Ranks::new(ranks).unwrap(),
        target,
        seed,
        Duration::from_millis(500),
        Instant::now(),
    )
    .unwrap()
}

fn app(players: &str, ranks: u32, target: u32, seed: u64) -> App {
    let mut app = App::pairs(table(players, ranks, target, seed));
    app.update(Action::Resize(80, 24), Instant::now());
    app
}

/// Runs the clock until the person is to move (or the round or game is over).
fn settle(app: &mut App, mut now: Instant) -> Instant {
    while let Some(d) = app.deadline() {
        now = now.max(d);
        app.update(Action::Tick, now);
    }
    now
}

/// Goes on (a key between rounds) until the person is to move.
fn to_persons_turn(app: &mut App, mut now: Instant) -> Instant {
    loop {
        now = settle(app, now);
        let t = app.pairs_table().unwrap();
        if t.persons_turn() || t.is_over() {
            return now;
        }
        app.update(Action::Other, now);
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("concentration-pairs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_table_shows_stacks_scores_lowest_card_and_piles() {
    for seed in [1, 2, 3] {
        let mut a = app("you,spne,threshold", 8, 21, seed);
        to_persons_turn(&mut a, Instant::now());
        let view = a.pairs_table().unwrap().game().view();
        let s = screen(&a);
        for (i, name) in ["you", "spne", "threshold"].iter().enumerate() {
            let cards: Vec<String> = view.stacks[i].iter().map(ToString::to_string).collect();
            let row = s
                .lines()
                .find(|l| l.contains(&format!(" {name}")) && l.contains("score"))
                .unwrap_or_else(|| panic!("no row for {name}:\n{s}"));
            assert!(
                row.contains(&format!("score {:>3}", view.scores[i])),
                "{row}"
            );
            assert!(
                row.contains(&format!("cards: {}", cards.join(" "))),
                "{row}"
            );
        }
        let low = view.lowest().unwrap();
        assert!(
            s.contains(&format!("Lowest face-up card: {low} (a fold scores {low})")),
            "{s}"
        );
        let piles = format!(
            "Deck {} · discards {} · burned {}",
            view.deck,
            view.discards.len(),
            "▮".repeat(view.burned)
        );
        assert!(s.contains(&piles), "{piles}\n{s}");
        assert!(s.contains("seed"), "{s}");
        assert!(s.contains("h hit") && s.contains("f fold"), "{s}");
    }
}

#[test]
fn the_hint_gives_the_odds_and_both_values_from_the_solver() {
    let mut a = app("you,spne", 10, 31, 4);
    let now = to_persons_turn(&mut a, Instant::now());
    // Hit until the person's stack has two cards, so the odds are not zero.
    while a.pairs_table().unwrap().game().view().stacks[0].len() < 2 {
        let t = a.pairs_table().unwrap();
        assert!(t.persons_turn(), "the person moves");
        a.update(Action::Move(0, -1), now);
        to_persons_turn(&mut a, now);
    }
    assert!(!screen(&a).contains("A hit pairs"), "no hint before H");
    a.update(Action::Hint, now);
    let view = a.pairs_table().unwrap().game().view();
    let d = view.unseen();
    let own = view.stack_sets()[0];
    let pairing: u32 = d
        .iter()
        .filter(|&(j, _)| own.has(j))
        .map(|(_, c)| u32::from(c))
        .sum();
    let chance = f64::from(pairing) / f64::from(d.total()) * 100.0;
    let (model, stacks) = view.counted_model(0);
    let an = Solver::<f64>::new(model).analyse(&stacks);
    let hit = an.u_hit.unwrap()[0];
    let fold = an.u_fold[0];
    let s = screen(&a);
    assert!(
        s.contains(&format!("A hit pairs: {chance:.0}%")),
        "{chance}\n{s}"
    );
    assert!(s.contains(&format!("Hit is worth {hit:+.2}")), "{s}");
    assert!(s.contains(&format!("Fold is worth {fold:+.2}")), "{s}");
    let best = if an.action == Move::Hit {
        format!("Better: hit, by {:.2}", hit - fold)
    } else {
        format!("Better: fold, by {:.2}", fold - hit)
    };
    assert!(s.contains(&best), "{best}\n{s}");
    // The note under it wraps as one sentence: no word left alone on a row.
    for line in s.lines() {
        let end = line.trim_end();
        for word in ["this", "rival"] {
            assert!(!end.ends_with(&format!("  {word}")), "{s}");
        }
    }
    assert!(s.contains("a loss to you)"), "{s}");
    a.update(Action::Hint, now);
    assert!(!screen(&a).contains("A hit pairs"), "H hides it again");
}

#[test]
fn a_fold_ends_the_round_with_its_window_and_a_key_deals_the_next() {
    let mut a = app("you,spne", 10, 31, 9);
    let now = to_persons_turn(&mut a, Instant::now());
    let before = a.pairs_table().unwrap().game().view();
    let low = before.lowest().unwrap();
    a.update(Action::Fraction, now);
    let s = screen(&a);
    assert!(s.contains("Round over"), "{s}");
    assert!(s.contains("you folded, taking"), "{s}");
    assert!(s.contains(&format!(": +{low}")), "{s}");
    let unit = if low == 1 { "point" } else { "points" };
    assert!(s.contains(&format!("{low:>3} {unit}")), "{s}");
    // The table behind it keeps the cards as they were before the fold.
    for (i, stack) in before.stacks.iter().enumerate() {
        let cards: Vec<String> = stack.iter().map(ToString::to_string).collect();
        assert!(
            s.contains(&format!("cards: {}", cards.join(" "))),
            "seat {i}\n{s}"
        );
    }
    a.update(Action::Other, now);
    let t = a.pairs_table().unwrap();
    assert_eq!(t.game().view().round, 2);
    assert!(!screen(&a).contains("Round over"));
}

#[test]
fn the_game_ends_with_the_loser_the_scores_and_the_record_saved() {
    let dir = temp_dir("end");
    // Target 1: the first score loses.
    let mut a = app("you,spne", 10, 1, 5);
    a.save_dir = Some(dir.clone());
    let now = settle(&mut a, Instant::now());
    if a.pairs_table().unwrap().persons_turn() {
        a.update(Action::Fraction, now);
    }
    settle(&mut a, now);
    let t = a.pairs_table().unwrap();
    let Phase::GameOver { loser, .. } = t.game().phase() else {
        panic!("the game is over");
    };
    let s = screen(&a);
    assert!(s.contains("Game over"), "{s}");
    let name = ["you", "spne"][loser];
    let score = t.game().view().scores[loser];
    let words = if loser == 0 {
        format!("You lose: you reached {score} points.")
    } else {
        format!("spne loses with {score} points.")
    };
    assert!(s.contains(&words), "{words}\n{s}");
    assert!(s.contains("Saved as"), "{name}\n{s}");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .collect();
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(files[0].path()).unwrap();
    let record = PairsRecord::parse(&text).unwrap();
    assert_eq!(record.seed, 5);
    assert_eq!(record.loser(), Some(loser));
    assert_eq!(record, t.record());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_asks_first_and_saves_the_game_so_far() {
    let dir = temp_dir("quit");
    let mut a = app("you,spne", 10, 31, 6);
    a.save_dir = Some(dir.clone());
    let now = to_persons_turn(&mut a, Instant::now());
    a.update(Action::Move(0, -1), now);
    a.update(Action::Quit, now);
    assert!(screen(&a).contains("Quit this game? (y / n)"));
    assert!(!a.quit);
    a.update(Action::Yes, now);
    assert!(a.quit);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .collect();
    assert_eq!(files.len(), 1, "the unfinished game is saved");
    let record = PairsRecord::parse(&std::fs::read_to_string(files[0].path()).unwrap()).unwrap();
    assert_eq!(record.rounds[0][0], Move::Hit);
    assert_eq!(record.loser(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_ai_table_plays_to_the_end_and_its_record_round_trips() {
    for (players, ranks, seed) in [("spne,random", 6, 1), ("spne,threshold,spne-fresh", 6, 2)] {
        let seats = Seats::<PairsAi>::parse(players).unwrap();
        let target = concentration::pairs::rules::default_target(seats.len());
        let mut a = app(players, ranks, target, seed);
        settle(&mut a, Instant::now());
        let t = a.pairs_table().unwrap();
        assert!(t.is_over(), "an all-AI game plays itself out");
        let record = t.record();
        let text = record.to_text();
        assert!(text.starts_with("[Format \"pairs 1\"]\n"), "{text}");
        let back = PairsRecord::parse(&text).unwrap();
        assert_eq!(back, record);
        let Phase::GameOver { loser, .. } = t.game().phase() else {
            unreachable!()
        };
        assert_eq!(back.loser(), Some(loser));
        assert!(
            text.contains(&format!("[Result \"seat {} loses\"]", loser + 1)),
            "{text}"
        );
    }
}

/// A game of you against `spne`, you taking the worse action wherever the two differ
/// (by the hint), played to the end on the app.
fn you_play_badly(seed: u64) -> PairsRecord {
    let mut a = app("you,spne", 6, 15, seed);
    let mut now = Instant::now();
    loop {
        now = to_persons_turn(&mut a, now);
        let t = a.pairs_table().unwrap();
        if t.is_over() {
            return t.record();
        }
        let hint = concentration::app::PairsHint::of(&t.game().view()).unwrap();
        let key = if hint.best == Move::Fold && hint.hit.is_some() {
            Action::Move(0, -1)
        } else {
            Action::Fraction
        };
        a.update(key, now);
    }
}

#[test]
fn the_replay_steps_decision_by_decision_with_each_cost() {
    let record = you_play_badly(4);
    let mut replay = PairsReplay::new(record.clone(), None).unwrap();
    assert_eq!(replay.decisions().len(), record.decisions());
    replay.wait_costs();
    assert!(!replay.valuing());
    let costs = replay.costs().expect("valued").to_vec();
    assert_eq!(
        costs,
        concentration::pairs::review::review(&record).unwrap()
    );
    let mut a = App::pairs_replay(replay);
    a.update(Action::Resize(80, 24), Instant::now());
    let now = Instant::now();
    let s = screen(&a);
    assert!(s.contains("Pairs replay"), "{s}");
    assert!(s.contains(&format!("Decision 0 of {}", costs.len())), "{s}");
    assert!(s.contains("The first deal"), "{s}");
    // → shows each decision in turn, with its cost in the message line.
    let mut seen_cost = false;
    for (i, c) in costs.iter().enumerate() {
        a.update(Action::Move(0, 1), now);
        let r = a.pairs_replay_screen().unwrap();
        assert_eq!(r.at(), i + 1);
        // The table is the game after exactly these decisions.
        let mut game = record.new_game().unwrap();
        let mut left = i + 1;
        'rounds: for (k, round) in record.rounds.iter().enumerate() {
            for &m in round {
                if left == 0 {
                    break 'rounds;
                }
                if k > 0 && matches!(game.phase(), Phase::RoundOver(_)) {
                    game.next_round().unwrap();
                }
                concentration::pairs::record::apply(&mut game, m).unwrap();
                left -= 1;
            }
        }
        assert_eq!(r.table().game().view(), game.view(), "decision {}", i + 1);
        let s = screen(&a);
        assert!(
            s.contains(&format!("Decision {} of {}", i + 1, costs.len())),
            "{s}"
        );
        let who = record.seats.seat(c.seat).name.clone();
        assert!(s.contains(&format!("Round {}: {who}", c.round)), "{s}");
        if c.cost < -1e-9 {
            seen_cost = true;
            let words = format!("cost {:.2}", -c.cost);
            assert!(s.contains(&words), "{words}\n{s}");
            assert!(
                s.contains(&format!("−{:.2}", -c.cost)),
                "the list marks it\n{s}"
            );
        } else {
            assert!(s.contains(": best ("), "{s}");
        }
    }
    assert!(seen_cost, "the worse action costs somewhere");
    // ← goes back one; End and Home jump to the ends.
    a.update(Action::Move(0, -1), now);
    assert_eq!(a.pairs_replay_screen().unwrap().at(), costs.len() - 1);
    a.update(Action::End, now);
    let s = screen(&a);
    assert!(
        s.contains("loses with") || s.contains("You lose"),
        "the end of the game\n{s}"
    );
    a.update(Action::Home, now);
    assert_eq!(a.pairs_replay_screen().unwrap().at(), 0);
    a.update(Action::Quit, now);
    assert!(a.quit, "q leaves a replay opened from a file");
}

#[test]
fn the_replay_steps_before_its_costs_are_known() {
    // The replay opens at once: its decisions come from the record, their costs from a
    // worker. Until they come the panel and the message say so, and the keys step.
    let record = you_play_badly(4);
    let replay = PairsReplay::new(record.clone(), None).unwrap();
    let mut a = App::pairs_replay(replay);
    a.update(Action::Resize(80, 24), Instant::now());
    let now = Instant::now();
    a.update(Action::Move(0, 1), now);
    a.update(Action::Move(0, 1), now);
    let r = a.pairs_replay_screen().unwrap();
    assert_eq!(r.at(), 2);
    let s = screen(&a);
    let d = r.decisions()[1];
    let who = record.seats.seat(d.seat).name.clone();
    assert!(s.contains(&format!("Round {}: {who}", d.round)), "{s}");
    if r.valuing() {
        assert!(s.contains("valuing the decisions"), "{s}");
    }
    a.wait_for_analysis();
    let s = screen(&a);
    assert!(!s.contains("valuing the decisions"), "{s}");
    assert!(s.contains("cost against best play"), "{s}");
    let c = a.pairs_replay_screen().unwrap().current_cost().cloned();
    assert_eq!(c.map(|c| c.round), Some(d.round));
}

#[test]
fn coach_and_odds_say_what_a_decision_cost_and_each_seats_chance() {
    let mut a = app("you,spne,threshold", 8, 21, 3);
    let mut now = to_persons_turn(&mut a, Instant::now());
    a.update(Action::Odds, now);
    let s = screen(&a);
    assert!(s.contains("Odds of a pair on a hit"), "{s}");
    let view = a.pairs_table().unwrap().game().view();
    for (i, name) in ["you", "spne", "threshold"].iter().enumerate() {
        let p = concentration::app::pair_odds(&view, i);
        let row = format!("{name:<14} {:>3.0}%", p * 100.0);
        assert!(s.contains(&row), "{row}\n{s}");
    }
    a.update(Action::Codes, now);
    assert!(screen(&a).contains("(after your decisions)"));
    // Each of your decisions gets the coach's word: the cost against the better action
    // of the hint computed before it.
    let mut worded = 0;
    let mut costly = 0;
    while worded < 4 {
        now = to_persons_turn(&mut a, now);
        let t = a.pairs_table().unwrap();
        assert!(!t.is_over(), "the game lasts four of your decisions");
        let hint = concentration::app::PairsHint::of(&t.game().view()).unwrap();
        // The worse action where there is one, so the coach has a cost to name.
        let (key, action) = if hint.best == Move::Fold && hint.hit.is_some() {
            (Action::Move(0, -1), Move::Hit)
        } else {
            (Action::Fraction, Move::Fold)
        };
        a.update(key, now);
        let note = a.pairs_table().unwrap().coach_note().unwrap().clone();
        assert_eq!(note.action, action);
        assert_eq!(note.best, hint.best);
        let value = |m: Move| match m {
            Move::Hit => hint.hit.unwrap(),
            Move::Fold => hint.fold,
        };
        assert!((note.cost() - (value(hint.best) - value(action))).abs() < 1e-9);
        let s = screen(&a);
        if note.cost() > 1e-9 {
            costly += 1;
            let words = format!("you: {} cost {:.2}", action.name(), note.cost());
            assert!(s.contains(&words), "{words}\n{s}");
        } else {
            assert!(
                s.contains(&format!("you: {} was best", action.name())),
                "{s}"
            );
        }
        worded += 1;
    }
    assert!(costly >= 1, "{worded} {costly}");
    // `c` again: the coach is off and says nothing.
    a.update(Action::Codes, now);
    assert!(a.pairs_table().unwrap().coach_note().is_none());
}

#[test]
fn an_ai_thinking_on_its_worker_plays_as_it_would_here() {
    let players = "spne,spne-fresh,threshold";
    let mut here = table(players, 7, 21, 8);
    let mut aside = table(players, 7, 21, 8);
    aside.think_aside();
    let mut now = Instant::now();
    for _ in 0..40 {
        now += Duration::from_secs(2);
        here.tick(now);
        aside.tick(now);
        if aside.thinking() {
            let waited = Instant::now();
            while !aside.poll(now) {
                assert!(
                    waited.elapsed() < Duration::from_secs(60),
                    "the worker answers"
                );
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
    assert!(aside.record().decisions() > 5);
    assert_eq!(aside.record().rounds, here.record().rounds);
}

#[test]
fn the_list_of_saved_games_opens_a_pairs_game_in_its_replay_and_comes_back() {
    let dir = temp_dir("history");
    let record = you_play_badly(2);
    concentration::record::save_pairs(&dir, &record).unwrap();
    let entries = concentration::record::list(&dir);
    assert_eq!(entries.len(), 1);
    let history = concentration::app::History::new(dir.clone(), entries);
    let mut a = App::history(history, concentration::app::Config::default(), true);
    a.update(Action::Resize(80, 24), Instant::now());
    let s = screen(&a);
    assert!(s.contains("Pairs, 6 ranks"), "{s}");
    assert!(s.contains("you vs spne"), "{s}");
    let now = Instant::now();
    a.update(Action::Select, now);
    let r = a.pairs_replay_screen().expect("the Pairs replay");
    assert_eq!(r.record(), &record);
    assert!(screen(&a).contains("Pairs replay"));
    a.update(Action::End, now);
    a.update(Action::Quit, now);
    assert!(!a.quit, "q goes back to the list");
    assert!(screen(&a).contains("you vs spne"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_point_is_one_point_in_the_round_window() {
    // A deal where the person's fold takes a 1.
    let (mut a, now) = (1..200)
        .map(|seed| {
            let mut a = app("you,spne", 10, 31, seed);
            let now = to_persons_turn(&mut a, Instant::now());
            (a, now)
        })
        .find(|(a, _)| {
            let v = a.pairs_table().unwrap().game().view();
            v.lowest() == Some(1) && v.scores.iter().all(|&s| s == 0)
        })
        .expect("some deal shows a 1 at the person's first turn");
    a.update(Action::Fraction, now);
    let s = screen(&a);
    assert!(s.contains("Round over"), "{s}");
    assert!(s.contains("  1 point "), "{s}");
    assert!(!s.contains(" 1 points"), "{s}");
    assert!(s.contains("  0 points"), "{s}");
}
