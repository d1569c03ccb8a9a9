//! Drawing the replay screen (board after each flip, annotation, value chart, summary)
//! and the list of saved games. Reads only.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Clear, Dataset, GraphType, Paragraph, Widget, Wrap};

use super::board::{BoardView, Geometry};
use super::panel::{ASSUMPTION, Footer, PANEL_WIDTH, text_height, text_popup};
use super::theme;
use crate::analysis::annotate::{Class, show_compared, show_cost, show_cost_short, show_two};
use crate::app::replay::Replay;
use crate::app::replay::summary::{SummaryLine, summary_lines};
use crate::model::Unit;
use crate::record::{Record, coordinate, face_text, result_text, seat_letter};
use crate::rules::{Game, Objective};
use crate::words;

/// Height of the value chart.
const CHART_HEIGHT: u16 = 7;
/// Widest the summary window gets.
const SUMMARY_WIDTH: u16 = 78;

/// Footer keys of the replay (every key is in the help window, `?`).
pub(super) const REPLAY_KEYS: &[(&str, &str)] = &[
    ("←→", "flip"),
    ("↑↓", "turn"),
    ("[]", "mistake"),
    ("Tab", "whose"),
    ("⏎", "auto"),
    ("s", "summary"),
    ("?", "keys"),
    ("q", "back"),
];

/// Smallest terminal the replay of a table laid out as `board` needs.
#[must_use]
pub(super) fn min_size(board: &crate::rules::Board, ascii: bool) -> (u16, u16) {
    let (w, h) = Geometry::min_size(board);
    // The footer is one line: as wide as its keys, so none is cut.
    let keys = u16::try_from(Footer(REPLAY_KEYS, ascii).line().width()).unwrap_or(u16::MAX);
    ((w + PANEL_WIDTH).max(keys), (h + CHART_HEIGHT + 4).max(20))
}

fn class_style(class: Class) -> Style {
    match class {
        Class::Best => theme::GOOD,
        Class::Inaccuracy => theme::KEY,
        Class::Mistake | Class::Blunder => theme::ERROR,
    }
}

/// The replay screen.
pub(super) fn replay(replay: &Replay, ascii: bool, area: Rect, buf: &mut Buffer) {
    let [title, middle, chart, message, footer] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(4),
        Constraint::Length(CHART_HEIGHT),
        Constraint::Length(2),
        Constraint::Length(1),
    ]));
    let [board, panel] = middle.layout(&Layout::horizontal([
        Constraint::Min(1),
        Constraint::Length(PANEL_WIDTH),
    ]));
    self::title(replay).render(title, buf);
    let stepper = replay.stepper();
    let turned = replay.turned();
    let best = replay.decision().map(|d| d.best_cards).unwrap_or_default();
    BoardView {
        game: stepper.game(),
        turned: &turned,
        open: true,
        reveal: stepper.at_end() && stepper.game().view().is_over(),
        hinted: &best,
        cursor: None,
        swapping: None,
        live: stepper.game().view().live(),
    }
    .render(board, buf);
    super::board::field_names(stepper.game(), board, buf, |seat| {
        format!("{} {}'s", seat_letter(seat), replay.record().player(seat))
    });
    side_panel(replay, panel, buf);
    value_chart(replay, chart, buf);
    Paragraph::new(message_line(replay))
        .wrap(Wrap { trim: true })
        .render(message, buf);
    Footer(REPLAY_KEYS, ascii).render(footer, buf);
    if replay.summary {
        summary(replay, area, chart, buf);
    }
}

/// The replay's title: the deal, who played, when.
#[must_use]
pub(super) fn title(replay: &Replay) -> Line<'static> {
    let r = replay.record();
    let who = if r.is_solitaire() {
        match r.challenge {
            Some(c) => format!("solitaire ({c})"),
            None => "solitaire".to_owned(),
        }
    } else {
        let names: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
        names.join(" vs ")
    };
    let mut head = vec![
        Span::styled("Replay", theme::HEADING),
        Span::raw(format!(
            "  {} · seed {} · {who} · {}",
            r.deck, r.seed, r.date
        )),
    ];
    if r.practice {
        head.push(Span::styled("  PRACTICE", theme::ERROR));
    }
    if replay.auto() {
        head.push(Span::styled("  ▶ auto", theme::KEY));
    }
    Line::from(head)
}

fn side_panel(replay: &Replay, area: Rect, buf: &mut Buffer) {
    let stepper = replay.stepper();
    let at = stepper.at();
    let turn = if at == 0 { 0 } else { stepper.turn_of(at - 1) };
    let block = Block::bordered()
        .title(Line::from(format!(" Flip {at}/{} · turn {turn} ", stepper.len())).bold())
        .border_style(theme::BORDER);
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines = panel_lines(replay);
    if text_height(area.width, &lines) > area.height {
        // Short of room (two players' accuracy): the blank lines go first.
        lines.retain(|l| l.width() > 0);
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The text of the replay's panel, message line and summary window (when open), a line
/// each before wrapping.
#[must_use]
pub(super) fn window_lines(replay: &Replay) -> Vec<Line<'static>> {
    if replay.summary {
        return summary_window(replay);
    }
    let mut lines = panel_lines(replay);
    lines.push(message_line(replay));
    lines
}

/// The summary window's last line.
const CLOSES: &str = "Any key closes this window.";

/// The lines of the replay's side panel.
fn panel_lines(replay: &Replay) -> Vec<Line<'static>> {
    let stepper = replay.stepper();
    let view = stepper.game().view();
    let at = stepper.at();
    let r = replay.record();
    let pairs = view.pairs();
    let mut lines = Vec::new();
    for seat in r.all_seats() {
        let mark = if !view.is_over() && view.mover() == seat {
            "▶"
        } else {
            " "
        };
        let name: String = format!("{} {}", seat_letter(seat), r.player(seat))
            .chars()
            .take(14)
            .collect();
        lines.push(Line::from(vec![
            Span::styled(mark, theme::CURSOR),
            Span::raw(format!(
                "{name:<14}{:>3} {}",
                pairs[seat.index()],
                words::noun_for(pairs[seat.index()].into(), view.deck().score_unit())
            )),
        ]));
    }
    if r.is_solitaire() {
        let free = if !r.solo_rule.is_free() {
            ""
        } else {
            " counted"
        };
        lines.push(Line::from(format!(
            "  {}{free} · {}",
            words::count(r.counted_moves(stepper.game()), "move"),
            words::count(view.misses(), "miss")
        )));
    }
    if at == 0 {
        lines.push(Line::from("Start of the game"));
    } else {
        let flip = view.flips()[at - 1];
        let deck = view.deck();
        let mut last = vec![Span::raw(format!(
            "{} {}: {} {}",
            seat_letter(flip.seat),
            r.player(flip.seat),
            coordinate(deck, flip.position),
            face_text(deck, flip.card)
        ))];
        if let (Some(a), Some(grade)) = (replay.current(), replay.grade(at - 1)) {
            last.push(Span::raw(" · "));
            last.push(Span::styled(grade.name(), class_style(a.class)));
        }
        lines.push(Line::from(last));
        // A memory slip names what was forgotten and when it was seen.
        if let Some(slip) = replay.slip_words(at - 1) {
            lines.push(Line::from(Span::styled(slip, class_style(Class::Mistake))));
        }
    }
    // The decision the board is at, its class first: the lines most worth keeping when
    // the panel is short.
    if let (Some(d), Some(an)) = (replay.decision(), replay.analysis()) {
        lines.push(Line::from(vec![
            Span::styled(
                format!("Next: {} {} · ", seat_letter(d.seat), r.player(d.seat)),
                theme::HEADING,
            ),
            Span::styled(d.grade.name(), class_style(d.class)),
        ]));
        if d.played_best {
            let (best_value, _) = show_two(an.objective, d.best_value, d.value);
            lines.push(Line::from(format!(
                "best, played: {} ({best_value})",
                d.best
            )));
        } else {
            // The cost is the difference of the two values as printed.
            let (best_value, played_value, cost) =
                show_compared(an.objective, d.best_value, d.value);
            lines.push(Line::from(format!("best: {} ({best_value})", d.best)));
            lines.push(Line::from(format!(
                "played: {} ({played_value}) · cost {cost}",
                d.played
            )));
        }
    }
    if let Some(judgement) = replay.judgement() {
        let an = &judgement.analysis;
        let seat = an.curve_seat();
        let v = an.curve_for_focus()[at.min(an.curve.len() - 1)];
        let value = an.show(v);
        // The value assumes optimal play from this flip on, whoever played the game.
        lines.push(Line::from(Span::styled(
            assumption(an.objective),
            theme::DIM,
        )));
        lines.push(Line::from(match an.objective {
            _ if an.unit() == Unit::OwnPairs => {
                format!("Expected pairs for {}: {value}", r.player(seat))
            }
            Objective::Win => format!("{}: chance to win {value}", r.player(seat)),
            Objective::Margin => format!("Margin for {}: {value}", r.player(seat)),
            // Moves so far plus the expected rest.
            Objective::Moves => format!("Expected: {value}"),
        }));
        lines.push(Line::from(Span::styled(
            "Accuracy · cost/decision",
            theme::HEADING,
        )));
        for seat in replay.seats() {
            let s = judgement.figures(seat);
            let name: String = r.player(seat).chars().take(7).collect();
            // The same words as the summary window: one cost, stated one way.
            let text = if s.flips == 0 {
                format!("{name:<8}no flips")
            } else if s.decisions == 0 {
                // Accuracy counts real choices only: with none, there is none to show.
                format!("{name:<8}all forced")
            } else {
                format!(
                    "{name:<8}{:>4} {}",
                    words::percent(s.accuracy(), 0),
                    if an.unit() == Unit::OwnPairs {
                        show_cost(an.objective, s.mean_cost)
                    } else {
                        show_cost_short(an.objective, s.mean_cost)
                    }
                )
            };
            lines.push(Line::from(text));
        }
    } else {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            replay.note().to_owned(),
            theme::DIM,
        )));
    }
    lines
}

/// Every seat's pairs: `you 3 – 1 optimal` for two seats, `ann 2 · bob 1 · cy 1` for more.
fn score_line(r: &Record, game: &Game) -> String {
    let pairs = game.view().pairs();
    if let [a, b] = pairs[..] {
        return format!("{} {a} – {b} {}", r.players[0], r.players[1]);
    }
    r.players
        .iter()
        .zip(pairs.iter())
        .map(|(p, n)| format!("{p} {n}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn message_line(replay: &Replay) -> Line<'static> {
    let stepper = replay.stepper();
    let at = stepper.at();
    if let Some(note) = replay.jump_note() {
        return Line::from(note.to_owned()).style(theme::DIM);
    }
    if stepper.at_end() && (at > 0 || stepper.game().view().is_over()) {
        let game = stepper.game();
        let r = replay.record();
        let score = score_line(r, game);
        let (moves, misses) = (
            words::count(r.counted_moves(game), "move"),
            words::count(game.view().misses(), "miss"),
        );
        let text = if r.is_solitaire() {
            if game.view().is_over() {
                format!("End of the game: cleared in {moves} ({misses}) · s shows the summary")
            } else {
                format!("The game was left unfinished after {moves} ({misses})")
            }
        } else if game.view().is_over() {
            format!(
                "End of the game: {} · {score} · s shows the summary",
                result_text(game),
            )
        } else {
            format!("The game was left unfinished at {score}")
        };
        return Line::from(text).bold();
    }
    match (replay.current(), replay.analysis()) {
        (Some(a), Some(an)) => Line::from(an.explain(replay.full(), a)).style(class_style(a.class)),
        _ if at == 0 => {
            Line::from("→ next flip, ↓ next turn, Enter plays it all").style(theme::DIM)
        }
        _ => Line::from(replay.note().to_owned()).style(theme::DIM),
    }
}

fn value_chart(replay: &Replay, area: Rect, buf: &mut Buffer) {
    let Some(an) = replay.analysis() else {
        Block::bordered()
            .title(" Chart ")
            .border_style(theme::BORDER)
            .render(area, buf);
        return;
    };
    let r = replay.record();
    let seat = an.curve_seat();
    let win = an.objective == Objective::Win;
    let scale = if win { 100.0 } else { 1.0 };
    let curve: Vec<(f64, f64)> = an
        .curve_for_focus()
        .iter()
        .enumerate()
        .map(|(i, &v)| (as_f64(i), v * scale))
        .collect();
    let at = replay.stepper().at().min(curve.len() - 1);
    let here = [curve[at]];
    // A margin is drawn around 0; a move count only over the range it takes.
    let floor = if an.objective == Objective::Moves {
        curve.first().map_or(0.0, |p| p.1)
    } else {
        0.0
    };
    let (low, high) = if win {
        (0.0, 100.0)
    } else {
        let lo = curve.iter().map(|p| p.1).fold(floor, f64::min).floor() - 0.5;
        let hi = curve.iter().map(|p| p.1).fold(floor, f64::max).ceil() + 0.5;
        (lo, hi)
    };
    let n = as_f64(curve.len().saturating_sub(1)).max(1.0);
    let what = match an.objective {
        _ if an.unit() == Unit::OwnPairs => {
            format!("{}: expected pairs after each flip", r.player(seat))
        }
        Objective::Win => format!("{}: chance to win after each flip", r.player(seat)),
        Objective::Margin => format!("{}: final margin after each flip", r.player(seat)),
        Objective::Moves => "Expected total moves after each flip".to_owned(),
    };
    // Said where the chance first shows: what a draw is worth in it.
    let draw = if an.unit() == Unit::Objective(Objective::Win) {
        " (a draw counts half)"
    } else {
        ""
    };
    let title = format!(" {what}, {}{draw} ", assumption(an.objective));
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme::HEADING)
            .data(&curve),
        Dataset::default()
            .marker(Marker::Block)
            .graph_type(GraphType::Scatter)
            .style(theme::CURSOR)
            .data(&here),
    ];
    let y_labels: Vec<Line> = match an.objective {
        Objective::Win => vec!["0".into(), "50".into(), "100".into()],
        Objective::Margin => vec![format!("{low:+.0}").into(), format!("{high:+.0}").into()],
        Objective::Moves => vec![format!("{low:.0}").into(), format!("{high:.0}").into()],
    };
    Chart::new(datasets)
        .block(
            Block::bordered()
                .title(Line::from(title).bold())
                .border_style(theme::BORDER),
        )
        .x_axis(Axis::default().bounds([0.0, n]))
        .y_axis(Axis::default().bounds([low, high]).labels(y_labels))
        .render(area, buf);
}

/// What the odds, margins and expected moves of the replay assume: optimal play from
/// then on (by both sides in a game of two).
fn assumption(objective: Objective) -> &'static str {
    match objective {
        Objective::Moves => "with optimal play",
        _ => ASSUMPTION,
    }
}

// flip counts are small
fn as_f64(i: usize) -> f64 {
    i as f64
}

/// The lines of the summary window.
fn summary_window(replay: &Replay) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = summary_lines(replay)
        .into_iter()
        .map(|l| match l {
            SummaryLine::Seat(name, totals) => {
                Line::from(vec![Span::styled(name, theme::HEADING), Span::raw(totals)])
            }
            SummaryLine::Text(t) => Line::from(t),
            SummaryLine::Flip(t, class) => Line::from(t).style(class_style(class)),
            SummaryLine::Note(t) => Line::from(t).style(theme::DIM),
        })
        .collect();
    if replay.judgement().is_some() {
        lines.push(Line::from(CLOSES).style(theme::DIM));
    }
    lines
}

/// The summary window: above the chart when it fits there, so the chart it speaks of
/// stays whole beside it; else over the whole screen, the chart cleared rather than
/// left in pieces around the window.
fn summary(replay: &Replay, area: Rect, chart: Rect, buf: &mut Buffer) {
    let lines = summary_window(replay);
    let above = Rect {
        height: chart.y.saturating_sub(area.y),
        ..area
    };
    if text_height(SUMMARY_WIDTH.min(area.width), &lines) <= above.height {
        text_popup(above, SUMMARY_WIDTH, lines, " Summary ", buf);
    } else {
        Clear.render(chart, buf);
        text_popup(area, SUMMARY_WIDTH, lines, " Summary ", buf);
    }
}
