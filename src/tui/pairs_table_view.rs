//! Drawing the Pairs screen from [`PairsTable`]: the title, every seat's face-up stack
//! and score, the lowest face-up card, the deck, discards and burned cards, the hint
//! panel, the message line and footer, and the end-of-round and end-of-game windows.
//! Reads only.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::panel::{Footer, text_popup};
use super::screen::play_areas;
use super::theme;
use crate::app::pairs_replay::COST_EPSILON;
use crate::app::pairs_table::{CoachNote, PairsHint, PairsTable};
use crate::pairs::rules::Phase;
use crate::pairs::{Action, View};

/// Footer keys during play.
pub(super) const PAIRS_KEYS: &[(&str, &str)] = &[
    ("h", "hit"),
    ("f", "fold"),
    ("H", "hint"),
    ("c", "coach"),
    ("o", "odds"),
    ("?", "help"),
    ("q", "quit"),
];

/// Footer keys between rounds.
const ROUND_OVER_KEYS: &[(&str, &str)] = &[("any key", "next round"), ("?", "help"), ("q", "quit")];

/// Footer keys after the game.
const GAME_OVER_KEYS: &[(&str, &str)] = &[("?", "help"), ("q", "quit")];

/// Every key, for the help window.
pub(super) const PAIRS_HELP: &[(&str, &str)] = &[
    ("h", "hit: take a card; a pair scores its rank"),
    ("f", "fold: take the lowest face-up card, score it"),
    ("H", "hint: odds of a pair, what hit and fold are worth"),
    ("c", "coach: the cost of each of your decisions, on or off"),
    ("o", "odds: each player's chance to pair on a hit"),
    ("any other key", "next round; speed up the AI"),
    ("? / q Esc", "this help / quit (asks during a game)"),
    ("Ctrl-C", "quit at once"),
];

/// Smallest terminal for a table of `players`.
#[must_use]
pub(super) fn min_size(players: usize) -> (u16, u16) {
    // at most 6 seats
    let rows = players as u16;
    (64, 14 + rows)
}

/// The title line.
#[must_use]
pub(super) fn title(t: &PairsTable) -> Line<'static> {
    let v = t.game().view();
    Line::from(vec![
        Span::styled("Pairs", theme::HEADING),
        Span::raw(format!(
            "  ranks {} · lose at {} · seed {} · round {}",
            v.ranks.get(),
            v.target,
            t.seed(),
            v.round
        )),
    ])
}

/// The table itself: one line per seat, then the lowest card and the piles. While a
/// round is over it shows the table as it was before the last decision.
#[must_use]
pub(super) fn table_lines(t: &PairsTable, ascii: bool) -> Vec<Line<'static>> {
    let now = t.game().view();
    let v = t.ended().unwrap_or(&now);
    let mover = now.mover();
    let mut lines = Vec::new();
    let name_w = t
        .seats()
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4);
    for (i, seat) in t.seats().iter().enumerate() {
        let arrow = if mover == Some(i) {
            if ascii { ">" } else { "▶" }
        } else {
            " "
        };
        let kind = seat.ai().map_or_else(String::new, |k| {
            format!(" ({})", crate::seats::AiKind::name(k))
        });
        let stack: Vec<String> = v.stacks[i].iter().map(ToString::to_string).collect();
        let stack = if stack.is_empty() {
            "-".to_string()
        } else {
            stack.join(" ")
        };
        let head = format!("{arrow} {:<name_w$}{kind}", seat.name);
        let line = Line::from(vec![
            Span::raw(format!("{head:<24}")),
            Span::raw(format!("score {:>3}   ", now.scores[i])),
            Span::styled(format!("cards: {stack}"), theme::HEADING),
        ]);
        lines.push(if mover == Some(i) { line.bold() } else { line });
    }
    lines.push(Line::from(""));
    if let Some(low) = v.lowest() {
        lines.push(Line::from(format!(
            "Lowest face-up card: {low} (a fold scores {low})"
        )));
    }
    let back = if ascii { "#" } else { "▮" };
    lines.push(Line::from(vec![
        Span::raw(format!(
            "Deck {} · discards {} · burned ",
            now.deck,
            now.discards.len()
        )),
        Span::styled(back.repeat(now.burned), theme::BACK),
    ]));
    lines
}

/// The hint in a player's words (`None`: not asked for, or not the person's turn).
#[must_use]
pub(super) fn hint_lines(h: &PairsHint) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::from("Hint").style(theme::HEADING),
        Line::from(format!("A hit pairs: {:.0}%", h.pair_chance * 100.0)),
    ];
    match h.hit {
        Some(hit) => lines.push(Line::from(format!("Hit is worth {hit:+.2}"))),
        None => lines.push(Line::from("No card left: fold")),
    }
    lines.push(Line::from(format!("Fold is worth {:+.2}", h.fold)));
    let best = match (h.best, h.hit) {
        (Action::Hit, Some(hit)) => format!("Better: hit, by {:.2}", hit - h.fold),
        (_, Some(hit)) => format!("Better: fold, by {:.2}", h.fold - hit),
        (_, None) => "Better: fold".to_string(),
    };
    lines.push(Line::from(best).style(theme::GOOD));
    // One line, wrapped by the panel to its width (broken by hand, it wrapped again).
    lines.push(
        Line::from("(your expected points this round, each gain of a rival a loss to you)")
            .style(theme::DIM),
    );
    lines
}

/// The side panel: scores to lose at, then the hint.
#[must_use]
pub(super) fn panel_lines(t: &PairsTable) -> Vec<Line<'static>> {
    let v = t.game().view();
    let mut lines = vec![
        Line::from("Points lose: first to").style(theme::DIM),
        Line::from(format!("{} points loses alone.", v.target)).style(theme::DIM),
        Line::from(""),
    ];
    if let Some(odds) = t.odds() {
        lines.push(Line::from("Odds of a pair on a hit").style(theme::HEADING));
        for (i, p) in odds.iter().enumerate() {
            lines.push(Line::from(format!(
                "{:<14} {:>3.0}%",
                crate::words::shortened(&t.seats().seat(i).name, 14),
                p * 100.0
            )));
        }
        lines.push(Line::from(""));
    }
    if t.coach() {
        lines.push(Line::from("Coach").style(theme::HEADING));
        match t.coach_note() {
            Some(n) => lines.extend(coach_lines(t, n)),
            None => lines.push(Line::from("(after your decisions)").style(theme::DIM)),
        }
        lines.push(Line::from(""));
    }
    if let Some(h) = t.hint() {
        lines.extend(hint_lines(h));
    } else if t.persons_turn() {
        lines.push(Line::from("H: a hint").style(theme::DIM));
    }
    lines
}

/// The coach's lines on a decision: best, or what it cost and what was better.
#[must_use]
pub(super) fn coach_lines(t: &PairsTable, n: &CoachNote) -> Vec<Line<'static>> {
    let who = &t.seats().seat(n.seat).name;
    if n.cost() <= COST_EPSILON {
        return vec![
            Line::from(format!("{who}: {} was best", n.action.name())).style(theme::GOOD),
            Line::from(format!("({:+.2} expected)", n.value)).style(theme::DIM),
        ];
    }
    vec![
        Line::from(format!("{who}: {} cost {:.2}", n.action.name(), n.cost())).style(theme::ERROR),
        Line::from(format!(
            "{} {:+.2}, {} {:+.2}",
            n.best.name(),
            n.best_value,
            n.action.name(),
            n.value
        )),
        Line::from("(expected points this round)").style(theme::DIM),
    ]
}

/// The message line: whose turn, and the last decision.
#[must_use]
pub(super) fn message(t: &PairsTable) -> String {
    let last = t.last().map(|m| {
        let who = &t.seats().seat(m.seat).name;
        match (m.action, m.card) {
            (Action::Hit, Some(c)) => format!("{who} hit and took a {c}. "),
            (Action::Hit, None) => format!("{who} hit. "),
            (Action::Fold, _) => format!("{who} folded. "),
        }
    });
    let last = last.unwrap_or_default();
    match t.game().phase() {
        Phase::Turn { mover } if t.persons_turn() => {
            let name = &t.seats().seat(mover).name;
            format!("{last}{name}: your turn: h hit, f fold")
        }
        Phase::Turn { mover } => format!("{last}{} is thinking…", t.seats().seat(mover).name),
        Phase::RoundOver(_) => format!("{last}Round over: press a key."),
        Phase::GameOver { .. } => format!("{last}Game over."),
    }
}

/// The end-of-round window's lines.
#[must_use]
pub(super) fn round_over_lines(t: &PairsTable, v: &View) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Phase::RoundOver(end) = v.phase {
        lines.push(Line::from(t.round_words(&end)).bold());
    }
    lines.push(Line::from(""));
    lines.extend(score_lines(t, v));
    lines.push(Line::from(""));
    lines.push(Line::from("Press any key for the next round.").style(theme::DIM));
    lines
}

fn score_lines(t: &PairsTable, v: &View) -> Vec<Line<'static>> {
    t.seats()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let score = v.scores[i];
            let unit = crate::words::noun_for(u64::from(score), "point");
            Line::from(format!("{:<16} {score:>3} {unit}", s.name))
        })
        .collect()
}

/// The end-of-game window's lines.
#[must_use]
pub(super) fn game_over_lines(t: &PairsTable, v: &View) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Phase::GameOver { loser, last } = v.phase {
        if let Some(end) = last {
            lines.push(Line::from(t.round_words(&end)));
        }
        let name = &t.seats().seat(loser).name;
        let text = if t.seats().seat(loser).is_person() && t.seats().people() == 1 {
            format!("You lose: {name} reached {} points.", v.scores[loser])
        } else {
            format!("{name} loses with {} points.", v.scores[loser])
        };
        lines.push(Line::from(text).style(theme::HEADING));
    }
    lines.push(Line::from(""));
    lines.extend(score_lines(t, v));
    lines.push(Line::from(""));
    let saved = crate::app::saving::saved_words(t.saved());
    match t.saved() {
        Some(Ok(_)) => lines.push(Line::from(saved).style(theme::DIM)),
        Some(Err(_)) => lines.push(Line::from(saved).style(theme::ERROR)),
        None => {}
    }
    lines
}

/// The whole Pairs screen.
pub(super) fn draw(t: &PairsTable, ascii: bool, area: Rect, buf: &mut Buffer) {
    let [title_area, board, panel, message_area, footer] = play_areas(area);
    title(t).render(title_area, buf);
    Paragraph::new(table_lines(t, ascii))
        .render(board.inner(ratatui::layout::Margin::new(1, 1)), buf);
    Paragraph::new(panel_lines(t))
        .wrap(Wrap { trim: true })
        .render(panel.inner(ratatui::layout::Margin::new(1, 1)), buf);
    Line::from(crate::words::fit(
        &message(t),
        usize::from(message_area.width),
    ))
    .bold()
    .render(message_area, buf);
    let v = t.game().view();
    let keys = match v.phase {
        Phase::Turn { .. } => PAIRS_KEYS,
        Phase::RoundOver(_) => ROUND_OVER_KEYS,
        Phase::GameOver { .. } => GAME_OVER_KEYS,
    };
    Footer(keys, ascii).render(footer, buf);
    match v.phase {
        Phase::RoundOver(_) => {
            text_popup(area, 56, round_over_lines(t, &v), " Round over ", buf);
        }
        Phase::GameOver { .. } => {
            text_popup(area, 60, game_over_lines(t, &v), " Game over ", buf);
        }
        Phase::Turn { .. } => {}
    }
}

/// The text of whatever is on top (tests read it): the end windows, or the panel and
/// the frame.
#[must_use]
pub(super) fn window_lines(t: &PairsTable) -> Vec<Line<'static>> {
    let v = t.game().view();
    let mut lines = match v.phase {
        Phase::RoundOver(_) => round_over_lines(t, &v),
        Phase::GameOver { .. } => game_over_lines(t, &v),
        Phase::Turn { .. } => panel_lines(t),
    };
    lines.push(title(t));
    lines.push(Line::from(message(t)));
    lines
}
