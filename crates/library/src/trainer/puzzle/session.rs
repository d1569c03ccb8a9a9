//! Which decks and rules a session is played on: where each idea is met, measured by
//! generating (docs/trainer.md "Where each idea is met"), and the default session's mix.
//!
//! The standard deck under one pass rule gives at most three ideas, so a session with
//! no pass rule given mixes three (`agreed`, `quit`, `none`): the sacrifice, the waiting
//! move, passing to win and leaving the pair. An idea asked for alone is looked for where
//! it is met; where it is not, the session is refused with one line naming where it is.

use crate::rules::{Deck, Objective, PassRule};
use crate::trainer::IdeaKind;

use super::PuzzleRules;

/// The pass rules a session with none given mixes.
pub const MIXED: [PassRule; 3] = [PassRule::Agreed, PassRule::Quit, PassRule::None];

/// Where an idea is met as a puzzle's one best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Home {
    /// The deck it is practised on when none is given.
    pub deck: &'static str,
    /// The pass rules it is met under, the most frequent first.
    pub rules: &'static [PassRule],
    /// The decks it is met on, in words.
    pub decks: &'static str,
}

/// Where `idea` is met (measured over 300 games of each deck and rule, objective `win`:
/// the table in docs/trainer.md); `None` for an idea never the one best play.
#[must_use]
pub fn home(idea: IdeaKind) -> Option<Home> {
    let (deck, rules, decks): (_, &'static [PassRule], _) = match idea {
        IdeaKind::Sacrifice => (
            "standard",
            &[
                PassRule::Agreed,
                PassRule::Ko,
                PassRule::Quit,
                PassRule::None,
            ],
            "every deck",
        ),
        IdeaKind::Wait => (
            "standard",
            &[PassRule::Ko, PassRule::Agreed, PassRule::Withdraw],
            "every deck",
        ),
        IdeaKind::PassToWin => (
            "standard",
            &[PassRule::Quit, PassRule::Agreed],
            "every deck",
        ),
        IdeaKind::LeavePair => ("standard", &[PassRule::None], "every deck"),
        IdeaKind::KeepPair => (
            "standard-rank",
            &[
                PassRule::Ko,
                PassRule::None,
                PassRule::Agreed,
                PassRule::Quit,
            ],
            "standard-rank (four cards a label)",
        ),
        IdeaKind::PsycheOut | IdeaKind::Other => return None,
    };
    Some(Home { deck, rules, decks })
}

/// The command that practises `idea` (its home deck when not the standard one).
#[must_use]
pub fn practise(idea: IdeaKind) -> String {
    match home(idea) {
        Some(h) if h.deck != "standard" => {
            format!(
                "concentration puzzle --idea {} --deck {}",
                idea.name(),
                h.deck
            )
        }
        Some(_) => format!("concentration puzzle --idea {}", idea.name()),
        // Better than the common play, whatever the idea: the mixed session.
        None => "concentration puzzle".to_string(),
    }
}

/// The one line refusing `idea` on `deck`: where it is met instead.
#[must_use]
pub fn refusal(idea: IdeaKind, deck: &Deck, rules: &[PassRule]) -> String {
    let asked = format!(
        "--idea {}: no position on {} under {} calls for it",
        idea.name(),
        deck.name(),
        joined(rules.iter().map(|r| r.name()), "or")
    );
    match (home(idea), idea) {
        (Some(h), _) => format!(
            "{asked}; it is met on {} under {} (try `{}`)",
            h.decks,
            joined(h.rules.iter().map(|r| r.name()), "or"),
            practise(idea)
        ),
        (None, IdeaKind::PsycheOut) => format!(
            "{asked}: on no deck or rule is it the one best play (at best it ties with \
             taking the pair), so no puzzle can ask it"
        ),
        (None, _) => format!(
            "{asked}: every best play that is not the common one has a name of its own \
             (try `concentration puzzle` for all of them)"
        ),
    }
}

/// The rules of a session: the pass rule given, or for an idea the rules it is met
/// under, or else the default mix ([`MIXED`]); on the deck given, or the idea's.
///
/// # Errors
/// An idea not met under the pass rule given, or never met (one line: [`refusal`]).
pub fn rules_for(
    deck: Option<&Deck>,
    objective: Objective,
    pass_rule: Option<PassRule>,
    idea: Option<IdeaKind>,
) -> Result<Vec<PuzzleRules>, String> {
    let home = idea.map(|i| (i, home(i)));
    let deck = match (deck, home) {
        (Some(d), _) => d.clone(),
        (None, Some((_, Some(h)))) => Deck::parse(h.deck).map_err(|e| e.to_string())?,
        (None, _) => Deck::parse("standard").map_err(|e| e.to_string())?,
    };
    let rules: Vec<PassRule> = match (pass_rule, home) {
        (_, Some((i, None))) => {
            return Err(refusal(
                i,
                &deck,
                &pass_rule.map_or(MIXED.to_vec(), |r| vec![r]),
            ));
        }
        (Some(r), Some((i, Some(h)))) if !h.rules.contains(&r) => {
            return Err(refusal(i, &deck, &[r]));
        }
        (Some(r), _) => vec![r],
        (None, Some((_, Some(h)))) => h.rules.to_vec(),
        (None, None) => MIXED.to_vec(),
    };
    // `withdraw` has no margin to play for.
    let rules: Vec<PuzzleRules> = rules
        .into_iter()
        .filter(|&r| {
            pass_rule.is_some() || !(objective == Objective::Margin && r == PassRule::Withdraw)
        })
        .map(|pass_rule| PuzzleRules {
            deck: deck.clone(),
            objective,
            pass_rule,
        })
        .collect();
    Ok(rules)
}

/// "standard under agreed, quit and none": what a session is played on, for its output.
#[must_use]
pub fn describe(rules: &[PuzzleRules]) -> String {
    let mut decks: Vec<&str> = rules.iter().map(|r| r.deck.name()).collect();
    decks.dedup();
    let rules_words = joined(rules.iter().map(|r| r.pass_rule.name()), "and");
    format!("{} under {rules_words}", decks.join(", "))
}

/// "a, b and c" (or "or").
pub fn joined<'a>(names: impl Iterator<Item = &'a str>, last_word: &str) -> String {
    let names: Vec<&str> = names.collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} {last_word} {last}", rest.join(", ")),
    }
}
