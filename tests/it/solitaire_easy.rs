//! The easier solitaire (`solitaire --easy`, Foerster and Wattenhofer's section 8.1): a
//! pair taken across two moves through the screen (the counter, the record, the replay,
//! the analysis), the par against the easier game's table, the refusals, and whole games
//! of the optimal player through the real game code against `e^easy(n, 0)`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, Memory};
use concentration::record::Record;
use concentration::rules::{Deck, Game, Players, Reach, deal};
use concentration::solitaire::stats::Store;
use concentration::solitaire::{Par, SoloRule, flip_order, luck_adjusted};
use concentration::solver::solitaire::{EasyMovesTable, EasyState};
use concentration::tui::Action;

use crate::common::cli::run;
use crate::common::{saved, screen};

/// The deal of `pairs:3`, seed 2 (a1:A b1:C c1:B / a2:C b2:B c2:A), played in the easier
/// game: every pair after the first miss taken across two moves.
const EASY: &str = "[Format \"concentration 1\"]
[Date \"2026-04-01\"]
[Time \"12:34:56\"]
[Deck \"pairs:3\"]
[Seed \"2\"]
[Players \"solitaire\"]
[A \"you\"]
[Objective \"moves\"]
[Memory \"classic\"]
[Counting \"easy\"]
[Result \"cleared\"]
[Moves \"4\"]
[Misses \"1\"]
[End \"cleared\"]

1. A a1:A b1:C miss
2. A a2:C across c1:B pair
3. A b2:B across a1:A pair
4. A c2:A across pair
";

/// The flips of [`EASY`].
const FLIPS: [usize; 7] = [0, 1, 3, 2, 4, 0, 5];

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-easy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn easy_app(data: &std::path::Path, rule: SoloRule) -> App {
    let config = Config {
        deck: "pairs:3".into(),
        memory: Memory::Classic,
        seed: 2,
        solo_rule: rule,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    };
    let mut app = App::solitaire(config, None, Some(data.to_path_buf()), true).unwrap();
    app.save_dir = Some(concentration::record::records_dir(data));
    app
}

/// Turns the card at `pos` with the keyboard, then lets any show end.
fn flip(app: &mut App, pos: usize, mut now: Instant) -> Instant {
    let cols = app.solo().unwrap().game().view().deck().grid().1;
    let (row, col) = (pos / cols, pos % cols);
    loop {
        let at = app.solo().unwrap().cursor;
        let (dr, dc) = (
            row.cmp(&(at / cols)) as isize,
            col.cmp(&(at % cols)) as isize,
        );
        if (dr, dc) == (0, 0) {
            break;
        }
        app.update(Action::Move(dr, dc), now);
    }
    app.update(Action::Select, now);
    while let Some(d) = app.deadline() {
        now = now.max(d);
        app.update(Action::Tick, now);
    }
    if let Some(t) = app.ready_at() {
        now = now.max(t);
    }
    now
}

#[test]
fn a_pair_across_two_moves_is_counted_saved_replayed_and_analysed() {
    let data = scratch("across");
    let mut app = easy_app(&data, SoloRule::Easy);
    let mut now = Instant::now();
    // The counter a player sees after each flip: a move counts once it ends.
    let mut counted = Vec::new();
    let mut live = Vec::new();
    for p in FLIPS {
        now = flip(&mut app, p, now);
        let solo = app.solo().unwrap();
        counted.push(solo.moves());
        live.push(solo.live_card());
        if p == 1 {
            // b1 stays face up, marked live.
            let s = screen(&app);
            assert!(s.contains("[*  C   ]"), "{s}");
            assert!(s.contains("C (b1) stays live"), "{s}");
        }
        if p == 3 {
            // a2 completed b1, the last card of move 1: taken, and move 2 goes on.
            assert!(
                solo.message().contains("across two moves"),
                "{}",
                solo.message()
            );
            assert!(!solo.game().view().is_over());
        }
    }
    assert_eq!(counted, [0, 1, 1, 2, 2, 3, 4]);
    assert_eq!(live, [Some(0), Some(1), None, Some(2), None, Some(0), None]);
    let solo = app.solo().unwrap();
    let summary = solo.summary().unwrap();
    assert_eq!((summary.moves, summary.misses), (4, 1));
    // e^easy(3, 0) = 64/15, and the optimal player on this flip order needs 4 too.
    assert_eq!(summary.expected.fraction().as_deref(), Some("64/15"));
    assert_eq!(summary.luck_adjusted, 4);
    let end = screen(&app);
    assert!(end.contains("e^easy(3,0) 4.27"), "{end}");
    // Counted on its own row: the easier game's best is not the standard game's.
    let stats = Store::new(&data).load().stats;
    let best = |rule| {
        stats
            .entry("pairs:3", "classic", rule, None)
            .map(|e| e.best)
    };
    assert_eq!(
        (best(SoloRule::Easy), best(SoloRule::Standard)),
        (Some(4), None)
    );
    let (code, out, err) = run(&["stats", "--data-dir", data.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("pairs:3 +easy"), "{out}");
    // The record writes each pair across moves and reads back the same game.
    let files = saved(&data);
    assert_eq!(files.len(), 1);
    let record = concentration::record::load(&files[0]).unwrap();
    assert_eq!(record.solo_rule, SoloRule::Easy);
    assert_eq!(record.flips, FLIPS);
    let text = record.to_text().unwrap();
    let moves = text.split("\n\n").nth(1).unwrap();
    assert_eq!(moves, EASY.split("\n\n").nth(1).unwrap(), "{text}");
    assert_eq!(&Record::parse(text.as_bytes()).unwrap(), &record);
    let fixed = Record::parse(EASY.as_bytes()).unwrap();
    assert_eq!(fixed.flips, FLIPS);
    assert_eq!(fixed.to_text().unwrap(), EASY);
    // The replay steps through it as it was played and analyses it by the easier game.
    let mut replay = App::replay(
        record.clone(),
        None,
        Config::default(),
        true,
        Instant::now(),
    )
    .unwrap();
    replay.wait_for_analysis();
    let screen_of = replay.replay_screen().unwrap();
    let analysis = screen_of
        .analysis()
        .unwrap_or_else(|| panic!("{}", screen_of.note()));
    assert_eq!(analysis.annotations.len(), FLIPS.len());
    // Moves made plus the par, from the deal to the end: 64/15, then the moves made.
    assert!((analysis.curve[0] - 64.0 / 15.0).abs() < 1e-9);
    assert!((analysis.curve[FLIPS.len()] - 4.0).abs() < 1e-9);
    assert!(analysis.annotations.iter().all(|a| a.cost == 0.0));
    replay.update(Action::End, Instant::now());
    let last = screen(&replay);
    assert!(last.contains("4 moves"), "{last}");
    replay.update(Action::Again, Instant::now());
    assert_eq!(replay.solo().unwrap().rule(), SoloRule::Easy);
    let path = data.join("easy.txt");
    std::fs::write(&path, EASY).unwrap();
    let (code, out, err) = run(&["analyze", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["counting"], "easy");
    assert_eq!(json["moves"], 4);
    assert!(
        (json["par"].as_f64().unwrap() - 64.0 / 15.0).abs() < 1e-9,
        "{json}"
    );
    // Every flip was a best one (a1 at the sixth flip ties the unknown c2: either
    // way a2... c2 takes the pair across moves): nothing lost.
    let flips = json["flips"].as_array().unwrap();
    assert_eq!(flips.len(), FLIPS.len());
    assert!(json["total_cost"].as_f64().unwrap().abs() < 1e-9, "{json}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_record_must_say_which_card_took_a_pair_across_moves() {
    let missing = EASY.replace("a2:C across c1:B", "a2:C c1:B");
    let e = Record::parse(missing.as_bytes()).unwrap_err();
    assert!(e.reason.contains("write 'across'"), "{e}");
    let standard = EASY.replace("[Counting \"easy\"]\n", "");
    let e = Record::parse(standard.as_bytes()).unwrap_err();
    assert!(e.reason.contains("takes no pair across moves"), "{e}");
    let four = EASY.replace("pairs:3", "3x4");
    assert!(Record::parse(four.as_bytes()).is_err());
}

#[test]
fn easy_and_a_free_move_combine_and_other_decks_are_refused() {
    let data = scratch("free");
    let mut app = easy_app(&data, SoloRule::EasyFreeAfterPair);
    let mut now = Instant::now();
    for p in FLIPS {
        now = flip(&mut app, p, now);
    }
    let summary = app.solo().unwrap().summary().unwrap().clone();
    // Four moves, three pairs: 4 - 3 + 1 counted; e^easy,f = e^easy - (n - 1).
    assert_eq!(summary.moves, 2);
    assert_eq!(summary.expected.fraction().as_deref(), Some("34/15"));
    let files = saved(&data);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        text.contains("[Counting \"easy-free-after-pair\"]"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&data);
    // A deck of four cards a label is refused with one line, exit status 2.
    let (code, _out, err) = run(&["solitaire", "--easy", "--deck", "13x4", "--seed", "1"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--easy"), "{err}");
}

#[test]
fn the_par_is_the_easier_game_table() {
    for n in [1, 2, 3, 8, 26] {
        let deck = Deck::parse(&format!("pairs:{n}")).unwrap();
        let table = EasyMovesTable::new(n);
        let mut par = Par::with_rule(&deck, SoloRule::Easy).unwrap();
        let start = table.get(EasyState::start(n));
        assert!((par.expected_total().approx - start).abs() < 1e-9, "{n}");
        let game = Game::new(deck.clone(), 1, Players::Solitaire)
            .unwrap()
            .reaching(Reach::AcrossMoves);
        assert!((par.value_at(game.view()).unwrap().approx - start).abs() < 1e-9);
        let free = Par::with_rule(&deck, SoloRule::EasyFreeAfterPair).unwrap();
        let less = start - (n as f64 - 1.0);
        assert!((free.expected_total().approx - less).abs() < 1e-9, "{n}");
        assert!(par.worst_case().unwrap() as usize <= (3 * n).div_ceil(2));
    }
}

/// Mean moves of the optimal player over `games` deals of `pairs:n` through the real
/// game code (each deal played by the luck-adjusted walk with no flip order: unknown
/// cards in table order, on a random deal).
fn mean_moves(n: usize, games: u64) -> f64 {
    let deck = Deck::parse(&format!("pairs:{n}")).unwrap();
    let mut par = Par::with_rule(&deck, SoloRule::Easy).unwrap();
    let total: u64 = (0..games)
        .map(|seed| u64::from(luck_adjusted(&mut par, &deal(&deck, seed), &[]).unwrap()))
        .sum();
    total as f64 / games as f64
}

#[test]
fn whole_games_of_the_optimal_player_average_the_easier_games_value() {
    // 2000 deals each; the spread of one game's moves is under 1.5, so the mean lies
    // within 0.15 of e^easy(n, 0) but for odds far below one in a million.
    for (n, e) in [(8, 23757443.0 / 2027025.0), (26, 38.7175)] {
        let mean = mean_moves(n, 2000);
        assert!((mean - e).abs() < 0.15, "n = {n}: {mean} against {e}");
    }
    // flip_order is what the walk follows: a game's own order gives its own count.
    let deck = Deck::parse("pairs:3").unwrap();
    let record = Record::parse(EASY.as_bytes()).unwrap();
    let game = record.replay().unwrap();
    let mut par = Par::with_rule(&deck, SoloRule::Easy).unwrap();
    let order = flip_order(game.view());
    assert_eq!(
        luck_adjusted(&mut par, game.at_start().reveal_all(), &order).unwrap(),
        4
    );
}

#[test]
fn records_written_before_the_easier_game_still_load_as_they_were() {
    // A standard record of the same deal, as every older record is: no Counting header,
    // no `across`; the same with a pair's free move.
    let old = crate::solitaire_records::FIXED;
    let record = Record::parse(old.as_bytes()).unwrap();
    assert_eq!(record.solo_rule, SoloRule::Standard);
    let game = record.replay().unwrap();
    assert_eq!(game.view().reach(), Reach::WithinMove);
    assert!(game.view().flips().iter().all(|f| !f.across));
    assert_eq!(record.to_text().unwrap(), old);
    let free = old.replace("[Result", "[Counting \"free-after-pair\"]\n[Result");
    let record = Record::parse(free.as_bytes()).unwrap();
    assert_eq!(record.solo_rule, SoloRule::FreeAfterPair);
    assert_eq!(record.to_text().unwrap(), free);
}
