//! The side panel (score, turn, rule, odds, log or hint) and the key footer.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::theme;
use crate::app::hint::{Hint, HintLine, format_value};
use crate::app::round::Round;
use crate::app::strategy::wrapped_rows;
use crate::rules::{Objective, Phase, Variant};
use crate::trainer::Unit;
use crate::words;

/// Width of the side panel.
pub(super) const PANEL_WIDTH: u16 = 27;

/// The side panel of a round.
pub(super) struct Panel<'a>(pub &'a Round);

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let round = self.0;
        let title = if round.practice() {
            " Practice game "
        } else {
            " Score "
        };
        let block = Block::bordered()
            .title(Line::from(title).bold())
            .border_style(theme::BORDER);
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(panel_lines(round, inner.height, inner.width))
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

/// The lines of a round's side panel, `height` by `width` cells inside.
pub(super) fn panel_lines(round: &Round, height: u16, width: u16) -> Vec<Line<'static>> {
    let view = round.game().view();
    {
        let mut lines = Vec::new();
        let pairs = view.pairs();
        // Every seat, the mover marked by more than colour.
        for seat in round.seat_list() {
            let moving = !view.is_over() && view.mover() == seat;
            let mark = if moving { "▶" } else { " " };
            let row = Span::raw(format!(
                "{:<14}{:>3} {}",
                truncate(&round.seat_name(seat), 14),
                pairs[seat.index()],
                words::noun_for(pairs[seat.index()].into(), view.deck().score_unit())
            ));
            lines.push(Line::from(vec![
                Span::styled(mark, theme::CURSOR),
                if moving { row.bold() } else { row },
            ]));
        }
        let phase = match view.phase() {
            Phase::FirstCard => "first card",
            Phase::SecondCard { .. } => "second card",
            Phase::Over(_) => "game over",
        };
        // Once over, the turns taken (as the end screen counts them), not the next one.
        // A turn is two cards, as the replay and `analyze` number them.
        lines.push(Line::from(if view.is_over() {
            format!("{} · {phase}", words::count(view.turns(), "turn"))
        } else {
            format!("Turn {} · {phase}", view.turns() + 1)
        }));
        lines.push(Line::from(format!(
            "Pairs left {} · {}",
            round.pairs_left(),
            round.memory().name()
        )));
        let rule = round.config().pass_rule;
        let objective = if round.seat_count() > 2 {
            "own pairs".to_owned()
        } else {
            round.config().objective.to_string()
        };
        lines.push(Line::from(vec![
            Span::raw("Rule "),
            Span::styled(rule.name(), theme::HEADING),
            Span::raw(format!(" · {objective}")),
        ]));
        if round.config().variant == Variant::OneFlip {
            lines.push(Line::from("One Flip: no turn again"));
        }
        if let Some(rule) = round.rules().rule_line() {
            // Wrapped here, so that the rows left for the hint are counted right.
            lines.extend(
                words::wrap(rule, usize::from(width))
                    .into_iter()
                    .map(Line::from),
            );
        }
        if let Some(v) = round.odds() {
            let who = if round.is_watch() || round.people() > 1 {
                round.seat_name(round.person())
            } else {
                "You".into()
            };
            // The odds assume every side plays optimally from here, whoever the AI is.
            lines.push(Line::from(Span::styled(ASSUMPTION, theme::DIM)));
            if round.seat_count() > 2 {
                lines.push(Line::from(format!("{who}: {v:.2} more pairs")));
            } else {
                let objective = round.config().objective;
                let what = match objective {
                    Objective::Win => "chance to win",
                    _ => "final margin",
                };
                lines.push(Line::from(format!(
                    "{who}: {what} {}",
                    format_value(objective, v)
                )));
            }
        }
        lines.push(Line::from(""));
        if let Some(q) = round.tutor_question() {
            // The tutor's question, and its why once asked for, before all else.
            lines.push(Line::from(Span::styled("Tutor", theme::HEADING)));
            let why = round.tutor_why().unwrap_or_default();
            for text in std::iter::once(&q.question).chain(why) {
                lines.extend(
                    words::wrap(text, usize::from(width))
                        .into_iter()
                        .map(Line::from),
                );
            }
            return lines;
        }
        if let Some(note) = round.coach_note() {
            // The coach's word stays until the person's next decision, in the rows the
            // hint's best choice leaves it: shortened, or left to the message line
            // (which says it whole) when not even a row is free.
            let hint = round
                .hint()
                .map_or(0, |h| hint_needs(h, usize::from(width), round.show_codes()));
            let free = usize::from(height).saturating_sub(lines.len() + hint);
            lines.extend(coach_lines(note, usize::from(width), free));
        }
        if let Some(h) = round.hint() {
            let room = usize::from(height).saturating_sub(lines.len());
            lines.extend(hint_lines(h, usize::from(width), room, round.show_codes()));
        } else {
            lines.push(Line::from(Span::styled("Last turns", theme::HEADING)));
            let room = usize::from(height).saturating_sub(lines.len());
            let log = round.log();
            for l in &log[log.len().saturating_sub(room)..] {
                lines.push(Line::from(truncate(l, usize::from(width))));
            }
        }
        if let Some(note) = round.solver_note() {
            lines.push(Line::from(Span::styled(note.to_string(), theme::DIM)));
        }
        lines
    }
}

/// The coach's word in at most `rows` rows of `width` cells, under its heading: whole
/// if it fits, else its first rows with the last one ending in `…`; nothing when fewer
/// than two rows (the heading and one) are free.
fn coach_lines(note: &str, width: usize, rows: usize) -> Vec<Line<'static>> {
    if rows < 2 {
        return Vec::new();
    }
    let mut text = words::wrap(note, width);
    if text.len() > rows - 1 {
        text.truncate(rows - 1);
        if let Some(last) = text.last_mut() {
            let keep = width.saturating_sub(1).min(last.chars().count());
            *last = format!("{}…", truncate(last, keep).trim_end());
        }
    }
    let mut out = vec![Line::from(Span::styled("Coach", theme::HEADING))];
    out.extend(text.into_iter().map(Line::from));
    out
}

/// The rows a hint needs at the least: its heading (and caption), the best choice
/// whole, the row that counts the others, and the idea.
fn hint_needs(h: &Hint, width: usize, codes: bool) -> usize {
    let best = h
        .lines
        .iter()
        .find(|l| l.action == h.best)
        .map_or(0, |l| action_rows(h, l, width, codes).len());
    let caption = usize::from(value_caption(h.unit).is_some());
    let more = usize::from(h.lines.len() > 1);
    let idea = h
        .idea
        .as_ref()
        .map_or(0, |i| idea_rows(&i.title, width).len());
    1 + caption + best + more + idea
}

/// The idea's name, as the hint's last rows.
fn idea_rows(title: &str, width: usize) -> Vec<String> {
    words::wrap(&format!("Idea: {title} (w: why)"), width)
}

/// One choice of a hint: its value and cost (with the code when asked for) after the
/// mark column, then its words wrapped below.
fn action_rows(h: &Hint, l: &HintLine, width: usize, codes: bool) -> Vec<Line<'static>> {
    let style = if l.action == h.best {
        theme::HINTED
    } else {
        ratatui::style::Style::new()
    };
    // The best choice is marked by more than colour.
    let mark = if l.action == h.best { "▶" } else { " " };
    let mut head = format!("{} {}", h.value_text(l.value), h.cost_text(l));
    if codes {
        head = format!("{head} · {}", l.model);
    }
    // The mark column stays: wrapping would take a leading space for a gap.
    let mut block: Vec<Line<'static>> = words::wrap(&head, width.saturating_sub(1))
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let mark = if i == 0 { mark } else { " " };
            Line::from(Span::styled(format!("{mark}{r}"), style))
        })
        .collect();
    block.extend(
        words::wrap(&l.words, width.saturating_sub(1))
            .into_iter()
            .map(|r| Line::from(format!(" {r}"))),
    );
    block
}

/// The hint in at most `room` rows of `width` cells: for each action (best first) its
/// value and cost, then its words wrapped below; the idea's name last. Actions that do
/// not fit are counted in a last row that points to the Why window (`w`).
fn hint_lines(h: &Hint, width: usize, room: usize, codes: bool) -> Vec<Line<'static>> {
    let mut out = vec![Line::from(Span::styled(
        format!("Hint {ASSUMPTION}"),
        theme::HEADING,
    ))];
    // A percentage says what it is; a bare `1.73` or `+0.42` does not.
    if let Some(caption) = value_caption(h.unit) {
        out.push(Line::from(Span::styled(caption, theme::DIM)));
    }
    let mut idea = h.idea.as_ref().map(|i| idea_rows(&i.title, width));
    for (i, l) in h.lines.iter().enumerate() {
        let mut block = action_rows(h, l, width, codes);
        let left = h.lines.len() - i;
        let more = usize::from(left > 1);
        if l.action == h.best && out.len() + block.len() + more + idea_len(idea.as_ref()) > room {
            // The best choice comes first and always shows: the idea's name gives way
            // (`w` still has it), then the choice's last rows.
            idea = None;
            block.truncate(room.saturating_sub(out.len() + more).max(1));
        }
        if out.len() + block.len() + more + idea_len(idea.as_ref()) > room {
            out.push(Line::from(Span::styled(
                // One row, as reserved: `w` shows every choice.
                format!("+{} · w", words::count_of(left, "more choice")),
                theme::DIM,
            )));
            break;
        }
        out.extend(block);
    }
    if let Some(idea) = idea {
        out.extend(
            idea.into_iter()
                .map(|r| Line::from(Span::styled(r, theme::HEADING))),
        );
    }
    out
}

/// Rows the idea's name takes, if it is shown.
fn idea_len(idea: Option<&Vec<String>>) -> usize {
    idea.map_or(0, Vec::len)
}

/// The Why window: every action in full, with its value, cost and what it does this
/// turn, then the idea behind the best one in a line drawn from these numbers.
#[must_use]
pub(super) fn why_lines(h: &Hint, codes: bool) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for l in &h.lines {
        let style = if l.action == h.best {
            theme::HINTED
        } else {
            ratatui::style::Style::new()
        };
        let code = if codes {
            format!(" [{}]", l.model)
        } else {
            String::new()
        };
        out.push(Line::from(Span::styled(
            format!(
                "{} {} · {}{code}",
                h.value_text(l.value),
                h.cost_text(l),
                l.words
            ),
            style,
        )));
        out.push(Line::from(Span::styled(
            format!("  {}", l.numbers),
            theme::DIM,
        )));
    }
    if let Some(idea) = &h.idea {
        out.push(Line::from(""));
        out.push(Line::from(Span::styled(idea.line.clone(), theme::HEADING)));
    }
    out
}

/// What a hint's values count, where the number alone does not say it.
fn value_caption(unit: Unit) -> Option<&'static str> {
    match unit {
        Unit::Objective(Objective::Win) => None,
        Unit::Objective(Objective::Margin) => Some("final margin, with score"),
        Unit::Objective(Objective::Moves) => Some("in moves still to make"),
        Unit::OwnPairs => Some("in pairs still to take"),
    }
}

/// What hints and odds assume: both sides play optimally from here on.
pub(super) const ASSUMPTION: &str = "vs optimal play";

/// The first `n` characters of `s`.
pub(super) fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A window of `w` by `h` cells (at most the area) in the middle of `area`, cleared and
/// framed with `title`; returns its inside.
pub(super) fn popup(area: Rect, w: u16, h: u16, title: &str, buf: &mut Buffer) -> Rect {
    let r = area.centered(
        Constraint::Length(w.min(area.width)),
        Constraint::Length(h.min(area.height)),
    );
    Clear.render(r, buf);
    let block = Block::bordered()
        .title(Line::from(title.to_owned()).bold())
        .border_style(theme::HEADING);
    let inner = block.inner(r);
    block.render(r, buf);
    inner
}

/// The text of a line, without its styles.
#[must_use]
pub(super) fn plain(line: &Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// The height of a framed window `width` wide holding `lines` once word-wrapped.
pub(super) fn text_height(width: u16, lines: &[Line]) -> u16 {
    let inner = usize::from(width.saturating_sub(2));
    let rows: usize = lines.iter().map(|l| wrapped_rows(&plain(l), inner)).sum();
    u16::try_from(rows + 2).unwrap_or(u16::MAX)
}

/// A window at most `w` wide, as tall as `lines` need once word-wrapped (at most the
/// area), in the middle of `area`, with `lines` in it: no line is cut at its border
/// while the area has room for them.
pub(super) fn text_popup(
    area: Rect,
    w: u16,
    lines: Vec<Line<'static>>,
    title: &str,
    buf: &mut Buffer,
) {
    let width = w.min(area.width);
    let mut lines = lines;
    if text_height(width, &lines) > area.height {
        // Short of room: the blank lines go first.
        lines.retain(|l| l.width() > 0);
    }
    let height = text_height(width, &lines);
    let inside = popup(area, width, height, title, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(inside, buf);
}

/// The key footer: pairs of key and what it does; with `true`, for ASCII glyphs.
pub(super) struct Footer<'a>(pub &'a [(&'a str, &'a str)], pub bool);

impl Footer<'_> {
    /// The footer's one line.
    #[must_use]
    pub(super) fn line(&self) -> Line<'static> {
        if self.1 {
            // A one-character stand-in for ⏎ would not name a key: say Enter.
            let keys: Vec<(&str, &str)> = self
                .0
                .iter()
                .map(|&(k, what)| (if k == "⏎" { "Enter" } else { k }, what))
                .collect();
            key_line(&keys, 2)
        } else {
            key_line(self.0, 2)
        }
    }
}

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.line().render(area, buf);
    }
}

/// Keys and what they do on one line, `gap` spaces between two.
pub(super) fn key_line(keys: &[(&str, &str)], gap: usize) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" ".repeat(gap)));
        }
        spans.push(Span::styled((*key).to_owned(), theme::KEY));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
}

/// Keys and what they do, a line each, the keys in a column as wide as the widest key
/// (the help windows).
pub(super) fn key_rows(keys: &[(&str, &str)]) -> Vec<Line<'static>> {
    let w = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    keys.iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{k:<w$}"), theme::KEY),
                Span::raw((*what).to_owned()),
            ])
        })
        .collect()
}

/// Footer keys during a game.
pub(super) const PLAY_KEYS: &[(&str, &str)] = &[
    ("←↑↓→", "move"),
    ("⏎", "turn"),
    ("H", "hint"),
    ("o", "odds"),
    ("?", "help"),
    ("n", "new"),
    ("q", "quit"),
];

/// Footer keys of a room's game (`concentration serve`): no hints, odds or help among
/// people, and `q` leaves the room.
pub(super) const ROOM_KEYS: &[(&str, &str)] = &[("←↑↓→", "move"), ("⏎", "turn"), ("q", "leave")];

/// Footer keys of a room's game once it is over.
pub(super) const ROOM_END_KEYS: &[(&str, &str)] =
    &[("n", "new deal"), ("r", "same deal"), ("q", "leave")];

/// Footer keys while the tutor asks before a costly decision.
pub(super) const TUTOR_KEYS: &[(&str, &str)] = &[
    ("y", "turn it"),
    ("n Esc", "take it back"),
    ("w", "why"),
    ("?", "help"),
];

/// Whether `H` (hints) does anything in `round`: the hints come from the table's solver
/// (two-player, or own-pairs at three or more seats), as the odds do. The footer asks
/// this, not the seat count.
#[must_use]
pub(super) fn hints_available(round: &Round) -> bool {
    round.odds_offered()
}

/// The footer keys of a game in progress: `keys` (playing or watching) without those
/// that would do nothing at this table.
#[must_use]
pub(super) fn keys_offered(
    round: &Round,
    keys: &'static [(&'static str, &'static str)],
) -> Vec<(&'static str, &'static str)> {
    if round.tutor_question().is_some() {
        return TUTOR_KEYS.to_vec();
    }
    keys.iter()
        .copied()
        .filter(|&(key, _)| match key {
            "H" => hints_available(round),
            "o" => round.odds_offered(),
            _ => true,
        })
        .collect()
}

/// Footer keys while watching.
pub(super) const WATCH_KEYS: &[(&str, &str)] = &[
    ("space", "faster"),
    ("o", "odds"),
    ("?", "help"),
    ("n", "new"),
    ("q", "quit"),
];
