//! The tutor's question by ear: before a decision that costs a mistake or more, the
//! question as a plain line, answered on the next: `y` turns the card, `n` (or anything
//! else) takes it back, `w` reads why and asks again. The keys' own actions do it.

use std::io::{self, BufRead, Write};

use super::Voice;
use crate::app::{Action, App};

/// The question and its why as the app holds them: `None` when nothing is asked.
fn asked(app: &App) -> Option<(String, Option<Vec<String>>)> {
    let round = app.round()?;
    let q = round.tutor_question()?;
    let question = q
        .question
        .trim_end_matches(crate::trainer::tutor::ANSWERS)
        .trim_end()
        .to_owned();
    Some((question, round.tutor_why().map(<[String]>::to_vec)))
}

/// Asks the tutor's question until it is answered, if one is up.
///
/// # Errors
/// The input or the output fails.
pub(super) fn ask<R: BufRead, W: Write>(app: &mut App, voice: &mut Voice<R, W>) -> io::Result<()> {
    while let Some((question, _)) = asked(app) {
        voice.say(&format!(
            "Tutor: {question} Type y to turn it, n to take it back, w for why."
        ))?;
        match voice.read()?.as_deref() {
            Some("y" | "yes") => voice.act(app, Action::Yes),
            Some("w" | "why") => {
                voice.act(app, Action::Why);
                for line in asked(app).and_then(|(_, why)| why).unwrap_or_default() {
                    voice.say(&line)?;
                }
            }
            Some(_) => voice.act(app, Action::New),
            None => {
                voice.act(app, Action::Interrupt);
                return Ok(());
            }
        }
    }
    Ok(())
}
