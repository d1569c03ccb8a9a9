//! Memory apart from strategy: in classic memory the seen cards lie face down, and a
//! player who forgets one makes a move no strategy would choose. This module finds those
//! **memory slips** in an analysed game and names what was forgotten and when it was
//! seen, so the analysis can count them apart from strategy errors.
//!
//! A decision is a **chance to use a seen card** when using it was among the best
//! actions (so leaving a pair on purpose, when that is strictly better, is strategy, not
//! a slip):
//!
//! - at the turn start, a seen pair lay on the table (two known cards of one label) and
//!   taking it was best;
//! - at the second card, the first card's partner had been seen and taking the pair was
//!   best.
//!
//! A **slip** is a chance not used: a new card turned (or another seen card) while the
//! pair lay there. Slips are counted even when the position was already decided (every
//! action worth the same), since the player could not have known that. Strategy is then
//! judged over the decisions with a real choice that were not slips.

use serde::Serialize;

use super::annotate::{Analysis, Annotation};
use crate::record::{MemoryMode, Record, coordinate, face_text};
use crate::rules::{Card, Deck, Game, Phase, Seat, Slot};
use crate::solver::Action;

/// What a slip forgot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SlipKind {
    /// A seen pair lay on the table at the turn start.
    SeenPair,
    /// The first card's partner had been seen.
    Partner,
}

/// A seen card the player did not use: where it lay, its face, and the turn it was last
/// turned face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    /// Its place on the table.
    pub position: usize,
    /// Its face.
    pub card: Card,
    /// The turn (from 1) it was last seen face up.
    pub turn: usize,
}

/// One memory slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    /// The flip (index into the annotations).
    pub index: usize,
    /// Its turn, from 1.
    pub turn: usize,
    /// Who slipped.
    pub seat: Seat,
    /// A seen pair, or the first card's partner.
    pub kind: SlipKind,
    /// The cards forgotten: the pair's two, or the partner.
    pub forgotten: Vec<Seen>,
}

/// One seat's memory over a game (strategy is judged apart: `judgement.rs`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SeatMemory {
    /// Decisions where using a seen card was best.
    pub chances: usize,
    /// Of those, the ones where it was not used.
    pub slips: usize,
}

/// The memory of every seat over one game of classic memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Memory {
    /// Every slip, in the order of play.
    pub slips: Vec<Slip>,
    /// Per seat, in seat order.
    pub seats: Vec<SeatMemory>,
}

/// Whether a record's games are a test of memory: classic memory, the standard cards
/// (Zebra's colours pair by other rules), and not solitaire's (which `analyze` values
/// by the par, not by annotations of this kind).
#[must_use]
pub fn applies(record: &Record) -> bool {
    tested(record.memory, &record.deck, record.seats())
}

/// Whether a game of `deck` at a table of `seats` played in memory `mode` tests memory
/// (the one rule [`applies`] and the judgement of a game in progress share).
#[must_use]
pub fn tested(mode: MemoryMode, deck: &Deck, seats: usize) -> bool {
    mode == MemoryMode::Classic && !deck.is_zebra() && !deck.is_checker() && seats >= 2
}

/// The memory slips of `game` (finished or not) as `analysis` valued it. Callers ask
/// only where [`applies`] holds: in open memory the seen cards lie face up.
#[must_use]
pub fn slips(game: &Game, analysis: &Analysis) -> Memory {
    let view = game.view();
    let mut replay = game.at_start();
    let mut last_seen: Vec<usize> = vec![0; view.slots().len()];
    let mut seats = vec![SeatMemory::default(); analysis.players.len()];
    let mut slips = Vec::new();
    for (a, flip) in analysis.annotations.iter().zip(view.flips()) {
        let chance = chance(&replay, a);
        let seat = &mut seats[a.seat.index()];
        let slipped = match &chance {
            Some((kind, places)) if !used(a, *kind) => {
                slips.push(Slip {
                    index: a.index,
                    turn: a.turn,
                    seat: a.seat,
                    kind: *kind,
                    forgotten: places
                        .iter()
                        .map(|&p| Seen {
                            position: p,
                            card: replay.reveal_all()[p],
                            turn: last_seen[p],
                        })
                        .collect(),
                });
                true
            }
            _ => false,
        };
        seat.chances += usize::from(chance.is_some());
        seat.slips += usize::from(slipped);
        last_seen[flip.position] = a.turn;
        if replay.try_flip(flip.position).is_err() {
            break;
        }
    }
    Memory { slips, seats }
}

/// Whether the decision of `a` was a chance to use a seen card, of which kind, and the
/// places of the seen cards it would have used.
fn chance(game: &Game, a: &Annotation) -> Option<(SlipKind, Vec<usize>)> {
    let view = game.view();
    let known = |label| {
        view.slots()
            .iter()
            .enumerate()
            .filter(move |&(_, s)| matches!(s, Slot::Known(c) if c.label == label))
            .map(|(p, _)| p)
    };
    match view.phase() {
        Phase::FirstCard => {
            // Taking a seen pair was among the best actions.
            if !a
                .best
                .iter()
                .any(|b| matches!(b, Action::Known(p) if p.known() >= 2))
            {
                return None;
            }
            view.label_counts()
                .into_iter()
                .filter(|&(_, on_table, unknown)| on_table - unknown >= 2)
                .map(|(label, _, _)| known(label).take(2).collect::<Vec<_>>())
                .next()
                .map(|places| (SlipKind::SeenPair, places))
        }
        Phase::SecondCard { first, .. } => {
            if !a.best.contains(&Action::Match) {
                return None;
            }
            let Slot::Known(card) = view.slots()[first] else {
                return None;
            };
            let partners: Vec<usize> = known(card.label).filter(|&p| p != first).collect();
            (!partners.is_empty()).then_some((SlipKind::Partner, partners))
        }
        Phase::Over(_) => None,
    }
}

/// Whether the flip of `a` used the seen card its chance offered.
fn used(a: &Annotation, kind: SlipKind) -> bool {
    match kind {
        SlipKind::SeenPair => matches!(a.action, Action::Known(p) if p.known() >= 2),
        SlipKind::Partner => a.action == Action::Match,
    }
}

impl Memory {
    /// The slip of flip `index`, if it was one.
    #[must_use]
    pub fn slip_at(&self, index: usize) -> Option<&Slip> {
        self.slips.iter().find(|s| s.index == index)
    }
}

/// A slip in the game's words: "you turned a new card while the pair K♣ e4 · K♠ a2 lay
/// seen (K♣ seen on turn 10, K♠ on turn 11)"; "you turned a new card second: you had
/// seen K♣ at e4 on turn 10".
#[must_use]
pub fn slip_words(game: &Game, who: &str, a: &Annotation, slip: &Slip) -> String {
    let seen = seen_words(game, slip);
    let did = super::annotate::did(a.action, a.first);
    match slip.kind {
        SlipKind::SeenPair => format!(
            "memory slip: {who} {did} while a seen pair lay on the table: {who} had seen {seen}"
        ),
        SlipKind::Partner => {
            format!("memory slip: {who} {did} instead of taking the pair: {who} had seen {seen}")
        }
    }
}

/// A slip in a few words, what was forgotten and when (the replay's panel): "memory
/// slip: you had seen A at d1 on turn 1". Places are named: the game is over.
#[must_use]
pub fn slip_short(game: &Game, who: &str, slip: &Slip) -> String {
    format!("memory slip: {who} had seen {}", seen_words(game, slip))
}

/// The cards a slip forgot: "K♣ at e4 on turn 10 and K♠ at a2 on turn 11".
fn seen_words(game: &Game, slip: &Slip) -> String {
    let deck = game.view().deck();
    let card = |s: &Seen| {
        format!(
            "{} at {} on turn {}",
            face_text(deck, s.card),
            coordinate(deck, s.position),
            s.turn
        )
    };
    let seen: Vec<String> = slip.forgotten.iter().map(card).collect();
    seen.join(" and ")
}

/// The memory as JSON, per seat and per slip.
#[must_use]
pub fn to_json(game: &Game, analysis: &Analysis, memory: &Memory) -> serde_json::Value {
    let deck = game.view().deck();
    let slips: Vec<serde_json::Value> = memory
        .slips
        .iter()
        .map(|s| {
            let a = &analysis.annotations[s.index];
            serde_json::json!({
                "index": s.index,
                "turn": s.turn,
                "seat": crate::record::seat_letter(s.seat).to_string(),
                "kind": s.kind,
                "forgotten": s.forgotten.iter().map(|f| serde_json::json!({
                    "coord": coordinate(deck, f.position),
                    "face": face_text(deck, f.card),
                    "seen_turn": f.turn,
                })).collect::<Vec<_>>(),
                "explanation": slip_words(game, analysis.name(s.seat), a, s),
            })
        })
        .collect();
    let seats: Vec<serde_json::Value> = memory
        .seats
        .iter()
        .enumerate()
        .map(|(i, m)| {
            serde_json::json!({
                "player": analysis.players[i].name,
                "chances": m.chances,
                "slips": m.slips,
            })
        })
        .collect();
    serde_json::json!({ "seats": seats, "slips": slips })
}
