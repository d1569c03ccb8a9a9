//! The flip table of `analyze`: each flip's action and the best ones, in a player's
//! words as the screens say them (`new card`, `seen card`, `take the pair`, `pass`) or,
//! with `--codes`, in the model's codes (`unknown`, `known 2.1`, `match`). Every column
//! is as wide as its longest entry, so that nothing is cut.

use crate::analysis::annotate::{Annotation, short_words};
use crate::solver::{Action, FirstCard};

/// How the table names actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// A player's words.
    Words,
    /// The model's codes, as `solve` names actions.
    Codes,
}

impl Naming {
    /// `--codes` given or not.
    #[must_use]
    pub fn of(codes: bool) -> Self {
        if codes { Self::Codes } else { Self::Words }
    }

    /// One action at a decision point after `first`.
    #[must_use]
    pub fn action(self, action: Action, first: Option<FirstCard>) -> String {
        match self {
            Self::Words => short_words(action, first).to_owned(),
            Self::Codes => action.to_string(),
        }
    }

    /// Several actions (the tied best ones), each name once.
    #[must_use]
    pub fn actions(self, actions: &[Action], first: Option<FirstCard>) -> String {
        let mut names: Vec<String> = Vec::new();
        for &a in actions {
            let name = self.action(a, first);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.join(", ")
    }

    /// A flip's action (on Zebra in Zebra's own codes).
    #[must_use]
    pub fn played(self, a: &Annotation) -> String {
        match self {
            Self::Words => self.action(a.action, a.first),
            Self::Codes => a.action_code(),
        }
    }

    /// A flip's best actions (on Zebra in Zebra's own codes).
    #[must_use]
    pub fn best(self, a: &Annotation) -> String {
        match self {
            Self::Words => self.actions(&a.best, a.first),
            Self::Codes => a.best_codes().join(", "),
        }
    }

    /// The line after the table that says what the codes mean (none for words).
    #[must_use]
    pub(crate) fn legend(self, zebra: bool) -> Option<String> {
        (self == Self::Codes).then(|| {
            let mut line = String::from(
                "codes: unknown = a card not seen yet; known R.U = a seen card of a label \
                 with R cards on the table, U of them not seen yet (R.0: a seen pair); \
                 match = the first card's partner",
            );
            if zebra {
                line.push_str(
                    "; Zebra: R.U/R.U = the red and the black half of a rank, twin = the \
                     first card's same-colour twin (no pair)",
                );
            }
            line
        })
    }
}

/// Width of a column: its longest entry, at least its heading.
#[must_use]
pub(super) fn width<'a>(heading: &str, entries: impl Iterator<Item = &'a String>) -> usize {
    entries
        .map(|e| e.chars().count())
        .chain([heading.chars().count()])
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Pattern;

    /// A pass and a seen card are the same code (`known`) at different points: the
    /// words tell them apart, and tied actions of one name are named once.
    #[test]
    fn words_follow_the_decision_point_and_name_ties_once() {
        let known = Action::Known(Pattern::new(2, 1));
        let held = Some(FirstCard::Held(Pattern::new(2, 1)));
        let revealed = Some(FirstCard::Revealed(Pattern::new(2, 2)));
        assert_eq!(Naming::Words.action(known, held), "pass");
        assert_eq!(Naming::Words.action(known, revealed), "seen card");
        assert_eq!(Naming::Codes.action(known, held), "known 2.1");
        let two = [known, Action::Known(Pattern::new(2, 0))];
        assert_eq!(Naming::Words.actions(&two, revealed), "seen card");
        assert_eq!(
            Naming::Codes.actions(&two, revealed),
            "known 2.1, known 2.0"
        );
    }
}
