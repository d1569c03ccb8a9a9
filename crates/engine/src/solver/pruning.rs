//! Which known pairs the solver takes at once, without weighing the alternatives, and
//! why that is safe.
//!
//! # The rule
//!
//! At the turn start, but not right after the opponent's pass, the solver takes a known
//! pair of a *harmless* label ℓ and stores the value of that take as the value of the
//! state. A label is harmless when all its cards on the table are known (`2.0`, `4.0`,
//! `6.0`), or all but one with at least three known (`4.1`, `6.1`). This is done for
//! `win` under `agreed`, `ko` and `none`, for `margin` under every rule and for `moves`.
//! The after-pass values of such a state are solved only if it is asked about.
//!
//! # Why: a proof, up to one narrow case
//!
//! Write `V(S, d, p)` for the mover's value (`win`) in card state `S` with score
//! difference `d`, `p` telling whether the last turn was a pass, and `S⁻` for `S` once
//! ℓ's known pair is taken. The claim is `V(S, d, no) = V(S⁻, d + 1, no)`: no action
//! beats the take. Three facts are used:
//!
//! 1. *More pairs never hurt*: `V(S, d, p) ≤ V(S, d + 2, p)` (by induction: the value
//!    of every action grows with `d`).
//! 2. *A known card first, then an unknown one, never beats the unknown one first*: turn
//!    the unknown card, then match it with the known card's label if it is of that label,
//!    else turn that known card to end the turn having shown the same cards. (The solver
//!    relies on this everywhere; see `Node::second_held`.)
//! 3. *Taking is a move*: whoever moves in a state with a known pair of ℓ, after a pass
//!    or not, may take it, so `V(T, e, p) ≥ V(T⁻, e + 1, no)`.
//!
//! Compare any action `a` in `S` with "take ℓ's pair, then `a`" in `S⁻`. The take
//! removes known cards only, so the unknown cards are the same and every chance in `a`
//! is the same in both; follow the two branch by branch.
//!
//! - *The turn ends having shown a card.* The opponent moves in `T` (ℓ still there) or
//!   in `T⁻` with a pair less; by 3 then 1, `V(T, −d, no) ≥ V(T⁻, −d + 1, no) ≥
//!   V(T⁻, −d − 1, no)`: the take is at least as good. (If `a` showed the last unknown
//!   card of a `4.1` label ℓ without matching it, ℓ is `4.0` in `T` and `2.0` in `T⁻`:
//!   the opponent takes two pairs instead of one, the same inequality.)
//! - *The mover matches a pair and moves again* in `S₂`: `S₂` is smaller than `S` and ℓ
//!   is harmless there, so by induction taking ℓ is best in `S₂`:
//!   `V(S₂, d + 1, no) = V(S₂⁻, d + 2, no)`, which is where "take, then `a`" stands. (If
//!   `a` matched the last unknown card of a `4.1` label ℓ, ℓ is `2.0` in `S₂` and taken
//!   next, and "take, then `a`" has matched ℓ's last pair: the same state again.)
//! - *`a` is a pass* (two known cards of different labels). "Take, then pass" is at
//!   least as good: the opponent then moves after a pass in `S⁻` a pair further behind,
//!   which is worth no more to them than moving after the pass in `S`, where they could
//!   take ℓ themselves (3) and where ending the game (`agreed`) is worth as much or more
//!   (1). Under `ko` the same holds without the end; under `quit` a pass ends the game,
//!   one pair better after the take; under `withdraw` both are worth ½.
//! - *`a` turns a known card first and then an unknown one*: covered by 2.
//!
//! The comparison needs only that the mover can do in `S⁻` what `a` does in `S`. That
//! fails in one way: `a` uses a card of ℓ as a *stopper* (the known card turned second
//! to end the turn after an unknown first card, or a card of a pass) and `S⁻` has no
//! other known card of a label that will do. A `4.0` or `4.1` label keeps a known card
//! after the take, so this only happens for `2.0`. A pattern with two unknown cards,
//! such as `4.2` or `6.3`, fails differently: after the take (or after one match) its
//! unknown cards lack known partners, and holding the pair back can indeed be right.
//! So the argument proves, by induction on the number of cards and unknown cards:
//!
//! > **The take is optimal in every state if it is optimal in every *residual* state:**
//! > a harmless `2.0` label with at most one other label that has a known card.
//!
//! The residual case would follow from bounds such as "having to move never costs
//! more than two pairs" and "one more card face up is worth less than two pairs to the
//! player to move" (the stopper is missing exactly when the mover must either pass the
//! move on or show one more card), which we have not proved. It is false under `quit`
//! and `withdraw` with `win` (keeping the pair keeps a pass in hand), and the failures
//! spread through the induction to `2.0` and `4.1` takes elsewhere: so no pruning
//! there. For `margin` the
//! same argument holds with sums in place of `1 − V`, and for `moves` (one player) a
//! known pair costs exactly one turn whenever it is taken.
//!
//! # Not under One Flip
//!
//! Under One Flip (`docs/variants.md`) a take hands the move on, so the second case above
//! (the mover goes again) is gone, and the take can indeed lose: two known pairs leave
//! the opponent the last free take, and a `4.1` take can cost the stopper a `4.2` label
//! needs (`tests/it/one_flip.rs` has such states). [`prunable_under`] switches pruning off
//! there. Setting known pairs aside in other ways (two known pairs against none, a
//! known label of four against two of two) fails too: the candidates and their
//! counterexamples are in `search/known_pairs.rs`.
//!
//! # Checked where not proved
//!
//! [`crate::analysis::certificate`] checks the residual states of a deck one by one
//! with the pruned solver itself, for every position with at most the deck's labels and
//! every score difference. If all pass, the argument above proves the pruned solver
//! exact on that deck and every smaller one with as many cards per label: the lowest
//! failing state, if there were one, would be residual and valued from exact
//! successors, so it would be caught. `tests/it/pruning.rs` certifies decks up to `60x2`,
//! `16x4` and `8x6` (in exact rationals up to `16x2` and `7x4`) and compares the pruned
//! solver value by value with the exhaustive one on smaller decks. Its ignored test
//! `certify_the_largest_decks` certified, in `f64` (ties within 1e-9):
//! - `win` under `agreed`, `ko` and `none`: `739x2`, `39x4` and `13x6`, the largest
//!   decks the solver accepts for `win` (19 to 56 s each);
//! - `margin` under every rule, and `moves`: `739x2`, `60x4` and `13x6`, and
//!   `margin`/`agreed` also `5000x2` and `17x6`. The solver accepts larger decks for
//!   these (up to about `14000x2`, `87x4`, `20x6`); there the residual case rests on
//!   these checks of the smaller decks only.

use super::Pattern;
use crate::rules::{Objective, PassRule, Variant};

/// Whether a known pair of a label in pattern `pattern` is taken at once: all of its
/// cards known, or all but one with three known.
#[must_use]
pub fn harmless(pattern: Pattern) -> bool {
    let known = pattern.known();
    known >= 2 && (pattern.unknown == 0 || (pattern.unknown == 1 && known >= 3))
}

/// Objective and pass-rule pairs for which taking a harmless known pair at the turn
/// start (not right after a pass) is optimal (see the module's proof and its check).
/// Under `quit` and `withdraw` with `win` it is not: keeping the pair can keep a pass in
/// hand.
#[must_use]
pub fn prunable(objective: Objective, pass_rule: PassRule) -> bool {
    match objective {
        Objective::Win => matches!(pass_rule, PassRule::Agreed | PassRule::Ko | PassRule::None),
        Objective::Margin | Objective::Moves => true,
    }
}

/// [`prunable`] for the game played under `variant`. Under One Flip nothing is pruned:
/// a take there hands the move on, so the proof above (whose second case has the mover
/// go again) does not carry over, and `tests/it/pruning.rs` shows the take losing.
#[must_use]
pub fn prunable_under(variant: Variant, objective: Objective, pass_rule: PassRule) -> bool {
    variant == Variant::Standard && prunable(objective, pass_rule)
}
