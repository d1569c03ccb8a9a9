//! The setup as numbered menus: the deck, who starts, the AI, how the cards lie and
//! whether they move.

use std::io::{self, BufRead, Write};

use super::{Voice, choice};
use crate::app::{Config, DECKS, First, Opponent};
use crate::rules::{Deck, Layout, Moving};

/// Asks one numbered question until it is answered; `None` at the end of the input or
/// on `quit`.
fn ask<R: BufRead, W: Write>(
    voice: &mut Voice<R, W>,
    question: &str,
    options: &[String],
    default: usize,
) -> io::Result<Option<usize>> {
    let listed: Vec<String> = options
        .iter()
        .enumerate()
        .map(|(i, o)| format!("{} {o}", i + 1))
        .collect();
    let line = format!(
        "{question}: {}. Enter a number (Enter alone: {}).",
        listed.join(", "),
        default + 1
    );
    voice.say(&line)?;
    loop {
        let Some(answer) = voice.read_raw()? else {
            return Ok(None);
        };
        if answer.is_empty() {
            return Ok(Some(default));
        }
        if matches!(answer.as_str(), "quit" | "q" | "exit") {
            return Ok(None);
        }
        match choice(&answer, options.len()) {
            Some(n) => return Ok(Some(n - 1)),
            None => voice.say(&format!(
                "Unknown choice '{}': a number from 1 to {}.",
                crate::words::shown(&answer),
                options.len()
            ))?,
        }
    }
}

/// The game chosen from `config` (the settings' defaults): `None` if the person left.
///
/// # Errors
/// The input or the output fails.
pub fn choose<R: BufRead, W: Write>(
    voice: &mut Voice<R, W>,
    config: &Config,
) -> io::Result<Option<Config>> {
    let mut c = config.clone();
    voice.say("Concentration: choose a game. Type quit to leave.")?;
    let decks: Vec<String> = DECKS.iter().map(|d| (*d).to_owned()).collect();
    let deck_at = DECKS.iter().position(|d| *d == c.deck).unwrap_or(0);
    let Some(d) = ask(voice, "Deck", &decks, deck_at)? else {
        return Ok(None);
    };
    c.deck = DECKS[d].to_owned();
    let firsts = [First::You, First::Ai, First::Coin];
    let names: Vec<String> = ["you", "the AI", "a coin toss"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let at = firsts.iter().position(|f| *f == c.first).unwrap_or(0);
    let Some(f) = ask(voice, "Who starts", &names, at)? else {
        return Ok(None);
    };
    c.first = firsts[f];
    let ais: Vec<String> = Opponent::ALL.iter().map(|k| k.title().to_owned()).collect();
    let at = Opponent::ALL
        .iter()
        .position(|k| *k == c.opponent)
        .unwrap_or(0);
    let Some(o) = ask(voice, "Opponent", &ais, at)? else {
        return Ok(None);
    };
    c.opponent = Opponent::ALL[o];
    c.players = None;
    let layouts: Vec<String> = Layout::ALL.iter().map(|l| l.name().to_owned()).collect();
    let at = Layout::ALL.iter().position(|l| *l == c.layout).unwrap_or(0);
    let Some(l) = ask(voice, "How the cards lie", &layouts, at)? else {
        return Ok(None);
    };
    c.layout = Layout::ALL[l];
    // The checkerboard's cards keep their squares (docs/variants.md).
    if !Deck::parse(&c.deck).is_ok_and(|d| d.is_checker()) {
        let mut every = vec![None, Moving::every(5), Moving::every(3), Moving::every(1)];
        // A count the settings file gives is offered too, and is the default.
        if !every.contains(&c.moving) {
            every.push(c.moving);
        }
        let names: Vec<String> = every
            .iter()
            .map(|m| match m {
                None => "no".to_owned(),
                Some(m) if m.turns() == 1 => "two swap after every turn".to_owned(),
                Some(m) => format!("two swap after every {} turns", m.turns()),
            })
            .collect();
        let at = every.iter().position(|m| *m == c.moving).unwrap_or(0);
        let Some(m) = ask(voice, "Moving cards", &names, at)? else {
            return Ok(None);
        };
        c.moving = every[m];
    }
    Ok(Some(c))
}
