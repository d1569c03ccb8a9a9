//! Records of any table: 2 to 6 seats with names and kinds, One Flip, own-pairs; saved,
//! loaded and replayed; bad records refused with their line.

use crate::common;
use concentration::record::{self, Record, RecordSeat, Stepper};
use concentration::rules::{Deck, Game, Objective, PassRule, Players, Table, Variant};

use crate::common::cli;
use cli::run;

/// A table of `seats` under `pass_rule` and `variant`.
fn table(seats: u8, pass_rule: PassRule, variant: Variant) -> Players {
    Players::Table(
        Table {
            seats,
            pass_rule,
            variant,
        }
        .check()
        .unwrap(),
    )
}

/// Legal flips chosen at random until the game ends (or `stop` flips).
fn random_game(deck: &str, players: Players, seed: u64, stop: usize) -> Game {
    common::random_game(&Deck::parse(deck).unwrap(), players, seed, 0x5ea7, stop)
}

fn seats(list: &[(&str, &str)]) -> Vec<RecordSeat> {
    list.iter()
        .map(|&(name, kind)| RecordSeat {
            name: name.into(),
            kind: kind.into(),
        })
        .collect()
}

/// Saves `record` in a scratch folder, loads it back and checks it replays to `game`.
fn round_trip(name: &str, record: &Record, game: &Game) -> String {
    let dir =
        std::env::temp_dir().join(format!("concentration-table-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = record::save(&dir, record).unwrap();
    let loaded = record::load(&path).unwrap();
    assert_eq!(&loaded, record);
    let replayed = loaded.replay().unwrap();
    assert_eq!(replayed.view(), game.view());
    let mut stepper = Stepper::new(loaded).unwrap();
    stepper.to_end();
    assert_eq!(stepper.game().view(), game.view());
    stepper.to_start();
    assert_eq!(stepper.at(), 0);
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text
}

#[test]
fn three_seats_round_trip_with_names_kinds_and_own_pairs() {
    let game = random_game(
        "pairs:6",
        table(3, PassRule::None, Variant::Standard),
        11,
        10_000,
    );
    assert!(game.view().is_over());
    let players = seats(&[("ann", "person"), ("optimal", "optimal"), ("hal", "usual")]);
    let record = Record::of_game(
        &game,
        players,
        Objective::Win,
        record::MemoryMode::Open,
        false,
    );
    assert_eq!(record.objective_name(), "own-pairs");
    let text = round_trip("three", &record, &game);
    for line in [
        "[A \"ann:person\"]",
        "[B \"optimal\"]",
        "[C \"hal:usual\"]",
        "[Objective \"own-pairs\"]",
        "[PassRule \"none\"]",
    ] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    assert!(!text.contains("[Variant"), "{text}");
    let pairs = game.view().pairs();
    let written: Vec<String> = pairs.iter().map(u32::to_string).collect();
    assert!(
        text.contains(&format!("[Pairs \"{}\"]", written.join("-"))),
        "{text}"
    );
    let result = record::result_text(&game);
    let best = pairs.iter().max().unwrap();
    let letters: Vec<String> = (0..3u8)
        .filter(|&i| pairs[usize::from(i)] == *best)
        .map(|i| char::from(b'A' + i).to_string())
        .collect();
    assert_eq!(result, letters.join("="));
    // Move lines name every seat by its letter.
    assert!(
        text.lines()
            .any(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains(". C ")),
        "{text}"
    );
    assert_eq!(record.person(), Some(concentration::rules::Seat(0)));
    assert_eq!(record.player(concentration::rules::Seat(2)), "hal");
    assert_eq!(record.kind(concentration::rules::Seat(2)), "usual");
}

#[test]
fn six_seats_round_trip_under_agreed() {
    for seed in 0..8 {
        let game = random_game(
            "pairs:9",
            table(6, PassRule::Agreed, Variant::Standard),
            seed,
            10_000,
        );
        let players = seats(&[
            ("you", "person"),
            ("bo", "person"),
            ("optimal", "optimal"),
            ("usual 1", "usual"),
            ("usual 2", "usual"),
            ("kai", "forgetful-easy"),
        ]);
        let record = Record::of_game(
            &game,
            players,
            Objective::Margin,
            record::MemoryMode::Classic,
            true,
        );
        let text = round_trip(&format!("six{seed}"), &record, &game);
        assert!(text.contains("[F \"kai:forgetful-easy\"]"), "{text}");
        assert!(text.contains("[A \"you\"]"), "{text}");
        assert_eq!(record.people().len(), 2);
        assert_eq!(record.person(), None, "two people: no single person");
    }
}

#[test]
fn an_unfinished_table_game_round_trips() {
    let game = random_game(
        "pairs:5",
        table(4, PassRule::Agreed, Variant::Standard),
        3,
        7,
    );
    assert!(!game.view().is_over());
    let players = seats(&[
        ("a", "person"),
        ("b", "person"),
        ("c", "person"),
        ("d", "person"),
    ]);
    let record = Record::of_game(
        &game,
        players,
        Objective::Win,
        record::MemoryMode::Open,
        false,
    );
    let text = round_trip("unfinished", &record, &game);
    assert!(text.contains("[Result \"*\"]"), "{text}");
}

#[test]
fn one_flip_round_trips_and_keeps_its_turn_rule() {
    let mut pairs_then_turn_passes = false;
    for seed in 0..6 {
        let game = random_game(
            "pairs:5",
            table(2, PassRule::Agreed, Variant::OneFlip),
            seed,
            10_000,
        );
        let flips = game.view().flips();
        let mut passed_after_pair = false;
        for w in flips.windows(2) {
            if w[0].turn_end == Some(concentration::rules::TurnEnd::Pair) {
                assert_ne!(
                    w[0].seat, w[1].seat,
                    "one flip: the turn passes after a pair"
                );
                passed_after_pair = true;
            }
        }
        pairs_then_turn_passes |= passed_after_pair;
        let players = seats(&[("you", "person"), ("optimal", "optimal")]);
        let record = Record::of_game(
            &game,
            players,
            Objective::Win,
            record::MemoryMode::Open,
            false,
        );
        assert_eq!(record.variant, Variant::OneFlip);
        let text = round_trip(&format!("oneflip{seed}"), &record, &game);
        assert!(text.contains("[Variant \"one-flip\"]"), "{text}");
        // Without its variant header the same moves are not a legal standard game.
        let standard = text.replace("[Variant \"one-flip\"]\n", "");
        if passed_after_pair {
            assert!(Record::parse(standard.as_bytes()).is_err(), "{standard}");
        }
    }
    assert!(pairs_then_turn_passes);
}

#[test]
fn a_two_seat_game_of_one_person_is_written_as_always() {
    let game = random_game("pairs:4", Players::two(PassRule::Agreed), 5, 10_000);
    let players = vec![RecordSeat::person("you"), RecordSeat::ai("optimal")];
    let record = Record::of_game(
        &game,
        players,
        Objective::Win,
        record::MemoryMode::Open,
        false,
    );
    let text = record.to_text().unwrap();
    assert!(
        text.contains("[A \"you\"]\n[B \"optimal\"]\n[Objective \"win\"]"),
        "{text}"
    );
    assert!(!text.contains("Variant"), "{text}");
    let loaded = Record::parse(text.as_bytes()).unwrap();
    assert!(loaded.players[0].is_person());
    assert_eq!(loaded.players[1].kind, "optimal");
}

/// A finished 3-seat record to corrupt.
fn three_seat_text() -> String {
    let game = random_game(
        "pairs:4",
        table(3, PassRule::Agreed, Variant::Standard),
        2,
        10_000,
    );
    let players = seats(&[
        ("ann", "person"),
        ("optimal", "optimal"),
        ("usual", "usual"),
    ]);
    Record::of_game(
        &game,
        players,
        Objective::Win,
        record::MemoryMode::Open,
        false,
    )
    .to_text()
    .unwrap()
}

/// The line (from 1) of the first line of `text` that starts with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1
}

#[test]
fn bad_table_records_are_refused_with_their_line() {
    let good = three_seat_text();
    Record::parse(good.as_bytes()).unwrap();
    let c_line = line_of(&good, "[C ");
    let result_line = line_of(&good, "[Result ");
    let pairs_line = line_of(&good, "[Pairs ");
    let first_move = line_of(&good, "1. ");
    let objective_line = line_of(&good, "[Objective ");
    let pass_line = line_of(&good, "[PassRule ");
    let with_seats =
        |extra: &str| good.replace("[C \"usual\"]\n", &format!("[C \"usual\"]\n{extra}"));
    let cases: Vec<(String, usize, &str)> = vec![
        (
            with_seats("[D \"d\"]\n[E \"e\"]\n[F \"f\"]\n[G \"g\"]\n"),
            c_line + 4,
            "header G: a table has at most 6 seats, A to F",
        ),
        (
            with_seats("[E \"e\"]\n"),
            c_line + 1,
            "header E: no seat D before it",
        ),
        (
            good.replace("[C \"usual\"]", "[C \"hal:genius\"]"),
            c_line,
            "unknown seat kind 'genius' in 'hal:genius'",
        ),
        (
            good.replace("[C \"usual\"]", "[C \":usual\"]"),
            c_line,
            "header C: a player's name is needed",
        ),
        (
            good.replacen("1. A ", "1. G ", 1),
            first_move,
            "no seat G at this table: its seats are A to C",
        ),
        (
            good.replacen("1. A ", "1. B ", 1),
            first_move,
            "illegal move: it is A's turn, not B's",
        ),
        (
            good.replace("[Objective \"own-pairs\"]", "[Objective \"win\"]"),
            objective_line,
            "'win' is not own-pairs (a table of 3 seats plays own-pairs)",
        ),
        (
            good.replace("[PassRule \"agreed\"]", "[PassRule \"ko\"]"),
            pass_line,
            "pass rule 'ko' needs two players",
        ),
        (
            replace_header(&good, "Pairs", "9-0-0"),
            pairs_line,
            "the pairs are 9-0-0 but the moves give",
        ),
        (
            replace_header(&good, "Result", "1-0"),
            result_line,
            "'1-0' is not a seat letter (B), the seats sharing first place (A=C) or *",
        ),
        (
            replace_header(&good, "Result", "*"),
            result_line,
            "the result is * but the moves give",
        ),
        (
            good.replace("[PassRule", "[Variant \"two-flip\"]\n[PassRule"),
            pass_line,
            "header Variant: unknown variant 'two-flip'",
        ),
    ];
    for (text, line, reason) in cases {
        let err = Record::parse(text.as_bytes()).expect_err(&text);
        assert_eq!(
            (err.line, err.reason.contains(reason)),
            (line, true),
            "{err} (wanted line {line}: {reason})\n{text}"
        );
    }
    // Two seats cannot play own-pairs.
    let game = random_game("pairs:3", Players::two(PassRule::Agreed), 1, 10_000);
    let two = Record::of_game(
        &game,
        vec![RecordSeat::person("you"), RecordSeat::ai("optimal")],
        Objective::Win,
        record::MemoryMode::Open,
        false,
    )
    .to_text()
    .unwrap();
    let bad = two.replace("[Objective \"win\"]", "[Objective \"own-pairs\"]");
    let err = Record::parse(bad.as_bytes()).unwrap_err();
    assert_eq!(err.line, line_of(&two, "[Objective "), "{err}");
    assert!(
        err.reason.contains("own-pairs is for three or more seats"),
        "{err}"
    );
}

fn replace_header(text: &str, name: &str, value: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with(&format!("[{name} ")) {
                format!("[{name} \"{value}\"]")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn every_ai_a_record_names_is_a_seat_kind() {
    // The kinds a record accepts are the players' names (and `forgetful`).
    for kind in record::AI_KINDS {
        assert!(RecordSeat::parse(&format!("x:{kind}")).is_ok(), "{kind}");
        assert!(concentration::app::Opponent::parse(kind).is_ok(), "{kind}");
    }
    assert!(RecordSeat::parse("x:person").unwrap().is_person());
    assert!(RecordSeat::parse("you").unwrap().is_person());
    assert!(!RecordSeat::parse("usual").unwrap().is_person());
}

/// A finished 3-seat game on `pairs:4` under `none`, played by the seeded random flips.
fn three_seat_record(seed: u64) -> Record {
    let game = random_game(
        "pairs:4",
        table(3, PassRule::None, Variant::Standard),
        seed,
        10_000,
    );
    assert!(game.view().is_over());
    let players = seats(&[("ann", "person"), ("optimal", "optimal"), ("hal", "usual")]);
    Record::of_game(
        &game,
        players,
        Objective::Win,
        record::MemoryMode::Open,
        false,
    )
}

#[test]
fn analyze_values_a_three_seat_game_in_expected_own_pairs() {
    let dir = std::env::temp_dir().join(format!(
        "concentration-table-analyze-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = three_seat_record(4);
    let path = record::save(&dir, &record).unwrap();
    let file = path.to_str().unwrap();
    let (code, out, err) = run(&["analyze", file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["objective"], "own-pairs");
    assert_eq!(v["players"], serde_json::json!(["ann", "optimal", "hal"]));
    assert_eq!(
        v["kinds"],
        serde_json::json!(["person", "optimal", "usual"])
    );
    assert_eq!(v["summary"].as_array().unwrap().len(), 3);
    let flips = v["flips"].as_array().unwrap();
    assert_eq!(flips.len(), record.flips.len());
    // The start: the three seats' expected pairs (4 pairs, none passing) sum to 4, and
    // the curve ends on the first seat's pairs.
    let curve = v["curve"].as_array().unwrap();
    let pairs = record.replay().unwrap().view().pairs();
    assert!((curve.last().unwrap().as_f64().unwrap() - f64::from(pairs[0])).abs() < 1e-9);
    for f in flips {
        let (value, best, cost) = (
            f["value"].as_f64().unwrap(),
            f["best_value"].as_f64().unwrap(),
            f["cost"].as_f64().unwrap(),
        );
        assert!(value <= best + 1e-9 && cost >= 0.0, "{f}");
        assert!(
            value >= -1e-9 && best <= 4.0 + 1e-9,
            "own pairs lie in 0..=4: {f}"
        );
    }
    // Random play errs somewhere: a cost above 0 for a random seat.
    assert!(flips.iter().any(|f| f["cost"].as_f64().unwrap() > 0.0));
    let (code, text, err) = run(&["analyze", file]);
    assert_eq!(code, 0, "{err}");
    for words in [
        "A ann vs B optimal vs C hal",
        "own-pairs",
        "C hal:",
        "expected own pairs",
    ] {
        assert!(text.contains(words), "{words} in\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_start_of_a_three_seat_analysis_is_the_published_vector() {
    // 3x4 under none: (11146/5775, 3392/1925, 1904/825) for seats A, B, C (docs/variants.md).
    let game = Game::new(
        Deck::parse("3x4").unwrap(),
        0,
        table(3, PassRule::None, Variant::Standard),
    )
    .unwrap();
    let view = game.view();
    let mut solver =
        concentration::solver::SeatsSolver::<f64>::new(view.deck().copies(), 3, PassRule::None)
            .unwrap();
    let players = seats(&[("a", "person"), ("b", "person"), ("c", "person")]);
    let an = concentration::analysis::annotate::annotate(&game, players, &mut solver).unwrap();
    let want = [11146.0 / 5775.0, 3392.0 / 1925.0, 1904.0 / 825.0];
    for (curve, w) in an.seat_curves.iter().zip(want) {
        assert!((curve[0] - w).abs() < 1e-9, "{} vs {w}", curve[0]);
    }
}

#[test]
fn analyze_values_a_one_flip_game_with_the_one_flip_solver() {
    use concentration::players::{Optimal, state_of};
    let dir = std::env::temp_dir().join(format!(
        "concentration-table-oneflip-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let players = table(2, PassRule::Agreed, Variant::OneFlip);
    let game = random_game("pairs:4", players, 1, 10_000);
    let seats = vec![RecordSeat::person("you"), RecordSeat::ai("optimal")];
    let record = Record::of_game(
        &game,
        seats,
        Objective::Win,
        record::MemoryMode::Open,
        false,
    );
    let path = record::save(&dir, &record).unwrap();
    let (code, out, err) = run(&["analyze", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let start = v["curve"][0].as_f64().unwrap();
    let deck = Deck::parse("pairs:4").unwrap();
    let fresh = Game::new(deck.clone(), 1, players).unwrap();
    let state = state_of(fresh.view());
    let mut one_flip =
        Optimal::with_variant(&deck, Objective::Win, PassRule::Agreed, Variant::OneFlip).unwrap();
    let mut standard = Optimal::new(&deck, Objective::Win, PassRule::Agreed).unwrap();
    let want = one_flip.solver().value(&state).unwrap();
    let other = standard.solver().value(&state).unwrap();
    assert!((start - want).abs() < 1e-12, "{start} vs {want}");
    assert!(
        (want - other).abs() > 1e-6,
        "the variants differ here: {want} {other}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn history_lists_table_games_with_every_seat_and_their_pairs() {
    let data = std::env::temp_dir().join(format!(
        "concentration-table-history-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&data);
    let games = data.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let record = three_seat_record(6);
    record::save(&games, &record).unwrap();
    let (code, out, err) = run(&["history", "--list", "--data-dir", data.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let pairs = record::pairs_text(&record.replay().unwrap());
    for words in ["ann vs optimal vs hal", pairs.as_str()] {
        assert!(out.contains(words), "{words} in\n{out}");
    }
    let _ = std::fs::remove_dir_all(&data);
}
