//! How a player names a place on the table: on the grid by its coordinate (`b3`, as
//! records write it); in any other layout by its number in reading order (`card 7`:
//! row by row from the top, left to right), since a shape has no columns to letter; in
//! the Two Decks Duel by its side and its number there (`side 2 card 3`: the first
//! seat's side is side 1).

use crate::rules::{Game, Layout, coordinate, parse_coordinate};

/// A place as the player names it: `b3`, or `card 7`.
#[must_use]
pub fn name(game: &Game, position: usize) -> String {
    if let Some(place) = game.view().side_place(position) {
        return place;
    }
    match number(game, position) {
        Some(n) => format!("card {n}"),
        None => coordinate(game.view().deck(), position),
    }
}

/// A place's number in reading order (from 1), in a layout other than the grid.
#[must_use]
pub fn number(game: &Game, position: usize) -> Option<usize> {
    if game.board().layout() == Layout::Grid {
        return None;
    }
    game.board()
        .reading_order()
        .iter()
        .position(|&p| p == position)
        .map(|i| i + 1)
}

/// The place a player's words name: a coordinate on the grid; elsewhere a number in
/// reading order, alone or after `card` (`7`, `card 7`).
#[must_use]
pub fn parse(game: &Game, text: &str) -> Option<usize> {
    let view = game.view();
    if view.side_of(0).is_some() {
        return parse_duel(game, text);
    }
    if game.board().layout() == Layout::Grid {
        return parse_coordinate(game.view().deck(), text);
    }
    let digits = text.strip_prefix("card").unwrap_or(text).trim();
    if digits.starts_with('0') || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: usize = digits.parse().ok()?;
    game.board().reading_order().get(n.checked_sub(1)?).copied()
}

/// A place of the Two Decks Duel: `side S card N`, or a number alone (`3`, `card 3`) on
/// the side of the seat to turn a card.
fn parse_duel(game: &Game, text: &str) -> Option<usize> {
    let view = game.view();
    let (side, rest) = match text.strip_prefix("side") {
        Some(rest) => {
            let rest = rest.trim_start();
            let (s, rest) = rest.split_once(' ')?;
            let s: usize = s.parse().ok()?;
            (s.checked_sub(1).filter(|&s| s < 2)?, rest)
        }
        None => (view.mover().index(), text),
    };
    let digits = rest.trim().strip_prefix("card").unwrap_or(rest).trim();
    if digits.starts_with('0') || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: usize = digits.parse().ok()?;
    view.side_position(side, n)
}

/// How the places are named, for a player's first lines and `help`.
#[must_use]
pub fn naming(game: &Game) -> &'static str {
    if game.view().side_of(0).is_some() {
        return "Each side's cards are numbered in reading order, side 1 the first player's: type a number to turn that card of your own side.";
    }
    if game.board().layout() == Layout::Grid {
        "Cards are named by column letter and row number: a1 is the top left card."
    } else {
        "Cards are named by number in reading order, row by row from the top and left to right: 1 is the first card of the top row."
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Deck, Players};

    #[test]
    fn numbers_name_every_card_once_and_read_back() {
        let deck = Deck::parse("pairs:9").unwrap();
        for layout in Layout::ALL {
            let game = Game::new(deck.clone(), 3, Players::Solitaire)
                .unwrap()
                .laid_out(layout);
            let mut names: Vec<String> = (0..18).map(|p| name(&game, p)).collect();
            for (p, n) in names.iter().enumerate() {
                assert_eq!(parse(&game, n), Some(p), "{layout} {n}");
            }
            names.sort();
            names.dedup();
            assert_eq!(names.len(), 18);
            assert_eq!(parse(&game, "0"), None);
            assert_eq!(parse(&game, "19").or(parse(&game, "a9")), None);
        }
    }
}
