//! The idea behind a best play that is not the common one, named and put in one line
//! drawn from this position's numbers (never canned text alone).

use crate::rules::{PublicView, Variant};
use crate::solver::{Action, FirstCard, State, TIE_EPSILON};

use super::consequences::PassEffect;
use super::{Consequences, Explained, Lesson, Taught, Unit, chance_words, pass_words};
use crate::words::fixed;

/// The kinds of departure from common play the solver shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdeaKind {
    /// After a new card whose partner is hidden, a seen card instead of a second new
    /// card (Gerez and Zwick's sacrifice; the move kind NON of model.md: new, then old).
    Sacrifice,
    /// After a new card whose partner is seen, another new card instead of the pair (a
    /// psyche-out; the move kind NNO of model.md: new, new, the old partner left).
    PsycheOut,
    /// After a new card whose partner is seen, a seen card of another label: the pair
    /// is left to the next player.
    LeavePair,
    /// A pass that ends the game in the mover's favour.
    PassToWin,
    /// A pass that keeps the table as it is, because any new card helps the opponent
    /// more (a waiting move).
    Wait,
    /// A known pair left on the table for later, as a card to end a turn with.
    KeepPair,
    /// Anything else the solver prefers to the common play.
    Other,
}

impl IdeaKind {
    /// Every kind, in the order the Strategy page teaches them.
    pub const ALL: [Self; 7] = [
        Self::Sacrifice,
        Self::PassToWin,
        Self::Wait,
        Self::KeepPair,
        Self::LeavePair,
        Self::PsycheOut,
        Self::Other,
    ];

    /// Its name on the command line and in JSON: `sacrifice`, `pass-to-win`, ...
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Sacrifice => "sacrifice",
            Self::PsycheOut => "psyche-out",
            Self::LeavePair => "leave-pair",
            Self::PassToWin => "pass-to-win",
            Self::Wait => "wait",
            Self::KeepPair => "keep-pair",
            Self::Other => "other",
        }
    }

    /// Parses [`Self::name`].
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(text))
    }

    /// Its name for players.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Self::Sacrifice => "The sacrifice",
            Self::PsycheOut => "The psyche-out",
            Self::LeavePair => "Leave the pair",
            Self::PassToWin => "Pass to win",
            Self::Wait => "A waiting move",
            Self::KeepPair => "Keep the pair for later",
            Self::Other => "Better than the common play",
        }
    }
}

/// An idea and its line for this position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Idea {
    /// Which idea. A Zebra idea is of kind [`IdeaKind::Other`]: the kinds name the
    /// standard game's patterns.
    pub kind: IdeaKind,
    /// Its name for players (the kind's title; Zebra's name their own).
    pub title: String,
    /// "The sacrifice: a second new card pairs only 8% ..."
    pub line: String,
}

/// The kind of idea when `best` is played instead of the common `usual`.
#[must_use]
pub(super) fn kind(
    first: Option<FirstCard>,
    best: Action,
    usual: Action,
    pass: Option<PassEffect>,
) -> IdeaKind {
    let pass_kind = || match pass {
        Some(PassEffect::EndsNow(d)) if d > 0 => IdeaKind::PassToWin,
        Some(_) => IdeaKind::Wait,
        None => IdeaKind::Other,
    };
    match (first, usual, best) {
        (None, Action::Known(u), _) if u.known() >= 2 => IdeaKind::KeepPair,
        (None, _, Action::Known(_)) => pass_kind(),
        (Some(FirstCard::Revealed(_)), Action::Match, Action::Unknown) => IdeaKind::PsycheOut,
        (Some(FirstCard::Revealed(_)), Action::Match, Action::Known(_)) => IdeaKind::LeavePair,
        (Some(FirstCard::Revealed(_)), Action::Unknown, Action::Known(_)) => IdeaKind::Sacrifice,
        (Some(FirstCard::Held(_)), _, Action::Known(_)) => pass_kind(),
        (Some(FirstCard::Held(_)), Action::Match, Action::Unknown) => IdeaKind::KeepPair,
        _ => IdeaKind::Other,
    }
}

/// The idea of this decision point, if the best play is strictly better than the
/// common one.
#[must_use]
pub(super) fn idea<M: Taught<Consequences = Consequences, Action = Action>>(
    view: &PublicView,
    state: &State,
    lesson: &Lesson<M>,
    unit: Unit,
    variant: Variant,
) -> Option<Idea> {
    let best = lesson.best();
    let usual = lesson.find(lesson.usual)?;
    if lesson.best == lesson.usual || usual.cost <= TIE_EPSILON {
        return None;
    }
    let kind = kind(
        state.first,
        best.action,
        usual.action,
        best.consequences.pass,
    );
    let line = line(view, kind, best, usual, unit, variant);
    Some(Idea {
        kind,
        title: kind.title().to_owned(),
        line,
    })
}

fn line<M: Taught<Consequences = Consequences>>(
    view: &PublicView,
    kind: IdeaKind,
    best: &Explained<M>,
    usual: &Explained<M>,
    unit: Unit,
    variant: Variant,
) -> String {
    let (b, u) = (&best.consequences, &usual.consequences);
    let worth = format!(
        "{} against {}",
        unit.words(best.value),
        unit.words(usual.value)
    );
    // The turn passes to the next seat: at two seats, the opponent.
    let next = next_player(view.seats());
    let pass = b.pass.map(|e| pass_words(view, e)).unwrap_or_default();
    let body = match kind {
        IdeaKind::Sacrifice => format!(
            "a second new card pairs only {} of the time and hands {next} a pair {} \
             of the time; a seen card ends your turn showing nothing new ({worth})",
            chance_words(u.pair_now),
            chance_words(u.hand_over)
        ),
        IdeaKind::PsycheOut => format!(
            "leave the pair and turn another new card: {} pairs this turn expected, and \
             what you leave shapes {next}'s turn ({worth} for taking it now)",
            fixed(b.pairs_this_turn, 2)
        ),
        IdeaKind::LeavePair => leave_pair(variant, next, b.hand_over, &worth),
        // The pass's sure value first, then what playing on is worth and why it is
        // less: its pairs this turn do not end the game.
        IdeaKind::PassToWin => format!(
            "a pass now is worth {} ({pass}); playing on is worth only {}: it pairs {} of \
             the time this turn, but the game goes on and {}",
            unit.words(best.value),
            unit.words(usual.value),
            chance_words(u.pair_now),
            if unit == Unit::Objective(crate::rules::Objective::Margin) {
                "the lead can still shrink"
            } else {
                "the lead can still be lost"
            }
        ),
        IdeaKind::Wait => format!(
            "a new card pairs {} of the time but hands {next} a pair {}; a pass \
             shows nothing ({pass}; {worth})",
            chance_words(u.pair_now),
            chance_words(u.hand_over)
        ),
        IdeaKind::KeepPair => format!(
            "a known pair lets you end a later turn without showing a new card ({worth} \
             for taking it now)"
        ),
        IdeaKind::Other => format!("{} ({worth})", best.named.text),
    };
    format!("{}: {body}", kind.title())
}

/// Who the turn passes to, as the mover says it: `your opponent` at two seats, `the
/// next player` at three or more.
fn next_player(seats: usize) -> &'static str {
    if seats > 2 {
        "the next player"
    } else {
        "your opponent"
    }
}

/// Why leaving a pair can be best: the pair left goes to `next` (the numbers' "hands
/// over a pair" says how often they see it); in the standard game a pair taken means
/// turning more new cards, and `next` takes that on instead; under One Flip the turn
/// ends either way, and the pair left decides who must turn new cards next.
fn leave_pair(variant: Variant, next: &str, hand_over: f64, worth: &str) -> String {
    let hand = format!(
        "turn a seen card and hand the pair to {next} (it is there for them {} of the time)",
        chance_words(hand_over)
    );
    if variant.pair_goes_again() {
        format!(
            "{hand}: taking it would keep you turning new cards; left to {next}, it is \
             they who must turn new cards after taking it ({worth})"
        )
    } else {
        format!(
            "{hand}: your turn ends either way, and the pair left there changes who must \
             turn new cards next ({worth})"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a choice hands over goes to the opponent at two seats, to the next player
    /// at three or more (there is no single opponent there).
    #[test]
    fn the_turn_passes_to_the_next_player_at_three_or_more_seats() {
        assert_eq!(next_player(2), "your opponent");
        for seats in 3..=6 {
            assert_eq!(next_player(seats), "the next player");
        }
    }

    /// Under One Flip a pair taken ends the turn: the words never promise another.
    #[test]
    fn leaving_a_pair_is_explained_by_the_turn_rule() {
        let standard = leave_pair(Variant::Standard, "your opponent", 1.0, "50% against 40%");
        assert!(
            standard.contains("keep you turning new cards"),
            "{standard}"
        );
        assert!(
            standard.contains("hand the pair to your opponent"),
            "{standard}"
        );
        let one_flip = leave_pair(Variant::OneFlip, "your opponent", 1.0, "50% against 40%");
        assert!(one_flip.contains("your turn ends either way"), "{one_flip}");
        assert!(!one_flip.contains("keep you turning"), "{one_flip}");
    }
}
