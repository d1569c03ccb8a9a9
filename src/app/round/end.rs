//! The end of a round in words: the headline, the score, the figures of the person's
//! look back, the AI's note. The end window (`tui/end_view.rs`) shows them and the
//! screen reader says them.

use super::{Round, ai_title};
use crate::app::config::Opponent;
use crate::rules::{EndReason, Outcome, Seat};
use crate::words;

/// What the AI in `kind` is, in one line: the optimal AI can lose a single game; the
/// others are named for what they do.
pub(crate) fn ai_note(kind: Opponent) -> String {
    match kind {
        Opponent::Optimal => {
            "The optimal AI is optimal in expectation: it can lose any single game.".into()
        }
        k => format!("The {} {}.", ai_title(k), k.explanation()),
    }
}

/// The headline of the end window: the winner, a draw, or the seats sharing first place.
pub fn headline(round: &Round, result: &crate::rules::GameResult) -> String {
    let person = round.person();
    let lone = round.people() == 1 && round.seat_count() == 2;
    match (result.outcome, round.is_watch()) {
        (Outcome::Draw, _) if round.seat_count() > 2 && result.reason != EndReason::Withdrawn => {
            let best = result.pairs.iter().copied().max().unwrap_or(0);
            let first: Vec<String> = round
                .seat_list()
                .filter(|s| result.pairs[s.index()] == best)
                .map(|s| round.seat_name(s))
                .collect();
            format!("Shared first place: {}", first.join(", "))
        }
        (Outcome::Draw, _) => "A draw".to_string(),
        (Outcome::Winner(s), true) => format!("{} wins", round.seat_name(s)),
        (Outcome::Winner(s), false) if s == person && round.people() == 1 => "You win!".into(),
        (Outcome::Winner(s), false) if round.seat_kind(s).is_none() => {
            format!("{} wins!", round.seat_name(s))
        }
        (Outcome::Winner(s), false) if lone => format!("The {} wins", round.seat_title(s)),
        (Outcome::Winner(s), false) => format!("{} wins", round.seat_title(s)),
        (Outcome::Solo, _) => "Cleared".to_string(),
    }
}

/// Every seat's pairs: `You 3 – 5 optimal AI` for two, `ann 2 · bob 1 · usual 3` else.
fn score_line(round: &Round, result: &crate::rules::GameResult) -> String {
    if round.seat_count() == 2 {
        return format!(
            "{} {} – {} {}",
            round.seat_title(Seat::FIRST),
            result.pairs[0],
            result.pairs[1],
            round.seat_title(Seat::SECOND),
        );
    }
    round
        .seat_list()
        .map(|s| format!("{} {}", round.seat_title(s), result.pairs[s.index()]))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// One person's look-back at a table of several people: `ann: accuracy 67% · 4 of 6
/// decisions best · cost −0.06 own pairs a decision`.
fn person_look_back(round: &Round, back: &crate::trainer::coach::LookBack) -> String {
    let f = &back.figures;
    let cost = if f.decisions > f.best {
        format!(
            " · cost {} a decision",
            crate::trainer::coach::cost_words(back.unit, f.mean_cost)
        )
    } else {
        String::new()
    };
    format!(
        "{}: accuracy {} · {} of {} best{cost}{}",
        round.seat_name(back.seat),
        words::percent(f.accuracy(), 0),
        f.best,
        words::count_of(f.decisions, "decision"),
        forced_note(back)
    )
}

/// `text` with its first letter in capitals.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// The decisions left out of an accuracy, if any: ` (2 forced left out)`.
fn forced_note(back: &crate::trainer::coach::LookBack) -> String {
    match back.figures.forced() {
        0 => String::new(),
        n => format!(" ({n} forced left out)"),
    }
}

/// The end of a finished game in one line, as its end window says it: the headline,
/// every seat's pairs, the moves and how it ended (`None` while it goes on).
#[must_use]
pub fn result_line(round: &Round) -> Option<String> {
    let crate::rules::Phase::Over(result) = round.game().view().phase() else {
        return None;
    };
    Some(format!(
        "Game over: {}. {}.",
        headline(round, &result).trim().trim_end_matches(['!', '.']),
        score_words(round, &result)
            .trim()
            .replace("  ·  ", ", ")
            .replace(" – ", " to ")
    ))
}

/// The second line of the end window: every seat's pairs, the turns and how it ended.
#[must_use]
pub(crate) fn score_words(round: &Round, result: &crate::rules::GameResult) -> String {
    let reason = match result.reason {
        EndReason::Cleared => "the table is cleared",
        EndReason::AgreedEnd => "a pass answered a pass (agreed)",
        EndReason::Quit => "a pass ended the game (quit)",
        EndReason::Withdrawn => "a pass ended the game as a draw (withdraw)",
    };
    format!(
        "{}  ·  {}  ·  {}",
        score_line(round, result),
        words::count(result.turns, "turn"),
        reason
    )
}

/// The line saying where the finished game was saved, or why it was not (empty before).
#[must_use]
pub(crate) fn saved_words(round: &Round) -> String {
    crate::app::saving::saved_words(round.saved())
}

/// This game's skill: "Your skill this game: PR 0.0 (0 is perfect play, lower is
/// better)"; `None` for a goal without a PR, or no decision with a choice.
fn skill_line(back: &crate::trainer::coach::LookBack) -> Option<String> {
    let crate::trainer::Unit::Objective(objective) = back.unit else {
        return None;
    };
    let pr = crate::trainer::skill::game_pr(objective, back.figures.mean_cost)?;
    (back.figures.decisions > 0).then(|| {
        format!(
            "Your skill this game: PR {} (0 is perfect play, lower is better)",
            crate::trainer::skill::pr_words(pr)
        )
    })
}

/// The figures of the end window of a game at a table, one a line, as plain text: the
/// hints seen, the person's accuracy, memory apart from strategy, the errors, the
/// costliest decision, each person's look back at a table of several, and the rating
/// once known. The screen reader reads these same lines.
#[must_use]
pub fn figures(round: &Round) -> Vec<String> {
    let mut figures = Vec::new();
    // First the skill of this game, which the cards' luck cannot move.
    if let Some(line) = round
        .look_back()
        .filter(|_| !round.is_watch())
        .and_then(skill_line)
    {
        figures.push(line);
    }
    // "Your" decisions mean something with one person at the table.
    if round.people() == 1 {
        figures.push(format!(
            "Hints seen at {} of your {}{}{}",
            round.hints_used(),
            words::count_of(round.decisions(), "decision"),
            // Classic memory: how often a hint told where seen cards lie.
            if round.memory() == crate::app::config::Memory::Classic {
                format!(
                    " · {} shown",
                    words::count_of(round.places_shown(), "place")
                )
            } else {
                String::new()
            },
            if round.practice() {
                " · practice game"
            } else {
                ""
            }
        ));
    }
    if let Some(back) = round.look_back().filter(|_| !round.is_watch()) {
        let f = &back.figures;
        figures.push(format!(
            "Your accuracy {} · {} of your {} with a choice best{}",
            words::percent(f.accuracy(), 0),
            f.best,
            words::count_of(f.decisions, "decision"),
            forced_note(back)
        ));
        // Memory apart from strategy (classic memory), and the costly errors.
        if let Some(memory) = f.memory_words() {
            figures.push(capital(&memory));
        }
        figures.push(format!("Errors: {}", f.errors_words()));
        if let Some((_, line)) = &back.costliest {
            figures.push(format!("Costliest: {line}"));
        }
    } else if round.people() > 1 {
        // Two or more people: each their own line, against the table's optimal play.
        for back in round.look_backs() {
            figures.push(person_look_back(round, back));
        }
    }
    // Worked out once the game is saved, on a worker: shown when they arrive.
    figures.extend(round.rating_lines().iter().cloned());
    figures
}
