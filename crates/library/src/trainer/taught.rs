//! What the trainer needs of a rule set beyond the model: what each action does this
//! turn, the idea behind the best one, and a choice in a few words for the coach. The
//! standard game, One Flip and the own-pairs table share the standard model's
//! consequences and ideas; Zebra has its own (`trainer/zebra.rs`).

use std::fmt;

use super::consequences::Consequence;
use super::{Consequences, Explained, Idea, Lesson, Unit, ValuesError, idea, numbers_line};
use crate::model::{Model, Oracle, OwnPairs, Patterns, Standard, state_of};
use crate::rules::{PublicView, Variant};
use crate::solver::Action;

/// A rule set the trainer explains.
pub trait Taught: Model + Sized {
    /// What an action does this turn, as the rule set measures it.
    type Consequences: Clone + fmt::Debug + PartialEq;

    /// What each of `actions` does this turn at the decision point of `view`, with the
    /// optimal player's choices for the rest of it.
    ///
    /// # Errors
    /// A state the solver cannot reach.
    fn consequences<O: Oracle<Model = Self> + ?Sized>(
        solver: &mut O,
        view: &PublicView,
        actions: &[Self::Action],
    ) -> Result<Vec<Self::Consequences>, ValuesError>;

    /// What an action does this turn in a few words: "pair now 25% · hands over a pair
    /// 25% · 0.58 pairs this turn", "a pass: ...".
    fn numbers(view: &PublicView, explained: &Explained<Self>) -> String;

    /// The idea behind the best action of `lesson`, where there is one to tell.
    fn idea(view: &PublicView, lesson: &Lesson<Self>, unit: Unit, variant: Variant)
    -> Option<Idea>;

    /// A choice in a few words for the coach, with its card when it is a seen one: "a
    /// second new card", "the pair (7♥ c3)", "a pass (4♠ b2)". The words are the
    /// standard model's, said of the action as it reads there ([`Model::reading`]).
    fn choice_words(view: &PublicView, action: Self::Action, position: Option<usize>) -> String {
        let (reading, _) = Self::reading(action, Self::first(&Self::state_of(view)));
        super::coach::standard_choice_words(view, reading, position)
    }
}

/// The consequences of the standard model's actions, for any rule set whose decision
/// points are the standard model's.
fn standard_consequences<M: Patterns, O: Oracle<Model = M> + ?Sized>(
    solver: &mut O,
    view: &PublicView,
    actions: &[Action],
) -> Result<Vec<Consequences>, ValuesError> {
    let state = state_of(view);
    let mut consequence = Consequence::new(solver, view);
    actions.iter().map(|&a| consequence.of(&state, a)).collect()
}

macro_rules! standard_taught {
    ($model:ty) => {
        impl Taught for $model {
            type Consequences = Consequences;

            fn consequences<O: Oracle<Model = Self> + ?Sized>(
                solver: &mut O,
                view: &PublicView,
                actions: &[Action],
            ) -> Result<Vec<Consequences>, ValuesError> {
                standard_consequences(solver, view, actions)
            }

            fn numbers(view: &PublicView, explained: &Explained<Self>) -> String {
                numbers_line(view, explained)
            }

            fn idea(
                view: &PublicView,
                lesson: &Lesson<Self>,
                unit: Unit,
                variant: Variant,
            ) -> Option<Idea> {
                idea::idea(view, &state_of(view), lesson, unit, variant)
            }
        }
    };
}

standard_taught!(Standard);
standard_taught!(OwnPairs);
