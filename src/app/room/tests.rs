//! A room's rules, on its own clock: who sits where, whose keys act, a seat held and
//! given back, and the game saved as abandoned for everyone when it is not.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::*;
use crate::rules::{Deck, Game, Players};

/// A folder of its own for a test, emptied.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("room-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn member(name: &str, records: Option<PathBuf>) -> Member {
    Member {
        name: name.into(),
        identity: Some(format!("SHA256:{name}")),
        records,
    }
}

/// Room K7QXR of `seats` seats on `pairs:3`, opened by ann, who keeps her games in
/// `records`.
fn opened(seats: usize, records: Option<PathBuf>) -> Room {
    Room::open(
        "K7QXR".into(),
        "ssh".into(),
        config("pairs:3"),
        seats,
        member("ann", records),
    )
}

fn config(deck: &str) -> Config {
    Config {
        deck: deck.into(),
        seed: 5,
        ai_delay: Duration::ZERO,
        ..Config::default()
    }
}

/// The positions of a pair, and of a card of another pair, in the deal of `config`.
fn deal(config: &Config) -> Vec<crate::rules::Label> {
    let deck = Deck::parse(&config.deck).unwrap();
    let game = Game::new(deck, config.seed, Players::two(config.pass_rule)).unwrap();
    game.reveal_all().iter().map(|c| c.label).collect()
}

fn partner(labels: &[crate::rules::Label], p: usize) -> usize {
    (0..labels.len())
        .find(|&q| q != p && labels[q] == labels[p])
        .unwrap()
}

fn mover(room: &Room) -> Seat {
    let Some(Screen::Play(r)) = room.app().map(|a| &a.screen) else {
        panic!("no game")
    };
    r.game().view().mover()
}

/// Turns the card at `p` as `role`: moves the cursor there first.
fn turn(room: &mut Room, role: Role, p: usize, now: Instant) {
    room.act(role, Action::Click(Some(p)), now);
}

fn flips(room: &Room) -> usize {
    let Some(Screen::Play(r)) = room.app().map(|a| &a.screen) else {
        panic!("no game")
    };
    r.game().view().flips().len()
}

#[test]
fn the_game_starts_when_every_seat_is_taken_and_each_person_moves_on_their_turn_alone() {
    let now = Instant::now();
    let mut room = opened(2, None);
    assert!(room.app().is_none(), "waiting for bob");
    let ann = room.host().unwrap();
    let bob = room.join(member("bob", None), now).unwrap();
    let watcher = room.watch().unwrap();
    assert!(room.app().is_some(), "the last seat taken deals");
    assert!(
        room.join(member("cy", None), now)
            .unwrap_err()
            .contains("watch K7QXR")
    );
    let labels = deal(&config("pairs:3"));
    // Not bob's turn, nor a watcher's: nothing happens.
    turn(&mut room, bob, 0, now);
    turn(&mut room, watcher, 0, now);
    assert_eq!(flips(&room), 0);
    // ann misses: the turn passes to bob, whose keys now act.
    let other = (0..labels.len()).find(|&q| labels[q] != labels[0]).unwrap();
    turn(&mut room, ann, 0, now);
    turn(&mut room, ann, other, now);
    room.tick(now + Duration::from_secs(5));
    assert_eq!((flips(&room), mover(&room)), (2, Seat(1)));
    let later = now + Duration::from_secs(6);
    turn(&mut room, ann, partner(&labels, 0), later);
    assert_eq!(flips(&room), 2, "ann's keys no longer act");
    turn(&mut room, bob, 0, later);
    assert_eq!(flips(&room), 3);
    assert!(
        room.status(bob, now)
            .starts_with("Room K7QXR · you are bob · 1 watching")
    );
}

#[test]
fn a_dropped_seat_is_held_for_its_identity_and_then_the_game_is_saved_as_abandoned_for_both() {
    let (a, b) = (folder("ann"), folder("bob"));
    let now = Instant::now();
    let mut room = opened(2, Some(a.clone()));
    let ann = room.host().unwrap();
    let bob = room.join(member("bob", Some(b.clone())), now).unwrap();
    let labels = deal(&config("pairs:3"));
    turn(&mut room, ann, 0, now);
    turn(&mut room, ann, partner(&labels, 0), now);
    room.leave(bob, now);
    let later = now + Duration::from_secs(30);
    assert!(
        room.status(ann, later)
            .contains("bob left: seat held 1:30 (join K7QXR)")
    );
    // Another key cannot have it; bob's can.
    assert!(room.join(member("eve", None), later).is_err());
    let guest = Member {
        identity: None,
        ..member("bob", None)
    };
    assert!(room.join(guest, later).is_err(), "a guest is nobody's seat");
    let back = room.join(member("bob", Some(b.clone())), later).unwrap();
    assert_eq!(back, bob, "the same seat");
    assert!(room.status(ann, later).ends_with("bob is back"));
    // Gone again, for good: after the hold the game ends, saved for both.
    room.leave(bob, later);
    room.tick(later + HOLD - Duration::from_secs(1));
    assert!(room.closed().is_none(), "still held");
    room.tick(later + HOLD);
    let why = room.closed().expect("the hold ran out");
    assert!(
        why.contains("bob did not come back") && why.contains("abandoned"),
        "{why}"
    );
    for dir in [&a, &b] {
        let saved: Vec<_> = std::fs::read_dir(dir).unwrap().collect();
        assert_eq!(saved.len(), 1, "one record in {}", dir.display());
        let text = std::fs::read_to_string(saved[0].as_ref().unwrap().path()).unwrap();
        assert!(text.contains("abandoned"), "{text}");
    }
    let _ = (std::fs::remove_dir_all(a), std::fs::remove_dir_all(b));
}

#[test]
fn the_host_alone_starts_early_and_the_free_seats_go_to_the_ai() {
    let now = Instant::now();
    let mut room = opened(4, None);
    let ann = room.host().unwrap();
    let bob = room
        .join(member("ann", Some("x".into())), now)
        .map(|_| ())
        .unwrap_err();
    assert!(bob.contains("already"), "{bob}");
    let bob = room.join(member("bob", None), now).unwrap();
    room.start_now(bob, now);
    assert!(room.app().is_none(), "only the host starts");
    assert!(
        room.lobby(ann)[0..5]
            .join("\n")
            .contains("2 of 4 seats taken")
    );
    room.start_now(ann, now);
    let Some(Screen::Play(r)) = room.app().map(|a| &a.screen) else {
        panic!("dealt")
    };
    let names: Vec<String> = r.seat_list().map(|s| r.seat_name(s)).collect();
    assert_eq!(names, ["ann", "bob", "optimal", "optimal 2"]);
}

#[test]
fn a_lobby_left_by_everyone_closes() {
    let now = Instant::now();
    let mut room = opened(2, None);
    let ann = room.host().unwrap();
    room.leave(ann, now);
    assert_eq!(room.closed(), Some("everyone left"));
    assert!(room.empty());
}

#[test]
fn the_served_setup_screen_asks_for_a_room_by_its_code_or_opens_one() {
    let now = Instant::now();
    let typed = |served: bool, keys: &[Action]| {
        let mut app = App::setup(config("pairs:3"));
        app.served = served;
        for &key in keys {
            app.update(key, now);
        }
        app
    };
    let code = [
        Action::Room,
        Action::Type('k'),
        Action::Type('7'),
        Action::Type('q'),
        Action::Type('x'),
        Action::Select,
    ];
    let app = typed(true, &code);
    assert!(
        matches!(&app.room_ask, Some(Ask::Join(c)) if c == "K7QX"),
        "{:?}",
        app.room_ask
    );
    assert!(app.quit, "the server takes it from here");
    // Nothing typed: a room of this game.
    let app = typed(true, &[Action::Room, Action::Select]);
    assert!(matches!(&app.room_ask, Some(Ask::Open(c)) if c.deck == "pairs:3"));
    // Too short a code: said, and typing goes on.
    let app = typed(true, &[Action::Room, Action::Type('k'), Action::Select]);
    let Screen::Setup(s) = &app.screen else {
        panic!("setup")
    };
    assert!(app.room_ask.is_none() && s.error.as_deref().is_some_and(|e| e.contains("4 to 8")));
    // Not served: `R` is nothing.
    let app = typed(false, &code);
    assert!(app.room_ask.is_none());
}
