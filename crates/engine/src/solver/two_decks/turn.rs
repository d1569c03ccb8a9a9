//! The Duel's turn as chances: what each action can lead to, and in how many of the equally
//! likely cards. Written once for the solver and for anything that plays a duel out over
//! the piles (the exact duel of two policies).

use super::{DuelAction, DuelFirst, DuelPosition, Seen};

/// Where an action leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The leader's card is shown: the answerer moves (the piles as the turn began).
    Answer(DuelFirst),
    /// The pair is taken; the table left, from the same leader's side.
    Taken(DuelPosition),
    /// The turn ends without a pair and is no pass; the table left.
    NoPair(DuelPosition),
    /// The turn is a pass (two cards seen before, no pair): the table as it was.
    Pass(DuelPosition),
}

/// An action's outcomes with their weights out of `total` (at most three).
#[derive(Debug, Clone, Copy)]
pub struct Outcomes {
    items: [(u32, Option<Next>); 3],
    /// The weights' sum.
    pub total: u32,
}

impl Outcomes {
    fn new() -> Self {
        Self {
            items: [(0, None); 3],
            total: 0,
        }
    }

    fn push(&mut self, weight: u32, next: Next) {
        if weight == 0 {
            return;
        }
        let slot = self
            .items
            .iter_mut()
            .find(|(_, n)| n.is_none())
            .expect("at most three outcomes");
        *slot = (weight, Some(next));
        self.total += weight;
    }

    /// The outcomes with their weights.
    pub fn iter(&self) -> impl Iterator<Item = (u32, Next)> + '_ {
        self.items.iter().filter_map(|&(w, n)| n.map(|n| (w, n)))
    }
}

/// The leader's actions on `p` (a card nobody has seen, a seen card of pile `L`, of `B`).
#[must_use]
pub fn leads(p: DuelPosition) -> Vec<DuelAction> {
    let mut all = Vec::with_capacity(3);
    if p.leader_unseen() > 0 {
        all.push(DuelAction::Unknown);
    }
    for pile in [Seen::Leader, Seen::Both] {
        if p.count(pile) > 0 {
            all.push(DuelAction::Known(pile));
        }
    }
    all
}

/// What the leader's `action` on `p` shows.
///
/// # Panics
/// If `action` is not one of [`leads`].
#[must_use]
pub fn lead(p: DuelPosition, action: DuelAction) -> Outcomes {
    let mut out = Outcomes::new();
    match action {
        DuelAction::Unknown => {
            for pile in [Seen::Neither, Seen::Answerer] {
                out.push(p.count(pile), Next::Answer(DuelFirst::Revealed(pile)));
            }
        }
        DuelAction::Known(pile) => out.push(p.count(pile), Next::Answer(DuelFirst::Held(pile))),
        DuelAction::Match | DuelAction::Other => panic!("{action} is no leader's action"),
    }
    assert!(out.total > 0, "{action} on {p}");
    out
}

/// The table once the leader's card `first` is shown on `p`.
#[must_use]
pub fn shown(p: DuelPosition, first: DuelFirst) -> DuelPosition {
    match first {
        DuelFirst::Revealed(Seen::Answerer) => p.moved(Seen::Answerer, Seen::Both),
        DuelFirst::Revealed(pile) => p.moved(pile, Seen::Leader),
        DuelFirst::Held(_) => p,
    }
}

/// The answerer's actions after the leader's card `first` on `p`, a pass among them
/// (whether the pass rule allows it is the caller's).
#[must_use]
pub fn answers(p: DuelPosition, first: DuelFirst) -> Vec<DuelAction> {
    let shown = shown(p, first);
    let seen = first.answer_seen();
    let mut all = Vec::with_capacity(3);
    if seen {
        all.push(DuelAction::Match);
    }
    if shown.answerer_unseen() > 0 {
        all.push(DuelAction::Unknown);
    }
    if shown.answerer + shown.both > u32::from(seen) {
        all.push(DuelAction::Other);
    }
    all
}

/// What the answerer's `action` does after the leader's card `first` on `p`.
///
/// # Panics
/// If `action` is not one of [`answers`].
#[must_use]
pub fn answer(p: DuelPosition, first: DuelFirst, action: DuelAction) -> Outcomes {
    let shown = shown(p, first);
    let seen = first.answer_seen();
    let mut out = Outcomes::new();
    match action {
        DuelAction::Match if seen => out.push(1, Next::Taken(shown.without(Seen::Both))),
        DuelAction::Unknown => {
            // One of the answerer's unseen cards is the leader's label's, unless they
            // have seen it already.
            if !seen {
                out.push(1, Next::Taken(shown.without(Seen::Leader)));
            }
            if shown.neither > 0 {
                let after = shown.moved(Seen::Neither, Seen::Answerer);
                out.push(shown.neither, Next::NoPair(after));
            }
            let partners = shown.leader - u32::from(!seen);
            if partners > 0 {
                out.push(
                    partners,
                    Next::NoPair(shown.moved(Seen::Leader, Seen::Both)),
                );
            }
        }
        DuelAction::Other if first.held() => out.push(1, Next::Pass(shown)),
        DuelAction::Other => out.push(1, Next::NoPair(shown)),
        _ => panic!("{action} is no answer here"),
    }
    assert!(out.total > 0, "{action} after {first:?} on {p}");
    out
}
