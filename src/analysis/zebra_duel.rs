//! Two Zebra policies against each other: the exact expected result by recursion over
//! Zebra positions and the chance of each unknown card (as [`super::duel`] does for the
//! standard game, through the same turns' frame, `TwoSeatDuel`), for policies over the
//! Zebra state.
//!
//! The transitions are the rules of docs/variants.md, rank by rank through
//! [`ZebraPattern::after`]: a card turned from unknown is shown in its half; a pair
//! takes one card of each half; a twin or a card of another rank only shows what was
//! unknown; two known cards that do not pair are a pass.

use super::duel::{ExactDuel, Memo, Terms, TwoSeatDuel};
use crate::model::Zebra;
use crate::players::Policy;
use crate::rules::{Deck, Objective, PassRule, Variant};
use crate::solver::zebra::{
    ZEBRA_PATTERNS, ZebraAction, ZebraColour, ZebraFirstCard, ZebraPattern, ZebraPosition,
    ZebraState,
};

/// The exact duel of two Zebra policies (see [`super::duel::between`]).
impl ExactDuel for Zebra {
    fn contest(
        deck: &Deck,
        objective: Objective,
        pass_rule: PassRule,
        policies: [&mut dyn Policy<Self>; 2],
    ) -> f64 {
        assert!(objective != Objective::Moves, "a duel needs two players");
        let mut duel = Duel {
            terms: Terms {
                objective,
                pass_rule,
                variant: Variant::Standard,
            },
            policies,
            memo: Memo::default(),
        };
        duel.turn(&ZebraPosition::start(deck.labels()), 0, false, 0)
    }
}

struct Duel<'a> {
    terms: Terms,
    policies: [&'a mut dyn Policy<Zebra>; 2],
    memo: Memo<ZebraPosition>,
}

/// Cards shown of each half: `(red, black)` for one card of half `c`.
fn shown(c: ZebraColour, n: u8) -> (u8, u8) {
    match c {
        ZebraColour::Red => (n, 0),
        ZebraColour::Black => (0, n),
    }
}

/// `position` with one rank of pattern `p` changed by `change` (see
/// [`ZebraPattern::after`]).
fn changed(
    position: &ZebraPosition,
    p: ZebraPattern,
    change: (u8, u8, Option<(bool, bool)>),
) -> ZebraPosition {
    let (red, black, taken) = change;
    let next = p
        .after(red, black, taken)
        .expect("a possible turn")
        .map(|(q, _)| q);
    position.moved(p, next)
}

/// A pair taken of the first card's half `c`, each card unknown before the turn or not.
fn taken(c: ZebraColour, first_unknown: bool, second_unknown: bool) -> Option<(bool, bool)> {
    Some(match c {
        ZebraColour::Red => (first_unknown, second_unknown),
        ZebraColour::Black => (second_unknown, first_unknown),
    })
}

impl TwoSeatDuel for Duel<'_> {
    type Position = ZebraPosition;

    fn terms(&self) -> Terms {
        self.terms
    }

    fn memo(&mut self) -> &mut Memo<ZebraPosition> {
        &mut self.memo
    }

    fn pairs_left(position: &ZebraPosition) -> u64 {
        position.pairs()
    }

    fn name(&self, who: usize) -> String {
        format!("the policy of seat {who}")
    }

    fn start(&mut self, position: &ZebraPosition, d: i64, after_pass: bool, who: usize) -> f64 {
        let state = ZebraState {
            position: position.clone(),
            diff: d,
            after_pass,
            first: None,
        };
        match self.policies[who].act(&state) {
            ZebraAction::Unknown => {
                let unknown = position.unknown_cards() as f64;
                let mut sum = 0.0;
                for (p, n) in position.iter() {
                    for c in ZebraColour::BOTH {
                        let weight = f64::from(n) * f64::from(p.unknown(c));
                        if weight > 0.0 {
                            let first = ZebraFirstCard::Revealed(p, c);
                            sum += weight * self.second(&state, first, who);
                        }
                    }
                }
                sum / unknown
            }
            ZebraAction::Known(p, c) => self.second(&state, ZebraFirstCard::Held(p, c), who),
            other => panic!("{other} at the turn start"),
        }
    }
}

impl Duel<'_> {
    /// Value for `who` after the first card of the turn.
    fn second(&mut self, start: &ZebraState, first: ZebraFirstCard, who: usize) -> f64 {
        let state = ZebraState {
            first: Some(first),
            ..start.clone()
        };
        let action = self.policies[who].act(&state);
        let (position, d) = (&start.position, start.diff);
        match first {
            ZebraFirstCard::Revealed(p, c) => match action {
                ZebraAction::Match => {
                    assert!(p.known(c.opposite()) > 0, "no known partner");
                    let next = changed(position, p, (0, 0, taken(c, true, false)));
                    self.took(&next, d, who)
                }
                ZebraAction::Twin | ZebraAction::Known(..) => {
                    // The first card is shown; nothing else changes.
                    let (r, b) = shown(c, 1);
                    self.hand_on(&changed(position, p, (r, b, None)), d, false, who)
                }
                ZebraAction::Unknown => self.second_unknown(position, p, c, true, d, who),
            },
            ZebraFirstCard::Held(p, c) => match action {
                ZebraAction::Match => {
                    assert!(p.known(c.opposite()) > 0, "no known partner");
                    let next = changed(position, p, (0, 0, taken(c, false, false)));
                    self.took(&next, d, who)
                }
                ZebraAction::Twin | ZebraAction::Known(..) => {
                    self.pass(position, d, start.after_pass, who)
                }
                ZebraAction::Unknown => self.second_unknown(position, p, c, false, d, who),
            },
        }
    }

    /// The second card turned from unknown, the first of pattern `p`, half `c`, itself
    /// unknown before the turn or not.
    fn second_unknown(
        &mut self,
        position: &ZebraPosition,
        p: ZebraPattern,
        c: ZebraColour,
        revealed: bool,
        d: i64,
        who: usize,
    ) -> f64 {
        let first_shown = u8::from(revealed);
        let unknown = position.unknown_cards() - u64::from(first_shown);
        let mut sum = 0.0;
        // Its partner: a pair.
        let partners = p.unknown(c.opposite());
        if partners > 0 {
            let next = changed(position, p, (0, 0, taken(c, revealed, true)));
            sum += f64::from(partners) * self.took(&next, d, who);
        }
        // Its twin: both shown, no pair.
        let twins = p.unknown(c) - first_shown;
        if twins > 0 {
            let (r, b) = shown(c, first_shown + 1);
            let next = changed(position, p, (r, b, None));
            sum += f64::from(twins) * self.hand_on(&next, d, false, who);
        }
        // A card of another rank.
        let (r, b) = shown(c, first_shown);
        let base = changed(position, p, (r, b, None));
        for q in ZEBRA_PATTERNS {
            let others = position.count(q) - u32::from(q == p);
            for c2 in ZebraColour::BOTH {
                let n = others * u32::from(q.unknown(c2));
                if n == 0 {
                    continue;
                }
                let (r2, b2) = shown(c2, 1);
                let next = changed(&base, q, (r2, b2, None));
                sum += f64::from(n) * self.hand_on(&next, d, false, who);
            }
        }
        sum / unknown as f64
    }
}
