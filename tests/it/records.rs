//! Records: the round trip, a fixed game with known annotations, the catalogue of broken
//! records, and the optimal player's zero cost in analyses.

use crate::common;
use concentration::analysis::annotate::{Class, annotate};
use concentration::analysis::duel;
use concentration::analysis::grade::Grade;
use concentration::analysis::judgement::Judgement;
use concentration::players::{Agent, Optimal, Usual};
use concentration::record::{MemoryMode, Record, RecordSeat, Stepper};
use concentration::rules::{Deck, Game, Objective, PassRule, Players, Seat, Table, Variant};
use concentration::solitaire::SoloRule;
use proptest::prelude::*;

use crate::common::FIXED;

fn solver_for(record: &Record) -> Optimal {
    Optimal::new(&record.deck, record.objective, record.pass_rule).unwrap()
}

#[test]
fn the_fixed_game_reads_and_writes_back_the_same_text() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    assert_eq!(record.flips, vec![0, 1, 2, 0, 3, 1, 5, 0, 4, 2]);
    assert_eq!(record.person(), Some(Seat::SECOND));
    assert_eq!(record.to_text().unwrap(), FIXED);
}

#[test]
fn the_fixed_game_has_the_known_annotations() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    let game = record.replay().unwrap();
    let mut optimal = solver_for(&record);
    let analysis = annotate(&game, record.players.clone(), optimal.solver()).unwrap();
    let a = &analysis.annotations;
    assert_eq!(a.len(), 10);
    // B's second flip: known 2.1 instead of unknown, cost 1/3.
    let blunder = &a[3];
    assert_eq!((blunder.seat, blunder.turn), (Seat::SECOND, 2));
    assert_eq!(blunder.action.to_string(), "known 2.1");
    let best: Vec<String> = blunder.best.iter().map(ToString::to_string).collect();
    assert_eq!(best, ["unknown"]);
    assert!((blunder.best_value - 1.0 / 3.0).abs() < 1e-12);
    assert!(blunder.value.abs() < 1e-12);
    assert!((blunder.cost - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(blunder.class, Class::Blunder);
    // Every other flip is best: A's are optimal, and B's first flip had no better choice.
    for (i, x) in a.iter().enumerate() {
        if i != 3 {
            assert_eq!((x.cost, x.class), (0.0, Class::Best), "flip {i}: {x:?}");
        }
    }
    // From turn 3 on A wins for sure.
    assert!(a[4..].iter().all(|x| (x.value - 1.0).abs() < 1e-12));
    let judgement = Judgement::new(&game, analysis.clone(), MemoryMode::Open);
    let b = judgement.figures(Seat::SECOND);
    // B's first flip was worth the same whichever card: no choice, left out of the
    // accuracy, which counts the one real choice, the blunder.
    assert_eq!(
        (b.flips, b.decisions, b.best, b.costliest.clone()),
        (2, 1, 0, vec![3])
    );
    assert!(!a[2].choice && a[3].choice);
    assert_eq!(b.forced(), 1);
    assert!(b.accuracy().abs() < 1e-12);
    assert!((b.mean_cost - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(b.count(Grade::Blunder), 1);
    assert_eq!(judgement.figures(Seat::FIRST).accuracy(), 1.0);
    assert_eq!(
        analysis.explain(&game, blunder),
        "turn 2 (a1 A): you turned a seen card second: turning another new card \
         instead would have kept the chance to win at 33% (not 0%)"
    );
    // The curve: B's odds, the person's, end at 0 (A won).
    assert_eq!(analysis.curve_seat(), Seat::SECOND);
    let curve = analysis.curve_for_focus();
    assert_eq!(curve.len(), 11);
    assert_eq!(*curve.last().unwrap(), 0.0);
    assert!((curve[3] - 1.0 / 3.0).abs() < 1e-12, "{curve:?}");
}

/// A broken record (the fixed one with `from` replaced by `to`) and what loading says.
fn broken(from: &str, to: &str) -> String {
    assert!(FIXED.contains(from), "{from}");
    FIXED.replacen(from, to, 1)
}

#[test]
fn broken_records_give_one_clear_line() {
    let truncated_moves = FIXED[..FIXED.find("4. A").unwrap()].to_owned();
    let cut_mid_move = FIXED[..FIXED.len() - 8].to_owned();
    let cut_in_headers = FIXED[..FIXED.find("[Objective").unwrap() + 8].to_owned();
    let catalogue: Vec<(String, Vec<u8>, usize, &str)> = vec![
        ("empty".into(), Vec::new(), 1, "empty record"),
        ("blank lines".into(), b"\n \n\n".to_vec(), 1, "empty record"),
        (
            "binary junk".into(),
            vec![0x7f, 0x45, 0x4c, 0x46, 0, 0xff, 0xfe, 10, 1, 2],
            1,
            "not a text record",
        ),
        (
            "a control character in a move".into(),
            broken("c1:B a1:A", "c1:\u{1}B").into_bytes(),
            17,
            "not a text record",
        ),
        (
            "wrong version".into(),
            broken("concentration 1", "concentration 2").into_bytes(),
            1,
            "unknown version '2' (this program reads version 1)",
        ),
        (
            "another format".into(),
            broken("concentration 1", "pgn").into_bytes(),
            1,
            "not a concentration record",
        ),
        (
            "moves only".into(),
            b"1. A a1:A b1:C miss\n".to_vec(),
            1,
            "missing header Format",
        ),
        (
            "missing header".into(),
            broken("[Seed \"2\"]\n", "").into_bytes(),
            15,
            "missing header Seed",
        ),
        (
            "truncated in the headers".into(),
            cut_in_headers.into_bytes(),
            8,
            "garbled header",
        ),
        (
            "garbled header".into(),
            broken("[Deck \"pairs:3\"]", "[Deck pairs:3]").into_bytes(),
            4,
            "garbled header",
        ),
        (
            "bad deck".into(),
            broken("pairs:3", "pairs:99").into_bytes(),
            4,
            "header Deck",
        ),
        (
            "bad seed".into(),
            broken("[Seed \"2\"]", "[Seed \"two\"]").into_bytes(),
            5,
            "'two' is not a seed",
        ),
        (
            "header twice".into(),
            broken("[Time", "[Date \"x\"]\n[Time").into_bytes(),
            3,
            "header Date given twice",
        ),
        (
            "garbled move".into(),
            broken("b1:C miss", "b1C miss").into_bytes(),
            16,
            "garbled move",
        ),
        (
            "no such place".into(),
            broken("a1:A b1:C", "a1:A z9:C").into_bytes(),
            16,
            "no place 'z9'",
        ),
        (
            "truncated mid-move".into(),
            cut_mid_move.into_bytes(),
            20,
            "garbled move",
        ),
        (
            "illegal: same card twice".into(),
            broken("a1:A b1:C miss", "a1:A a1:A miss").into_bytes(),
            16,
            "illegal move a1: that card is already face up this turn",
        ),
        (
            "illegal: a removed card".into(),
            broken("b2:B c1:B", "b1:C c1:B").into_bytes(),
            20,
            "illegal move b1: that card has been removed",
        ),
        (
            "illegal: out of turn".into(),
            broken("2. B", "2. A").into_bytes(),
            17,
            "it is B's turn, not A's",
        ),
        (
            "a face the deal contradicts".into(),
            broken("a1:A b1:C", "a1:B b1:C").into_bytes(),
            16,
            "a1 shows B in the record, but seed 2 deals A there",
        ),
        (
            "another seed".into(),
            broken("[Seed \"2\"]", "[Seed \"3\"]").into_bytes(),
            16,
            "seed 3 deals C there",
        ),
        (
            "truncated moves".into(),
            truncated_moves.into_bytes(),
            12,
            "the moves stop before the game ends (truncated?)",
        ),
        (
            "wrong result".into(),
            broken("[Result \"1-0\"]", "[Result \"0-1\"]").into_bytes(),
            12,
            "the result is 0-1 but the moves give 1-0",
        ),
        (
            "wrong pairs".into(),
            broken("3-0", "2-1").into_bytes(),
            13,
            "the pairs are 2-1",
        ),
        (
            "wrong turn end".into(),
            broken("b1:C miss", "b1:C pair").into_bytes(),
            16,
            "the turn ends in a miss, not a pair",
        ),
        (
            "turn out of order".into(),
            broken("3. A", "4. A").into_bytes(),
            18,
            "turn number 4 out of order: expected 3",
        ),
        (
            "a move after the end".into(),
            format!("{FIXED}6. B a1:A b1:C\n").into_bytes(),
            21,
            "the game is already over",
        ),
        (
            "a one-flip turn in the middle".into(),
            broken("a1:A b1:C miss", "a1:A").into_bytes(),
            16,
            "turn 1 has one flip but is not the last",
        ),
        (
            "a header after the moves".into(),
            format!("{FIXED}[Event \"x\"]\n").into_bytes(),
            21,
            "header after the moves",
        ),
        (
            "solitaire objective".into(),
            broken("[Objective \"win\"]", "[Objective \"moves\"]").into_bytes(),
            8,
            "for solitaire",
        ),
        (
            "margin with withdraw".into(),
            broken("[Objective \"win\"]", "[Objective \"margin\"]")
                .replace("agreed", "withdraw")
                .into_bytes(),
            8,
            "cannot go with pass rule 'withdraw'",
        ),
        (
            "a byte-order mark".into(),
            format!("\u{feff}{FIXED}").into_bytes(),
            1,
            "byte-order mark (UTF-8 BOM)",
        ),
        (
            "a day that does not exist".into(),
            broken("2026-04-01", "2026-02-30").into_bytes(),
            2,
            "header Date: '2026-02-30' is not a day YYYY-MM-DD",
        ),
        (
            "a date in another shape".into(),
            broken("2026-04-01", "1.4.2026").into_bytes(),
            2,
            "header Date: '1.4.2026' is not a day",
        ),
        (
            "an hour that does not exist".into(),
            broken("12:00:00", "25:00:00").into_bytes(),
            3,
            "header Time: '25:00:00' is not a time HH:MM:SS",
        ),
        (
            "a time in another shape".into(),
            broken("12:00:00", "noon").into_bytes(),
            3,
            "header Time: 'noon' is not a time",
        ),
    ];
    for (name, bytes, line, reason) in catalogue {
        let err = Record::parse(&bytes).expect_err(&name);
        let text = err.to_string();
        assert!(
            err.line == line && err.reason.contains(reason),
            "{name}: got '{text}', expected line {line} with '{reason}'"
        );
        assert!(!text.contains('\n'), "{name}: more than one line: {text}");
        assert!(text.starts_with(&format!("line {line}: ")), "{text}");
    }
}

#[test]
fn an_unfinished_game_is_a_valid_record() {
    let text = broken("[Result \"1-0\"]", "[Result \"*\"]")
        .replace("[Pairs \"3-0\"]\n", "")
        .replace("[End \"cleared\"]\n", "");
    let text = &text[..text.find("5. A b2:B").unwrap() + 9];
    let record = Record::parse(text.as_bytes()).unwrap();
    assert_eq!(record.flips.len(), 9);
    let again = Record::parse(record.to_text().unwrap().as_bytes()).unwrap();
    assert_eq!(again, record);
    assert!(record.to_text().unwrap().contains("[End \"abandoned\"]"));
}

#[test]
fn stepping_by_flip_and_by_turn() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    let mut s = Stepper::new(record).unwrap();
    assert_eq!((s.at(), s.len(), s.turns()), (0, 10, 5));
    s.forward();
    assert_eq!(s.game().view().flips().len(), 1);
    s.next_turn();
    assert_eq!(s.at(), 2);
    s.next_turn();
    assert_eq!(s.at(), 4);
    s.back();
    assert_eq!(s.at(), 3);
    s.prev_turn();
    assert_eq!(s.at(), 2);
    s.prev_turn();
    assert_eq!(s.at(), 0);
    s.to_end();
    assert!(s.at_end() && s.game().view().is_over());
    assert_eq!(s.turn_of(0), 1);
    assert_eq!(s.turn_of(3), 2);
    assert_eq!(s.turn_of(9), 5);
    s.seek(5);
    assert_eq!(*s.game().view().pairs(), [0, 0]);
    s.forward();
    assert_eq!(*s.game().view().pairs(), [1, 0]);
}

/// Legal flips chosen at random (all legal flips equally likely), stopped at random.
fn random_game(deck: &str, rule: PassRule, seed: u64, stop: usize) -> Game {
    random_game_of(deck, Players::two(rule), seed, stop)
}

/// Like [`random_game`], for two players or solitaire.
fn random_game_of(deck: &str, players: Players, seed: u64, stop: usize) -> Game {
    common::random_game(&Deck::parse(deck).unwrap(), players, seed, 0xabc, stop)
}

const DECKS: [&str; 7] = [
    "pairs:1",
    "pairs:5",
    "standard",
    "standard-rank",
    "standard-jokers",
    "double",
    "7x4",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn record_text_record_is_the_identity(
        deck in 0..DECKS.len(),
        rule in 0..PassRule::ALL.len(),
        margin in any::<bool>(),
        open in any::<bool>(),
        practice in any::<bool>(),
        seed in any::<u64>(),
        stop in 0usize..400,
        names in (0..4usize, 0..4usize),
        date in "(19[7-9][0-9]|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])",
        solo in 0..4u8,
    ) {
        let rule = PassRule::ALL[rule];
        let objective = if margin && rule != PassRule::Withdraw { Objective::Margin } else { Objective::Win };
        let memory = if open { MemoryMode::Open } else { MemoryMode::Classic };
        // One case in four is a solitaire game (with a challenge's deal half the time).
        let (game, mut record) = if solo == 0 {
            let d = Deck::parse(DECKS[deck]).unwrap();
            let challenge = margin.then(|| concentration::solitaire::Challenge::numbered(seed % 1000));
            let seed = challenge.map_or(seed, |c| c.seed(&d));
            let game = random_game_of(DECKS[deck], Players::Solitaire, seed, stop);
            let record = Record::of_solo(&game, memory, challenge, SoloRule::Standard);
            (game, record)
        } else {
            let game = random_game(DECKS[deck], rule, seed, stop);
            let who = ["you", "optimal", "usual", "forgetful-easy"];
            let record = Record::of_game(
                &game,
                vec![RecordSeat::named(who[names.0]), RecordSeat::named(who[names.1])],
                objective,
                memory,
                practice,
            );
            (game, record)
        };
        record.date = date;
        let text = record.to_text().unwrap();
        let back = Record::parse(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_text().unwrap(), text);
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.view(), game.view());
    }

    #[test]
    fn any_bytes_load_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = Record::parse(&bytes);
    }

    #[test]
    fn damaged_records_load_without_panicking(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0..3u8), 1..6),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = FIXED.as_bytes().to_vec();
        for (at, byte, kind) in edits {
            let i = at.index(bytes.len());
            match kind {
                0 => bytes[i] = byte,
                1 => { bytes.remove(i); }
                _ => bytes.insert(i, byte),
            }
        }
        let n = cut.index(bytes.len() + 1);
        let _ = Record::parse(&bytes[..n]);
        if let Ok(r) = Record::parse(&bytes) {
            // Whatever loads, replays and writes back.
            prop_assert!(r.replay().is_ok());
            prop_assert!(r.to_text().is_ok());
        }
    }
}

#[test]
fn the_optimal_players_flips_cost_nothing() {
    for (objective, rule, deck) in [
        (Objective::Win, PassRule::Agreed, "pairs:6"),
        (Objective::Win, PassRule::Ko, "4x4"),
        (Objective::Margin, PassRule::Quit, "pairs:7"),
        (Objective::Win, PassRule::None, "standard"),
    ] {
        let deck = Deck::parse(deck).unwrap();
        let mut optimal = Optimal::new(&deck, objective, rule).unwrap();
        for optimal_first in [true, false] {
            let mut a = Agent::new(Box::new(optimal.clone()), 1);
            let mut b = Agent::new(Box::new(Usual), 2);
            let mut records = Vec::new();
            let agents = if optimal_first {
                [&mut a, &mut b]
            } else {
                [&mut b, &mut a]
            };
            let names = agents.each_ref().map(|x| x.name().to_owned());
            duel::simulate(
                &deck,
                objective,
                Table::two(rule, Variant::Standard),
                agents,
                3,
                9,
                |game| {
                    let seats = names.iter().map(|n| RecordSeat::named(n)).collect();
                    let r = Record::of_game(game, seats, objective, MemoryMode::Open, false);
                    records.push(r.to_text().unwrap());
                },
            )
            .unwrap();
            let seat = if optimal_first {
                Seat::FIRST
            } else {
                Seat::SECOND
            };
            for text in records {
                let record = Record::parse(text.as_bytes()).unwrap();
                let game = record.replay().unwrap();
                let analysis = annotate(&game, record.players.clone(), optimal.solver()).unwrap();
                let mine: Vec<_> = analysis
                    .annotations
                    .iter()
                    .filter(|x| x.seat == seat)
                    .collect();
                assert!(!mine.is_empty());
                for x in mine {
                    assert_eq!(x.cost, 0.0, "{deck} {objective} {rule}: {x:?}\n{text}");
                    assert_eq!(x.class, Class::Best);
                }
                let judgement = Judgement::new(&game, analysis.clone(), MemoryMode::Open);
                let s = judgement.figures(seat);
                assert_eq!((s.accuracy(), s.mean_cost), (1.0, 0.0));
                assert!(s.costliest.is_empty());
            }
        }
    }
}

#[test]
fn a_leap_day_and_an_empty_date_are_fine() {
    for (from, to) in [
        ("2026-04-01", "2024-02-29"),
        ("2026-04-01", ""),
        ("12:00:00", ""),
    ] {
        let text = broken(from, to);
        Record::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{to:?}: {e}"));
    }
    assert!(Record::parse(broken("2026-04-01", "2025-02-29").as_bytes()).is_err());
}

#[test]
fn deck_names_in_records_are_case_insensitive() {
    let record = Record::parse(broken("pairs:3", "PAIRS:3").as_bytes()).unwrap();
    assert_eq!(record.deck.name(), "pairs:3");
    assert_eq!(record.to_text().unwrap(), FIXED);
}
