//! Writing records.

use std::fmt::Write as _;

use super::{Record, RecordError, pairs_text, result_text, seat_letter};
use crate::rules::{Deck, EndReason, Flip, Game, Phase, TurnEnd, coordinate, face_text};
use crate::rules::{Layout, Variant};

/// The word written after a finished turn.
pub(super) fn end_word(end: TurnEnd) -> &'static str {
    match end {
        TurnEnd::Pair => "pair",
        TurnEnd::Miss => "miss",
        TurnEnd::Pass => "pass",
    }
}

/// The `[End]` header: why the game ended, or `abandoned`.
pub(super) fn end_text(game: &Game) -> &'static str {
    match game.view().phase() {
        Phase::Over(r) => match r.reason {
            EndReason::Cleared => "cleared",
            EndReason::AgreedEnd => "agreed",
            EndReason::Quit => "quit",
            EndReason::Withdrawn => "withdrawn",
        },
        _ => "abandoned",
    }
}

/// The `[Challenge]` header: `7`, or `20260401 daily`.
pub(super) fn challenge_text(c: crate::solitaire::Challenge) -> String {
    if c.daily {
        format!("{} daily", c.number)
    } else {
        c.number.to_string()
    }
}

/// One flip as a move token: `b3:7♥`.
pub(super) fn flip_token(deck: &Deck, flip: &Flip) -> String {
    format!(
        "{}:{}",
        coordinate(deck, flip.position),
        face_text(deck, flip.card)
    )
}

/// The flips of a game grouped by turn (the last group may hold one flip).
pub(super) fn turns(flips: &[Flip]) -> Vec<&[Flip]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, f) in flips.iter().enumerate() {
        if f.turn_end.is_some() {
            out.push(&flips[start..=i]);
            start = i + 1;
        }
    }
    if start < flips.len() {
        out.push(&flips[start..]);
    }
    out
}

pub(super) fn to_text(record: &Record) -> Result<String, RecordError> {
    let game = record.replay()?;
    let view = game.view();
    let deck = view.deck();
    let mut s = String::new();
    let mut header = |name: &str, value: &str| {
        let _ = writeln!(s, "[{name} \"{value}\"]");
    };
    header("Format", &format!("concentration {}", super::VERSION));
    header("Date", &record.date);
    header("Time", &record.time);
    header("Deck", deck.name());
    header("Seed", &record.seed.to_string());
    if record.layout != Layout::Grid {
        header("Layout", record.layout.name());
    }
    if let Some(m) = record.moving {
        header("Moving", &m.to_string());
    }
    if record.is_solitaire() {
        header("Players", "solitaire");
        header("A", &record.players[0].text());
        header("Objective", record.objective.name());
        header("Memory", record.memory.name());
        if let Some(c) = record.challenge {
            header("Challenge", &challenge_text(c));
        }
        if !record.solo_rule.is_standard() {
            header("Counting", record.solo_rule.name());
        }
        header("Result", &result_text(&game));
        header("Moves", &view.turns().to_string());
        header("Misses", &view.misses().to_string());
    } else {
        for (seat, player) in record.all_seats().zip(&record.players) {
            header(&seat_letter(seat).to_string(), &player.text());
        }
        if record.variant != Variant::Standard {
            header("Variant", record.variant.name());
        }
        header("Objective", record.objective_name());
        header("PassRule", record.pass_rule.name());
        header("Memory", record.memory.name());
        header("Practice", if record.practice { "yes" } else { "no" });
        header("Result", &result_text(&game));
        header("Pairs", &pairs_text(&game));
    }
    header("End", end_text(&game));
    s.push('\n');
    for (i, turn) in turns(view.flips()).iter().enumerate() {
        let _ = write!(s, "{}. {}", i + 1, seat_letter(turn[0].seat));
        for f in *turn {
            let _ = write!(s, " {}", flip_token(deck, f));
            if f.across {
                s.push_str(" across");
            }
        }
        if let Some(end) = turn.last().and_then(|f| f.turn_end) {
            let _ = write!(s, " {}", end_word(end));
        }
        // For people: the swap follows from the seed, and a comment is not read back.
        if let Some(swap) = turn.last().and_then(|f| f.swap) {
            let _ = write!(
                s,
                " ; {} and {} swap",
                coordinate(deck, swap.a),
                coordinate(deck, swap.b)
            );
        }
        s.push('\n');
    }
    Ok(s)
}
