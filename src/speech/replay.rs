//! A saved game replayed line by line: each step tells the flip and its analysis.

use std::io::{self, BufRead, Write};

use super::Voice;
use crate::app::{Action, App, Screen};
use crate::record::coordinate;
use crate::rules::Slot;

/// The replay's commands, as `help` lists them.
const COMMANDS: &str =
    "next (or n), back, start, end, mistake (the next mistake), board, summary (or s), help, quit";

/// Steps through the replay on screen until it is left (`quit`: back to the game it came
/// from, or out) or the input ends. `alone`: opened from the command line, so the end of
/// the input leaves the program.
pub(super) fn run<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    alone: bool,
) -> io::Result<()> {
    app.wait_for_analysis();
    voice.settle(app);
    let Screen::Replay(r) = &app.screen else {
        return Ok(());
    };
    let record = r.record();
    let flips = r.full().view().flips().len();
    voice.say(&format!(
        "Replay: deck {}, seed {}, {}. {}",
        record.deck,
        record.seed,
        crate::words::count(flips as u64, "flip"),
        r.note()
    ))?;
    voice.say(&format!("Commands: {COMMANDS}."))?;
    while let Screen::Replay(_) = &app.screen {
        let Some(line) = voice.read()? else {
            if alone {
                app.quit = true;
            } else {
                voice.act(app, Action::Quit);
            }
            return Ok(());
        };
        let action = if let Some(step) = super::step(&line) {
            step
        } else {
            match line.as_str() {
                "mistake" | "m" => Action::Mistake(true),
                "board" | "b" => {
                    board(app, voice)?;
                    continue;
                }
                "summary" | "s" => {
                    // The judgement's figures, as the summary window says them.
                    if let Screen::Replay(r) = &app.screen {
                        for line in crate::app::replay_summary(r) {
                            voice.say(&line)?;
                        }
                    }
                    continue;
                }
                "help" | "?" => {
                    voice.say(&format!("Commands: {COMMANDS}."))?;
                    continue;
                }
                "quit" | "q" | "exit" => {
                    voice.act(app, Action::Quit);
                    if app.quit {
                        return Ok(());
                    }
                    voice.say("Back to the game.")?;
                    return Ok(());
                }
                other => {
                    voice.say(&super::unknown(
                        "command",
                        other,
                        &format!("Commands: {COMMANDS}."),
                    ))?;
                    continue;
                }
            }
        };
        voice.act(app, action);
        tell(app, voice)?;
    }
    Ok(())
}

/// The flip the replay is at, and what the analysis says of it.
fn tell<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Screen::Replay(r) = &app.screen else {
        return Ok(());
    };
    if let Some(note) = r.jump_note() {
        voice.say(note)?;
    }
    let game = r.stepper().game();
    let at = game.view().flips().len();
    let total = r.full().view().flips().len();
    let Some(flip) = game.view().flips().last().copied() else {
        return voice.say(&format!("At the start: no flip yet, {total} to come."));
    };
    let deck = game.view().deck();
    let who = r
        .record()
        .players
        .get(flip.seat.index())
        .map_or_else(|| "someone".to_owned(), |p| super::table::capital(&p.name));
    let card = voice.names.card(deck, flip.card);
    let end = match flip.turn_end {
        Some(crate::rules::TurnEnd::Pair) => ", a pair",
        Some(crate::rules::TurnEnd::Miss) => ", no pair",
        Some(crate::rules::TurnEnd::Pass) => ", a pass",
        None => "",
    };
    let judged = r.current().map_or_else(String::new, |a| {
        // The grade (only move, best, excellent, ..., blunder), and a slip's memory.
        let grade = r.grade(at - 1).map_or(a.class.name(), |g| g.name());
        let mut judged = if a.class == crate::analysis::annotate::Class::Best {
            format!(" {}.", super::table::capital(grade))
        } else {
            let an = if grade.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "An"
            } else {
                "A"
            };
            format!(" {an} {grade}: best was {}.", a.best_words)
        };
        if let Some(slip) = r.slip_words(at - 1) {
            judged.push_str(&format!(" {}.", super::table::capital(&slip)));
        }
        judged
    });
    voice.say(&format!(
        "Flip {at} of {total}: {who} turned {}, {card}{end}.{judged}",
        coordinate(deck, flip.position)
    ))
}

/// The board at this point of the replay: every card seen so far with its place.
fn board<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Screen::Replay(r) = &app.screen else {
        return Ok(());
    };
    let view = r.stepper().game().view();
    let deck = view.deck();
    let mut seen = Vec::new();
    let mut down = 0;
    for (pos, slot) in view.slots().iter().enumerate() {
        match *slot {
            Slot::Known(card) => seen.push(format!(
                "{} {}",
                coordinate(deck, pos),
                voice.names.card(deck, card)
            )),
            Slot::Unknown => down += 1,
            Slot::Removed(_) => {}
        }
    }
    let seen = if seen.is_empty() {
        "none".to_owned()
    } else {
        seen.join(", ")
    };
    voice.say(&format!(
        "Seen and on the table: {seen}. Never seen: {down}."
    ))
}
