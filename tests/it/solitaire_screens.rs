//! Solitaire on ratatui's `TestBackend` at 80 x 24: the board with live par, the hint
//! panel, fractions, the end screen with every figure, the statistics it writes, and the
//! setup screen's entry.

use concentration::solitaire::SoloRule;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, Counted, Memory};
use concentration::rules::{Slot, TurnEnd};
use concentration::solitaire::Challenge;
use concentration::solitaire::stats::Store;
use concentration::tui::Action;

use crate::common::{click, screen, screen_sized, settle};

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("concentration-solo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn config(deck: &str, memory: Memory, seed: u64) -> Config {
    Config {
        deck: deck.into(),
        memory,
        seed,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    }
}

fn solo_app(deck: &str, challenge: Option<u64>, stats: Option<PathBuf>) -> App {
    let ch = challenge.map(Challenge::numbered);
    let d = concentration::rules::Deck::parse(deck).unwrap();
    let seed = ch.map_or(7, |c| c.seed(&d));
    App::solitaire(config(deck, Memory::Classic, seed), ch, stats, true).unwrap()
}

fn flip(app: &mut App, pos: usize, now: Instant) -> Instant {
    click(app, pos, now);
    settle(app, now)
}

/// Plays the whole game as the optimal player would with perfect memory, turning
/// unknown cards in table order.
fn play_out(app: &mut App, mut now: Instant) -> Instant {
    loop {
        let solo = app.solo().unwrap();
        let view = solo.game().view();
        if view.is_over() {
            return now;
        }
        let labels: Vec<u32> = solo.game().reveal_all().iter().map(|c| c.label.0).collect();
        let known: Vec<usize> = view.known_cards().map(|(p, _)| p).collect();
        let pair = known.iter().find_map(|&a| {
            known
                .iter()
                .find(|&&b| b != a && labels[b] == labels[a])
                .map(|&b| (a, b))
        });
        if let Some((a, b)) = pair {
            now = flip(app, a, now);
            now = flip(app, b, now);
            continue;
        }
        let first = app
            .solo()
            .unwrap()
            .game()
            .view()
            .unknown_positions()
            .next()
            .unwrap();
        now = flip(app, first, now);
        let partner = known.iter().copied().find(|&k| labels[k] == labels[first]);
        let second = partner.unwrap_or_else(|| {
            app.solo()
                .unwrap()
                .game()
                .view()
                .unknown_positions()
                .next()
                .unwrap()
        });
        now = flip(app, second, now);
    }
}

#[test]
fn board_shows_moves_misses_live_par_expected_and_worst_case() {
    let mut app = solo_app("pairs:8", Some(5), None);
    let s = screen(&app);
    assert!(
        s.contains("Concentration solitaire  pairs:8 · challenge 5 · seed"),
        "{s}"
    );
    assert!(s.contains("Moves 0 · misses 0"), "{s}");
    // e(8,0) = 558242/45045 = 12.39; worst case 2n - 1 = 15.
    assert!(s.contains("Par now 12.39 to go"), "{s}");
    assert!(s.contains("Expected total 12.39"), "{s}");
    assert!(s.contains("Worst case 15"), "{s}");
    assert!(s.contains("H hint") && s.contains("f fractions"), "{s}");
    // A miss: one move, one miss, and the par moves on.
    let labels: Vec<u32> = app
        .solo()
        .unwrap()
        .game()
        .reveal_all()
        .iter()
        .map(|c| c.label.0)
        .collect();
    let other = (1..16).find(|&i| labels[i] != labels[0]).unwrap();
    let now = Instant::now();
    let now = flip(&mut app, 0, now);
    let s = screen(&app);
    assert!(s.contains("You turned"), "{s}");
    let now = flip(&mut app, other, now);
    let _ = now;
    let s = screen(&app);
    assert!(s.contains("Moves 1 · misses 1"), "{s}");
    assert!(
        s.contains("Last moves") && s.contains("1. ") && s.contains("miss"),
        "{s}"
    );
    assert!(!s.contains("Par now 12.39"), "{s}");
    assert!(s.contains("On pace for"), "{s}");
    // Classic memory: the two cards are face down again.
    let view = app.solo().unwrap().game().view();
    assert!(matches!(view.slots()[0], Slot::Known(_)));
}

#[test]
fn hint_lists_expected_moves_of_every_action() {
    let mut app = solo_app("pairs:8", None, None);
    let now = Instant::now();
    let labels: Vec<u32> = app
        .solo()
        .unwrap()
        .game()
        .reveal_all()
        .iter()
        .map(|c| c.label.0)
        .collect();
    let other = (1..16).find(|&i| labels[i] != labels[0]).unwrap();
    let now = flip(&mut app, 0, now);
    let _ = flip(&mut app, other, now);
    app.update(Action::Hint, now);
    let s = screen(&app);
    assert!(s.contains("Hint: moves to go"), "{s}");
    // Two known single cards: e(8,2) is the value of turning an unknown card.
    let hint = app.solo().unwrap().hint().unwrap();
    assert_eq!(hint.best, concentration::solver::Action::Unknown);
    assert!(hint.lines.len() >= 2, "{hint:?}");
    assert!(s.contains("unknown card") && s.contains("best"), "{s}");
    let e82 = concentration::solver::solitaire::expected_moves_exact(8, 2);
    let e82 = num_traits::ToPrimitive::to_f64(&e82).unwrap();
    assert!((hint.lines[0].moves - e82).abs() < 1e-12 && hint.lines[0].cost == 0.0);
    let row = format!("{e82:.2}");
    assert!(
        s.lines().any(|l| l.contains("unknown card")
            && l.contains(&row)
            && l.trim_end_matches('│').trim_end().ends_with("best")),
        "{s}"
    );
    assert!(s.contains("known 2.1") && hint.lines[1].cost > 0.0, "{s}");
    // The unknown cards are highlighted on the board ("?").
    assert!(s.contains('?'), "{s}");
}

#[test]
fn fractions_on_request() {
    let mut app = solo_app("pairs:8", None, None);
    app.update(Action::Fraction, Instant::now());
    let s = screen(&app);
    assert!(s.contains("Par now = 558242/45045"), "{s}");
    assert!(s.contains("Expected total = 558242/45045"), "{s}");
    // Long fractions wrap inside the box.
    let mut app = solo_app("pairs:60", None, None);
    app.update(Action::Resize(120, 30), Instant::now());
    app.update(Action::Fraction, Instant::now());
    let s = screen_sized(&app, 120, 30);
    assert!(
        s.contains("1438467956726439306940102812317366978173703947424522/"),
        "{s}"
    );
    assert!(s.contains("Expected total = "), "{s}");
    // The help lists the solitaire keys, whole.
    app.update(Action::Help, Instant::now());
    let s = screen_sized(&app, 120, 30);
    assert!(
        s.contains("Solitaire keys") && s.contains("Press any key to close"),
        "{s}"
    );
}

#[test]
fn end_screen_has_every_figure_and_counts_the_game() {
    let dir = temp_dir("end");
    let mut app = solo_app("pairs:8", Some(5), Some(dir.clone()));
    let now = play_out(&mut app, Instant::now());
    let _ = settle(&mut app, now);
    let solo = app.solo().unwrap();
    let summary = solo.summary().unwrap().clone();
    // Perfect memory and the optimal choices in table order: the choices cost nothing.
    assert_eq!(summary.choices_cost(), 0);
    assert!(summary.moves >= 8 && summary.moves <= 15);
    let s = screen(&app);
    assert!(s.contains("Table cleared"), "{s}");
    assert!(
        s.contains(&format!(
            "Cleared in {} moves ({} misses)",
            summary.moves, summary.misses
        )),
        "{s}"
    );
    assert!(s.contains("e(8,0) 12.39 expected · worst case 15"), "{s}");
    assert!(
        s.contains(&format!(
            "Luck-adjusted: optimal play needs {} moves with your flip order",
            summary.luck_adjusted
        )),
        "{s}"
    );
    assert!(s.contains("your choices cost nothing"), "{s}");
    assert!(
        s.contains("challenge 5 · pairs:8 classic: first game"),
        "{s}"
    );
    assert!(s.contains("this challenge: first game"), "{s}");
    assert!(matches!(solo.counted(), Some(Counted::Yes(_))));
    // The statistics file has the game, under the deck and under the challenge.
    let stats = Store::new(&dir).load().stats;
    let all = stats
        .entry("pairs:8", "classic", SoloRule::Standard, None)
        .unwrap();
    assert_eq!((all.games, all.best), (1, summary.moves));
    assert_eq!(
        stats
            .entry("pairs:8", "classic", SoloRule::Standard, Some(5))
            .unwrap()
            .games,
        1
    );
    // The same deal again is not counted.
    app.update(Action::Again, now);
    let now = play_out(&mut app, now);
    let _ = settle(&mut app, now);
    let s = screen(&app);
    assert!(
        s.contains("not counted in statistics: a deal played again"),
        "{s}"
    );
    let stats = Store::new(&dir).load().stats;
    assert_eq!(
        stats
            .entry("pairs:8", "classic", SoloRule::Standard, None)
            .unwrap()
            .games,
        1
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_deck_fits_and_ends_with_e_26_0() {
    let mut app = solo_app("standard", None, None);
    let s = screen(&app);
    assert!(s.contains("Expected total 41.44"), "{s}");
    assert!(s.contains("Worst case 51"), "{s}");
    assert!(!s.contains("too small"), "{s}");
    let now = play_out(&mut app, Instant::now());
    let _ = settle(&mut app, now);
    let s = screen(&app);
    assert!(s.contains("e(26,0) 41.44 expected · worst case 51"), "{s}");
    assert!(
        s.contains("not counted in statistics: statistics are off"),
        "{s}"
    );
}

#[test]
fn four_card_decks_use_the_full_solver() {
    let mut app = solo_app("8x4", None, None);
    let s = screen(&app);
    assert!(s.contains("Par now 24.25 to go"), "{s}");
    assert!(s.contains("Worst case 28"), "{s}");
    app.update(Action::Fraction, Instant::now());
    let s = screen(&app);
    assert!(
        s.contains("479264254584985028048/19762415920419046875"),
        "{s}"
    );
    let now = play_out(&mut app, Instant::now());
    let _ = settle(&mut app, now);
    let s = screen(&app);
    assert!(s.contains("Optimal play: expected 24.25"), "{s}");
    assert!(s.contains("worst case 28"), "{s}");
}

#[test]
fn a_turn_on_show_locks_input() {
    let mut app = solo_app("pairs:8", None, None);
    let labels: Vec<u32> = app
        .solo()
        .unwrap()
        .game()
        .reveal_all()
        .iter()
        .map(|c| c.label.0)
        .collect();
    let other = (1..16).find(|&i| labels[i] != labels[0]).unwrap();
    let now = Instant::now();
    app.update(Action::Select, now);
    click(&mut app, other, now);
    assert_eq!(
        app.solo().unwrap().show().map(|s| s.end),
        Some(TurnEnd::Miss)
    );
    // A third card during the show only ends the show.
    let third = (1..16).find(|&i| i != other).unwrap();
    click(&mut app, third, now);
    assert_eq!(app.solo().unwrap().game().view().flips().len(), 2);
    assert!(app.solo().unwrap().show().is_none());
}

#[test]
fn setup_offers_solitaire() {
    let mut app = App::setup(config("pairs:4", Memory::Open, 11));
    let now = Instant::now();
    for _ in 0..4 {
        app.update(Action::Move(1, 0), now); // down to the opponent
    }
    app.update(Action::Move(0, -1), now);
    let s = screen(&app);
    assert!(s.contains("none: solitaire"), "{s}");
    assert!(s.contains("not used in solitaire"), "{s}");
    app.update(Action::Select, now);
    let solo = app.solo().expect("a solitaire game");
    assert_eq!(solo.config().seed, 11);
    let s = screen(&app);
    assert!(
        s.contains("Concentration solitaire  pairs:4 · seed 11"),
        "{s}"
    );
    assert!(s.contains("Expected total 5.92"), "{s}");
    assert!(s.contains("Worst case 7"), "{s}");
}

/// Hides the hint and shows it again, twice: the same decision, still one hint.
fn toggle_hint_twice(app: &mut App, now: Instant) {
    for _ in 0..4 {
        app.update(Action::Hint, now);
    }
}

#[test]
fn hints_count_the_decisions_they_were_seen_at() {
    // Always on: every decision had its hint, however often it was hidden and shown.
    let mut c = config("pairs:6", Memory::Classic, 7);
    c.hints = concentration::app::Hints::Always;
    let mut app = App::solitaire(c, None, None, true).unwrap();
    let now = Instant::now();
    toggle_hint_twice(&mut app, now);
    assert!(app.solo().unwrap().hint().is_some());
    let now = play_out(&mut app, now);
    let now = settle(&mut app, now);
    let solo = app.solo().unwrap();
    let decisions = solo.decisions();
    assert_eq!(decisions, solo.game().view().flips().len());
    assert_eq!(solo.hints_used(), decisions);
    let s = screen(&app);
    assert!(
        s.contains(&format!(
            "Hints seen at {decisions} of your {decisions} decisions"
        )),
        "{s}"
    );
    assert!(s.contains("games with hints are not counted"), "{s}");

    // Off: a hint asked for at one decision, hidden and shown again, is one hint.
    let mut app = App::solitaire(config("pairs:6", Memory::Classic, 7), None, None, true).unwrap();
    app.update(Action::Hint, now);
    toggle_hint_twice(&mut app, now);
    assert_eq!(app.solo().unwrap().hints_used(), 1);
    let now = play_out(&mut app, now);
    let _ = settle(&mut app, now);
    let solo = app.solo().unwrap();
    assert_eq!(solo.hints_used(), 1);
    let s = screen(&app);
    assert!(
        s.contains(&format!(
            "Hints seen at 1 of your {} decisions",
            solo.decisions()
        )),
        "{s}"
    );
}
