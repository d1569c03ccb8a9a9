//! The choices that define a game on screen: what the setup screen edits and the flags of
//! `concentration play` set.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::model::RuleSet;
use crate::rules::{Deck, Layout, Moving, Objective, PassRule, Table, Variant};
use crate::seats::{AiKind, Seat, SeatKind, Seats};

/// Who turns the first card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum First {
    /// The person.
    #[default]
    You,
    /// The AI.
    Ai,
    /// A coin toss from the seed, shown on screen.
    Coin,
}

/// Who plays against the person (or a side in `watch`): an AI of the players layer.
pub type Opponent = crate::players::AiKind;

/// The seats of a table in the `--players` syntax, with Concentration's AIs.
pub type TableSeats = Seats<Opponent>;

/// How known cards are shown to the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Memory {
    /// Known cards turn face down again: remember them.
    #[default]
    Classic,
    /// Known cards stay face up.
    Open,
}

/// Whether hints appear by themselves. There is no mode without hints: `off` means
/// none unless asked for with `H` ("on request" on the setup screen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Hints {
    /// Only on `H`.
    #[default]
    Off,
    /// After every flip.
    Always,
}

/// How long a show lasts when it waits for a key (reduce motion).
pub(crate) const UNTIL_A_KEY: Duration = Duration::from_secs(24 * 60 * 60);

/// Everything that defines a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The deck name (`standard`, `pairs:8`, `13x4`).
    pub deck: String,
    /// Who starts.
    pub first: First,
    /// The AI (in `watch`: the second seat's AI).
    pub opponent: Opponent,
    /// In `watch`, the first seat's AI; `None` in a game against a person.
    pub watch_first: Option<Opponent>,
    /// What the optimal AI and the hints play for.
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
    /// The seats as `--players` or the setup's players line gave them, seat 0 first;
    /// `None`: today's two seats, from `first`, `opponent` and `watch_first`.
    pub players: Option<TableSeats>,
    /// How turns go: standard, or One Flip (a pair does not earn another turn).
    pub variant: Variant,
    /// Open or classic memory.
    pub memory: Memory,
    /// How a solitaire game counts its moves.
    pub solo_rule: crate::solitaire::SoloRule,
    /// The seed of the deal and of every AI choice.
    pub seed: u64,
    /// Pause before each AI flip. A non-matching turn stays on show twice as long.
    pub ai_delay: Duration,
    /// Hints after every flip, or on request.
    pub hints: Hints,
    /// A practice game: undo allowed, marked on screen.
    pub practice: bool,
    /// The coach: after each of the person's costly decisions, what was best and what
    /// it cost, at once (needs the solver, as hints do).
    pub coach: bool,
    /// The tutor: before a decision that costs a mistake or more is committed, the game
    /// asks whether to turn it anyway (needs the solver, as hints do).
    pub tutor: bool,
    /// Reduce motion: no timed shows; a finished turn stays on show until a key.
    pub reduce_motion: bool,
    /// The shape the cards are laid out in (no rule reads it).
    pub layout: Layout,
    /// Moving cards: every how many turns two face-down cards swap, if they do.
    pub moving: Option<Moving>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            deck: "standard".into(),
            first: First::You,
            opponent: Opponent::Optimal,
            watch_first: None,
            objective: Objective::Win,
            pass_rule: PassRule::Agreed,
            players: None,
            variant: Variant::Standard,
            memory: Memory::Classic,
            solo_rule: crate::solitaire::SoloRule::Standard,
            seed: 0,
            ai_delay: Duration::from_millis(700),
            hints: Hints::Off,
            practice: false,
            coach: false,
            tutor: false,
            reduce_motion: false,
            layout: Layout::Grid,
            moving: None,
        }
    }
}

impl Config {
    /// Checks the parts that can be wrong: the deck, the table (seats and pass rule),
    /// the objective/pass rule pair of two seats, and AIs this build cannot seat.
    ///
    /// # Errors
    /// One line naming the bad part.
    pub fn check(&self) -> Result<Deck, String> {
        let deck = Deck::parse(&self.deck).map_err(|e| e.to_string())?;
        deck.check_playable().map_err(|e| e.to_string())?;
        RuleSet::check_table(&deck, self.seat_count(), self.variant)?;
        self.table().check().map_err(|e| e.to_string())?;
        if self.variant.duel().is_some() {
            // Two fields, each its owner's grid: no other shape, no card changes sides.
            if self.layout != crate::rules::Layout::Grid {
                return Err(format!(
                    "--layout {}: the Two Decks Duel lays out two fields, a grid a side; drop --layout",
                    self.layout
                ));
            }
            if self.moving.is_some() {
                return Err(
                    "--moving: the Two Decks Duel's cards stay on their owner's side; drop --moving"
                        .into(),
                );
            }
        }
        if self.seat_count() > 2 && self.variant == Variant::OneFlip && self.needs_solver() {
            // The own-pairs solver knows the standard turn only: nothing fakes it.
            return Err(
                "optimal: no solver plays One Flip with 3+ players; seat usual or forgetful AIs"
                    .into(),
            );
        }
        if self.seat_count() > 2 {
            // Three or more play own pairs: the objective is not theirs to choose.
            return Ok(deck);
        }
        if !matches!(self.objective, Objective::Win | Objective::Margin) {
            return Err(format!(
                "objective '{}' is for solitaire; play uses win or margin",
                self.objective
            ));
        }
        crate::rules::check_combination(self.objective, self.pass_rule)
            .map_err(|e| e.to_string())?;
        Ok(deck)
    }

    /// How long a turn's two cards stay on show before play goes on: with reduce
    /// motion, until a key (a day, as good as never).
    #[must_use]
    pub(crate) fn show_delay(&self) -> Duration {
        if self.reduce_motion {
            UNTIL_A_KEY
        } else {
            self.ai_delay * 2
        }
    }

    /// Whether the optimal solver is needed before anyone can move.
    #[must_use]
    pub(crate) fn needs_solver(&self) -> bool {
        match &self.players {
            Some(seats) => seats.iter().any(|s| s.ai() == Some(Opponent::Optimal)),
            None => {
                self.opponent == Opponent::Optimal || self.watch_first == Some(Opponent::Optimal)
            }
        }
    }

    /// How many seats play.
    #[must_use]
    pub fn seat_count(&self) -> usize {
        self.players.as_ref().map_or(2, Seats::len)
    }

    /// The table the rules deal for (seats, pass rule, variant), unchecked.
    #[must_use]
    pub fn table(&self) -> Table {
        Table {
            // at most 6 seats
            seats: self.seat_count() as u8,
            pass_rule: self.pass_rule,
            variant: self.variant,
        }
    }

    /// The pass rules the table allows, in menu order: every rule for two seats, `agreed`
    /// and `none` for three or more (`Table::check`).
    #[must_use]
    pub(crate) fn pass_rules(&self) -> &'static [PassRule] {
        if self.seat_count() > 2 {
            &[PassRule::Agreed, PassRule::None]
        } else {
            &PassRule::ALL
        }
    }

    /// Seats `seats`, as `--players` does. The person `you` and one AI named by its kind
    /// is today's game, kept in `first` and `opponent` so that it looks and plays as
    /// ever; any other list is kept whole. A pass rule the new table does not allow
    /// becomes `agreed`.
    pub(crate) fn seat_players(&mut self, seats: TableSeats) {
        let today = seats.len() == 2
            && seats.people() == 1
            && seats.iter().all(|s| match s.ai() {
                Some(k) => s.name == k.name(),
                None => s.name == "you",
            });
        self.watch_first = None;
        if today {
            self.first = if seats.seat(0).is_person() {
                First::You
            } else {
                First::Ai
            };
            self.opponent = seats.iter().find_map(Seat::ai).unwrap_or_default();
            self.players = None;
        } else {
            self.players = Some(seats);
        }
        if !self.pass_rules().contains(&self.pass_rule) {
            self.pass_rule = PassRule::Agreed;
        }
    }

    /// Whether the two-player solver (win or margin, either variant) serves this table;
    /// three or more seats have the own-pairs solver.
    #[must_use]
    pub(crate) fn two_seat_solver(&self) -> bool {
        self.seat_count() == 2
    }

    /// The seats in turn order. Without `players`: the person and `opponent` (the
    /// person first when `person_first`), or in `watch` the two AIs, `A` and `B`.
    #[must_use]
    pub fn seats(&self, person_first: bool) -> TableSeats {
        if let Some(seats) = &self.players {
            return seats.clone();
        }
        let seat = |name: String, kind| Seat { name, kind };
        let list = match self.watch_first {
            Some(first) => vec![
                seat(format!("A {}", first.name()), SeatKind::Ai(first)),
                seat(
                    format!("B {}", self.opponent.name()),
                    SeatKind::Ai(self.opponent),
                ),
            ],
            None => {
                let you = seat("you".into(), SeatKind::Person);
                let ai = seat(self.opponent.name().into(), SeatKind::Ai(self.opponent));
                if person_first {
                    vec![you, ai]
                } else {
                    vec![ai, you]
                }
            }
        };
        Seats::new(list).expect("two well-named seats")
    }
}

/// `seats` in the `--players` syntax as a person would type it: a bare name where it
/// reads back as the same seat (`you,optimal`), `NAME:KIND` elsewhere (`hal:optimal`).
#[must_use]
pub fn players_text(seats: &TableSeats) -> String {
    let entries: Vec<String> = seats
        .iter()
        .map(|s| match s.ai() {
            Some(k) if s.name == k.name() => s.name.clone(),
            None if <Opponent as AiKind>::parse(&s.name).is_none() && !s.name.contains(':') => {
                s.name.clone()
            }
            _ => format!("{}:{}", s.name, s.kind.name()),
        })
        .collect();
    entries.join(",")
}

macro_rules! named {
    ($ty:ident, $kind:literal, [$($v:ident => $n:literal),+ $(,)?]) => {
        impl $ty {
            /// Every value, in menu order.
            pub const ALL: &'static [Self] = &[$(Self::$v),+];

            /// The name used on the command line.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $(Self::$v => $n),+ }
            }
        }

        impl FromStr for $ty {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                Self::ALL.iter().copied().find(|v| v.name() == s).ok_or_else(|| {
                    let all: Vec<&str> = Self::ALL.iter().map(|v| v.name()).collect();
                    format!("unknown {} '{s}': expected one of {}", $kind, all.join(", "))
                })
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named!(First, "first player", [You => "you", Ai => "ai", Coin => "coin"]);
named!(Memory, "memory mode", [Classic => "classic", Open => "open"]);
named!(Hints, "hint mode", [Off => "off", Always => "always"]);

impl Hints {
    /// The value as the setup screen shows it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Off => "on request (H)",
            Self::Always => "always",
        }
    }

    /// One line for the setup screen.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Off => "no hint unless you press H",
            Self::Always => "the hint shows at every decision",
        }
    }
}

impl Memory {
    /// One line for the setup screen.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Classic => "seen cards turn back face down: remember them",
            Self::Open => "seen cards stay face up (perfect memory for all)",
        }
    }
}

impl First {
    /// One line for the setup screen.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::You => "you turn the first card",
            Self::Ai => "the AI turns the first card",
            Self::Coin => "a coin toss decides, shown at the start",
        }
    }
}
