//! End-to-end: `concentration puzzle` in a pseudo-terminal, solved with keystrokes. The
//! test finds the best card from the same seed through the library, moves the cursor
//! there and turns it; the screen says it was right and the tally file counts it.
#![cfg(unix)]

use crate::common::pty;

use concentration::players::candidates;
use concentration::rules::{Deck, Objective};
use concentration::solver::Action;
use concentration::trainer::puzzle::{Generator, session};
use concentration::trainer::tally::{FILE_NAME, Tally};
use pty::{Session, path_to};

#[test]
fn solves_a_puzzle_with_keystrokes_and_counts_it() {
    let _pty = pty::lock();
    let deck = Deck::parse("pairs:8").unwrap();
    // The default session: the deck's puzzles under three pass rules, mixed.
    let rules = session::rules_for(Some(&deck), Objective::Win, None, None).unwrap();
    let mut generator = Generator::mixed(rules).unwrap();
    let puzzle = generator.puzzles(7, 1, 5_000, &|_| true).remove(0);
    let game = puzzle.game();
    let target = candidates(game.view(), puzzle.best)[0];
    // The second card on the table the first leaves: a new card shows the line's card
    // (the two unseen cards trade places when another was turned).
    let second = &puzzle.steps[1];
    let mut cards = puzzle.cards();
    let line = *second.flips.last().unwrap();
    if puzzle.best == Action::Unknown {
        cards.swap(line, target);
    }
    let mut flips = puzzle.flips.clone();
    flips.push(target);
    let after = puzzle.game_on(&cards, &flips);
    let target2 = candidates(after.view(), second.best)[0];

    let mut s = Session::start(&["puzzle", "--deck", "pairs:8", "--seed", "7"]);
    s.wait_for("Find the best card");
    assert!(s.raw_mode(), "the puzzle runs in raw mode");
    s.keys(&(path_to(target, deck.grid().1) + "\r"));
    s.wait_for("is the best first card");
    s.keys(&(path_to(target2, deck.grid().1) + "\r"));
    s.wait_for("Right: the best card");
    s.wait_for("Streak 1 (best 1)");
    s.keys("q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();

    let text = std::fs::read_to_string(s.data.join(FILE_NAME)).expect("the tally is saved");
    let tally: Tally = serde_json::from_str(&text).unwrap();
    assert_eq!((tally.all.tried, tally.all.solved), (1, 1));
    assert_eq!((tally.streak, tally.best_streak), (1, 1));
    let by_idea = tally.by_idea[puzzle.idea.name()];
    assert_eq!((by_idea.tried, by_idea.solved), (1, 1));
}
