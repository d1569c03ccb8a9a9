//! Memory apart from strategy: a game of classic memory with slips planted by hand is
//! analysed as slips, each naming the card forgotten and the turn it was seen; the
//! same game in open memory has none, and a deliberate strategy error is no slip.

use std::path::PathBuf;

use concentration::analysis::memory::{self, SlipKind};
use concentration::record::{MemoryMode, Record, RecordSeat};
use concentration::rules::{Deck, Game, Objective, PassRule, Players};

use crate::common::cli;

/// The places of each label's two cards on the deal of `pairs:4`, seed 11.
fn deal() -> (Game, Vec<[usize; 2]>) {
    let deck = Deck::parse("pairs:4").unwrap();
    let game = Game::new(deck, 11, Players::two(PassRule::Agreed)).unwrap();
    let mut places = vec![Vec::new(); 4];
    for (p, c) in game.reveal_all().iter().enumerate() {
        places[c.label.0 as usize].push(p);
    }
    let places = places.into_iter().map(|v| [v[0], v[1]]).collect();
    (game, places)
}

/// A game where B (the person) slips twice and A (the optimal AI) never:
/// 1. A turns 0a, 1a: a miss (both seen on turn 1).
/// 2. B turns 0b (new), then 2a (new) though 0a was seen on turn 1: a partner slip.
/// 3. A takes the seen pair 0a 0b; 4. A turns 3a, then 1b (both new): a miss.
/// 5. B, with the pair 1a 1b seen on the table, turns 2b (new): a seen-pair slip; then
///    2a: the pair (the partner used, no slip). 6. B takes 1a 1b; 7. B 3b, 3a.
fn planted(memory: MemoryMode) -> (Game, Record) {
    let (mut game, l) = deal();
    for p in [
        l[0][0], l[1][0], // turn 1, A
        l[0][1], l[2][0], // turn 2, B: partner slip
        l[0][0], l[0][1], // turn 3, A: the seen pair
        l[3][0], l[1][1], // turn 4, A
        l[2][1], l[2][0], // turn 5, B: seen-pair slip, then the partner used
        l[1][0], l[1][1], // turn 6, B
        l[3][1], l[3][0], // turn 7, B
    ] {
        game.try_flip(p).unwrap();
    }
    assert!(game.view().is_over());
    let record = Record::of_game(
        &game,
        vec![RecordSeat::ai("optimal"), RecordSeat::person("you")],
        Objective::Win,
        memory,
        false,
    );
    (game, record)
}

fn analyse(record: &Record) -> (Game, concentration::analysis::annotate::Analysis) {
    let (game, judgement) = concentration::cli::analyse(record).unwrap();
    (game, judgement.analysis)
}

#[test]
fn planted_slips_are_found_with_the_turn_each_card_was_seen() {
    let (_, record) = planted(MemoryMode::Classic);
    let (_, l) = deal();
    let (game, analysis) = analyse(&record);
    let found = memory::slips(&game, &analysis);
    let kinds: Vec<(usize, SlipKind)> = found.slips.iter().map(|s| (s.turn, s.kind)).collect();
    assert_eq!(
        kinds,
        vec![(2, SlipKind::Partner), (5, SlipKind::SeenPair)],
        "{found:#?}"
    );
    // Turn 2: the partner 0a, seen on turn 1.
    let partner = &found.slips[0].forgotten;
    assert_eq!(partner.len(), 1);
    assert_eq!((partner[0].position, partner[0].turn), (l[0][0], 1));
    // Turn 5: the pair 1a (seen on turn 1) and 1b (seen on turn 4).
    let pair: Vec<(usize, usize)> = found.slips[1]
        .forgotten
        .iter()
        .map(|s| (s.position, s.turn))
        .collect();
    assert_eq!(pair, vec![(l[1][0], 1), (l[1][1], 4)]);
    // B's chances: turn 2's second card, turn 5's and 6's two cards, turn 7's
    // second.
    let b = found.seats[1];
    assert_eq!((b.chances, b.slips), (6, 2), "{b:?}");
    // A used the seen pair it had (turn 3, both cards).
    let a = found.seats[0];
    assert_eq!((a.chances, a.slips), (2, 0), "{a:?}");
}

#[test]
fn open_memory_has_no_slips_to_count() {
    let (_, record) = planted(MemoryMode::Open);
    assert!(!memory::applies(&record));
    let (_, classic) = planted(MemoryMode::Classic);
    assert!(memory::applies(&classic));
}

fn write(record: &Record, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "concentration-memory-{name}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.cgn");
    std::fs::write(&path, record.to_text().unwrap()).unwrap();
    path
}

#[test]
fn analyze_names_the_card_forgotten_and_when_it_was_seen() {
    let (game, record) = planted(MemoryMode::Classic);
    let (_, l) = deal();
    let deck = game.view().deck();
    let face = concentration::record::face_text(deck, game.reveal_all()[l[0][0]]);
    let place = concentration::record::coordinate(deck, l[0][0]);
    let path = write(&record, "text");
    let (code, out, err) = cli::run(&["analyze", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let seen = format!("you had seen {face} at {place} on turn 1");
    assert!(
        out.contains(&format!(
            "memory slip: you turned a second new card instead of taking the pair: {seen}"
        )),
        "{out}"
    );
    assert!(
        out.contains("memory: 2 slips in 6 chances to use a seen card"),
        "{out}"
    );
    let json = cli::json(&["analyze", path.to_str().unwrap(), "--json"]);
    let slips = json["memory"]["slips"].as_array().unwrap();
    assert_eq!(slips.len(), 2, "{json}");
    assert_eq!(slips[0]["forgotten"][0]["seen_turn"], 1);
    assert_eq!(slips[0]["forgotten"][0]["coord"], place.as_str());
    assert_eq!(json["memory"]["seats"][1]["slips"], 2);
    // Open memory: no memory section at all.
    let (_, open) = planted(MemoryMode::Open);
    let open = write(&open, "open");
    let json = cli::json(&["analyze", open.to_str().unwrap(), "--json"]);
    assert!(json.get("memory").is_none());
}
