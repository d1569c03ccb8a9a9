//! The setup screen: every choice of a game, edited with arrows, the seed typed in.

mod keys;

use super::config::{Config, First, Hints, Memory, Opponent, TableSeats, players_text};
use crate::rules::{Layout, Moving, Objective, PassRule, Variant};

/// Decks offered on the setup screen.
pub const DECKS: &[&str] = &[
    "standard",
    "standard-rank",
    "standard-jokers",
    "standard-rank-jokers",
    "double",
    "double-checker",
    "zebra",
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

/// Tables offered on the players row besides today's game (`None`: the person against
/// the opponent row's AI), in the `--players` syntax. Any other list is typed.
pub const TABLES: &[&str] = &[
    "you,optimal,usual",
    "you,optimal,usual,forgetful",
    "you,optimal,usual,forgetful,optimal,usual",
    "ann,bob",
    "ann,bob,optimal",
];

/// Why the objective row offers nothing to choose at three or more seats: one line.
const OWN_PAIRS_WHY: &str =
    "win probability is not offered: who wins depends on how the others play";

/// The longest players list that can be typed.
const MAX_TYPED: usize = 120;

/// The rows of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Deck and size.
    Deck,
    /// The seats: today's game, a table from [`TABLES`], or a typed list.
    Players,
    /// Standard or One Flip.
    Variant,
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
    /// The layout, and moving cards.
    Board,
    /// The seed.
    Seed,
}

impl Field {
    /// Every row, top to bottom.
    pub const ALL: [Self; 13] = [
        Self::Deck,
        Self::Players,
        Self::Variant,
        Self::First,
        Self::Opponent,
        Self::Objective,
        Self::PassRule,
        Self::Memory,
        Self::Hints,
        Self::Coach,
        Self::Practice,
        Self::Board,
        Self::Seed,
    ];

    /// The row's name on screen.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Deck => "Deck",
            Self::Players => "Players",
            Self::Variant => "Variant",
            Self::First => "First",
            Self::Opponent => "Opponent",
            Self::Objective => "Objective",
            Self::PassRule => "Pass rule",
            Self::Memory => "Memory",
            Self::Board => "Board",
            Self::Hints => "Hints",
            Self::Coach => "Coach",
            Self::Practice => "Practice",
            Self::Seed => "Seed",
        }
    }

    /// Whether the row's note shares its line (a short on/off choice).
    #[must_use]
    pub fn inline(self) -> bool {
        matches!(
            self,
            Self::Variant
                | Self::First
                | Self::Board
                | Self::Hints
                | Self::Coach
                | Self::Practice
                | Self::Seed
        )
    }
}

/// The other entries of the setup screen, opened by their key.
pub(crate) const ENTRIES: &str =
    "p Puzzles · v Review · s Stats · L Strategy page · P Pairs: hit or fold";

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
    /// The players list being typed (`--players` syntax), while the players row edits.
    editing: Option<String>,
    /// A room's code being typed (`R`, over `concentration serve`): empty opens a room.
    room_code: Option<String>,
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
            editing: None,
            room_code: None,
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
    pub(crate) fn left_right(&mut self, step: isize) {
        self.error = None;
        self.typing = false;
        let field = self.field();
        let c = &mut self.config;
        let listed = c.players.is_some();
        match field {
            Field::Players if self.solitaire => {}
            // Solitaire's variant is how its moves count.
            Field::Variant if self.solitaire => {
                c.solo_rule = cycle(&crate::solitaire::SoloRule::ALL, c.solo_rule, step);
            }
            Field::Players => {
                // Today's game, then each table; a typed list steps from today's game.
                let now = c.players.as_ref().map(ToString::to_string);
                let i = TABLES
                    .iter()
                    .position(|t| now.as_deref() == Some(&table(t).to_string()))
                    .map_or(0, |i| i + 1);
                let n = (TABLES.len() + 1).cast_signed();
                let j = (i.cast_signed() + step).rem_euclid(n).cast_unsigned();
                if j == 0 {
                    c.players = None;
                } else {
                    c.seat_players(table(TABLES[j - 1]));
                }
            }
            Field::Variant => c.variant = cycle(&Variant::ALL, c.variant, step),
            // A list names every seat and who starts.
            Field::First | Field::Opponent if listed => {}
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
            // Three or more play own pairs: nothing to choose.
            Field::Objective if c.seat_count() > 2 => {}
            Field::Objective => {
                c.objective = cycle(&[Objective::Win, Objective::Margin], c.objective, step);
            }
            Field::PassRule => c.pass_rule = cycle(c.pass_rules(), c.pass_rule, step),
            Field::Memory => c.memory = cycle(Memory::ALL, c.memory, step),
            Field::Board => (c.layout, c.moving) = cycle(&boards(), (c.layout, c.moving), step),
            Field::Hints => c.hints = cycle(Hints::ALL, c.hints, step),
            Field::Coach => {
                // Off, the coach, the tutor, both: one row for the trainer's company.
                let modes = [(false, false), (true, false), (false, true), (true, true)];
                (c.coach, c.tutor) = cycle(&modes, (c.coach, c.tutor), step);
            }
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

    /// Whether the players list is being typed: keys are its characters then.
    #[must_use]
    pub fn is_editing(&self) -> bool {
        self.editing.is_some() || self.room_code.is_some()
    }

    /// The room's code being typed, if it is (`R`).
    #[must_use]
    pub fn room_code(&self) -> Option<&str> {
        self.room_code.as_deref()
    }

    /// `R`: type a room's code to join, or nothing to open a room with this game.
    pub(crate) fn start_room_code(&mut self) {
        self.error = None;
        self.room_code = Some(String::new());
    }

    /// Enter on a room's code: what it asks for, once it can be one (a code is 4 to 8
    /// letters and digits); else why not shows and typing goes on.
    pub(crate) fn finish_room_code(&mut self) -> Option<super::room::Ask> {
        let code = self.room_code.clone()?;
        if code.is_empty() {
            if self.solitaire {
                self.error = Some("a room is a table of people: choose an opponent".into());
                return None;
            }
            if let Some(e) = self.config.check().err() {
                self.error = Some(e);
                return None;
            }
            self.room_code = None;
            return Some(super::room::Ask::Open(Box::new(self.config.clone())));
        }
        if !super::room::is_code(&code) {
            self.error = Some("a room's code has 4 to 8 letters and digits".into());
            return None;
        }
        self.room_code = None;
        Some(super::room::Ask::Join(code))
    }

    /// The players list being typed, if it is.
    #[must_use]
    pub fn typed(&self) -> Option<&str> {
        self.editing.as_deref()
    }

    /// Enter on the players row: type the list, starting from the table shown.
    pub(crate) fn start_editing(&mut self) {
        if self.field() != Field::Players || self.solitaire {
            return;
        }
        self.error = None;
        let c = &self.config;
        self.editing = Some(players_text(&c.seats(c.first != First::Ai)));
    }

    /// A character typed into the players list.
    pub(crate) fn type_char(&mut self, ch: char) {
        if let Some(code) = &mut self.room_code {
            if code.len() < *super::room::CODE_LENGTHS.end() && ch.is_ascii_alphanumeric() {
                code.push(ch.to_ascii_uppercase());
                self.error = None;
            }
            return;
        }
        if let Some(text) = &mut self.editing
            && text.chars().count() < MAX_TYPED
            && !ch.is_control()
        {
            text.push(ch);
            self.error = None;
        }
    }

    /// Enter while typing: the list is seated if it reads as one, else the reason shows
    /// and typing goes on.
    pub(crate) fn finish_editing(&mut self) {
        let Some(text) = &self.editing else {
            return;
        };
        match TableSeats::parse(text) {
            Ok(seats) => {
                self.config.seat_players(seats);
                self.editing = None;
                self.error = None;
            }
            Err(e) => self.error = Some(format!("players: {e}")),
        }
    }

    /// Esc while typing: the table shown stays.
    pub(crate) fn cancel_editing(&mut self) {
        self.editing = None;
        self.room_code = None;
        self.error = None;
    }

    /// Why the game on the form cannot start, as the command line would refuse it
    /// (`None`: it can).
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        if self.solitaire {
            return None;
        }
        let Some(text) = &self.editing else {
            return self.config.check().err();
        };
        // The list being typed, read as it stands.
        match TableSeats::parse(text) {
            Ok(seats) => {
                let mut c = self.config.clone();
                c.seat_players(seats);
                c.check().err()
            }
            Err(e) => Some(format!("players: {e}")),
        }
    }

    /// Backspace on the seed row, or in the players list being typed.
    pub fn backspace(&mut self) {
        if let Some(code) = &mut self.room_code {
            code.pop();
            self.error = None;
            return;
        }
        if let Some(text) = &mut self.editing {
            text.pop();
            self.error = None;
            return;
        }
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

    #[must_use]
    pub(crate) fn value_and_note(&self, f: Field) -> (String, String) {
        let c = &self.config;
        match f {
            Field::Opponent if self.solitaire => (
                "none: solitaire".into(),
                "clear the table alone; your moves against the exact optimum".into(),
            ),
            Field::Variant if self.solitaire => {
                (c.solo_rule.name().into(), c.solo_rule.explanation().into())
            }
            Field::Players
            | Field::First
            | Field::Objective
            | Field::PassRule
            | Field::Coach
            | Field::Practice
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
            Field::Players => players_value_and_note(c, self.editing.as_deref()),
            Field::Variant => (c.variant.name().into(), variant_note(c.variant).into()),
            Field::First if c.players.is_some() => {
                ("—".into(), "the list's first seat starts".into())
            }
            Field::Opponent if c.players.is_some() => {
                ("—".into(), "the players list seats the AIs".into())
            }
            Field::First => (c.first.name().into(), c.first.explanation().into()),
            Field::Opponent => (c.opponent.name().into(), c.opponent.explanation().into()),
            Field::Objective if c.seat_count() > 2 => ("own pairs".into(), OWN_PAIRS_WHY.into()),
            Field::PassRule if c.seat_count() > 2 && c.pass_rule == PassRule::Agreed => (
                c.pass_rule.name().into(),
                "passes all round the table end the game as it stands".into(),
            ),
            Field::Objective => (
                c.objective.name().into(),
                match c.objective {
                    Objective::Win => "the AI maximises its chance to win".into(),
                    _ => "the AI maximises its expected pair margin".into(),
                },
            ),
            Field::PassRule => (c.pass_rule.name().into(), c.pass_rule.explanation().into()),
            Field::Memory => (c.memory.name().into(), c.memory.explanation().into()),
            Field::Board => board_value_and_note(c),
            Field::Hints => (c.hints.label().into(), c.hints.explanation().into()),
            Field::Coach => coach_value_and_note(c.coach, c.tutor),
            Field::Practice if c.practice => ("on".into(), "u undoes; marked practice".into()),
            Field::Practice => ("off".into(), "a real game: no undo".into()),
            Field::Seed => (c.seed.to_string(), "type digits, r: random".into()),
        }
    }
}

/// Moving cards the board row offers: every how many turns two cards swap.
const MOVING: [u32; 3] = [5, 3, 1];

/// The board row's choices: each layout, with still cards and then with each of
/// [`MOVING`].
fn boards() -> Vec<(Layout, Option<Moving>)> {
    Layout::ALL
        .iter()
        .flat_map(|&l| {
            std::iter::once((l, None)).chain(MOVING.iter().map(move |&n| (l, Moving::every(n))))
        })
        .collect()
}

/// The board row: the layout (and moving cards), and what it means.
fn board_value_and_note(c: &Config) -> (String, String) {
    match c.moving {
        None => (c.layout.name().into(), c.layout.explanation().into()),
        Some(m) => (
            format!("{} · swap {m}", c.layout),
            match m.turns() {
                1 => "two cards swap after every turn".into(),
                n => format!("two cards swap every {n} turns"),
            },
        ),
    }
}

/// The coach row: the coach (after a costly decision), the tutor (before one), both or
/// neither.
fn coach_value_and_note(coach: bool, tutor: bool) -> (String, String) {
    let (value, note) = match (coach, tutor) {
        (false, false) => ("off", "the end screen still looks back"),
        (true, false) => ("on", "costly decisions told at once"),
        (false, true) => ("tutor", "asks before a mistake: y / n / w why"),
        (true, true) => ("on + tutor", "asks before a mistake, tells after"),
    };
    (value.into(), note.into())
}

/// A table of [`TABLES`].
fn table(list: &str) -> TableSeats {
    TableSeats::parse(list).expect("the setup's tables are good lists")
}

/// The players row: who plays in a few words, and the list (or the list being typed).
fn players_value_and_note(c: &Config, typed: Option<&str>) -> (String, String) {
    let seats = c.seats(c.first != First::Ai);
    let people = seats.people();
    let ais = seats.len() - people;
    let ai_count = crate::words::count(ais as u64, "AI");
    let value = match (people, c.players.is_some()) {
        (_, false) => "you + AI".to_owned(),
        (1, _) if seats.iter().any(|s| s.is_person() && s.name == "you") => {
            format!("you + {ai_count}")
        }
        (0, _) => ai_count,
        (1, _) => format!("1 person + {ai_count}"),
        (p, _) if ais == 0 => format!("{p} people"),
        (p, _) => format!("{p} people + {ai_count}"),
    };
    let note = match typed {
        Some(text) => format!("type: {text}▏ Enter done, Esc back"),
        None if c.players.is_none() => "two seats (rows below) · Enter: type a list".to_owned(),
        None => format!("{} · Enter: edit", seat_words(&seats)),
    };
    (value, note)
}

/// The seats by name, each AI's kind said where its name does not say it.
fn seat_words(seats: &TableSeats) -> String {
    let words: Vec<String> = seats
        .iter()
        .map(|s| match s.ai() {
            Some(k) if !s.name.starts_with(k.name()) => format!("{} ({})", s.name, k.name()),
            _ => s.name.clone(),
        })
        .collect();
    words.join(", ")
}

/// The variant row's note, short enough to share the row.
fn variant_note(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "a pair earns another turn",
        Variant::OneFlip => "a pair is kept; the turn passes",
        Variant::Duel(_) => "a deck each; leader, then answerer",
    }
}
