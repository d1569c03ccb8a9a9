//! The one place colours and styles are chosen.

use ratatui::style::{Color, Modifier, Style};

/// Frame borders.
pub(super) const BORDER: Style = Style::new().fg(Color::DarkGray);
/// Secondary text.
pub(super) const DIM: Style = Style::new().fg(Color::Gray);
/// Errors and refusals.
pub(super) const ERROR: Style = Style::new()
    .fg(Color::LightRed)
    .add_modifier(Modifier::BOLD);
/// The selected value of a form.
pub(super) const SELECTED: Style = Style::new()
    .fg(Color::Black)
    .bg(Color::Yellow)
    .add_modifier(Modifier::BOLD);
/// The cursor marks.
pub(super) const CURSOR: Style = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
/// A face-down card (on a checkerboard deck, the blue back).
pub(super) const BACK: Style = Style::new().fg(Color::LightBlue).bg(Color::Blue);
/// The red back of a checkerboard deck's face-down card.
pub(super) const BACK_RED: Style = Style::new().fg(Color::LightRed).bg(Color::Red);
/// A face-up card remembered in open mode.
pub(super) const KNOWN: Style = Style::new().bg(Color::Gray);
/// A card turned this turn.
pub(super) const THIS_TURN: Style = Style::new().bg(Color::Yellow).add_modifier(Modifier::BOLD);
/// A card the hint points at.
pub(super) const HINTED: Style = Style::new().fg(Color::Black).bg(Color::LightGreen);
/// An empty place.
pub(super) const REMOVED: Style = Style::new().fg(Color::DarkGray);
/// Red ink.
pub(super) const RED: Color = Color::Red;
/// Black ink.
pub(super) const BLACK: Color = Color::Black;
/// Headings.
pub(super) const HEADING: Style = Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD);
/// A best move in a replay.
pub(super) const GOOD: Style = Style::new().fg(Color::Green).add_modifier(Modifier::BOLD);
/// Keys in the footer and help.
pub(super) const KEY: Style = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
