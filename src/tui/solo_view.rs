//! Drawing a solitaire game: the board, the panel (moves, misses, live par, expected
//! total, worst case, the hint or the last moves) and the end screen. Reads only.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::board::BoardView;
use super::panel::{Footer, key_line, truncate};
use super::screen::play_areas;
use super::theme;
use crate::app::config::Memory;
use crate::app::solo::end::end_words;
use crate::app::solo::{Counted, Solo};
use crate::solitaire::Summary;
use crate::words;

/// Footer keys during a solitaire game.
pub(super) const SOLO_KEYS: &[(&str, &str)] = &[
    ("←↑↓→", "move"),
    ("⏎", "turn"),
    ("H", "hint"),
    ("f", "fractions"),
    ("?", "help"),
    ("n", "new"),
    ("q", "quit"),
];

/// Footer keys on the solitaire end screen.
pub(super) const SOLO_END_KEYS: &[(&str, &str)] = &[
    ("n", "new deal"),
    ("r", "same deal"),
    ("v", "replay"),
    ("f", "fractions"),
    ("s", "setup"),
    ("?", "help"),
    ("q", "quit"),
];

/// The title line's text.
#[must_use]
pub(super) fn title(solo: &Solo) -> Line<'static> {
    let c = solo.config();
    let deal = match solo.challenge() {
        Some(ch) => format!("{ch} · seed {}", c.seed),
        None => format!("seed {}", c.seed),
    };
    let mut spans = vec![
        Span::styled("Concentration solitaire", theme::HEADING),
        Span::raw(format!("  {} · {deal}", c.deck)),
    ];
    if solo.is_again() {
        spans.push(Span::styled("  AGAIN", theme::ERROR));
    }
    Line::from(spans)
}

/// The board as the player sees it.
#[must_use]
pub(super) fn board<'a>(solo: &'a Solo, turned: &'a [usize]) -> BoardView<'a> {
    let over = solo.game().view().is_over();
    BoardView {
        game: solo.game(),
        turned,
        open: solo.memory() == Memory::Open,
        reveal: over,
        hinted: solo.hint().map_or(&[], |h| h.targets.as_slice()),
        cursor: (!over).then_some(solo.cursor),
        swapping: solo.swapping(),
        live: solo.live_card(),
    }
}

/// The side panel of a solitaire game.
pub(super) struct SoloPanel<'a>(pub &'a Solo);

fn moves_text(m: Option<&crate::solitaire::Moves>) -> String {
    m.map_or_else(|| "…".into(), |m| words::fixed(m.approx, 2))
}

impl Widget for SoloPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered()
            .title(Line::from(" Solitaire ").bold())
            .border_style(theme::BORDER);
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(panel_lines(self.0, inner.height, inner.width))
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

/// The lines of a solitaire game's side panel, `height` by `width` cells inside.
pub(super) fn panel_lines(solo: &Solo, height: u16, width: u16) -> Vec<Line<'static>> {
    let view = solo.game().view();
    {
        let mut lines = vec![
            Line::from(format!("Moves {} · misses {}", solo.moves(), view.misses())),
            Line::from(format!(
                "Pairs left {} · {}{}",
                solo.pairs_left(),
                solo.memory().name(),
                crate::app::solo::end::rule_tag(solo.rule())
            )),
            Line::from(vec![
                Span::raw("Par now "),
                Span::styled(moves_text(solo.live_par()), theme::HEADING),
                Span::raw(" to go"),
            ]),
        ];
        if let Some(live) = solo.live_par() {
            lines.push(Line::from(format!(
                "On pace for {}",
                words::fixed(f64::from(solo.moves()) + live.approx, 2)
            )));
        }
        lines.push(Line::from(format!(
            "Expected total {}",
            moves_text(solo.expected_total())
        )));
        lines.push(Line::from(format!(
            "Worst case {}",
            solo.worst_case()
                .map_or_else(|| "…".into(), |w| w.to_string())
        )));
        lines.push(Line::from(""));
        if let Some(h) = solo.hint() {
            lines.push(Line::from(Span::styled(
                "Hint: moves to go",
                theme::HEADING,
            )));
            let cells: Vec<[String; 3]> = h
                .lines
                .iter()
                .map(|l| {
                    let (moves, cost) = h.texts(l);
                    [l.words.clone(), moves, cost]
                })
                .collect();
            let rows = crate::app::hint::rows(&cells, usize::from(width));
            for (l, row) in h.lines.iter().zip(rows) {
                let style = if l.action == h.best {
                    theme::HINTED
                } else {
                    Style::new()
                };
                lines.push(Line::from(Span::styled(row, style)));
            }
        } else {
            lines.push(Line::from(Span::styled("Last moves", theme::HEADING)));
            let room = usize::from(height).saturating_sub(lines.len() + 1);
            let log = solo.log();
            for l in &log[log.len().saturating_sub(room)..] {
                lines.push(Line::from(truncate(l, usize::from(width))));
            }
        }
        if let Some(note) = solo.par_note() {
            lines.push(Line::from(Span::styled(note.to_string(), theme::DIM)));
        }
        lines
    }
}

/// The exact fractions of the par, in a box over the bottom of the board.
pub(super) fn fraction_box(solo: &Solo, board: Rect, buf: &mut Buffer) {
    let lines: Vec<Line> = solo.fraction_text().into_iter().map(Line::from).collect();
    let width = usize::from(board.width.saturating_sub(2)).max(1);
    // Word wrapping may put a long fraction on a line of its own.
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(width) + 1).sum();
    let height = u16::try_from(rows + 2)
        .unwrap_or(u16::MAX)
        .min(board.height);
    let r = Rect::new(board.x, board.bottom() - height, board.width, height);
    ratatui::widgets::Clear.render(r, buf);
    let block = Block::bordered()
        .title(Line::from(" Exact ").bold())
        .border_style(theme::BORDER);
    let inner = block.inner(r);
    block.render(r, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The lines of the end screen.
#[must_use]
pub(super) fn end_lines(solo: &Solo, summary: &Summary) -> Vec<Line<'static>> {
    let [cleared, optimal, luck] = end_words(solo, summary);
    let mut lines = vec![
        Line::from(cleared).bold().centered(),
        Line::from(optimal).centered(),
        Line::from(luck).centered(),
        Line::from(summary.explanation())
            .style(theme::DIM)
            .centered(),
    ];
    let tag = summary
        .challenge
        .map_or_else(String::new, |c| format!("{c} · "));
    let counted = match solo.counted() {
        Some(Counted::Yes(r)) => {
            let deck = &solo.config().deck;
            let memory = solo.memory().name();
            let best = |prev: Option<u32>| match prev {
                None => "first game".to_owned(),
                Some(p) if summary.moves < p => format!("new best (was {p})"),
                Some(p) => format!("best {p}"),
            };
            let mut text = format!("{tag}{deck} {memory}: {}", best(r.previous_best));
            if summary.challenge.is_some() {
                let _ = write!(
                    text,
                    " · this challenge: {}",
                    best(r.previous_challenge_best)
                );
            }
            if let Some(e) = r.stats.entry(deck, memory, solo.rule(), None) {
                let _ = write!(
                    text,
                    " · {}, avg {}",
                    words::count(e.games, "game"),
                    words::fixed(e.average_moves(), 1)
                );
            }
            text
        }
        Some(Counted::No(why)) => format!("{tag}not counted in statistics: {why}"),
        Some(Counted::Failed(e)) => format!("{tag}statistics not saved: {e}"),
        None => tag.trim_end_matches(" · ").to_owned(),
    };
    lines.push(Line::from(counted).centered());
    if let Some(Err(e)) = solo.saved() {
        lines.push(
            Line::from(format!("Not saved: {e}"))
                .style(theme::ERROR)
                .centered(),
        );
    }
    if let Some(Counted::Yes(r)) = solo.counted()
        && let Some(w) = &r.warning
    {
        lines.push(Line::from(w.clone()).style(theme::ERROR).centered());
    }
    lines.push(
        Line::from(format!(
            "Hints seen at {} of your {}",
            solo.hints_used(),
            words::count_of(solo.decisions(), "decision")
        ))
        .style(theme::DIM)
        .centered(),
    );
    lines.push(
        key_line(
            &[
                ("n", "new deal"),
                ("r", "same deal again"),
                ("v", "replay"),
                ("f", "fractions"),
                ("s", "setup"),
                ("q", "quit"),
            ],
            3,
        )
        .centered(),
    );
    lines
}

/// The panel and footer parts are drawn by the caller; this draws the end popup.
pub(super) fn end_screen(solo: &Solo, summary: &Summary, area: Rect, buf: &mut Buffer) {
    super::panel::text_popup(area, 78, end_lines(solo, summary), " Table cleared ", buf);
}

/// Title, board, panel, message line and footer of a solitaire game, and its end screen.
pub(super) fn draw(spinner: Option<usize>, ascii: bool, solo: &Solo, area: Rect, buf: &mut Buffer) {
    let [title, board, panel, message, footer] = play_areas(area);
    self::title(solo).render(title, buf);
    let turned = solo.turned();
    self::board(solo, &turned).render(board, buf);
    SoloPanel(solo).render(panel, buf);
    if solo.fraction_on() && !solo.game().view().is_over() {
        fraction_box(solo, board, buf);
    }
    let text = match spinner {
        Some(i) => {
            let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
            format!(
                "{} Solving the deck…  {}",
                dots[i % dots.len()],
                solo.message()
            )
        }
        None => solo.message().to_string(),
    };
    Line::from(text).bold().render(message, buf);
    let over = solo.game().view().is_over() && solo.show().is_none();
    Footer(if over { SOLO_END_KEYS } else { SOLO_KEYS }, ascii).render(footer, buf);
    if over && let Some(summary) = solo.summary() {
        end_screen(solo, summary, area, buf);
    }
}
