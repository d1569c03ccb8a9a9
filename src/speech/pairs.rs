//! Pairs, the press-your-luck game, line by line: each decision told as it is made,
//! `hit` and `fold` typed for the keys `h` and `f`.

use std::io::{self, BufRead, Write};

use crate::app::{Action, App, Overlay, PairsReplay, PairsTable, Screen};
use crate::pairs::rules::Phase;
use crate::pairs::{Action as Decision, View};

use super::Voice;

/// The game's commands, as `help` lists them.
const COMMANDS: &str = "hit, fold, board, hint, score, help, quit";

fn table(app: &App) -> Option<&PairsTable> {
    match &app.screen {
        Screen::Pairs(t) => Some(t),
        _ => None,
    }
}

/// A seat by name: `You` for the one person, else the name the table gives.
fn who(t: &PairsTable, seat: usize) -> String {
    let s = t.seats().seat(seat);
    if s.is_person() && t.seats().people() == 1 {
        "You".into()
    } else {
        s.name.clone()
    }
}

/// Decisions made so far in the game, every round's.
fn decisions(t: &PairsTable) -> usize {
    t.record().rounds.iter().map(Vec::len).sum()
}

/// Plays until the game is left or the input ends.
pub(super) fn run<R: BufRead, W: Write>(app: &mut App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(t) = table(app) else { return Ok(()) };
    let view = t.game().view();
    voice.say(&format!(
        "Pairs, seed {}: ranks 1 to {}, {} cards in the deck; the first to reach {} points loses.",
        t.seed(),
        view.ranks.get(),
        view.deck,
        view.target
    ))?;
    let names: Vec<String> = (0..view.players()).map(|s| who(t, s)).collect();
    voice.say(&format!("Players in turn order: {}.", names.join(", ")))?;
    voice.say("Type help for the commands.")?;
    let mut told = decisions(t);
    go_on(app, voice, &mut told)?;
    while let Some(t) = table(app) {
        if t.is_over() {
            // The game is saved; there is nothing left to choose.
            voice.act(app, Action::Quit);
            return Ok(());
        }
        let Some(line) = voice.read()? else {
            voice.act(app, Action::Interrupt);
            return Ok(());
        };
        match line.as_str() {
            "hit" | "h" => decide(app, voice, Decision::Hit, &mut told)?,
            "fold" | "f" => decide(app, voice, Decision::Fold, &mut told)?,
            "board" | "b" => board(app, voice)?,
            "score" | "s" => score(app, voice)?,
            "hint" => hint(app, voice)?,
            "help" | "?" => voice.say(&format!("Commands: {COMMANDS}."))?,
            "quit" | "q" | "exit" => {
                voice.act(app, Action::Quit);
                if app.overlay == Some(Overlay::ConfirmQuit) {
                    voice.say("Quit this game? Type y to quit, anything else to go on.")?;
                    match voice.read()?.as_deref() {
                        Some("y" | "yes") => voice.act(app, Action::Yes),
                        Some(_) => {
                            voice.act(app, Action::Other);
                            voice.say("The game goes on.")?;
                        }
                        None => voice.act(app, Action::Interrupt),
                    }
                }
            }
            other => voice.say(&super::unknown(
                "command",
                other,
                &format!("Commands: {COMMANDS}."),
            ))?,
        }
        if app.quit {
            break;
        }
    }
    Ok(())
}

/// The person's decision with its key's action (`h` hits, `f` folds), then the rest.
fn decide<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    decision: Decision,
    told: &mut usize,
) -> io::Result<()> {
    let Some(t) = table(app) else { return Ok(()) };
    if !t.persons_turn() {
        return voice.say("Wait: it is not your turn.");
    }
    let key = match decision {
        Decision::Hit => Action::Move(0, -1),
        Decision::Fold => Action::Fraction,
    };
    voice.act(app, key);
    if table(app).is_some_and(|t| decisions(t) == *told) {
        return voice.say("There is no card left to take: fold.");
    }
    go_on(app, voice, told)
}

/// Tells every decision since the last told, tick by tick of the game's clock (the
/// AIs decide when due), dealing the next round when one ends, until the person is to
/// move or the game is over.
fn go_on<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    told: &mut usize,
) -> io::Result<()> {
    for _ in 0..100_000 {
        let Some(t) = table(app) else { return Ok(()) };
        let made = decisions(t);
        if made > *told {
            *told = made;
            tell_last(t, voice)?;
        }
        let t = table(app).expect("the table");
        if t.is_over() {
            return Ok(());
        }
        if t.between_rounds() {
            voice.act(app, Action::Other);
            let t = table(app).expect("the table");
            voice.say(&format!("Round {} is dealt.", t.game().view().round))?;
            continue;
        }
        if t.persons_turn() {
            return your_turn(t, voice);
        }
        match app.deadline() {
            Some(due) => {
                voice.settle_one(app, due);
            }
            None => return Ok(()),
        }
    }
    Ok(())
}

/// The last decision in a sentence, then how the round (or the game) ended by it.
fn tell_last<R: BufRead, W: Write>(t: &PairsTable, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(last) = t.last() else { return Ok(()) };
    let name = who(t, last.seat);
    let you = name == "You";
    let line = match (last.action, last.card) {
        (Decision::Hit, Some(card)) => {
            format!(
                "{name} {} and take{} a {card}.",
                if you { "hit" } else { "hits" },
                if you { "" } else { "s" }
            )
        }
        (Decision::Hit, None) => format!("{name} {}.", if you { "hit" } else { "hits" }),
        (Decision::Fold, _) => format!("{name} {}.", if you { "fold" } else { "folds" }),
    };
    voice.say(&line)?;
    match t.game().phase() {
        Phase::RoundOver(end) => voice.say(&round_words(t, &end)),
        Phase::GameOver { loser, last } => {
            if let Some(end) = last {
                voice.say(&round_words(t, &end))?;
            }
            let view = t.game().view();
            voice.say(&format!(
                "Game over: {} {} with {} points. {}",
                who(t, loser),
                if who(t, loser) == "You" {
                    "lose"
                } else {
                    "loses"
                },
                view.scores[loser],
                scores(t, &view)
            ))
        }
        Phase::Turn { .. } => Ok(()),
    }
}

/// How a round ended, as the screen says it, the person called "you".
fn round_words(t: &PairsTable, end: &crate::pairs::rules::RoundEnd) -> String {
    let words = t.round_words(end);
    let words = if who(t, end.scorer) == "You" {
        let rest = words.split_once(' ').map_or("", |(_, r)| r);
        format!("You {}", rest.replace("their own", "your own"))
    } else {
        words
    };
    format!("{words}.")
}

/// Every seat's score in a sentence.
fn scores(t: &PairsTable, view: &View) -> String {
    let each: Vec<String> = view
        .scores
        .iter()
        .enumerate()
        .map(|(s, score)| format!("{} {score}", who(t, s)))
        .collect();
    format!("Scores: {}; {} loses.", each.join(", "), view.target)
}

/// "Your turn", with the person's stack and the lowest face-up card.
fn your_turn<R: BufRead, W: Write>(t: &PairsTable, voice: &mut Voice<R, W>) -> io::Result<()> {
    let view = t.game().view();
    let Some(me) = view.mover() else {
        return Ok(());
    };
    voice.say(&format!(
        "Your turn: your cards {}. Hit or fold?",
        stack(&view.stacks[me])
    ))
}

/// A stack of cards in words: "3, 7" or "none".
fn stack(cards: &[u8]) -> String {
    if cards.is_empty() {
        "none".into()
    } else {
        cards
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `board`: every seat's face-up cards and score, the discards, the deck.
fn board<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(t) = table(app).or_else(|| app.pairs_replay_screen().map(PairsReplay::table)) else {
        return Ok(());
    };
    let view = t.game().view();
    for s in 0..view.players() {
        voice.say(&format!(
            "{}: cards {}; score {}.",
            who(t, s),
            stack(&view.stacks[s]),
            view.scores[s]
        ))?;
    }
    voice.say(&format!(
        "Discards face up: {}; burned {}; {} cards in the deck.",
        stack(&view.discards),
        view.burned,
        view.deck
    ))
}

/// `score`: every seat's score and the losing total.
fn score<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(t) = table(app) else { return Ok(()) };
    voice.say(&scores(t, &t.game().view()))
}

/// `hint`: the chance a hit pairs, and what hitting and folding are worth.
fn hint<R: BufRead, W: Write>(app: &mut App, voice: &mut Voice<R, W>) -> io::Result<()> {
    if table(app).is_some_and(|t| t.hint().is_none()) {
        voice.act(app, Action::Hint);
    }
    let Some(t) = table(app) else { return Ok(()) };
    let Some(h) = t.hint() else {
        return voice.say("No hint now: hints are for your own turn.");
    };
    let hit = h
        .hit
        .map_or_else(|| "no card left".to_owned(), |v| crate::words::signed(v, 2));
    let best = match h.best {
        Decision::Hit => "hit",
        Decision::Fold => "fold",
    };
    voice.say(&format!(
        "Hint: a hit pairs with chance {}; hit is worth {hit}, fold {}: {best} is best.",
        crate::words::percent(h.pair_chance, 0),
        crate::words::signed(h.fold, 2)
    ))
}

/// The replay's commands, as `help` lists them.
const REPLAY_COMMANDS: &str = "next (or n), back, start, end, board, help, quit";

/// A saved game of Pairs replayed decision by decision, each valued, until `quit` or
/// the end of the input.
pub(super) fn replay<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
) -> io::Result<()> {
    let Some(r) = app.pairs_replay_screen() else {
        return Ok(());
    };
    voice.say(&format!(
        "Replay of a game of Pairs, seed {}: {}. Commands: {REPLAY_COMMANDS}.",
        r.record().seed,
        crate::words::count(r.decisions().len() as u64, "decision")
    ))?;
    while app.pairs_replay_screen().is_some() {
        let Some(line) = voice.read()? else {
            app.quit = true;
            return Ok(());
        };
        let action = if let Some(step) = super::step(&line) {
            step
        } else {
            match line.as_str() {
                "board" | "b" => {
                    board(app, voice)?;
                    continue;
                }
                "help" | "?" => {
                    voice.say(&format!("Commands: {REPLAY_COMMANDS}."))?;
                    continue;
                }
                "quit" | "q" | "exit" => {
                    voice.act(app, Action::Quit);
                    return Ok(());
                }
                other => {
                    voice.say(&super::unknown(
                        "command",
                        other,
                        &format!("Commands: {REPLAY_COMMANDS}."),
                    ))?;
                    continue;
                }
            }
        };
        voice.act(app, action);
        // Spoken answers wait for the costs (the screen steps on while they come).
        app.wait_for_analysis();
        let Some(r) = app.pairs_replay_screen() else {
            return Ok(());
        };
        let t = r.table();
        let Some(d) = r.current() else {
            voice.say("At the first deal: no decision yet.")?;
            continue;
        };
        voice.say(&format!(
            "Decision {} of {}, round {}:",
            r.at(),
            r.decisions().len(),
            d.round
        ))?;
        tell_last(t, voice)?;
        let Some(c) = r.current_cost() else {
            voice.say(&format!("No cost: {}.", r.note()))?;
            continue;
        };
        let name = |a: Decision| match a {
            Decision::Hit => "hit",
            Decision::Fold => "fold",
        };
        if c.cost.abs() < 1e-9 {
            voice.say("Best.")?;
        } else {
            voice.say(&format!(
                "Best was {}: it cost {}.",
                name(c.best),
                crate::words::fixed(-c.cost, 2)
            ))?;
        }
    }
    Ok(())
}
