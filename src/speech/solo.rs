//! The solitaire's own sentences: its start (the deal, the counting rule, the par) and
//! the count after each move (a pair's free move said as such).

use crate::app::Solo;
use crate::rules::TurnEnd;

/// The lines that open a solitaire game: the deal (`grid` and `memory` already in words),
/// the counting rule when it is not the standard one, and the par.
pub(super) fn introduction(s: &Solo, grid: &str, memory: &str) -> Vec<String> {
    let c = s.config();
    let deal = s
        .challenge()
        .map_or_else(String::new, |ch| format!(", {ch}"));
    let mut lines = vec![format!(
        "Concentration solitaire, deck {}, seed {}{deal}: {grid}; {memory}.",
        c.deck, c.seed
    )];
    if s.rule().is_easy() {
        lines.push(
            concat!(
                "The easier game: the card turned last stays face up, live, ",
                "and a card that matches it takes the pair, even across two moves."
            )
            .into(),
        );
    }
    if s.rule().is_free() {
        lines.push(
            "A pair earns a free move: only the moves without a pair count, and the last.".into(),
        );
    }
    if let Some(par) = s.live_par() {
        lines.push(format!(
            "Par: {} moves expected under optimal play.",
            crate::words::fixed(par.approx, 2)
        ));
    }
    lines
}

/// After a first card that completed the live card (the easier game).
pub(super) const ACROSS: &str =
    " It matches the live card: a pair across two moves! The move goes on: turn its second card.";

/// After the first card of the last move, which completed the live card and cleared the
/// table.
pub(super) const ACROSS_LAST: &str = "It matches the live card: a pair across two moves!";

/// After a move whose second card stays face up (the easier game).
pub(super) const STAYS_LIVE: &str =
    "It stays face up, live: a next card that matches it takes the pair.";

/// What follows move number `moves`, which ended as `end` (`clears`: it cleared the
/// table): " Move 3.", or " Move 3, free." for a pair's move under the free-move rule
/// (but the one that clears the table, which counts).
pub(super) fn move_count(s: &Solo, moves: usize, end: TurnEnd, clears: bool) -> String {
    if end == TurnEnd::Pair && s.rule().is_free() && !clears {
        format!(" Move {moves}, free.")
    } else {
        format!(" Move {moves}.")
    }
}
