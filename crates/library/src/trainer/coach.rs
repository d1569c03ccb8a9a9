//! The coach: after each of the person's decisions that cost something, one line that
//! says what was best and what it cost ("Mistake −4.1%: a seen card (4♠ b2) kept you at
//! 48.3%; a second new card left you at 44.2%"); the rule of the standard deck when a
//! same-rank pair of the other colour misses; and the end screen's look back at the
//! person's play. Pure functions over the game and the trainer's lesson.

use crate::analysis::annotate::{did, doing};
use crate::analysis::grade::Grade;
use crate::analysis::judgement::{Figures, Judgement};
use crate::record::{coordinate, face_text};
use crate::rules::{Card, Deck, FaceStyle, Game, Objective, PublicView, Slot};
use crate::solver::Action;
use crate::trainer::{Lesson, Places, Taught, Unit};

/// What the coach says about one decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The decision's grade, the one `analyze` and the replay give it (never best:
    /// the coach is quiet then).
    pub grade: Grade,
    /// The cost, in the lesson's unit.
    pub cost: f64,
    /// The line: "Mistake −4.1%: … kept you at …; … left you at …".
    pub text: String,
}

/// The coach's word on turning the card at `position` in `game` (before the flip), given
/// the trainer's `lesson` at that decision point and its `unit` (an objective, or own
/// pairs at three or more seats): `None` for a best choice. With `places` kept
/// (classic memory) the better choice is named without its card, which lies face down.
#[must_use]
pub fn verdict<M: Taught>(
    game: &Game,
    position: usize,
    lesson: &Lesson<M>,
    unit: impl Into<Unit>,
    places: Places,
) -> Option<Verdict> {
    let unit = unit.into();
    let objective = unit.measure();
    let view = game.view();
    // The action whose cards hold the one turned (the model's reading as a fallback).
    let taken = lesson
        .action_at(position)
        .or_else(|| M::action_of(game.view(), position).and_then(|a| lesson.find(a)))?;
    let action = taken.action;
    if Grade::of(objective, taken.cost, false).is_best() {
        return None;
    }
    let best = lesson.best();
    Some(Verdict::new(
        unit,
        (
            &M::choice_words(
                view,
                best.action,
                best.named.cards.first().copied().filter(|_| places.shown()),
            ),
            best.value,
        ),
        (&M::choice_words(view, action, Some(position)), taken.value),
        taken.cost,
    ))
}

impl Verdict {
    /// The verdict on a choice (its words and value) that cost `cost` against the best
    /// one: "Mistake −4.1%: a seen card (4♠ b2) kept you at 48.3%; a second new card left
    /// you at 44.2%", the two values with the digits that tell them apart and the cost
    /// their difference as printed (the class is the exact cost's).
    #[must_use]
    pub fn new(unit: Unit, best: (&str, f64), taken: (&str, f64), cost: f64) -> Self {
        let grade = Grade::of(unit.measure(), cost, false);
        let mut head = grade.name().chars();
        let severity: String = head
            .next()
            .map(|c| c.to_uppercase().chain(head).collect())
            .unwrap_or_default();
        let printed = Self::digits(unit, best.1, taken.1);
        let text = format!(
            "{severity} {}: {} kept you at {}; {} left you at {}",
            compared_cost(unit, best.1, taken.1),
            best.0,
            printed.words(best.1),
            taken.0,
            printed.words(taken.1),
        );
        Self { grade, cost, text }
    }

    /// How the two values and the cost are printed: the unit's usual decimals (a tenth
    /// of a percent, a hundredth of a pair), more where the two would print alike.
    fn digits(unit: Unit, best: f64, taken: f64) -> crate::model::Compared {
        unit.compare(best, &[taken], unit.usual_decimals())
    }
}

/// The cost of a choice worth `taken` against the best worth `best`, as the verdict
/// prints it beside the two values: their difference as printed (`−4.7%` beside `52.8%`
/// and `48.1%`), in percent of win chance, pairs or own pairs.
#[must_use]
pub fn compared_cost(unit: impl Into<Unit>, best: f64, taken: f64) -> String {
    let unit = unit.into();
    let suffix = match unit {
        Unit::Objective(Objective::Win) => "%",
        Unit::OwnPairs => " own pairs",
        Unit::Objective(_) => " pairs",
    };
    let digits = Verdict::digits(unit, best, taken).cost_digits(taken);
    format!("−{digits}{suffix}")
}

/// A cost as a loss: `−4.1%` of win probability, `−0.42 pairs`, `−0.42 own pairs` (of
/// the person's expected pairs, three or more seats); a small one keeps two digits so
/// that it never reads as zero (`−0.04%`), and one smaller still is `−<0.01%`.
#[must_use]
pub fn cost_words(unit: impl Into<Unit>, cost: f64) -> String {
    let unit = unit.into();
    let objective = unit.measure();
    let (v, unit) = match unit {
        Unit::Objective(Objective::Win) => (cost * 100.0, "%"),
        Unit::OwnPairs => (cost, " own pairs"),
        Unit::Objective(_) => (cost, " pairs"),
    };
    let digits = if objective == Objective::Win && v >= 0.1 {
        1
    } else {
        2
    };
    let s = crate::words::fixed(v, digits);
    if s.chars().all(|c| c == '0' || c == '.') {
        format!("−<0.{}1{unit}", "0".repeat(digits - 1))
    } else {
        format!("−{s}{unit}")
    }
}

/// A card as the records write it: `4♠ b2`.
fn card(view: &PublicView, position: usize) -> Option<String> {
    match view.slots().get(position)? {
        Slot::Known(c) | Slot::Removed(c) => Some(format!(
            "{} {}",
            face_text(view.deck(), *c),
            coordinate(view.deck(), position)
        )),
        Slot::Unknown => None,
    }
}

/// The card that carries out a choice, when it is a seen one, as the choice's words
/// end: " (4♠ b2)"; nothing for a new card.
pub(super) fn seen_card(view: &PublicView, position: Option<usize>) -> String {
    position
        .and_then(|p| card(view, p))
        .map(|c| format!(" ({c})"))
        .unwrap_or_default()
}

/// A choice in a few words, with the card that carries it out when it is a seen one:
/// "a second new card", "a seen card (4♠ b2)", "the pair (7♥ c3)", "a pass (4♠ b2)".
#[must_use]
pub fn choice_words(view: &PublicView, action: Action, position: Option<usize>) -> String {
    let seen = seen_card(view, position);
    let first_was_known = view.phase().first_was_known();
    match (first_was_known, action) {
        (Some(false), Action::Unknown) => "a second new card".into(),
        (_, Action::Unknown) => "a new card".into(),
        (None, Action::Known(p)) if p.known() >= 2 => format!("the seen pair{seen}"),
        (_, Action::Match) => format!("the pair{seen}"),
        (Some(true), Action::Known(_)) => format!("a pass{seen}"),
        (_, Action::Known(_)) => format!("a seen card{seen}"),
    }
}

/// [`choice_words`] of the standard model's own actions (not a reading of Zebra's), where
/// a second card whose partner was seen is another move than one whose partner is
/// hidden, and reads otherwise: "a card of a seen pair (4♠ b2)".
#[must_use]
pub(crate) fn standard_choice_words(
    view: &PublicView,
    action: Action,
    position: Option<usize>,
) -> String {
    match (view.phase().first_was_known(), action) {
        (Some(false), Action::Known(p)) if p.known() >= 2 => {
            format!("a card of a seen pair{}", seen_card(view, position))
        }
        _ => choice_words(view, action, position),
    }
}

/// On the standard deck (matched by rank and colour), the words for two cards of the
/// same rank and other colours that did not match: "A♣ A♦: same rank, other colour —
/// not a pair"; on two decks (matched by rank and suit) "7♥ 7♦: same rank, other suit —
/// not a pair"; on Zebra, for two of the same rank and colour: "the 7♥ and 7♦ are
/// both red: not a pair in Zebra".
#[must_use]
pub fn other_colour(deck: &Deck, a: Card, b: Card) -> Option<String> {
    // On Zebra it is the other way round: a twin (same rank, same colour) is no pair.
    if let Some(twin) = twin_note(deck, a, b) {
        return Some(twin);
    }
    // Labels 2r and 2r+1 are rank r in red and in black (26 is the jokers); on two
    // decks 4r..4r+3 are rank r in its four suits.
    let (per_rank, other) = match deck.style() {
        FaceStyle::RankAndColour | FaceStyle::RankAndColourJokers => (2, "colour"),
        FaceStyle::TwoDecks | FaceStyle::Checkerboard => (4, "suit"),
        _ => return None,
    };
    let ranked = 13 * per_rank;
    let same_rank = a.label != b.label
        && a.label.0 < ranked
        && b.label.0 < ranked
        && a.label.0 / per_rank == b.label.0 / per_rank;
    same_rank.then(|| {
        format!(
            "{} {}: same rank, other {other} — not a pair",
            face_text(deck, a),
            face_text(deck, b)
        )
    })
}

/// The note on a miss of two cards of the same rank ([`other_colour`]): on a standard
/// deck once a game (`told`: it was said already), on Zebra every time (a twin is the
/// rule people miss).
#[must_use]
pub fn colour_note(deck: &Deck, a: Card, b: Card, told: bool) -> Option<String> {
    twin_note(deck, a, b).or_else(|| (!told).then(|| other_colour(deck, a, b)).flatten())
}

/// On Zebra, the words for two of the same rank and colour (twins): no pair.
fn twin_note(deck: &Deck, a: Card, b: Card) -> Option<String> {
    (deck.is_zebra() && a.label == b.label && !deck.matches(a, b)).then(|| {
        let colour = if crate::rules::zebra_red(a) {
            "red"
        } else {
            "black"
        };
        format!(
            "the {} and {} are both {colour}: not a pair in Zebra",
            face_text(deck, a),
            face_text(deck, b)
        )
    })
}

/// The deck's rule in one line for the setup screen and the help: "standard: a pair is
/// the same rank and colour (7♥ 7♦)".
#[must_use]
pub fn deck_rule(deck: &Deck) -> String {
    let name = deck.name();
    match deck.style() {
        FaceStyle::RankAndColour | FaceStyle::RankAndColourJokers => {
            format!("{name}: a pair is the same rank and colour (7♥ 7♦)")
        }
        FaceStyle::Rank => format!("{name}: a pair is the same rank (7♥ 7♠)"),
        FaceStyle::RankJokers => format!(
            "{name}: a pair is the same rank (7♥ 7♠); the two jokers are a pair that counts double"
        ),
        FaceStyle::Zebra => {
            format!("{name}: a pair is the same rank in the other colour (7♥ 7♠, not 7♥ 7♦)")
        }
        FaceStyle::TwoDecks => format!("{name}: a pair is two identical cards (7♥ 7♥)"),
        FaceStyle::Checkerboard => format!(
            "{name}: a pair is two identical cards, one of each back (red and blue, dealt in a checkerboard)"
        ),
        FaceStyle::Symbols | FaceStyle::Numbers => format!("{name}: a pair is two equal cards"),
    }
}

/// A person's play in a finished game, as the end screen shows it: the judgement's
/// figures of their seat, with the costliest decision in words.
#[derive(Debug, Clone, PartialEq)]
pub struct LookBack {
    /// The person's seat.
    pub seat: crate::rules::Seat,
    /// The judgement's figures of that seat (accuracy, grades, memory).
    pub figures: Figures,
    /// The unit of the values: the game's objective, or expected own pairs at three
    /// or more seats.
    pub unit: Unit,
    /// The costliest decision: flip index and its line, if any cost anything.
    pub costliest: Option<(usize, String)>,
}

/// The person's figures and costliest decision from the game's judgement (`None` when
/// no person played).
#[must_use]
pub fn look_back(judgement: &Judgement, game: &Game) -> Option<LookBack> {
    Some(look_back_of(judgement, game, judgement.analysis.person()?))
}

/// The figures and costliest decision of the player in `seat` (any seat: each person
/// of a table gets their own).
///
/// # Panics
/// If `seat` is not a seat of the judgement.
#[must_use]
pub fn look_back_of(judgement: &Judgement, game: &Game, seat: crate::rules::Seat) -> LookBack {
    let analysis = &judgement.analysis;
    let figures = judgement.figures(seat).clone();
    let costliest = figures.costliest.first().map(|&i| {
        let a = &analysis.annotations[i];
        let deck = game.view().deck();
        let face = face_text(deck, game.view().flips()[a.index].card);
        let best = a
            .best
            .iter()
            .copied()
            .min_by_key(|&b| {
                crate::players::preference(crate::players::TieBreak::Usual, b, a.first)
            })
            .map_or("another card", |b| doing(b, a.first));
        let slip = if judgement.slip_at(i).is_some() {
            ", a memory slip"
        } else {
            ""
        };
        let line = format!(
            "turn {} ({face} {}): you {}; {best} was best ({} {}{slip})",
            a.turn,
            game.view()
                .side_place(a.position)
                .unwrap_or_else(|| coordinate(deck, a.position)),
            did(a.action, a.first),
            judgement.decisions[i].grade.name(),
            cost_words(analysis.objective, a.cost)
        );
        (i, line)
    });
    LookBack {
        seat,
        figures,
        unit: analysis.unit(),
        costliest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Label;

    /// The lines: 50.36% against 49.64% cost 0.72 points (graded on the exact
    /// cost), but printed as 50.4% and 49.6% the cost beside them is 0.8; 50.2% and 47.8%
    /// (a cost of 2.4) are not shown as 50% and 47%.
    #[test]
    fn the_coachs_cost_is_the_difference_of_its_values() {
        let win = Unit::from(Objective::Win);
        let v = Verdict::new(win, ("a seen card", 0.5036), ("a new card", 0.4964), 0.0072);
        assert_eq!(
            v.text,
            "Good −0.8%: a seen card kept you at 50.4%; a new card left you at 49.6%"
        );
        let v = Verdict::new(win, ("a seen card", 0.5021), ("a new card", 0.4781), 0.024);
        assert_eq!(
            v.text,
            "Mistake −2.4%: a seen card kept you at 50.2%; a new card left you at 47.8%"
        );
    }

    proptest::proptest! {
        /// Whatever the values, the coach's cost is the difference of the two values it
        /// prints.
        #[test]
        fn the_coach_never_contradicts_itself(
            unit in 0usize..3,
            best in -1.0f64..1.0,
            cost in 1e-8f64..0.5,
        ) {
            let unit = [Objective::Win.into(), Objective::Margin.into(), Unit::OwnPairs][unit];
            let v = Verdict::new(unit, ("best", best), ("taken", best - cost), cost);
            let n = crate::words::numbers_in(&v.text);
            proptest::prop_assert_eq!(n.len(), 3, "{}", v.text);
            proptest::prop_assert!((n[1] - n[2] + n[0]).abs() < 1e-9, "{}", v.text);
        }
    }

    #[test]
    fn costs_read_as_losses_and_never_as_zero() {
        assert_eq!(cost_words(Objective::Win, 0.041), "−4.1%");
        assert_eq!(cost_words(Objective::Win, 0.0004), "−0.04%");
        assert_eq!(cost_words(Objective::Win, 0.000_01), "−<0.01%");
        assert_eq!(cost_words(Objective::Margin, 0.42), "−0.42 pairs");
        assert_eq!(cost_words(Objective::Margin, 0.001), "−<0.01 pairs");
        assert_eq!(cost_words(Unit::OwnPairs, 0.12), "−0.12 own pairs");
    }

    #[test]
    fn the_standard_decks_tell_same_rank_other_colour_or_suit() {
        let card = |l, copy| Card {
            label: Label(l),
            copy,
        };
        let standard = Deck::parse("standard").unwrap();
        // Labels 0 and 1: aces, red and black.
        assert_eq!(
            other_colour(&standard, card(1, 1), card(0, 1)).as_deref(),
            Some("A♣ A♦: same rank, other colour — not a pair")
        );
        assert_eq!(other_colour(&standard, card(0, 0), card(2, 0)), None);
        let rank = Deck::parse("standard-rank").unwrap();
        assert_eq!(other_colour(&rank, card(0, 0), card(1, 0)), None);
        // Two decks: labels 4r..4r+3 are one rank in four suits.
        let double = Deck::parse("double").unwrap();
        assert_eq!(
            other_colour(&double, card(1, 0), card(3, 1)).as_deref(),
            Some("A♥ A♦: same rank, other suit — not a pair")
        );
        assert_eq!(other_colour(&double, card(3, 0), card(4, 0)), None);
        assert_eq!(
            deck_rule(&double),
            "double: a pair is two identical cards (7♥ 7♥)"
        );
        assert_eq!(
            deck_rule(&standard),
            "standard: a pair is the same rank and colour (7♥ 7♦)"
        );
        assert_eq!(
            deck_rule(&rank),
            "standard-rank: a pair is the same rank (7♥ 7♠)"
        );
    }
}
