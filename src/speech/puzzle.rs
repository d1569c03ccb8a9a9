//! The puzzles line by line: the position told (every card the mover has seen, with
//! its place), a card typed as the answer, then every choice's value and the idea.

use std::io::{self, BufRead, Write};

use super::Voice;
use crate::app::{Action, App, Drill, Screen};
use crate::record::{coordinate, parse_coordinate};
use crate::rules::{Phase, Slot};

/// The puzzle's commands, as `help` lists them.
const COMMANDS: &str = "a coordinate such as b2 turns that card as your answer; board, next, \
again (after a wrong answer: the same puzzle, not counted), help, quit";

fn drill(app: &App) -> Option<&Drill> {
    match &app.screen {
        Screen::Puzzle(d) => Some(d),
        _ => None,
    }
}

/// Gives puzzles until `quit` or the end of the input.
pub(super) fn run<R: BufRead, W: Write>(app: &mut App, voice: &mut Voice<R, W>) -> io::Result<()> {
    introduce(app, voice)?;
    while drill(app).is_some() {
        let Some(line) = voice.read()? else {
            return Ok(());
        };
        // A timed run's clock is read at each line typed.
        voice.act(app, Action::Tick);
        let Some(d) = drill(app) else { return Ok(()) };
        if let Some(clock) = d.clock().filter(|c| c.result.is_some()) {
            let best = match &clock.result {
                Some(Ok((_, true))) => " A new best!".to_string(),
                Some(Ok((best, false))) => format!(" Your best: {best}."),
                Some(Err(e)) => format!(" Not saved: {e}."),
                None => String::new(),
            };
            voice.say(&format!(
                "Time is up: {} solved of {} in {}.{best}",
                clock.solved,
                clock.tried,
                crate::words::count(clock.minutes, "minute")
            ))?;
            voice.act(app, Action::Quit);
            return Ok(());
        }
        let deck = d.game().view().deck().clone();
        if let Some(pos) = parse_coordinate(&deck, &line) {
            answer(app, voice, pos)?;
            // The tally, the rating or the schedule that could not be saved.
            voice.tell_not_saved(app)?;
            continue;
        }
        match line.as_str() {
            "board" | "b" => board(app, voice)?,
            "next" | "n" => {
                let before = d.number();
                voice.act(app, Action::New);
                match drill(app) {
                    Some(d) if d.number() != before => introduce(app, voice)?,
                    Some(d) => voice.say(&format!("{}.", d.message()))?,
                    None => {}
                }
            }
            "again" | "r" => {
                voice.act(app, Action::Again);
                if let Some(d) = drill(app) {
                    if d.is_retry() && d.answer().is_none() {
                        // The screen's line names the keys; here the answer is typed.
                        voice.say("Try again: type the best card.")?;
                    } else {
                        voice.say(&format!("{}.", d.message()))?;
                    }
                }
            }
            "help" | "?" => voice.say(&format!("Commands: {COMMANDS}."))?,
            "quit" | "q" | "exit" => {
                voice.act(app, Action::Quit);
                return Ok(());
            }
            other => voice.say(&super::unknown(
                "command",
                other,
                &format!("Commands: {COMMANDS}."),
            ))?,
        }
    }
    Ok(())
}

/// The puzzle's first lines: its number, the question and the position.
fn introduce<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(d) = drill(app) else { return Ok(()) };
    let p = d.puzzle();
    // The idea is not named before the answer: it would give the answer away (and a
    // control position's idea is the one that is wrong there).
    let clock = d.clock().map_or(String::new(), |c| {
        format!(
            " Time left {}, solved {} of {}.",
            c.left_text(),
            c.solved,
            c.tried
        )
    });
    match d.played() {
        Some(played) => voice.say(&format!(
            "Your decision {} of {}, turn {} of your game of {}, deck {}: find the best card and type it.",
            d.number(),
            d.review_len(),
            played.turn,
            crate::words::shown(&played.when),
            d.rules().deck
        ))?,
        None => voice.say(&format!(
            "Puzzle {}, {}, deck {}, rule {}: {}.{clock}",
            d.number(),
            p.difficulty.name(),
            d.rules().deck,
            d.rules().pass_rule.name(),
            match d.step() {
                (_, 1) => "find the best card and type it".to_string(),
                (1, _) => "play the rest of the turn: type the best first card, then the best second".to_string(),
                _ => "type the best second card".to_string(),
            }
        ))?,
    }
    board(app, voice)
}

/// The position: the score, the card turned this turn, every seen card, the rest.
fn board<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(d) = drill(app) else { return Ok(()) };
    let view = d.game().view();
    let deck = view.deck();
    let pairs = view.pairs();
    voice.say(&format!(
        "You have {}, your opponent {}; {} left.",
        crate::words::count(pairs.of(view.mover()), "pair"),
        pairs.total() - pairs.of(view.mover()),
        crate::words::count(view.cards_on_table() as u64 / 2, "pair"),
    ))?;
    if let Phase::SecondCard { first, .. } = view.phase() {
        voice.say(&format!(
            "Turned this turn: {}.",
            crate::trainer::card_words(view, first)
        ))?;
    }
    // A recall drill names the seen cards' places, not their faces: finding the one
    // forgotten is the exercise.
    let recall = d.recall();
    if recall {
        voice.say(crate::trainer::review::RECALL)?;
    }
    let mut seen = Vec::new();
    let mut down = Vec::new();
    for (pos, slot) in view.slots().iter().enumerate() {
        match *slot {
            Slot::Known(_)
                if recall
                    && !matches!(view.phase(), Phase::SecondCard { first, .. } if first == pos) =>
            {
                seen.push(coordinate(deck, pos));
            }
            Slot::Known(card) => seen.push(format!(
                "{} {}",
                coordinate(deck, pos),
                voice.names.card(deck, card)
            )),
            Slot::Unknown => down.push(coordinate(deck, pos)),
            Slot::Removed(_) => {}
        }
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    voice.say(&format!("Seen: {}.", list(&seen)))?;
    voice.say(&format!("Never seen, {}: {}.", down.len(), list(&down)))
}

/// The card at `pos` as the answer, with the keys' actions: the arrows, then Enter.
fn answer<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    pos: usize,
) -> io::Result<()> {
    let Some(d) = drill(app) else { return Ok(()) };
    let (before, step) = (d.number(), d.step().0);
    let cols = d.game().view().deck().grid().1;
    let from = d.cursor;
    let dr = (pos / cols).cast_signed() - (from / cols).cast_signed();
    let dc = (pos % cols).cast_signed() - (from % cols).cast_signed();
    let steps = if pos / cols > from / cols {
        [Action::Move(0, dc), Action::Move(dr, 0)]
    } else {
        [Action::Move(dr, 0), Action::Move(0, dc)]
    };
    for step in steps {
        voice.act(app, step);
    }
    voice.act(app, Action::Select);
    let Some(d) = drill(app) else { return Ok(()) };
    let Some(a) = d.answer() else {
        voice.say(&format!("{}.", d.message()))?;
        // A timed run goes on to the next puzzle at once; a right first card shows the
        // table with it turned.
        if d.number() != before {
            introduce(app, voice)?;
        } else if d.step().0 != step {
            board(app, voice)?;
        }
        return Ok(());
    };
    let objective = d.rules().objective;
    voice.say(match (a.right, d.step()) {
        (true, (_, 1)) => "Right: that is the best move.",
        (true, _) => "Right: that is the best second card, and the turn is solved.",
        (false, (1, 1)) => "Not the best move.",
        (false, (1, _)) => "Not the best first card.",
        (false, _) => "Not the best second card.",
    })?;
    if let Some(line) = d.played_line() {
        voice.say(&format!("{line}."))?;
    }
    if let Some(words) = d.scheduled() {
        // Where the answer leaves the decision: "Back in 1 day."
        voice.say(&format!("{}.", super::table::capital(words)))?;
    }
    let lesson = d.lesson();
    // Each cost the difference of the values as said.
    let printed = lesson.compared(objective);
    for (i, e) in lesson.actions.iter().enumerate() {
        let lead = if i == 0 { "Best: " } else { "Or " };
        let cost = if crate::trainer::ties(e.cost, 0.0) {
            "best".to_owned()
        } else {
            format!("costs {}", printed.cost_words(e.value))
        };
        voice.say(&format!(
            "{lead}{}: {} ({cost}).",
            e.named.text,
            printed.words(e.value),
        ))?;
    }
    if let Some(idea) = &lesson.idea {
        voice.say(&idea.line)?;
    }
    if let Some(line) = d.puzzle().control_line(lesson) {
        voice.say(&line)?;
    }
    voice.say("Type next for the next puzzle, or quit.")
}
