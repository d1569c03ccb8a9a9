//! Cards in words for the screen-reader mode: `7♥` is "seven of hearts", `Jk` "joker";
//! the letters and numbers of `pairs:N` and `LxC` decks stay as they are.

use crate::rules::{Card, Deck};

/// How cards are named in the screen-reader mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CardNames {
    /// "seven of hearts", "joker" (the default).
    #[default]
    Words,
    /// `7♥`, `Jk`: the faces as the screen draws them.
    Symbols,
}

impl std::str::FromStr for CardNames {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "words" => Ok(Self::Words),
            "symbols" => Ok(Self::Symbols),
            other => Err(format!(
                "unknown card names '{other}': expected words or symbols"
            )),
        }
    }
}

impl CardNames {
    /// The face of `card` as this mode names it.
    #[must_use]
    pub fn card(self, deck: &Deck, card: Card) -> String {
        self.text(&crate::record::face_text(deck, card))
    }

    /// `text` with every playing-card face in it (`7♥`, `10♦`, `Jk`) named in words;
    /// unchanged with [`CardNames::Symbols`].
    #[must_use]
    pub fn text(self, text: &str) -> String {
        match self {
            Self::Symbols => text.to_owned(),
            Self::Words => in_words(text),
        }
    }
}

/// The rank of a face in words (`A` ace, `7` seven, `K` king; beyond ten, the number).
fn rank_words(rank: &str) -> String {
    let word = match rank {
        "A" => "ace",
        "2" => "two",
        "3" => "three",
        "4" => "four",
        "5" => "five",
        "6" => "six",
        "7" => "seven",
        "8" => "eight",
        "9" => "nine",
        "10" => "ten",
        "J" => "jack",
        "Q" => "queen",
        "K" => "king",
        other => other,
    };
    word.to_owned()
}

fn suit_words(suit: char) -> Option<&'static str> {
    match suit {
        '♥' => Some("hearts"),
        '♦' => Some("diamonds"),
        '♠' => Some("spades"),
        '♣' => Some("clubs"),
        _ => None,
    }
}

/// Whether `c` can be part of a rank written before a suit.
fn rank_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, 'A' | 'J' | 'Q' | 'K')
}

/// Every face in `text` in words: a rank followed by a suit symbol, and the joker `Jk`
/// as a word of its own. Other text is kept.
fn in_words(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        // A rank starts a word: no letter or digit just before it.
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
        if starts_word && rank_char(chars[i]) {
            let mut j = i;
            while j < chars.len() && rank_char(chars[j]) && j - i < 3 {
                j += 1;
            }
            if let Some(suit) = chars.get(j).and_then(|&c| suit_words(c)) {
                let rank: String = chars[i..j].iter().collect();
                out.push_str(&rank_words(&rank));
                out.push_str(" of ");
                out.push_str(suit);
                i = j + 1;
                continue;
            }
        }
        if starts_word
            && chars[i] == 'J'
            && chars.get(i + 1) == Some(&'k')
            && !chars.get(i + 2).is_some_and(|c| c.is_alphanumeric())
        {
            out.push_str("joker");
            i += 2;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The face-down cards by place; on a checkerboard deck by back, red then blue (the backs
/// are what the eye sees of them).
pub(super) fn down_words(deck: &Deck, down: &[usize], name: impl Fn(usize) -> String) -> String {
    if down.is_empty() {
        return "none".to_owned();
    }
    let places = |filter: &dyn Fn(usize) -> bool| {
        let at: Vec<String> = down
            .iter()
            .filter(|&&p| filter(p))
            .map(|&p| name(p))
            .collect();
        at.join(", ")
    };
    if !deck.is_checker() {
        return places(&|_| true);
    }
    crate::rules::Back::BOTH
        .map(|b| {
            let at = places(&|p| deck.back_at(p) == Some(b));
            if at.is_empty() {
                format!("no {b} backs")
            } else {
                format!("{b} backs {at}")
            }
        })
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_are_named_in_words_and_the_rest_is_kept() {
        let w = CardNames::Words;
        assert_eq!(w.text("7♥"), "seven of hearts");
        assert_eq!(
            w.text("Take the pair 10♦ K♣ (c3, k2)"),
            "Take the pair ten of diamonds king of clubs (c3, k2)"
        );
        assert_eq!(w.text("Jk at a1; A♠"), "joker at a1; ace of spades");
        assert_eq!(w.text("Jack and A b2 12"), "Jack and A b2 12");
        assert_eq!(CardNames::Symbols.text("7♥"), "7♥");
    }

    #[test]
    fn every_face_of_every_deck_is_spoken_without_a_symbol() {
        for name in [
            "standard",
            "standard-rank",
            "standard-jokers",
            "standard-rank-jokers",
            "double",
            "zebra",
        ] {
            let deck = Deck::parse(name).unwrap();
            for label in 0..deck.labels() {
                for copy in 0..deck.copies_of(crate::rules::Label(label)) {
                    let card = Card {
                        label: crate::rules::Label(label),
                        copy,
                    };
                    let spoken = CardNames::Words.card(&deck, card);
                    assert!(spoken.is_ascii(), "{name}: {spoken} keeps a symbol");
                }
            }
        }
        let letters = Deck::parse("pairs:3").unwrap();
        let card = Card {
            label: crate::rules::Label(0),
            copy: 1,
        };
        assert_eq!(CardNames::Words.card(&letters, card), "A");
    }
}
