//! The setup screen: every choice of a game, edited with arrows, the seed typed in.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::config::{Config, First, Hints, Memory, Opponent};
use super::theme;
use crate::rules::{Objective, PassRule};

/// Decks offered on the setup screen.
pub const DECKS: &[&str] = &[
    "standard",
    "standard-rank",
    "standard-jokers",
    "double",
    "pairs:3",
    "pairs:4",
    "pairs:6",
    "pairs:8",
    "pairs:10",
    "pairs:12",
    "pairs:15",
    "pairs:18",
    "pairs:21",
    "pairs:24",
];

/// The rows of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Deck and size.
    Deck,
    /// Who starts.
    First,
    /// The AI.
    Opponent,
    /// Win or margin.
    Objective,
    /// The pass rule.
    PassRule,
    /// Open or classic.
    Memory,
    /// Hints on request or always.
    Hints,
    /// The coach on or off.
    Coach,
    /// A practice game or a real one.
    Practice,
    /// The seed.
    Seed,
}

impl Field {
    const ALL: [Self; 10] = [
        Self::Deck,
        Self::First,
        Self::Opponent,
        Self::Objective,
        Self::PassRule,
        Self::Memory,
        Self::Hints,
        Self::Coach,
        Self::Practice,
        Self::Seed,
    ];

    /// The row's name on screen.
    fn name(self) -> &'static str {
        match self {
            Self::Deck => "Deck",
            Self::First => "First",
            Self::Opponent => "Opponent",
            Self::Objective => "Objective",
            Self::PassRule => "Pass rule",
            Self::Memory => "Memory",
            Self::Hints => "Hints",
            Self::Coach => "Coach",
            Self::Practice => "Practice",
            Self::Seed => "Seed",
        }
    }

    /// Whether the row's note shares its line (a short on/off choice).
    fn inline(self) -> bool {
        matches!(self, Self::Hints | Self::Coach | Self::Practice)
    }
}

/// The other entries of the setup screen, opened by their key.
pub const ENTRIES: &str = "p  Puzzles: find the best card   ·   L  Strategy page";

/// The setup screen's state.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The game being set up.
    pub config: Config,
    /// The selected row.
    pub row: usize,
    /// An error from the last attempt to start.
    pub error: Option<String>,
    /// No opponent: a solitaire game (chosen on the opponent row).
    pub solitaire: bool,
    /// Whether the seed on screen is being typed: the first digit typed replaces the
    /// seed shown (a random one, or one changed otherwise), later ones append.
    typing: bool,
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, step: isize) -> T {
    let i = all.iter().position(|&v| v == now).unwrap_or(0);
    let n = all.len().cast_signed();
    all[usize::try_from((i.cast_signed() + step).rem_euclid(n)).expect("in range")]
}

impl Setup {
    /// A setup screen showing `config`.
    #[must_use]
    pub fn new(config: Config) -> Self {
        Self {
            config,
            row: 0,
            error: None,
            solitaire: false,
            typing: false,
        }
    }

    /// The selected field.
    #[must_use]
    pub fn field(&self) -> Field {
        Field::ALL[self.row]
    }

    /// Moves the selection.
    pub fn up_down(&mut self, step: isize) {
        self.typing = false;
        let n = Field::ALL.len().cast_signed();
        self.row =
            usize::try_from((self.row.cast_signed() + step).rem_euclid(n)).expect("in range");
    }

    /// Changes the selected value.
    pub fn left_right(&mut self, step: isize) {
        self.error = None;
        self.typing = false;
        let field = self.field();
        let c = &mut self.config;
        match field {
            Field::Deck => {
                let i = DECKS.iter().position(|&d| d == c.deck);
                c.deck = match i {
                    Some(_) => cycle(DECKS, c.deck.as_str(), step).to_string(),
                    None => DECKS[0].to_string(),
                };
            }
            Field::First => c.first = cycle(First::ALL, c.first, step),
            Field::Opponent => {
                // Every opponent, then none (solitaire).
                let n = Opponent::ALL.len() + 1;
                let i = if self.solitaire {
                    n - 1
                } else {
                    Opponent::ALL
                        .iter()
                        .position(|&o| o == c.opponent)
                        .unwrap_or(0)
                };
                let j = (i.cast_signed() + step)
                    .rem_euclid(n.cast_signed())
                    .cast_unsigned();
                self.solitaire = j == n - 1;
                if !self.solitaire {
                    c.opponent = Opponent::ALL[j];
                }
            }
            Field::Objective => {
                c.objective = cycle(&[Objective::Win, Objective::Margin], c.objective, step);
            }
            Field::PassRule => c.pass_rule = cycle(&PassRule::ALL, c.pass_rule, step),
            Field::Memory => c.memory = cycle(Memory::ALL, c.memory, step),
            Field::Hints => c.hints = cycle(Hints::ALL, c.hints, step),
            Field::Coach => c.coach = !c.coach,
            Field::Practice => c.practice = !c.practice,
            Field::Seed => c.seed = c.seed.wrapping_add_signed(step as i64),
        }
    }

    /// A digit typed on the seed row: the first replaces the seed shown, the next ones
    /// append to it.
    pub fn digit(&mut self, d: u32) {
        if self.field() != Field::Seed {
            return;
        }
        let typed = if self.typing { self.config.seed } else { 0 };
        self.typing = true;
        self.config.seed = typed
            .checked_mul(10)
            .and_then(|s| s.checked_add(u64::from(d)))
            .unwrap_or(typed);
    }

    /// Backspace on the seed row.
    pub fn backspace(&mut self) {
        if self.field() == Field::Seed {
            self.typing = true;
            self.config.seed /= 10;
        }
    }

    /// A new random seed (`r`): typing starts afresh.
    pub fn random_seed(&mut self, seed: u64) {
        self.typing = false;
        self.config.seed = seed;
    }

    fn value_and_note(&self, f: Field) -> (String, String) {
        let c = &self.config;
        match f {
            Field::Opponent if self.solitaire => (
                "none: solitaire".into(),
                "clear the table alone; your moves against the exact optimum".into(),
            ),
            Field::First | Field::Objective | Field::PassRule | Field::Coach | Field::Practice
                if self.solitaire =>
            {
                ("—".into(), "not used in solitaire".into())
            }
            Field::Deck => {
                let note = crate::rules::Deck::parse(&c.deck).map_or_else(
                    |e| e.to_string(),
                    |d| {
                        let (r, k) = d.grid();
                        format!("{}, {r} x {k}", crate::words::count(d.pairs(), "pair"))
                    },
                );
                (c.deck.clone(), note)
            }
            Field::First => (c.first.name().into(), c.first.explanation().into()),
            Field::Opponent => (c.opponent.name().into(), c.opponent.explanation().into()),
            Field::Objective => (
                c.objective.name().into(),
                match c.objective {
                    Objective::Win => "the AI maximises its chance to win".into(),
                    _ => "the AI maximises its expected pair margin".into(),
                },
            ),
            Field::PassRule => (c.pass_rule.name().into(), c.pass_rule.explanation().into()),
            Field::Memory => (c.memory.name().into(), c.memory.explanation().into()),
            Field::Hints => (c.hints.label().into(), c.hints.explanation().into()),
            Field::Coach if c.coach => ("on".into(), "costly decisions told at once".into()),
            Field::Coach => ("off".into(), "the end screen still looks back".into()),
            Field::Practice if c.practice => ("on".into(), "u undoes; marked practice".into()),
            Field::Practice => ("off".into(), "a real game: no undo".into()),
            Field::Seed => (c.seed.to_string(), "type digits, r: random".into()),
        }
    }
}

impl Widget for &Setup {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered()
            .title(Line::from(" Concentration — new game ").bold())
            .border_style(theme::BORDER);
        let inner = block.inner(area);
        block.render(area, buf);
        let [intro, form, entries, error] = inner.layout(&Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(7),
            Constraint::Length(1),
            Constraint::Length(1),
        ]));
        Paragraph::new(vec![
            Line::from("Find pairs against an AI that plays the exactly optimal strategy."),
            Line::from("↑↓ choose · ←→ change · Enter start · ? help · q quit").style(theme::DIM),
        ])
        .render(intro, buf);
        let mut lines = Vec::new();
        for (i, f) in Field::ALL.iter().enumerate() {
            let (value, note) = self.value_and_note(*f);
            let selected = i == self.row;
            let marker = if selected { "▶ " } else { "  " };
            let value_style = if selected {
                theme::SELECTED
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            };
            let mut row = vec![
                Span::styled(marker, theme::CURSOR),
                Span::raw(format!("{:<10}", f.name())),
                Span::styled(format!(" ‹ {value:<16} › "), value_style),
            ];
            if f.inline() {
                row.push(Span::styled(note, theme::DIM));
                lines.push(Line::from(row));
                continue;
            }
            lines.push(Line::from(row));
            lines.push(Line::from(Span::styled(
                format!("               {note}"),
                theme::DIM,
            )));
            if *f == Field::Deck
                && let Ok(deck) = crate::rules::Deck::parse(&self.config.deck)
            {
                // The rule that decides a pair, under the deck's name.
                let rule = crate::trainer::coach::deck_rule(&deck);
                let indent = if usize::from(form.width) >= 15 + rule.chars().count() {
                    15
                } else {
                    2
                };
                lines.push(Line::from(Span::styled(
                    format!("{}{rule}", " ".repeat(indent)),
                    theme::DIM,
                )));
            }
        }
        Paragraph::new(lines).render(form, buf);
        Paragraph::new(Line::from(ENTRIES).style(theme::DIM)).render(entries, buf);
        if let Some(e) = &self.error {
            Paragraph::new(Line::from(e.as_str()).style(theme::ERROR)).render(error, buf);
        }
    }
}
