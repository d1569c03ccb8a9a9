//! Rules of thumb: the fixed plays a learner might settle on instead of thinking. A
//! puzzle session is mixed so that none of them solves more than half of it, and a
//! puzzle's difficulty is measured by how many of them it defeats.

use crate::solver::{Action, FirstCard, State};

/// A fixed rule a learner might play by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum RuleOfThumb {
    /// Always turn a card nobody has seen.
    AlwaysNew,
    /// Always turn a seen card when there is one (taking a pair counts).
    AlwaysSeen,
    /// Always the common play (the usual player's move).
    CommonPlay,
    /// Pass whenever the rule allows it, else the common play.
    PassWhenLegal,
    /// After the first card a seen card, otherwise a new one: the two-part rule the
    /// sacrifice tempts a learner into.
    SeenAfterFirst,
}

impl RuleOfThumb {
    /// Every rule, in the order they are reported.
    pub(crate) const ALL: [Self; RULES] = [
        Self::AlwaysNew,
        Self::AlwaysSeen,
        Self::CommonPlay,
        Self::PassWhenLegal,
        Self::SeenAfterFirst,
    ];

    /// Its name in reports and JSON.
    #[must_use]
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::AlwaysNew => "new",
            Self::AlwaysSeen => "seen",
            Self::CommonPlay => "common",
            Self::PassWhenLegal => "pass",
            Self::SeenAfterFirst => "seen-after-first",
        }
    }

    /// Whether playing by this rule finds `best` at `state`, where `legal` are the
    /// actions there and `usual` the common play. Where the rule leaves a choice (which
    /// seen card), it is counted as solving if any of its choices is the best one: the
    /// bound on a session is then a bound on every way of following the rule.
    #[must_use]
    pub(crate) fn solves(
        self,
        state: &State,
        legal: &[Action],
        usual: Action,
        best: Action,
    ) -> bool {
        let seen = |a: Action| matches!(a, Action::Match | Action::Known(_));
        match self {
            Self::AlwaysNew if legal.contains(&Action::Unknown) => best == Action::Unknown,
            Self::AlwaysNew => true,
            Self::AlwaysSeen if legal.iter().any(|&a| seen(a)) => seen(best),
            Self::AlwaysSeen => true,
            Self::CommonPlay => best == usual,
            Self::PassWhenLegal if legal.iter().any(|&a| is_pass(state, a)) => is_pass(state, best),
            Self::PassWhenLegal => best == usual,
            Self::SeenAfterFirst if state.first.is_some() => {
                Self::AlwaysSeen.solves(state, legal, usual, best)
            }
            Self::SeenAfterFirst => Self::AlwaysNew.solves(state, legal, usual, best),
        }
    }
}

/// Whether `action` at `state` is a pass: a seen card of another label after a seen
/// first card, which shows nothing new and ends the turn.
#[must_use]
pub fn is_pass(state: &State, action: Action) -> bool {
    matches!(
        (state.first, action),
        (Some(FirstCard::Held(_)), Action::Known(_))
    )
}

/// How many rules of thumb there are.
pub const RULES: usize = 5;

/// The rules' names, in [`RuleOfThumb::ALL`]'s order.
#[must_use]
pub fn names() -> [&'static str; RULES] {
    RuleOfThumb::ALL.map(RuleOfThumb::name)
}

/// Which rules of thumb solve a decision point, in [`RuleOfThumb::ALL`]'s order.
#[must_use]
pub fn solved_by(state: &State, legal: &[Action], usual: Action, best: Action) -> [bool; RULES] {
    RuleOfThumb::ALL.map(|r| r.solves(state, legal, usual, best))
}

/// Which rules of thumb solve every step of a line (a rule must get each step right).
#[must_use]
pub fn solved_line(steps: &[super::Step]) -> [bool; RULES] {
    steps.iter().fold([true; RULES], |all, s| {
        let legal: Vec<Action> = s.actions.iter().map(|&(a, _)| a).collect();
        let one = solved_by(&s.state, &legal, s.usual, s.best);
        std::array::from_fn(|r| all[r] && one[r])
    })
}
