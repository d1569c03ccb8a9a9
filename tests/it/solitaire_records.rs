//! Records of solitaire games: written and read back exactly, broken ones refused with
//! one line, stepped through, saved by the solitaire screen, and analysed in moves.

use crate::common;
use concentration::solitaire::SoloRule;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use concentration::app::{App, Config, Memory};
use concentration::record::{MemoryMode, Record, Stepper};
use concentration::rules::Objective;
use concentration::rules::{Deck, Game, Players};
use concentration::solitaire::Challenge;
use concentration::solver::solitaire::MovesTable;
use concentration::tui::Action;
use proptest::prelude::*;

use crate::common::cli;
use crate::common::{saved, screen};
use cli::run;

/// A cleared solitaire game on pairs:3, seed 2: five moves, two misses.
pub(crate) const FIXED: &str = "[Format \"concentration 1\"]
[Date \"2026-04-01\"]
[Time \"12:34:56\"]
[Deck \"pairs:3\"]
[Seed \"2\"]
[Players \"solitaire\"]
[A \"you\"]
[Objective \"moves\"]
[Memory \"classic\"]
[Result \"cleared\"]
[Moves \"5\"]
[Misses \"2\"]
[End \"cleared\"]

1. A a1:A b1:C miss
2. A c1:B a1:A miss
3. A a2:C b1:C pair
4. A b2:B c1:B pair
5. A c2:A a1:A pair
";

#[test]
fn the_fixed_solitaire_game_reads_and_writes_back_the_same_text() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    assert!(record.is_solitaire());
    assert_eq!(record.players[0].name, "you");
    assert_eq!(record.challenge, None);
    assert_eq!(record.flips, vec![0, 1, 2, 0, 3, 1, 4, 2, 5, 0]);
    assert_eq!(record.to_text().unwrap(), FIXED);
    let game = record.replay().unwrap();
    assert!(game.view().is_over());
    assert_eq!(game.view().turns(), 5);
    assert_eq!(game.view().misses(), 2);
    assert_eq!(concentration::record::result_text(&game), "cleared");
}

#[test]
fn a_challenge_and_an_unfinished_game_round_trip() {
    let deck = Deck::parse("pairs:6").unwrap();
    for challenge in [
        Challenge::numbered(7),
        Challenge::daily("2026-04-01").unwrap(),
    ] {
        let mut game = Game::new(deck.clone(), challenge.seed(&deck), Players::Solitaire).unwrap();
        game.try_flip(0).unwrap();
        game.try_flip(1).unwrap();
        game.try_flip(2).unwrap();
        let record = Record::of_solo(&game, MemoryMode::Open, Some(challenge), SoloRule::Standard);
        let text = record.to_text().unwrap();
        let want = if challenge.daily {
            "[Challenge \"20260401 daily\"]"
        } else {
            "[Challenge \"7\"]"
        };
        assert!(text.contains(want), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert!(text.contains("[End \"abandoned\"]"), "{text}");
        assert!(text.contains("[Memory \"open\"]"), "{text}");
        assert_eq!(Record::parse(text.as_bytes()).unwrap(), record);
    }
}

#[test]
fn a_solitaire_replay_steps_by_flip_and_by_move() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    let mut s = Stepper::new(record).unwrap();
    assert_eq!(s.turns(), 5);
    s.next_turn();
    s.next_turn();
    assert_eq!(s.at(), 4);
    assert_eq!(s.game().view().turns(), 2);
    s.to_end();
    assert!(s.game().view().is_over());
    s.prev_turn();
    assert_eq!(s.at(), 8);
}

fn broken(from: &str, to: &str) -> String {
    assert!(FIXED.contains(from), "{from}");
    FIXED.replacen(from, to, 1)
}

#[test]
fn broken_solitaire_records_give_one_clear_line() {
    let catalogue: Vec<(String, usize, &str)> = vec![
        (
            broken("[Players \"solitaire\"]", "[Players \"three\"]"),
            6,
            "header Players: 'three' is not solitaire or two",
        ),
        (
            broken("[Players \"solitaire\"]\n", ""),
            14,
            "missing header B",
        ),
        (
            broken("[A \"you\"]", "[A \"you\"]\n[B \"optimal\"]"),
            8,
            "header B: a solitaire record has none",
        ),
        (
            broken("[Memory \"classic\"]", "[PassRule \"agreed\"]"),
            9,
            "header PassRule: a solitaire record has none",
        ),
        (
            broken("[Objective \"moves\"]", "[Objective \"win\"]"),
            8,
            "header Objective: 'win' is not moves",
        ),
        (
            broken("[Result \"cleared\"]", "[Result \"1-0\"]"),
            10,
            "header Result: '1-0' is not cleared or *",
        ),
        (
            broken("[Result \"cleared\"]", "[Result \"*\"]"),
            10,
            "the result is * but the moves give cleared",
        ),
        (
            broken("[Moves \"5\"]", "[Moves \"4\"]"),
            11,
            "the moves are 4 but the moves give 5",
        ),
        (
            broken("[Misses \"2\"]", "[Misses \"1\"]"),
            12,
            "the misses are 1 but the moves give 2",
        ),
        (
            broken("[A \"you\"]", "[A \"you\"]\n[Challenge \"7\"]"),
            5,
            "seed 2 is not the deal of challenge 7 on pairs:3",
        ),
        (
            broken("[A \"you\"]", "[A \"you\"]\n[Challenge \"seven\"]"),
            8,
            "header Challenge: 'seven' is not a number N or 'YYYYMMDD daily'",
        ),
        (
            broken("[A \"you\"]", "[A \"you\"]\n[Challenge \"20261399 daily\"]"),
            8,
            "header Challenge: '20261399 daily' is not a number",
        ),
        (
            broken("2. A c1:B a1:A miss", "2. B c1:B a1:A miss"),
            16,
            "illegal move: it is A's turn, not B's",
        ),
        (
            broken("4. A b2:B c1:B pair", "4. A b2:B c1:C pair"),
            18,
            "c1 shows C in the record, but seed 2 deals B there",
        ),
        (
            broken("3. A a2:C b1:C pair", "3. A a2:C b1:C miss"),
            17,
            "the turn ends in a pair, not a miss",
        ),
        (
            FIXED[..FIXED.find("5. A").unwrap()].to_owned(),
            10,
            "the result is cleared but the moves stop before the game ends (truncated?)",
        ),
    ];
    for (text, line, reason) in catalogue {
        let err = Record::parse(text.as_bytes()).expect_err(&text);
        assert_eq!(err.line, line, "{err}\n{text}");
        assert!(
            err.reason.contains(reason),
            "{err} (wanted {reason})\n{text}"
        );
        assert!(!err.to_string().contains('\n'), "{err}");
    }
    // A two-player record cannot carry solitaire headers.
    let two = "[Format \"concentration 1\"]\n[Deck \"pairs:3\"]\n[Seed \"2\"]\n[A \"you\"]\n[B \"optimal\"]\n[Objective \"win\"]\n[PassRule \"agreed\"]\n[Challenge \"7\"]\n[Result \"*\"]\n";
    let err = Record::parse(two.as_bytes()).unwrap_err();
    assert_eq!(err.line, 8, "{err}");
    assert!(err.reason.contains("only a solitaire record"), "{err}");
}

/// A solitaire game of random legal flips, stopped at random.
fn random_solo(deck: &Deck, seed: u64, stop: usize) -> Game {
    common::random_game(deck, Players::Solitaire, seed, 0x5011, stop)
}

const DECKS: [&str; 6] = [
    "pairs:1",
    "pairs:5",
    "standard",
    "standard-jokers",
    "double",
    "7x4",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn solitaire_record_text_record_is_the_identity(
        deck in 0..DECKS.len(),
        open in any::<bool>(),
        seed in any::<u64>(),
        challenge in 0..3u8,
        number in 0u64..1_000_000,
        stop in 0usize..600,
        date in "(19[7-9][0-9]|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])",
    ) {
        let deck = Deck::parse(DECKS[deck]).unwrap();
        let challenge = match challenge {
            0 => None,
            1 => Some(Challenge::numbered(number)),
            _ => Some(Challenge::daily(&format!("2026{:02}{:02}", number % 12 + 1, number % 28 + 1)).unwrap()),
        };
        let seed = challenge.map_or(seed, |c| c.seed(&deck));
        let game = random_solo(&deck, seed, stop);
        let memory = if open { MemoryMode::Open } else { MemoryMode::Classic };
        let mut record = Record::of_solo(&game, memory, challenge, SoloRule::Standard);
        record.date = date;
        let text = record.to_text().unwrap();
        let back = Record::parse(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_text().unwrap(), text);
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.view(), game.view());
    }

    #[test]
    fn damaged_solitaire_records_load_without_panicking(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0..3u8), 1..6),
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
        if let Ok(r) = Record::parse(&bytes) {
            prop_assert!(r.replay().is_ok());
            let text = r.to_text().unwrap();
            prop_assert_eq!(Record::parse(text.as_bytes()).unwrap(), r);
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-srec-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn solo_app(data: Option<&Path>, seed: u64) -> App {
    let config = Config {
        deck: "pairs:3".into(),
        memory: Memory::Classic,
        seed,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    };
    let mut app = App::solitaire(config, None, data.map(Path::to_path_buf), true).unwrap();
    app.save_dir = data.map(concentration::record::records_dir);
    app
}

/// Turns the card at `pos` with the keyboard, then lets any show end.
fn flip(app: &mut App, pos: usize, mut now: Instant) -> Instant {
    let cols = app.solo().unwrap().game().view().deck().grid().1;
    while app.solo().unwrap().cursor % cols > pos % cols {
        app.update(Action::Move(0, -1), now);
    }
    while app.solo().unwrap().cursor % cols < pos % cols {
        app.update(Action::Move(0, 1), now);
    }
    while app.solo().unwrap().cursor / cols > pos / cols {
        app.update(Action::Move(-1, 0), now);
    }
    while app.solo().unwrap().cursor / cols < pos / cols {
        app.update(Action::Move(1, 0), now);
    }
    assert_eq!(app.solo().unwrap().cursor, pos);
    app.update(Action::Select, now);
    while let Some(d) = app.deadline() {
        now = now.max(d);
        app.update(Action::Tick, now);
    }
    // A key counts as a turn once the turn has been on screen for its guard.
    if let Some(t) = app.ready_at() {
        now = now.max(t);
    }
    now
}

#[test]
fn the_solitaire_screen_saves_finished_and_quit_games() {
    let data = scratch("tui");
    // Finished: the fixed game, saved as soon as the table is clear.
    let mut app = solo_app(Some(&data), 2);
    let mut now = Instant::now();
    for p in [0, 1, 2, 0, 3, 1, 4, 2, 5] {
        now = flip(&mut app, p, now);
        assert!(saved(&data).is_empty());
    }
    flip(&mut app, 0, now);
    let files = saved(&data);
    assert_eq!(files.len(), 1);
    let record = concentration::record::load(&files[0]).unwrap();
    let fixed = Record::parse(FIXED.as_bytes()).unwrap();
    assert_eq!(record.flips, fixed.flips);
    assert!(record.is_solitaire());
    assert_eq!(
        app.solo().unwrap().saved().unwrap().as_ref().unwrap(),
        &files[0]
    );
    // Quit in the middle: saved as abandoned.
    std::fs::remove_file(&files[0]).unwrap();
    let mut app = solo_app(Some(&data), 2);
    let now = flip(&mut app, 0, Instant::now());
    let now = flip(&mut app, 1, now);
    app.update(Action::Quit, now);
    app.update(Action::Yes, now);
    assert!(app.quit);
    let files = saved(&data);
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("[End \"abandoned\"]"), "{text}");
    assert!(text.contains("1. A a1:A b1:C miss"), "{text}");
    // A new deal asked for in the middle saves the game left.
    std::fs::remove_file(&files[0]).unwrap();
    let mut app = solo_app(Some(&data), 2);
    let now = flip(&mut app, 0, Instant::now());
    app.update(Action::New, now);
    app.update(Action::Yes, now);
    assert_eq!(saved(&data).len(), 1);
    // --no-save: nothing written.
    let _ = std::fs::remove_dir_all(&data);
    let mut app = solo_app(None, 2);
    let now = flip(&mut app, 0, Instant::now());
    let now = flip(&mut app, 1, now);
    app.update(Action::Interrupt, now);
    assert!(!data.exists());
    let _ = std::fs::remove_dir_all(&data);
}

/// The fixed game played out on `app`.
fn play_fixed(app: &mut App) {
    let mut now = Instant::now();
    for p in [0, 1, 2, 0, 3, 1, 4, 2, 5, 0] {
        now = flip(app, p, now);
    }
    assert!(app.solo().unwrap().game().view().is_over());
}

#[test]
fn a_game_is_counted_only_once_its_record_is_saved() {
    use concentration::app::Counted;
    use concentration::solitaire::stats::Store;
    // The record cannot be saved (the records folder is a file): the game is not counted,
    // so the statistics never count a game that has no record.
    let data = scratch("order");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("games"), "not a folder").unwrap();
    let mut app = solo_app(Some(&data), 2);
    play_fixed(&mut app);
    let solo = app.solo().unwrap();
    let e = solo.saved().unwrap().as_ref().unwrap_err();
    assert!(e.contains("the records folder is a file"), "{e}");
    assert!(
        matches!(solo.counted(), Some(Counted::No(why)) if why.contains("record could not be saved")),
        "{:?}",
        solo.counted()
    );
    assert!(Store::new(&data).load().stats.entries.is_empty());
    // Saved, then counted, under the deck's own name whatever its case.
    std::fs::remove_file(data.join("games")).unwrap();
    let config = Config {
        deck: "PAIRS:3".into(),
        memory: Memory::Classic,
        seed: 2,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    };
    let mut app = App::solitaire(config, None, Some(data.clone()), true).unwrap();
    app.save_dir = Some(concentration::record::records_dir(&data));
    play_fixed(&mut app);
    assert_eq!(saved(&data).len(), 1);
    assert!(matches!(
        app.solo().unwrap().counted(),
        Some(Counted::Yes(_))
    ));
    let stats = Store::new(&data).load().stats;
    assert_eq!(
        stats
            .entry("pairs:3", "classic", SoloRule::Standard, None)
            .unwrap()
            .games,
        1
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_solitaire_record_opens_on_the_replay_screen_annotated_in_moves() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    let mut app = App::replay(record, None, Config::default(), true, Instant::now()).unwrap();
    let replay = app.replay_screen().unwrap();
    let analysis = replay
        .analysis()
        .expect("analysed with the solitaire solver");
    assert_eq!(analysis.objective, Objective::Moves);
    assert_eq!(analysis.annotations.len(), replay.record().flips.len());
    // The curve is the expected total: e(3, 0) at the start, the moves taken at the end.
    let par = MovesTable::new(3).get(3, 0);
    assert!(
        (analysis.curve[0] - par).abs() < 1e-9,
        "{:?}",
        analysis.curve
    );
    assert_eq!(analysis.curve.last(), Some(&5.0));
    let first = screen(&app);
    assert!(first.contains("seed 2 · solitaire"), "{first}");
    assert!(!first.contains("none"), "{first}");
    assert!(first.contains("0 moves · 0 misses"), "{first}");
    let expected = format!("Expected: {par:.2} moves");
    assert!(first.contains(&expected), "{expected}: {first}");
    // The chart and the panel say what the expected moves assume.
    assert!(
        first.contains("Expected total moves after each flip, with optimal play"),
        "{first}"
    );
    let rows: Vec<&str> = first.lines().collect();
    let at = rows.iter().position(|l| l.contains(&expected)).unwrap();
    assert!(rows[at - 1].contains("with optimal play"), "{first}");
    // Step to the decision point of the first costly flip: the panel names the best
    // action and the one played, with its class; one more step shows it played.
    let costly = analysis
        .annotations
        .iter()
        .position(|a| a.cost > 0.0)
        .expect("this game has a costly flip");
    for _ in 0..costly {
        app.update(Action::Move(0, 1), Instant::now());
    }
    let at = screen(&app);
    assert!(at.contains("best: ") && at.contains("played: "), "{at}");
    assert!(at.contains("Next: A you · mistake"), "{at}");
    app.update(Action::Move(0, 1), Instant::now());
    let after = screen(&app);
    assert!(after.contains(" moves · "), "{after}");
    assert!(after.contains("A you: a1 A · mistake"), "{after}");
    app.update(Action::End, Instant::now());
    assert!(app.replay_screen().unwrap().stepper().at_end());
    let last = screen(&app);
    assert!(last.contains("5 moves · 2 misses"), "{last}");
    assert!(
        last.contains("End of the game: cleared in 5 moves (2 misses)"),
        "{last}"
    );
    app.update(Action::Setup, Instant::now());
    let summary = screen(&app);
    assert!(summary.contains("accuracy"), "{summary}");
    assert!(summary.contains("moves"), "{summary}");
    // Playing the deal again from the replay is a solitaire game on the same deal.
    app.update(Action::Other, Instant::now());
    app.update(Action::Again, Instant::now());
    let solo = app.solo().expect("a solitaire game");
    assert_eq!(solo.game().seed(), 2);
    // Its faces were seen in the record: a deal played again, not a game "not counted
    // because of --no-save".
    assert!(solo.is_again());
    assert!(screen(&app).contains("AGAIN"));
}

#[test]
fn analyze_history_and_replay_read_solitaire_records() {
    let data = scratch("cli");
    let games = data.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let file = games.join("20260401-123456-pairs3-s2.cgn");
    std::fs::write(&file, FIXED).unwrap();
    let f = file.to_str().unwrap();

    let (code, out, err) = run(&["analyze", f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["mode"], "solitaire");
    assert_eq!(v["moves"], 5);
    assert_eq!(v["misses"], 2);
    let flips = v["flips"].as_array().unwrap();
    assert_eq!(flips.len(), 10);
    for flip in flips {
        let cost = flip["cost"].as_f64().unwrap();
        assert!(cost >= 0.0, "{flip}");
        let (m, b) = (
            flip["expected_moves"].as_f64().unwrap(),
            flip["best_expected_moves"].as_f64().unwrap(),
        );
        assert!(m + 1e-9 >= b, "{flip}");
    }
    // Turning a known card first (move 2, c1 then the known a1) wastes nothing here,
    // but the second flip of move 2 at a known non-matching card loses moves.
    let total = v["total_cost"].as_f64().unwrap();
    assert!(total > 0.0, "{v}");
    assert!((v["par"].as_f64().unwrap() - 4.0).abs() < 1.0, "{v}");

    let (code, out, err) = run(&["analyze", f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solitaire"), "{out}");
    assert!(out.contains("total cost"), "{out}");
    assert_eq!(out.lines().count(), 1 + 1 + 10 + 1, "{out}");

    let d = data.to_str().unwrap();
    let (code, out, err) = run(&["history", "--list", "--data-dir", d]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solitaire"), "{out}");
    assert!(out.contains("cleared 5 moves"), "{out}");

    // Without a terminal the replay refuses, after reading the record.
    let (code, out, err) = run(&["replay", f]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("terminal"), "{err}");

    // A broken solitaire record: one line naming the line and the reason.
    let bad = games.join("bad.cgn");
    std::fs::write(&bad, FIXED.replace("[Moves \"5\"]", "[Moves \"6\"]")).unwrap();
    for cmd in ["analyze", "replay"] {
        let (code, out, err) = run(&[cmd, bad.to_str().unwrap()]);
        assert_eq!(code, 2, "{cmd}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("line 11"), "{err}");
        assert!(
            err.contains("the moves are 6 but the moves give 5"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_free_move_game_is_saved_counted_apart_and_replayed_with_its_rule() {
    use concentration::app::Counted;
    use concentration::solitaire::stats::Store;
    let data = scratch("free");
    // The fixed game (five moves, three pairs) once as standard, once with a pair's
    // free move: 5 - 3 + 1 = 3 moves counted.
    let mut standard = solo_app(Some(&data), 2);
    play_fixed(&mut standard);
    let config = Config {
        deck: "pairs:3".into(),
        memory: Memory::Classic,
        seed: 2,
        solo_rule: SoloRule::FreeAfterPair,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    };
    let mut app = App::solitaire(config, None, Some(data.clone()), true).unwrap();
    app.save_dir = Some(concentration::record::records_dir(&data));
    play_fixed(&mut app);
    let solo = app.solo().unwrap();
    assert_eq!(solo.moves(), 3);
    let summary = solo.summary().unwrap();
    assert_eq!(
        (summary.moves, summary.misses, summary.worst_case),
        (3, 2, 3)
    );
    // e^f(3, 0) = 13/3 - 2.
    assert_eq!(summary.expected.fraction().as_deref(), Some("7/3"));
    assert!(matches!(solo.counted(), Some(Counted::Yes(_))));
    let end = screen(&app);
    assert!(end.contains("e^f(3,0) 2.33"), "{end}");
    // Each rule has its own entry, and so its own best.
    let stats = Store::new(&data).load().stats;
    let entry = |rule| stats.entry("pairs:3", "classic", rule, None).unwrap();
    assert_eq!(
        (
            entry(SoloRule::Standard).best,
            entry(SoloRule::FreeAfterPair).best
        ),
        (5, 3)
    );
    let json = std::fs::read_to_string(Store::new(&data).path()).unwrap();
    assert_eq!(
        json.matches("\"rule\": \"free-after-pair\"").count(),
        1,
        "{json}"
    );
    // The record names the rule and reads back the same.
    let files = saved(&data);
    assert_eq!(files.len(), 2);
    let records: Vec<Record> = files
        .iter()
        .map(|f| concentration::record::load(f).unwrap())
        .collect();
    let free = records
        .iter()
        .find(|r| r.solo_rule == SoloRule::FreeAfterPair)
        .expect("the free-move game's record");
    let text = free.to_text().unwrap();
    assert!(text.contains("[Counting \"free-after-pair\"]"), "{text}");
    assert_eq!(&Record::parse(text.as_bytes()).unwrap(), free);
    assert!(records.iter().any(|r| r.solo_rule.is_standard()));
    // Its replay counts as the game did, and the same deal again keeps the rule.
    let mut app = App::replay(free.clone(), None, Config::default(), true, Instant::now()).unwrap();
    app.update(Action::End, Instant::now());
    let last = screen(&app);
    assert!(last.contains("3 moves counted"), "{last}");
    assert!(last.contains("Expected: 3.00 moves"), "{last}");
    app.update(Action::Again, Instant::now());
    assert_eq!(app.solo().unwrap().rule(), SoloRule::FreeAfterPair);
    // analyze counts as the game did: e^f(3, 0) = 7/3 at the start.
    let path = data.join("free.txt");
    std::fs::write(&path, &text).unwrap();
    let (code, out, err) = run(&["analyze", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["counting"], "free-after-pair");
    assert_eq!(json["moves"], 3);
    assert!(
        (json["par"].as_f64().unwrap() - 7.0 / 3.0).abs() < 1e-9,
        "{json}"
    );
    // A rule the header does not know is refused.
    let bogus = text.replace("free-after-pair", "bogus");
    let e = Record::parse(bogus.as_bytes()).unwrap_err();
    assert!(e.reason.contains("header Counting: 'bogus'"), "{e}");
    let _ = std::fs::remove_dir_all(&data);
}
