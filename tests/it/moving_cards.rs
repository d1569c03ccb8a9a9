//! Moving cards (issue 41): the optimal AI follows a seen card to its new place, a game
//! with swaps is recorded, read back and replayed exactly (and analysed), an older record
//! without the header still loads, and the swap is on show after the turn: sliding, or
//! marked until a key with reduce motion.

use std::time::{Duration, Instant};

use concentration::app::{App, Config, Opponent};
use concentration::players::{Agent, Optimal, Usual};
use concentration::record::Record;
use concentration::rules::{Deck, Game, Layout, Moving, Objective, PassRule, Players, Slot};
use concentration::tui::Action;

use crate::common::{self, FIXED, cli};

/// Games of the optimal AI against the usual one with a swap after every turn: every
/// time the optimal AI holds a first card whose partner it has seen, it turns the partner
/// where it now lies, and some of those partners had moved since they were seen.
#[test]
fn the_optimal_ai_finds_a_seen_card_at_its_new_place() {
    let deck = Deck::parse("pairs:6").unwrap();
    let optimal = Optimal::new(&deck, Objective::Win, PassRule::Agreed).unwrap();
    let mut moved_partners = 0;
    for seed in 0..40 {
        let mut game = Game::new(deck.clone(), seed, Players::two(PassRule::Agreed))
            .unwrap()
            .moving(Moving::every(1));
        let mut agents = [
            Agent::new(Box::new(optimal.clone()), seed),
            Agent::new(Box::new(Usual), seed + 1),
        ];
        // Where each card was when last seen face up.
        let mut seen_at: Vec<Option<usize>> = vec![None; 12];
        let index = |c: concentration::rules::Card| (c.label.0 as usize) * 2 + usize::from(c.copy);
        while !game.view().is_over() {
            let view = game.view();
            let seat = view.mover().index();
            let first = view
                .flips()
                .last()
                .filter(|f| f.turn_end.is_none())
                .copied();
            let partner = first.and_then(|f| {
                view.known_cards()
                    .find(|&(p, c)| p != f.position && view.deck().matches(c, f.card))
            });
            let p = agents[seat].choose(view);
            if seat == 0
                && let Some((at, card)) = partner
            {
                assert_eq!(p, at, "seed {seed}: the optimal AI left a seen pair");
                if seen_at[index(card)] != Some(at) {
                    moved_partners += 1;
                }
            }
            let flip = game.try_flip(p).unwrap();
            seen_at[index(flip.card)] = Some(p);
        }
    }
    assert!(
        moved_partners > 0,
        "no partner had moved: the test saw no swap at work"
    );
}

fn watched(moving: u32, layout: Layout, seed: u64) -> App {
    let t0 = Instant::now();
    let config = Config {
        deck: "pairs:6".into(),
        opponent: Opponent::Usual,
        watch_first: Some(Opponent::ForgetfulMedium),
        seed,
        ai_delay: Duration::from_millis(100),
        layout,
        moving: Moving::every(moving),
        ..Config::default()
    };
    let mut app = App::start_blocking(config, t0).unwrap();
    common::settle(&mut app, t0);
    assert!(app.round().unwrap().game().view().is_over());
    app
}

#[test]
fn a_record_with_swaps_is_read_back_and_replayed_exactly() {
    let app = watched(2, Layout::Diamond, 4);
    let round = app.round().unwrap();
    let record = round.record();
    let text = record.to_text().unwrap();
    assert!(
        text.contains("[Layout \"diamond\"]\n[Moving \"2\"]\n"),
        "{text}"
    );
    let swaps: Vec<_> = round
        .game()
        .view()
        .flips()
        .iter()
        .filter_map(|f| f.swap)
        .collect();
    assert!(!swaps.is_empty());
    // Each swap named after its turn, for people.
    let deck = round.game().view().deck();
    for s in &swaps {
        let named = format!(
            "; {} and {} swap",
            concentration::rules::coordinate(deck, s.a),
            concentration::rules::coordinate(deck, s.b)
        );
        assert!(text.contains(&named), "{named} in {text}");
    }
    let back = Record::parse(text.as_bytes()).unwrap();
    assert_eq!(back, record);
    let replayed = back.replay().unwrap();
    assert_eq!(replayed.view(), round.game().view());
    assert_eq!(replayed.reveal_all(), round.game().reveal_all());
    assert_eq!(replayed.board(), round.game().board());
    // Without the header the same moves are another game: the swaps matter.
    let still = text.replace("[Moving \"2\"]\n", "");
    assert!(Record::parse(still.as_bytes()).is_err());
    // The analysis reads it (each flip valued from the cards as dealt).
    let dir = std::env::temp_dir().join(format!("concentration-moving-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("moving.cgn");
    std::fs::write(&file, &text).unwrap();
    let (code, out, err) = cli::run(&["analyze", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
}

#[test]
fn a_record_from_before_layouts_loads_as_a_grid_of_still_cards() {
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    assert_eq!((record.layout, record.moving), (Layout::Grid, None));
    assert_eq!(record.to_text().unwrap(), FIXED);
    let bad = FIXED.replace("[Seed \"2\"]\n", "[Seed \"2\"]\n[Moving \"0\"]\n");
    let e = Record::parse(bad.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("Moving"), "{e}");
}

/// A person's game against the AI with a swap after every turn: after the turn's show
/// the swap slides frame by frame, the AI waiting; with reduce motion it stays marked
/// until a key.
#[test]
fn the_swap_is_on_show_after_the_turn() {
    for reduce_motion in [false, true] {
        let t0 = Instant::now();
        let config = Config {
            deck: "pairs:6".into(),
            opponent: Opponent::Usual,
            seed: 3,
            ai_delay: Duration::from_millis(400),
            moving: Moving::every(1),
            reduce_motion,
            ..Config::default()
        };
        let mut app = App::start_blocking(config, t0).unwrap();
        app.update(Action::Resize(80, 24), t0);
        let cards = app.round().unwrap().game().reveal_all().to_vec();
        let other = (1..12).find(|&p| cards[p].label != cards[0].label).unwrap();
        common::select(&mut app, 0, t0);
        common::select(&mut app, other, t0);
        let swap = app.round().unwrap().game().view().flips()[1]
            .swap
            .expect("a swap after every turn");
        assert!(app.round().unwrap().show().is_some());
        // The turn's show ends on a key: the swap comes on.
        app.update(Action::Other, t0);
        let round = app.round().unwrap();
        let on = round.swapping().expect("the swap on show");
        assert_eq!(on.swap, swap);
        assert!(
            round.message().starts_with("Two cards swap places: "),
            "{}",
            round.message()
        );
        let screen = common::screen(&app);
        if reduce_motion {
            assert_eq!(on.frame, None);
            assert!(screen.contains('>') && screen.contains('<'), "{screen}");
            // No clock ends it: only a key.
            let later = t0 + Duration::from_secs(3600);
            app.update(Action::Tick, later);
            assert!(app.round().unwrap().swapping().is_some());
            app.update(Action::Other, later);
        } else {
            assert_eq!(on.frame, Some(0));
            let mut frames = vec![0];
            while let Some(s) = app.round().unwrap().swapping() {
                assert!(
                    app.round().unwrap().game().view().flips().len() == 2,
                    "the AI waits"
                );
                frames.push(s.frame.unwrap());
                let next = app.deadline().unwrap();
                app.update(Action::Tick, next);
            }
            assert!(frames.windows(2).all(|w| w[0] <= w[1]), "{frames:?}");
            assert!(frames.len() > 4, "{frames:?}");
        }
        assert!(app.round().unwrap().swapping().is_none());
        assert!(matches!(
            app.round().unwrap().game().view().slots()[swap.a],
            Slot::Unknown | Slot::Known(_)
        ));
    }
}
