//! When each idea is right, in a rule a person can carry (Arakawa's open problem): each
//! rule a pure function of the counts a player can see at a decision point of a deck of
//! pairs (cards never seen, seen singles, known pairs, the lead, the pass state, the
//! rules), with its words. The rules were fitted to the exact solver's choices over
//! every reachable position ([`measure`]), and are measured there: the share of
//! positions where the rule picks the better of the idea and the common play, and what
//! it costs where it does not.
//!
//! Decks of pairs only (`pairs:N`, `standard`): on four of a kind the counts a player
//! sees are richer than these.

pub mod measure;

use crate::rules::{Objective, PassRule};
use crate::solver::{Action, FirstCard, Pattern, State};

use super::IdeaKind;

/// Where in the turn a decision is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum At {
    /// Before the first card.
    TurnStart,
    /// After a new card whose partner is still hidden.
    NewCardPartnerHidden,
    /// After a new card whose partner has been seen.
    NewCardPartnerSeen,
}

/// What a player can see at a decision point: the counts the rules read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seen {
    /// Where in the turn.
    pub at: At,
    /// Cards nobody has seen, still on the table (after the first card, if turned).
    pub unknown: u64,
    /// Seen cards whose partner is still hidden (the first card's label left out).
    pub singles: u64,
    /// Pairs whose both cards have been seen.
    pub pairs: u64,
    /// The mover's pairs less the opponent's.
    pub lead: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// The goal.
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
}

impl Seen {
    /// The counts of `state` (a deck of pairs), or `None` where no idea is posed: a
    /// first card already seen, or a deck of more than two cards a label.
    #[must_use]
    pub fn of(state: &State, objective: Objective, pass_rule: PassRule) -> Option<Self> {
        let position = &state.position;
        if position.copies() != 2 {
            return None;
        }
        let single = Pattern::new(2, 1);
        let (at, flipped, first_single) = match state.first {
            None => (At::TurnStart, 0, 0),
            Some(FirstCard::Revealed(p)) if p.unknown == 2 => (At::NewCardPartnerHidden, 1, 0),
            Some(FirstCard::Revealed(_)) => (At::NewCardPartnerSeen, 1, 1),
            Some(FirstCard::Held(_)) => return None,
        };
        Some(Self {
            at,
            unknown: position.unknown_cards().checked_sub(flipped)?,
            singles: u64::from(position.count(single)).checked_sub(first_single)?,
            pairs: u64::from(position.count(Pattern::new(2, 0))),
            lead: state.diff,
            after_pass: state.after_pass,
            objective,
            pass_rule,
        })
    }

    /// Whether a pass is allowed now.
    #[must_use]
    pub fn may_pass(&self) -> bool {
        match self.pass_rule {
            PassRule::None => false,
            PassRule::Ko => !self.after_pass,
            PassRule::Agreed | PassRule::Quit | PassRule::Withdraw => true,
        }
    }

    /// Whether a pass now ends the game with the mover ahead.
    #[must_use]
    pub fn pass_wins(&self) -> bool {
        let ends = match self.pass_rule {
            PassRule::Agreed => self.after_pass,
            PassRule::Quit => true,
            PassRule::Ko | PassRule::Withdraw | PassRule::None => false,
        };
        ends && self.lead > 0
    }

    /// Pairs of which no card has been seen, the first card's own left out: where the
    /// parity that decides this game lives (each such pair takes two new cards, and
    /// whoever turns the first of them hands the second's chance on).
    #[must_use]
    pub fn untouched(&self) -> u64 {
        let partner = u64::from(self.at == At::NewCardPartnerHidden);
        (self.unknown - self.singles - partner) / 2
    }

    /// The table is against the mover: the untouched pairs are odd in number and the
    /// seen singles at least two more than twice as many. There, as the solver has it,
    /// ending the turn without a new card (a wait; or, where the game can end, ending
    /// it) is worth more than turning one.
    #[must_use]
    pub fn table_against_mover(&self) -> bool {
        let h = self.untouched();
        h % 2 == 1 && self.singles >= 2 * h + 2
    }
}

/// Whether `idea` is at stake at `seen`: both it and the common play can be chosen.
#[must_use]
pub fn at_stake(idea: IdeaKind, seen: &Seen) -> bool {
    let known = seen.singles + seen.pairs;
    match idea {
        IdeaKind::Sacrifice => {
            seen.at == At::NewCardPartnerHidden && seen.unknown >= 1 && known >= 1
        }
        IdeaKind::PsycheOut => seen.at == At::NewCardPartnerSeen && seen.unknown >= 1,
        IdeaKind::LeavePair => seen.at == At::NewCardPartnerSeen && known >= 1,
        IdeaKind::KeepPair => {
            seen.at == At::TurnStart && seen.pairs >= 1 && seen.unknown + seen.singles >= 1
        }
        IdeaKind::PassToWin | IdeaKind::Wait => {
            seen.at == At::TurnStart
                && seen.pairs == 0
                && seen.singles >= 2
                && seen.unknown >= 1
                && seen.may_pass()
                && (idea == IdeaKind::PassToWin) == seen.pass_wins()
        }
        IdeaKind::Other => false,
    }
}

/// The best value of the idea's choice and of the common play among `actions` (the
/// solver's, at a decision point where `idea` is at stake), for a goal that is
/// maximised.
#[must_use]
pub fn stake(idea: IdeaKind, actions: &[(Action, f64)]) -> Option<(f64, f64)> {
    let best = |pick: &dyn Fn(Action) -> bool| {
        actions
            .iter()
            .filter(|(a, _)| pick(*a))
            .map(|&(_, v)| v)
            .max_by(f64::total_cmp)
    };
    let known = |a: Action| matches!(a, Action::Known(_));
    let pair = Action::Known(Pattern::new(2, 0));
    let single = Action::Known(Pattern::new(2, 1));
    let (idea_value, common) = match idea {
        IdeaKind::Sacrifice => (best(&known)?, best(&|a| a == Action::Unknown)?),
        IdeaKind::PsycheOut => (
            best(&|a| a == Action::Unknown)?,
            best(&|a| a == Action::Match)?,
        ),
        IdeaKind::LeavePair => (best(&known)?, best(&|a| a == Action::Match)?),
        IdeaKind::KeepPair => (
            best(&|a| a == Action::Unknown || a == single)?,
            best(&|a| a == pair)?,
        ),
        IdeaKind::PassToWin | IdeaKind::Wait => {
            (best(&|a| a == single)?, best(&|a| a == Action::Unknown)?)
        }
        IdeaKind::Other => return None,
    };
    Some((idea_value, common))
}

/// Whether the rule of `idea` plays the idea (rather than the common play) at `seen`.
/// The rules were fitted to the solver's choices on `pairs:8`, `pairs:12` and the
/// standard deck under every pass rule and both goals (see [`measure`]); their words
/// are [`words`].
#[must_use]
pub fn plays(idea: IdeaKind, seen: &Seen) -> bool {
    let win = seen.objective == Objective::Win;
    match idea {
        IdeaKind::Sacrifice => {
            // Under `quit` a player behind cannot end the game, so the turn handed
            // over is worth less to an opponent who leads: sacrifice only when ahead.
            let quit_ok = !(win && seen.pass_rule == PassRule::Quit) || seen.lead > 0;
            seen.untouched() % 2 == 1 && seen.singles >= 1.max(seen.pairs) && quit_ok
        }
        IdeaKind::Wait => {
            seen.table_against_mover()
                && (!win || (seen.lead >= 0 && seen.pass_rule != PassRule::Quit))
        }
        IdeaKind::PassToWin => win || seen.table_against_mover(),
        IdeaKind::KeepPair | IdeaKind::LeavePair | IdeaKind::PsycheOut | IdeaKind::Other => false,
    }
}

/// The rule of `idea` in words, as the Strategy page and docs/trainer.md give it.
#[must_use]
pub fn words(idea: IdeaKind) -> &'static str {
    match idea {
        IdeaKind::Sacrifice => {
            "After a new card whose partner is still hidden, turn a seen card when the \
             pairs of which you have seen no card (the new card's left out) are odd in \
             number, and you have seen at least one single and no more known pairs than \
             singles; else a second new card. (Under quit and the win goal, only when you \
             lead.)"
        }
        IdeaKind::Wait => {
            "With no known pair, pass when the pairs of which no card has been seen are \
             odd in number and the seen singles are at least two more than twice as \
             many (the table is against you); under the win goal only when you are not \
             behind, and never where the pass ends the game."
        }
        IdeaKind::PassToWin => {
            "Where a pass ends the game and you lead, pass under the win goal, always. \
             Under the margin goal pass only when the table is against you (the pairs \
             of which no card has been seen are odd in number, the seen singles at least \
             two more than twice as many)."
        }
        IdeaKind::KeepPair => {
            "On a deck of pairs, take a known pair at once: keeping one for later is \
             never better here (it is on four of a kind)."
        }
        IdeaKind::LeavePair => {
            "On a deck of pairs, take the pair your new card makes: leaving it to your \
             opponent is better only in rare endings without passing."
        }
        IdeaKind::PsycheOut => {
            "On a deck of pairs, take the pair your new card makes: turning another new \
             card instead is at best as good."
        }
        IdeaKind::Other => "No rule: the solver's other departures from the common play.",
    }
}

/// Whether the rule of `idea` chooses worse than the solver at `state`, whose actions
/// the solver values as `actions` (for the mover, under a goal that is maximised):
/// `None` where the idea is not at stake, else whether the rule's choice (the idea or
/// the common play) is worth less than the other. Where a rule fails is where a puzzle
/// tests that the rule is understood, not merely carried.
#[must_use]
pub fn rule_fails(
    idea: IdeaKind,
    state: &State,
    actions: &[(Action, f64)],
    objective: Objective,
    pass_rule: PassRule,
) -> Option<bool> {
    let seen = Seen::of(state, objective, pass_rule)?;
    if !at_stake(idea, &seen) {
        return None;
    }
    let (idea_value, common_value) = stake(idea, actions)?;
    let sample = measure::Sample {
        idea,
        seen,
        idea_value,
        common_value,
    };
    Some(sample.cost(plays(idea, &seen)) > 0.0)
}
