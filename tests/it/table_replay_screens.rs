//! The replay screen of a three-seat game: every seat's pairs, its analysis in expected
//! own pairs, and the "whose mistakes" choice cycling through every seat then all.

use std::time::{Duration, Instant};

use concentration::app::{App, Config, Whose};
use concentration::record::{MemoryMode, Record, RecordSeat};
use concentration::rules::{Deck, Game, Objective, PassRule, Players, Seat, Table, Variant, below};
use concentration::tui::Action;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::screen;

fn three_seat_record() -> Record {
    let players = Players::Table(Table {
        seats: 3,
        pass_rule: PassRule::None,
        variant: Variant::Standard,
    });
    let mut game = Game::new(Deck::parse("pairs:4").unwrap(), 8, players).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    while !game.view().is_over() {
        let legal: Vec<usize> = (0..8).filter(|&p| game.check_flip(p).is_ok()).collect();
        let i = usize::try_from(below(&mut rng, legal.len() as u64)).unwrap();
        game.try_flip(legal[i]).unwrap();
    }
    let seats = vec![
        RecordSeat::person("ann"),
        RecordSeat::ai("optimal"),
        RecordSeat {
            name: "hal".into(),
            kind: "usual".into(),
        },
    ];
    Record::of_game(&game, seats, Objective::Win, MemoryMode::Open, false)
}

#[test]
fn a_three_seat_replay_opens_at_once_and_is_analysed_on_a_worker() {
    // Not blocking (the terminal's way): the own-pairs solve runs off the event loop's
    // thread, and the analysis is taken in when it arrives.
    let now = Instant::now();
    let mut app = App::replay(three_seat_record(), None, Config::default(), false, now).unwrap();
    let r = app.replay_screen().unwrap();
    assert!(r.analysing(), "the analysis runs on a worker");
    assert!(r.analysis().is_none());
    app.update(Action::End, now);
    app.wait_for_analysis();
    let r = app.replay_screen().unwrap();
    assert!(!r.analysing());
    assert!(r.analysis().is_some(), "{}", r.note());
}

#[test]
fn a_three_seat_replay_shows_every_seat_and_its_own_pairs_analysis() {
    let now = Instant::now();
    let record = three_seat_record();
    let config = Config {
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    };
    let mut app = App::replay(record.clone(), None, config, true, now).unwrap();
    let r = app.replay_screen().unwrap();
    assert!(r.analysis().is_some(), "{}", r.note());
    let s = screen(&app);
    for words in [
        "ann vs optimal vs hal",
        "A ann",
        "B optimal",
        "C hal",
        "Expected pairs for ann",
        "ann: expected pairs after each flip",
    ] {
        assert!(s.contains(words), "missing {words:?}:\n{s}");
    }
    // To the end: the last line gives every seat's pairs.
    app.update(Action::End, now);
    let s = screen(&app);
    let pairs = record.replay().unwrap().view().pairs();
    let line = format!("ann {} · optimal {} · hal {}", pairs[0], pairs[1], pairs[2]);
    assert!(s.contains(&line), "missing {line:?}:\n{s}");
    // The person's mistakes first; Tab goes round every seat, then all.
    let mut seen = vec![app.replay_screen().unwrap().whose()];
    for _ in 0..4 {
        app.update(Action::Whose, now);
        seen.push(app.replay_screen().unwrap().whose());
    }
    assert_eq!(
        seen,
        [
            Whose::Seat(Seat(0)),
            Whose::Seat(Seat(1)),
            Whose::Seat(Seat(2)),
            Whose::Both,
            Whose::Seat(Seat(0)),
        ]
    );
    assert!(screen(&app).contains("mistakes of ann"), "{}", screen(&app));
}
