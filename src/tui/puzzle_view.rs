//! Drawing the puzzle screen: the table, the panel (score, rule, objective, tally), the
//! situation, and after the answer every action's value and the reason. Reads only.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::board::BoardView;
use super::panel::{Footer, key_line, text_popup};
use super::theme;
use crate::analysis::annotate::show_cost;
use crate::app::puzzle::{Counted, Drill};
use crate::rules::{Objective, Phase};
use crate::trainer::strategy::{score_words, situation};
use crate::trainer::{numbers_line, ties};

/// Footer keys before the answer.
pub(super) const PUZZLE_KEYS: &[(&str, &str)] = &[
    ("←↑↓→", "move"),
    ("⏎", "turn"),
    ("n", "skip"),
    ("?", "help"),
    ("q", "quit"),
];

/// Footer keys after the answer.
pub(super) const ANSWERED_KEYS: &[(&str, &str)] = &[
    ("n", "next puzzle"),
    ("L", "strategy"),
    ("?", "help"),
    ("q", "quit"),
];

/// Footer keys after a wrong answer.
pub(super) const MISSED_KEYS: &[(&str, &str)] = &[
    ("r", "try again"),
    ("n", "next puzzle"),
    ("L", "strategy"),
    ("?", "help"),
    ("q", "quit"),
];

/// Every key of the puzzle screen, for the help window.
pub(super) const PUZZLE_HELP: &[(&str, &str)] = &[
    ("← ↑ ↓ → / h j k l", "move the cursor"),
    ("Enter Space click", "turn the card you think best"),
    ("n", "next puzzle (skips one not answered)"),
    (
        "r",
        "after a wrong answer: try the same puzzle again (not counted)",
    ),
    ("?", "this help"),
    ("q / Esc", "quit"),
];

/// The title line.
#[must_use]
pub(super) fn title(drill: &Drill) -> Line<'static> {
    let r = drill.rules();
    if let Some(played) = drill.played() {
        return Line::from(vec![
            Span::styled("Concentration review", theme::HEADING),
            Span::raw(format!(
                "  {} · your decision {} of {} · turn {}",
                r.deck.name(),
                drill.number(),
                drill.review_len(),
                played.turn
            )),
        ]);
    }
    let mut run = match drill.daily() {
        Some(d) => d.to_string(),
        None => format!("seed {}", drill.seed()),
    };
    if let Some(clock) = drill.clock() {
        run = format!("timed run of {} min · {run}", clock.minutes);
    }
    Line::from(vec![
        Span::styled("Concentration puzzle", theme::HEADING),
        Span::raw(format!(
            "  {} · {run} · puzzle {}",
            r.deck.name(),
            drill.number()
        )),
    ])
}

/// The table: seen cards face up (everyone remembers them; in a recall drill face down,
/// as the game had them), the card turned this turn highlighted, after the answer the
/// best cards marked.
#[must_use]
pub(super) fn board(drill: &Drill) -> BoardView<'_> {
    let answered = drill.answer().is_some();
    BoardView {
        game: drill.game(),
        turned: match drill.game().view().phase() {
            Phase::SecondCard { .. } => {
                let flips = drill.game().view().flips();
                std::slice::from_ref(&flips[flips.len() - 1].position)
            }
            _ => &[],
        },
        open: !drill.recall(),
        reveal: false,
        hinted: if answered {
            drill.lesson().best().named.cards.as_slice()
        } else {
            &[]
        },
        cursor: (!answered).then_some(drill.cursor),
        swapping: None,
        live: None,
    }
}

fn goal(objective: Objective) -> &'static str {
    match objective {
        Objective::Margin => "end the most pairs ahead",
        _ => "win (a draw counts half)",
    }
}

/// The panel's lines: the puzzle, the score, the rule, the objective, the situation
/// and the tally.
#[must_use]
pub(super) fn panel_lines(drill: &Drill) -> Vec<Line<'static>> {
    let view = drill.game().view();
    let p = drill.puzzle();
    let rule = p.rules.pass_rule;
    let t = drill.tally();
    let heading = match drill.played() {
        Some(played) => format!("Your game · turn {}", played.turn),
        None => match drill.step_words() {
            Some(step) => format!(
                "Puzzle {} · {} · {step}",
                drill.number(),
                p.difficulty.name()
            ),
            None => format!("Puzzle {} · {}", drill.number(), p.difficulty.name()),
        },
    };
    let mut lines = vec![
        Line::from(Span::styled(heading, theme::HEADING)),
        Line::from(format!("Score: {}", score_words(view))),
        Line::from(format!("Rule: {}: {}", rule.name(), rule.explanation())),
        Line::from(format!("Goal: {}", goal(p.rules.objective))),
        Line::from(""),
        Line::from(situation(view)).bold(),
        Line::from(""),
    ];
    if let Some(played) = drill.played() {
        // The record it comes from; a review is not counted in the tally.
        // Minutes are enough to know the game again, and fit the panel.
        let when: String = played.when.chars().take(16).collect();
        lines.push(Line::from(format!("Played {}", crate::words::shown(&when))));
        if drill.is_scheduled() {
            lines.push(Line::from("Spaced schedule: on"));
        }
        if drill.recall() {
            lines.push(Line::from(""));
            lines.push(Line::from(crate::trainer::review::RECALL).bold());
        }
        return lines;
    }
    lines.push(Line::from(format!(
        "Streak {} · solved {} of {}",
        t.streak, t.all.solved, t.all.tried
    )));
    if let Some((book, _)) = drill.rating().filter(|(b, _)| b.rated > 0) {
        lines.push(Line::from(format!(
            "Rating {:.0} ± {:.0}",
            book.rating.rating,
            2.0 * book.rating.deviation
        )));
    }
    if let Some(clock) = drill.clock() {
        lines.insert(
            1,
            Line::from(format!("Time left {}", clock.left_text())).bold(),
        );
        lines.insert(
            2,
            Line::from(format!(
                "This run: {} of {} solved",
                clock.solved, clock.tried
            )),
        );
    }
    lines
}

/// The window at the end of a timed run.
#[must_use]
pub(super) fn time_up_lines(drill: &Drill) -> Vec<Line<'static>> {
    let Some(clock) = drill.clock() else {
        return Vec::new();
    };
    let Some(result) = &clock.result else {
        return Vec::new();
    };
    let mut lines = vec![
        Line::from(Span::styled("Time is up", theme::HEADING)).centered(),
        Line::from(""),
        Line::from(format!(
            "{} solved of {} in {}",
            clock.solved,
            clock.tried,
            crate::words::count(clock.minutes, "minute")
        ))
        .centered(),
    ];
    lines.push(
        match result {
            Ok((_, true)) => Line::from(Span::styled("A new best!", theme::GOOD)),
            Ok((best, false)) => Line::from(format!("Your best: {best}")),
            Err(e) => Line::from(format!("not saved: {e}")),
        }
        .centered(),
    );
    lines.push(Line::from(""));
    lines.push(key_line(&[("q", "quit")], 3).centered());
    lines
}

/// The answer window's lines: right or wrong and what it cost, every action with its
/// value, cost and numbers, the idea, and the tally.
#[must_use]
pub(super) fn answer_lines(drill: &Drill) -> Vec<Line<'static>> {
    let Some(answer) = drill.answer() else {
        return Vec::new();
    };
    let view = drill.game().view();
    let lesson = drill.lesson();
    let objective = drill.rules().objective;
    let chosen = lesson.find(answer.action);
    // Values and costs as the list prints them: each cost the difference of the values
    // as printed.
    let printed = lesson.compared(objective);
    let mut lines = vec![if answer.right {
        Line::from(Span::styled("Right: the best card", theme::GOOD)).centered()
    } else {
        Line::from(Span::styled(
            format!(
                "Not the best: your choice costs {}",
                chosen.map_or_else(
                    || show_cost(objective, answer.cost),
                    |c| printed.cost_words(c.value)
                )
            ),
            theme::ERROR,
        ))
        .centered()
    }];
    if let Some(c) = chosen {
        lines.push(Line::from(format!("You: {}", c.named.text)).centered());
    }
    if let Some(line) = drill.played_line() {
        lines.push(Line::from(line).centered());
    }
    lines.push(Line::from(""));
    for e in &lesson.actions {
        let best = ties(e.cost, 0.0);
        let mark = if e.action == answer.action {
            "▶ "
        } else {
            "  "
        };
        let style = if best { theme::GOOD } else { Style::new() };
        let cost = if best {
            "best".to_string()
        } else {
            format!("costs {}", printed.cost_words(e.value))
        };
        lines.push(Line::from(vec![
            Span::raw(mark),
            Span::styled(e.named.text.clone(), style),
            Span::raw(format!(": {} ({cost})", printed.words(e.value))),
        ]));
        lines.push(Line::from(format!("  {}", numbers_line(view, e))).style(theme::DIM));
    }
    lines.push(Line::from(""));
    if let Some(idea) = &lesson.idea {
        lines.push(Line::from(idea.line.clone()));
    }
    if let Some(line) = drill.puzzle().control_line(lesson)
        && !drill.is_review()
    {
        lines.push(Line::from(line));
    }
    let keys = if answer.right {
        ANSWERED_KEYS
    } else {
        MISSED_KEYS
    };
    if drill.is_review() {
        lines.push(key_line(keys, 3).centered());
        return lines;
    }
    let t = drill.tally();
    let saved = match drill.counted() {
        Some(Counted::Saved(_, None)) => String::new(),
        Some(Counted::Saved(_, Some(w))) => format!(" · {w}"),
        Some(Counted::Session(_)) | None => " · not saved".to_string(),
        Some(Counted::Failed(e)) => format!(" · not saved: {e}"),
    };
    lines.push(
        Line::from(format!(
            "Streak {} (best {}) · solved {} of {}{saved}",
            t.streak, t.best_streak, t.all.solved, t.all.tried
        ))
        .centered(),
    );
    if let Some((book, Some(change))) = drill.rating() {
        lines.push(
            Line::from(format!(
                "Puzzle rated {:.0} · your rating {:.0} ({})",
                drill.puzzle().rating,
                book.rating.rating,
                crate::words::signed(change, 0)
            ))
            .centered(),
        );
    }
    lines.push(key_line(keys, 3).centered());
    lines
}

/// The whole puzzle screen in `areas` (title, board, panel, message, footer).
pub(super) fn draw(drill: &Drill, ascii: bool, areas: [Rect; 5], full: Rect, buf: &mut Buffer) {
    let [title_area, board_area, panel, message, footer] = areas;
    title(drill).render(title_area, buf);
    board(drill).render(board_area, buf);
    let block = Block::bordered()
        .title(
            Line::from(if drill.is_review() {
                " Review "
            } else {
                " Puzzle "
            })
            .bold(),
        )
        .border_style(theme::BORDER);
    let inner = block.inner(panel);
    block.render(panel, buf);
    Paragraph::new(panel_lines(drill))
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    Line::from(drill.message().to_string())
        .bold()
        .render(message, buf);
    let keys = match drill.answer() {
        None => PUZZLE_KEYS,
        Some(a) if !a.right && drill.clock().is_none() => MISSED_KEYS,
        Some(_) => ANSWERED_KEYS,
    };
    Footer(keys, ascii).render(footer, buf);
    if drill.answer().is_some() {
        text_popup(full, 78, answer_lines(drill), " The answer ", buf);
    }
    if drill.clock().is_some_and(|c| c.result.is_some()) {
        text_popup(full, 50, time_up_lines(drill), " Timed run ", buf);
    }
}
