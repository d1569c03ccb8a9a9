//! Board coordinates (`b3`: column b, row 3) and the text of a card's face, as records,
//! the screens and the screen reader write them. Here, below every layer that names a
//! place, so that none of them needs the record module for it.

use super::deck::Deck;
use super::layout::Card;

/// The board coordinate of a position: column letter(s) then row number from 1, like
/// `b3` (column b, row 3). Columns after `z` go on `aa`, `ab`, ...
#[must_use]
pub fn coordinate(deck: &Deck, position: usize) -> String {
    let (_, cols) = deck.grid();
    let (row, col) = (position / cols, position % cols);
    column_letters(col) + &(row + 1).to_string()
}

/// The letters of column `col` (from 0): `a`, ..., `z`, `aa`, `ab`, ...
#[must_use]
pub fn column_letters(col: usize) -> String {
    let mut letters = Vec::new();
    let mut c = col + 1;
    while c > 0 {
        c -= 1;
        letters.push(char::from(b'a' + u8::try_from(c % 26).unwrap_or(0)));
        c /= 26;
    }
    letters.iter().rev().collect()
}

/// The position of a coordinate on the deck's table, if it names a place that holds a
/// card.
#[must_use]
pub fn parse_coordinate(deck: &Deck, text: &str) -> Option<usize> {
    let (rows, cols) = deck.grid();
    let split = text.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = text.split_at(split);
    if letters.is_empty() || letters.len() > 3 || digits.is_empty() || digits.starts_with('0') {
        return None;
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 4 {
        return None;
    }
    let mut col = 0usize;
    for b in letters.bytes() {
        col = col * 26 + usize::from(b - b'a') + 1;
    }
    let col = col - 1;
    let row: usize = digits.parse().ok()?;
    if col >= cols || row == 0 || row > rows {
        return None;
    }
    let position = (row - 1) * cols + col;
    (position < deck.cards()).then_some(position)
}

/// The face of a card as a record writes it (`7♥`, `Jk`, `C`, `12`).
#[must_use]
pub fn face_text(deck: &Deck, card: Card) -> String {
    deck.face(card.label, card.copy).text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_on_every_deck_size() {
        for n in 1..=60 {
            let deck = Deck::parse(&format!("pairs:{n}")).unwrap();
            for p in 0..deck.cards() {
                let c = coordinate(&deck, p);
                assert_eq!(parse_coordinate(&deck, &c), Some(p), "pairs:{n} {c}");
            }
            assert_eq!(parse_coordinate(&deck, "a0"), None);
            assert_eq!(parse_coordinate(&deck, "zz99"), None);
        }
        let deck = Deck::parse("standard").unwrap();
        assert_eq!(coordinate(&deck, 0), "a1");
        assert_eq!(coordinate(&deck, 13 + 2), "c2");
        assert_eq!(coordinate(&deck, 51), "m4");
        for bad in ["", "a", "3", "A1", "a01", "n1", "a5", "a1x", "é1"] {
            assert_eq!(parse_coordinate(&deck, bad), None, "{bad}");
        }
    }
}
