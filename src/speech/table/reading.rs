//! The commands that read the table out: `board` (in reading order), `score` and
//! `hint`.

use std::io::{self, BufRead, Write};

use super::{Table, whose};
use crate::app::places;
use crate::app::{Action, App, Memory};
use crate::rules::Slot;
use crate::speech::Voice;

/// `board`: the cards a player may see, where the others lie, whose turn, the score.
pub(super) fn board<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let table = Table::of(app).expect("a table");
    let view = table.game().view();
    let deck = view.deck();
    let turned = table.turned();
    let mut up = Vec::new();
    let mut down = Vec::new();
    let mut taken = 0;
    let game = table.game();
    for pos in game.board().reading_order() {
        match view.slots()[pos] {
            Slot::Removed(_) => taken += 1,
            // Classic memory: a seen card is face down again, its face not told.
            Slot::Known(card) if table.memory() == Memory::Open || turned.contains(&pos) => {
                // The easier game's last card, which the next one may complete.
                let live = if view.live() == Some(pos) {
                    ", live"
                } else {
                    ""
                };
                up.push(format!(
                    "{} {}{live}",
                    places::name(game, pos),
                    voice.names.card(deck, card)
                ));
            }
            Slot::Known(_) | Slot::Unknown => down.push(pos),
        }
    }
    if up.is_empty() {
        voice.say("Face up: none.")?;
    } else {
        voice.say(&format!("Face up: {}.", up.join(", ")))?;
    }
    voice.say(&format!(
        "Face down, {}: {}.",
        down.len(),
        crate::speech::cards::down_words(deck, &down, |p| places::name(game, p))
    ))?;
    if taken > 0 {
        voice.say(&format!(
            "Taken: {}.",
            crate::words::count(taken / 2_u64, "pair")
        ))?;
    }
    score(app, voice)
}

/// `score`: each seat's pairs, the pairs left, whose turn (alone: the moves and par).
pub(super) fn score<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let table = Table::of(app).expect("a table");
    let view = table.game().view();
    let left = crate::words::count(view.cards_on_table() as u64 / 2, "pair");
    match table {
        Table::Round(r) => {
            let pairs = view.pairs();
            let each: Vec<String> = r
                .seat_list()
                .map(|s| {
                    let name = if table.is_you(s) {
                        "you".to_owned()
                    } else {
                        r.seat_title(s)
                    };
                    format!("{name} {}", pairs.of(s))
                })
                .collect();
            let turn = if view.is_over() {
                "The game is over.".to_owned()
            } else {
                format!("{} turn.", whose(table))
            };
            voice.say(&format!("Score: {}; {left} left. {turn}", each.join(", ")))
        }
        Table::Solo(s) => {
            let par = s.live_par().map_or_else(String::new, |p| {
                format!("; par from here {} more", crate::words::fixed(p.approx, 2))
            });
            let counted = if !s.rule().is_free() {
                "Moves made"
            } else {
                "Moves counted"
            };
            voice.say(&format!("{counted}: {}; {left} left{par}.", s.moves()))
        }
    }
}

/// `hint` (`why`: every choice in full, with what it does this turn and the idea).
pub(super) fn hint<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    why: bool,
) -> io::Result<()> {
    let (shown, kept) = match Table::of(app).expect("a table") {
        Table::Round(r) => (r.hint().is_some(), r.hint().is_some_and(|h| !h.places)),
        Table::Solo(s) => (s.hint().is_some(), false),
    };
    // In classic memory a hint asked for again names the places (as a second `H`, and
    // counted so); `why` never asks for them.
    if !shown || (kept && !why) {
        voice.act(app, Action::Hint);
    }
    match Table::of(app).expect("a table") {
        Table::Round(r) => {
            let Some(h) = r.hint() else {
                return voice.say(&format!("{}.", r.message().trim_end_matches(['.', '…'])));
            };
            for (i, l) in h.lines.iter().enumerate() {
                let value = h.value_text(l.value);
                let cost = h.cost_text(l);
                let lead = if i == 0 { "Hint: best, " } else { "Or " };
                let line = if why {
                    format!("{lead}{}: {value} ({cost}); {}.", l.words, l.numbers)
                } else {
                    format!("{lead}{}: {value} ({cost}).", l.words)
                };
                voice.say(&line)?;
            }
            if why && let Some(idea) = &h.idea {
                voice.say(&idea.line)?;
            }
            if !h.places {
                // Classic memory: the kind of move only, no place, until asked again.
                voice.say("Type hint again for where the cards are.")?;
            }
            let best: Vec<String> = h
                .targets
                .iter()
                .map(|&p| places::name(r.game(), p))
                .collect();
            match best.len() {
                0 => {}
                1..=6 => voice.say(&format!("Best cards: {}.", best.join(", ")))?,
                n => voice.say(&format!(
                    "Best cards: any of {n}, such as {}.",
                    best[..3].join(", ")
                ))?,
            }
            Ok(())
        }
        Table::Solo(s) => {
            let Some(h) = s.hint() else {
                return voice.say(&format!("{}.", s.message().trim_end_matches(['.', '…'])));
            };
            for (i, l) in h.lines.iter().enumerate() {
                let lead = if i == 0 { "Hint: best, " } else { "Or " };
                let (moves, cost) = h.texts(l);
                voice.say(&format!("{lead}{}: {moves} moves to go ({cost}).", l.words))?;
            }
            Ok(())
        }
    }
}
