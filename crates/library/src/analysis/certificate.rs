//! A check, deck by deck, of the one case of the solver's pruning that is not proved.
//!
//! The solver takes a harmless known pair at once (`solver::pruning`). Its module
//! documentation proves that this is optimal in every state as soon as it is optimal in
//! every *residual* state: a `2.0` label with at most one other label holding a known
//! card. This module values every residual state of a deck with the pruned solver itself
//! and compares the take with the best action. If none fails, the pruned solver is exact
//! on the whole deck: the lowest failing state, if there were one, would be residual and
//! valued from exact successors, so it would have been caught.

use thiserror::Error;

use crate::rules::{Deck, Objective, PassRule};
use crate::solver::{
    Action, FirstCard, PLAY_LIMIT, Pattern, Position, Scalar, SolveError, Solver, State, best_of,
    patterns,
};

/// Residual states checked, with no failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Certificate {
    /// Card states.
    pub positions: usize,
    /// States (card state and score difference, at the turn start, not after a pass).
    pub states: usize,
}

/// Why a deck was not certified.
#[derive(Debug, Error)]
pub enum CertificateError {
    /// Taking the known pair is not optimal in a residual state.
    #[error(
        "taking the known pair is not optimal in {position} with difference {diff}: {take} against {best}"
    )]
    Counterexample {
        position: Position,
        diff: i64,
        take: f64,
        best: f64,
    },
    /// The deck is too large to solve, or the rules do not go together.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// Checks every residual state of `deck` (every position with at most its labels, every
/// score difference) under `objective` and `pass_rule`, so a certificate for a deck
/// covers every smaller deck with as many cards per label too. Under a pass rule the
/// solver does not prune for (`quit`, `withdraw` with `win`) the values are exact, and
/// the check tells whether pruning would be safe there.
///
/// # Errors
/// The first residual state where the take is not optimal, or a deck too large to solve.
pub fn certify<V: Scalar>(
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
) -> Result<Certificate, CertificateError> {
    let root = Position::start(deck);
    let total = i64::from(deck.pairs());
    let positions = residual_positions(deck);
    let mut certificate = Certificate {
        positions: positions.len(),
        states: 0,
    };
    // Every score difference of each parity, not only those a game from the start
    // reaches: a root `total + parity` pairs ahead stores them all in every position
    // below it, so the certificate holds for a solve from any position and difference.
    let parities = if objective == Objective::Win {
        0..2
    } else {
        0..1
    };
    for parity in parities {
        let ahead = total + parity;
        let mut solver = Solver::<V>::new(objective, pass_rule, &root, ahead, CERTIFY_LIMIT)?;
        // Everything below the start at once (on all cores for a large deck): the largest
        // residual positions need nearly all of it anyway.
        solver.value(&State {
            position: root.clone(),
            diff: ahead,
            after_pass: false,
            first: None,
        })?;
        for position in &positions {
            let pairs = i64::try_from(position.pairs()).expect("fits");
            let diffs: Vec<i64> = if objective == Objective::Win {
                (-pairs..=pairs)
                    .filter(|d| (d + pairs - parity).rem_euclid(2) == 0)
                    .collect()
            } else {
                vec![0]
            };
            for diff in diffs {
                check(&mut solver, objective, position, diff)?;
                certificate.states += 1;
            }
        }
    }
    Ok(certificate)
}

/// Most stored values a certificate's solve may use: it stores every score difference,
/// about twice what a game from the start needs.
const CERTIFY_LIMIT: f64 = 2.5 * PLAY_LIMIT;

/// Checks that taking the `2.0` pair is optimal in one residual state.
fn check<V: Scalar>(
    solver: &mut Solver<V>,
    objective: Objective,
    position: &Position,
    diff: i64,
) -> Result<(), CertificateError> {
    let state = State {
        position: position.clone(),
        diff,
        after_pass: false,
        first: None,
    };
    let take = solver
        .actions(&State {
            first: Some(FirstCard::Held(Pattern::new(2, 0))),
            ..state.clone()
        })?
        .into_iter()
        .find_map(|(action, v)| (action == Action::Match).then_some(v))
        .expect("a known pair can be matched");
    let actions = solver.actions(&state)?;
    let best = best_of(objective, actions.into_iter().map(|(_, v)| v))
        .expect("a legal action always exists");
    let beaten = if objective.minimises() {
        take > best
    } else {
        take < best
    };
    if beaten && !take.ties(&best) {
        return Err(CertificateError::Counterexample {
            position: position.clone(),
            diff,
            take: take.to_f64(),
            best: best.to_f64(),
        });
    }
    Ok(())
}

/// Every residual card state of `deck`: a `2.0` label, at most one other label with a
/// known card (of any pattern), and any number of labels with no known card.
pub fn residual_positions(deck: &Deck) -> Vec<Position> {
    let all = patterns(deck.copies());
    let unseen: Vec<Pattern> = all.iter().copied().filter(|p| p.known() == 0).collect();
    let seen: Vec<Option<Pattern>> = std::iter::once(None)
        .chain(all.iter().copied().filter(|p| p.known() > 0).map(Some))
        .collect();
    let mut out = Vec::new();
    for other in seen {
        let used = 1 + u32::from(other.is_some());
        let Some(free) = deck.labels().checked_sub(used) else {
            continue;
        };
        for split in splits(unseen.len(), free) {
            let mut position = Position::empty(deck.copies());
            position.add(Pattern::new(2, 0), 1);
            if let Some(p) = other {
                position.add(p, 1);
            }
            for (&p, &n) in unseen.iter().zip(&split) {
                position.add(p, n);
            }
            out.push(position);
        }
    }
    out
}

/// Every way to put at most `labels` labels into `n` patterns.
fn splits(n: usize, labels: u32) -> Vec<Vec<u32>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    (0..=labels)
        .flat_map(|first| {
            splits(n - 1, labels - first)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}
