//! Zebra at the table: the abstract state of a Zebra game's public view, the concrete
//! cards that carry out an abstract action, and the optimal Zebra player.

use rand_chacha::ChaCha8Rng;

use crate::rules::{Card, Deck, Objective, PassRule, Phase, PublicView, Slot, below, zebra_red};
use crate::solver::zebra::{
    ZebraAction, ZebraColour, ZebraError, ZebraFirstCard, ZebraPattern, ZebraPosition, ZebraSolver,
    ZebraState,
};

/// A rank's cards as the public view shows them: `(red on the table, red unknown, black on
/// the table, black unknown)`. Each rank has two cards of each colour; those neither
/// removed nor known are unknown.
fn rank_counts(view: &PublicView, rank: u32) -> (u8, u8, u8, u8) {
    // Per colour (red, black): removed and known cards.
    let (mut gone, mut known) = ([0u8; 2], [0u8; 2]);
    for slot in view.slots() {
        let (card, counter) = match slot {
            Slot::Known(c) => (*c, &mut known),
            Slot::Removed(c) => (*c, &mut gone),
            Slot::Unknown => continue,
        };
        if card.label.0 == rank {
            counter[usize::from(!zebra_red(card))] += 1;
        }
    }
    let (red, black) = (2 - gone[0], 2 - gone[1]);
    (red, red - known[0], black, black - known[1])
}

/// The canonical pattern of a rank and whether its halves are swapped (`extra`: one more
/// unknown card of the given colour, the first card before it was turned).
fn rank_pattern(view: &PublicView, rank: u32, extra: Option<bool>) -> Option<(ZebraPattern, bool)> {
    let (rr, mut ur, rb, mut ub) = rank_counts(view, rank);
    match extra {
        Some(true) => ur += 1,
        Some(false) => ub += 1,
        None => {}
    }
    debug_assert_eq!(rr, rb, "a pair takes one card of each colour");
    let pattern = ZebraPattern::new(rr, ur, ub)?;
    Some((pattern, ZebraPattern::swaps(ur, ub)))
}

/// The half a card is in, in its rank's canonical pattern.
fn half(card: Card, swapped: bool) -> ZebraColour {
    if zebra_red(card) == swapped {
        ZebraColour::Black
    } else {
        ZebraColour::Red
    }
}

fn first_card(view: &PublicView) -> Option<(usize, Card, bool)> {
    match view.phase() {
        Phase::SecondCard {
            first,
            first_was_known,
        } => match view.slots()[first] {
            Slot::Known(c) => Some((first, c, first_was_known)),
            _ => None,
        },
        _ => None,
    }
}

/// The abstract Zebra state of the current decision point of a Zebra game.
///
/// # Panics
/// If the game is over or the deck is not a Zebra deck.
#[must_use]
pub fn zebra_state_of(view: &PublicView) -> ZebraState {
    assert!(view.deck().is_zebra(), "not a Zebra game");
    assert!(!view.is_over(), "no decision in a finished game");
    let first = first_card(view);
    let mut position = ZebraPosition::from_counts([0; 9]);
    let mut first_state = None;
    for rank in 0..view.deck().labels() {
        // The first card, if turned from unknown this turn, counts as unknown still.
        let extra = first
            .filter(|&(_, c, known)| !known && c.label.0 == rank)
            .map(|(_, c, _)| zebra_red(c));
        let Some((pattern, swapped)) = rank_pattern(view, rank, extra) else {
            continue;
        };
        position.add(pattern, 1);
        if let Some((_, c, known)) = first.filter(|&(_, c, _)| c.label.0 == rank) {
            let h = half(c, swapped);
            first_state = Some(if known {
                ZebraFirstCard::Held(pattern, h)
            } else {
                ZebraFirstCard::Revealed(pattern, h)
            });
        }
    }
    ZebraState {
        position,
        diff: i64::from(view.diff()),
        after_pass: view.after_pass(),
        first: first_state,
    }
}

/// The abstract action that turning the card at `position` now carries out.
///
/// # Panics
/// If the card is not on the table or is the first card of the turn.
#[must_use]
pub fn zebra_action_of(view: &PublicView, position: usize) -> ZebraAction {
    let card = match view.slots()[position] {
        Slot::Unknown => return ZebraAction::Unknown,
        Slot::Known(c) => c,
        Slot::Removed(_) => panic!("that card has been removed"),
    };
    if let Some((at, first, _)) = first_card(view) {
        assert_ne!(at, position, "the first card is face up");
        if view.deck().matches(first, card) {
            return ZebraAction::Match;
        }
        if first.label == card.label {
            return ZebraAction::Twin;
        }
    }
    let (pattern, swapped) = rank_pattern(view, card.label.0, None).expect("on the table");
    ZebraAction::Known(pattern, half(card, swapped))
}

/// The cards on the table that carry out `action` now.
#[must_use]
pub fn zebra_candidates(view: &PublicView, action: ZebraAction) -> Vec<usize> {
    if action == ZebraAction::Unknown {
        return view.unknown_positions().collect();
    }
    let first = first_card(view).map(|(at, _, _)| at);
    view.known_cards()
        .filter(|&(p, _)| Some(p) != first)
        .filter(|&(p, _)| {
            let done = zebra_action_of(view, p);
            match (done, action) {
                // Either half of a symmetric pattern stands for both.
                (ZebraAction::Known(p1, _), ZebraAction::Known(p2, _)) if p1.symmetric() => {
                    p1 == p2
                }
                _ => done == action,
            }
        })
        .map(|(p, _)| p)
        .collect()
}

/// The optimal Zebra player: the solver's best action under the model's tie order
/// ([`crate::solver::zebra::zebra_preference`]), turned into a card chosen uniformly among
/// those that carry it out.
#[derive(Debug, Clone)]
pub struct ZebraOptimal {
    solver: ZebraSolver<f64>,
}

impl ZebraOptimal {
    /// Solves a Zebra `deck` from its start under `objective` and `pass_rule`.
    ///
    /// # Errors
    /// A deck too large to solve, an objective the Zebra solver does not offer, or an
    /// invalid objective/pass rule pair.
    ///
    /// # Panics
    /// If the deck is not a Zebra deck.
    pub fn new(deck: &Deck, objective: Objective, pass_rule: PassRule) -> Result<Self, ZebraError> {
        assert!(deck.is_zebra(), "not a Zebra deck");
        let mut solver = ZebraSolver::new(objective, pass_rule);
        // Solve everything up front so that play never waits.
        solver.value(&ZebraState {
            position: ZebraPosition::start(deck.labels()),
            diff: 0,
            after_pass: false,
            first: None,
        })?;
        Ok(Self { solver })
    }

    /// The solver behind the player (for hints and analysis).
    pub fn solver(&mut self) -> &mut ZebraSolver<f64> {
        &mut self.solver
    }

    /// The action the player takes in `state`.
    ///
    /// # Panics
    /// If the state cannot arise in the solved game.
    pub fn act(&mut self, state: &ZebraState) -> ZebraAction {
        self.solver
            .best(state)
            .expect("every state of a game is reachable from its start")
    }

    /// The position to turn next in a Zebra game, a card chosen with `rng` among those
    /// that carry out the action.
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose(&mut self, view: &PublicView, rng: &mut ChaCha8Rng) -> usize {
        let action = self.act(&zebra_state_of(view));
        let candidates = zebra_candidates(view, action);
        assert!(!candidates.is_empty(), "no card for {action}");
        let i = below(rng, candidates.len() as u64);
        candidates[usize::try_from(i).expect("index fits")]
    }
}
