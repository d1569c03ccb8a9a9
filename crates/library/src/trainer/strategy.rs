//! The Strategy page: the rules in plain words, then each idea of [`IdeaKind`] in plain
//! words with a small position where it is the best move, found and valued by the
//! solver when the page is built (never canned numbers).

use std::fmt::Write as _;

use super::puzzle::{Generator, Puzzle, PuzzleRules};
use super::{IdeaKind, Lesson, card_words, explain, numbers_line, value_words};
use crate::analysis::annotate::show_cost;
use crate::record::{coordinate, face_text};
use crate::rules::{
    Card, Deck, Game, Label, Objective, PassRule, Phase, Players, PublicView, Seat, Slot, Variant,
};

/// One part of the page.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// Its heading.
    pub title: String,
    /// The idea (or the rules) in plain words, a paragraph each.
    pub words: Vec<String>,
    /// A position where it is the best move, valued by the solver.
    pub example: Option<Example>,
}

/// A concrete position and what every action is worth there.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// Deck, rule, score and what has been turned this turn.
    pub caption: Vec<String>,
    /// The table as text, a line per row (see [`table_text`]).
    pub table: Vec<String>,
    /// Every action: its words, value, cost and numbers.
    pub actions: Vec<ActionRow>,
    /// The idea line, when the best play is not the common one.
    pub idea: Option<String>,
}

/// One action of an example.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionRow {
    /// The action in words.
    pub text: String,
    /// Its value (`60.0%`).
    pub value: String,
    /// `best`, or what it costs (`23.3 points`).
    pub cost: String,
    /// Its consequences in numbers.
    pub numbers: String,
}

/// The seed every example is searched from: the page is the same every time.
const SEED: u64 = 1;
/// Most games searched for one example.
const GAMES: usize = 2_000;

/// Where each idea is looked for: a small deck and the rule it occurs under.
fn source(kind: IdeaKind) -> Option<(&'static str, PassRule)> {
    match kind {
        IdeaKind::Sacrifice | IdeaKind::PassToWin => Some(("pairs:6", PassRule::Agreed)),
        IdeaKind::Wait => Some(("pairs:6", PassRule::Ko)),
        IdeaKind::LeavePair => Some(("pairs:6", PassRule::None)),
        IdeaKind::KeepPair => Some(("4x4", PassRule::Agreed)),
        IdeaKind::PsycheOut | IdeaKind::Other => None,
    }
}

/// The idea in plain words.
fn words(kind: IdeaKind) -> &'static str {
    match kind {
        IdeaKind::Sacrifice => {
            "You turned a new card and its partner is still hidden. The common play turns a \
             second new card, hoping for the pair. When few cards are hidden, that card often \
             shows your opponent a pair instead. Turning a card you have already seen ends \
             your turn and shows nothing new: you give up a small chance of a pair so as to \
             give nothing away."
        }
        IdeaKind::PassToWin => {
            "When you are ahead and a pass ends the game (the quit rule, or agreed right \
             after your opponent passed), turning two cards you have seen ends it with you \
             in front. Playing on can only risk the lead."
        }
        IdeaKind::Wait => {
            "Sometimes every new card helps your opponent more than you. Then turn two seen \
             cards that do not match (a pass): the table stays as it is, and your opponent \
             has to be the one who turns a new card."
        }
        IdeaKind::KeepPair => {
            "On a rank-only deck (four cards of a kind) a pair you know stays on the table \
             until someone takes it. Taking it at once is not always best: its cards let you \
             end a later turn without showing a new card, and the pair can still be taken \
             then."
        }
        IdeaKind::LeavePair => {
            "You turned a new card whose partner you have seen: the pair is there to take. \
             But after taking it you go on, turning new cards, which can hand your opponent \
             pairs. Turning a seen card of another kind instead ends your turn and hands \
             the pair to your opponent: once they take it, it is they who must go on and \
             turn new cards."
        }
        IdeaKind::PsycheOut => {
            "You turned a new card whose partner you have seen. Instead of taking the pair \
             you may turn another new card, leaving the pair you could take (a psyche-out): \
             it is never better than taking the pair, but here it is worth exactly the \
             same, and what you leave on the table shapes your opponent's turn."
        }
        IdeaKind::Other => {
            "Anything else the solver prefers to the common play. The puzzles name it when \
             it comes up."
        }
    }
}

/// The rules in plain words.
fn rules() -> Section {
    let mut words = vec![
        "Cards lie face down. On your turn you turn two. If they match you take the pair \
         and go again; otherwise the turn passes to your opponent. The most pairs wins."
            .to_string(),
        "Cards match when they carry the same label. On the standard deck that is the same \
         rank and the same colour: 7♥ goes with 7♦, 7♠ with 7♣. A card you have seen stays \
         in both players' memory until it is taken."
            .to_string(),
        "A pass is a turn of two seen cards that do not match: it shows nothing. What a \
         pass does is the pass rule:"
            .to_string(),
    ];
    for rule in PassRule::ALL {
        words.push(format!("  {}: {}.", rule.name(), rule.explanation()));
    }
    words.push(
        "The common play: take a pair you know; otherwise turn a new card, take its \
         partner if you have seen it, else turn another new card. Each idea below is a \
         place where the best play departs from it. Values are your chance to win (a draw \
         counts half), with both sides playing perfectly from there."
            .to_string(),
    );
    Section {
        title: "The rules".to_string(),
        words,
        example: None,
    }
}

/// The decks and how their cards pair.
fn decks() -> Section {
    Section {
        title: "The decks".to_string(),
        words: vec![
            "standard: 52 cards, a pair is the same rank and colour (26 pairs). \
             standard-jokers adds the two jokers as one more pair (standard-rank-jokers: by \
             rank, the jokers' pair counting double); double is two standard \
             decks, a pair two identical cards; pairs:N is N pairs of pictures or letters."
                .to_string(),
            "Rank-only decks (standard-rank, or LxC with four cards of a label, such as \
             13x4) pair by rank alone: any two 7s make a pair. A kind has four cards and \
             two pairs, so a new card may have up to three partners, and a pair you know \
             can be kept for later (Keep the pair for later, below)."
                .to_string(),
            "Zebra (zebra, zebra:L): a pair is the same rank in the opposite colour: 7♦ \
                 pairs with 7♣ or 7♠, never with 7♥. A card's same-colour twin is no pair: \
                 turning it ends your turn as any seen card does."
                .to_string(),
            format!(
                "One Flip (--variant one-flip): {}.",
                Variant::OneFlip.explanation()
            ),
        ],
        example: None,
    }
}

/// Classic and open memory, and what the values assume.
fn memory() -> Section {
    Section {
        title: "Memory".to_string(),
        words: vec![
            "Classic memory: two cards that do not match are turned face down again, and \
             you must remember them."
                .to_string(),
            "Open memory: every card seen stays face up, so the game is only about your \
             choices."
                .to_string(),
            "The optimal AI remembers every card in both. Hints, values and puzzles assume \
             you do too: in classic memory they say what is best for a player who \
             remembers."
                .to_string(),
        ],
        example: None,
    }
}

/// The two objectives, with what each is worth at the start of a small game, computed
/// by the solver now.
fn objectives() -> Section {
    let mut words = vec![
        "win: the values are your chance to win, a draw counting half.".to_string(),
        "margin: the values are the pairs you expect to end ahead by: the score plus the \
         pairs still to come, yours minus your opponent's."
            .to_string(),
    ];
    if let Some((win, margin)) = start_values("pairs:6", PassRule::None) {
        words.push(format!(
            "On pairs:6 without passing (rule none), with perfect play from the start, the first player's \
             chance to win is {} and, playing for margin, they end {} ahead on average. \
             The best play can differ between the two.",
            value_words(Objective::Win, win),
            value_words(Objective::Margin, margin)
        ));
    }
    Section {
        title: "What you play for".to_string(),
        words,
        example: None,
    }
}

/// The first player's value at the start of `deck` under `rule`, for `win` and for
/// `margin`.
fn start_values(deck: &str, rule: PassRule) -> Option<(f64, f64)> {
    let value = |objective| {
        crate::analysis::report::solve(&crate::analysis::report::Request {
            deck: Deck::parse(deck).ok()?,
            objective,
            pass_rule: rule,
            variant: Variant::Standard,
            position: None,
            diff: 0,
            after_pass: false,
            first: None,
            exact: false,
        })
        .ok()
        .map(|r| r.value)
    };
    Some((value(Objective::Win)?, value(Objective::Margin)?))
}

/// The whole page, its examples computed now.
#[must_use]
pub fn page() -> Vec<Section> {
    let mut out = vec![rules(), decks(), memory(), objectives()];
    // The rules' figures on the standard deck, measured now (a fraction of a second).
    let samples = Deck::parse("standard").ok().and_then(|deck| {
        super::rule_of_idea::measure::samples(&deck, Objective::Win, PassRule::Agreed).ok()
    });
    for kind in IdeaKind::ALL {
        let example = match (kind, source(kind)) {
            (IdeaKind::PsycheOut, _) => psyche_out(),
            (_, Some((deck, rule))) => found(kind, deck, rule),
            (_, None) => None,
        };
        let mut said = vec![words(kind).to_string()];
        said.extend(rule_words(kind, samples.as_deref()));
        said.push(practise_line(kind));
        out.push(Section {
            title: kind.title().to_string(),
            words: said,
            example,
        });
    }
    out
}

/// The idea's rule a person can carry, with how often it is right on the standard deck
/// (win, agreed) where the choice matters and what it costs when wrong.
fn rule_words(
    kind: IdeaKind,
    samples: Option<&[super::rule_of_idea::measure::Sample]>,
) -> Option<String> {
    if kind == IdeaKind::Other {
        return None;
    }
    let rule = super::rule_of_idea::words(kind);
    let Some(m) = samples
        .map(|s| super::rule_of_idea::measure::measure(kind, s))
        .filter(|m| m.decisive > 0)
    else {
        return Some(format!("The rule: {rule}"));
    };
    let cost = if m.agree == m.decisive {
        String::new()
    } else {
        format!(
            "; where it is wrong it costs {} points of win chance on average, {} at worst",
            crate::words::fixed(m.mean_cost * 100.0, 1),
            crate::words::fixed(m.worst_cost * 100.0, 1)
        )
    };
    Some(format!(
        "The rule: {rule} On the standard deck (win, agreed) it picks the better of the idea \
         and the common play in {} of the {} positions where the choice matters (the common \
         play alone: {}){cost}.",
        crate::words::percent(m.agreement(), 1),
        m.decisive,
        crate::words::percent(m.common_agreement(), 1),
    ))
}

/// The command that practises an idea, as a paragraph of its section.
#[must_use]
pub fn practise_line(kind: IdeaKind) -> String {
    let command = super::puzzle::session::practise(kind);
    match (super::puzzle::session::home(kind), kind) {
        (Some(_), _) => format!("Practise it: {command}"),
        (None, IdeaKind::PsycheOut) => format!(
            "No puzzle asks it alone: it is never the one best play (at best it ties with \
             taking the pair). Practise the ideas around it: {command}"
        ),
        // Better than the common play, in any form: the mixed session.
        (None, _) => format!("Practise it: {command}"),
    }
}

/// The first puzzle of `kind` on `deck` under `rule`, as an example.
fn found(kind: IdeaKind, deck: &str, rule: PassRule) -> Option<Example> {
    let rules = PuzzleRules {
        deck: Deck::parse(deck).ok()?,
        objective: Objective::Win,
        pass_rule: rule,
    };
    let mut generator = Generator::new(rules).ok()?;
    let puzzle: Puzzle = generator.example(kind, SEED, GAMES)?;
    let game = puzzle.game();
    let lesson = explain(game.view(), generator.solver()).ok()?;
    Some(example(game.view(), &lesson, Objective::Win))
}

/// A tied position `2.2x2 2.1x1` under `none` on `pairs:5` laid out
/// `A B C D E / A B C D E`: the first player took A and missed B C; the second took B
/// and turns c2, a C whose partner c1 is seen. Taking the pair and turning another new
/// card are both worth 1/3.
fn psyche_out() -> Option<Example> {
    let deck = Deck::parse("pairs:5").ok()?;
    let cards = (0..2u8)
        .flat_map(|copy| {
            (0..5).map(move |l| Card {
                label: Label(l),
                copy,
            })
        })
        .collect();
    let mut game = Game::from_cards(deck.clone(), cards, 0, Players::two(PassRule::None));
    for p in [0, 5, 1, 2, 6, 1, 7] {
        game.try_flip(p).ok()?;
    }
    let mut generator = Generator::new(PuzzleRules {
        deck,
        objective: Objective::Win,
        pass_rule: PassRule::None,
    })
    .ok()?;
    let lesson = explain(game.view(), generator.solver()).ok()?;
    Some(example(game.view(), &lesson, Objective::Win))
}

/// An example from a lesson at `view`.
#[must_use]
pub fn example(view: &PublicView, lesson: &Lesson, objective: Objective) -> Example {
    let actions = lesson
        .actions
        .iter()
        .map(|e| ActionRow {
            text: e.named.text.clone(),
            value: value_words(objective, e.value),
            cost: if super::ties(e.cost, 0.0) {
                "best".to_string()
            } else {
                format!("costs {}", show_cost(objective, e.cost))
            },
            numbers: numbers_line(view, e),
        })
        .collect();
    let pass_rule = view.pass_rule().map_or("none", PassRule::name);
    Example {
        caption: vec![
            format!(
                "{} · pass rule {pass_rule} · {}",
                view.deck().name(),
                score_words(view)
            ),
            situation(view),
        ],
        table: table_text(view),
        actions,
        idea: lesson.idea.as_ref().map(|i| i.line.clone()),
    }
}

/// The score as the mover hears it: `you lead 3–1`, `you trail 0–2`, `level at 1–1`.
#[must_use]
pub fn score_words(view: &PublicView) -> String {
    let (a, b) = (view.pairs().of(Seat::FIRST), view.pairs().of(Seat::SECOND));
    let (mine, theirs) = if view.mover() == Seat::FIRST {
        (a, b)
    } else {
        (b, a)
    };
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => format!("you lead {mine}–{theirs}"),
        std::cmp::Ordering::Less => format!("you trail {mine}–{theirs}"),
        std::cmp::Ordering::Equal => format!("level at {mine}–{theirs}"),
    }
}

/// Where the mover's turn is, in words: "Your turn: your first card", or "You turned D
/// (d2), a new card whose partner is still hidden: your second card".
#[must_use]
pub fn situation(view: &PublicView) -> String {
    match view.phase() {
        Phase::SecondCard {
            first,
            first_was_known,
        } => {
            let card = card_words(view, first);
            let what = if first_was_known {
                "a card you had seen".to_string()
            } else {
                let label = match view.slots()[first] {
                    Slot::Known(c) | Slot::Removed(c) => Some(c.label),
                    Slot::Unknown => None,
                };
                let partner_seen = view
                    .known_cards()
                    .any(|(p, c)| p != first && Some(c.label) == label);
                if partner_seen {
                    "a new card whose partner you have seen".to_string()
                } else {
                    "a new card whose partner is still hidden".to_string()
                }
            };
            // What a pass does now depends on whether the opponent just passed: said
            // at either card, since the answer can turn on it.
            let passed = if view.after_pass() {
                "Your opponent just passed. "
            } else {
                ""
            };
            format!("{passed}You turned {card}, {what}: now your second card")
        }
        _ if view.after_pass() => "Your opponent just passed: now your first card".to_string(),
        _ => "Your turn: your first card".to_string(),
    }
}

/// The table as text, as the mover remembers it: seen cards face up, `?` for a card
/// never seen, `·` for a taken one, the card turned this turn in brackets; columns
/// lettered and rows numbered as the coordinates are.
#[must_use]
pub(crate) fn table_text(view: &PublicView) -> Vec<String> {
    let deck = view.deck();
    let (rows, cols) = deck.grid();
    let first = match view.phase() {
        Phase::SecondCard { first, .. } => Some(first),
        _ => None,
    };
    let cell = |pos: usize| -> String {
        match view.slots().get(pos) {
            Some(Slot::Known(c)) if Some(pos) == first => format!("[{}]", face_text(deck, *c)),
            Some(Slot::Known(c)) => face_text(deck, *c),
            Some(Slot::Removed(_)) => "·".to_string(),
            Some(Slot::Unknown) => "?".to_string(),
            None => String::new(),
        }
    };
    let width = (0..view.slots().len())
        .map(|p| cell(p).chars().count())
        .max()
        .unwrap_or(1)
        .max(3)
        + 1;
    let margin = rows.to_string().len() + 1;
    let mut head = " ".repeat(margin);
    for c in 0..cols {
        let letters = coordinate(deck, c);
        let letters = letters.trim_end_matches(|ch: char| ch.is_ascii_digit());
        let _ = write!(head, "{letters:^width$}");
    }
    let mut out = vec![head.trim_end().to_string()];
    for r in 0..rows {
        let mut line = format!("{:<margin$}", r + 1);
        for c in 0..cols {
            let _ = write!(line, "{:^width$}", cell(r * cols + c));
        }
        out.push(line.trim_end().to_string());
    }
    out
}

/// The page as plain text (for `learn` without a terminal).
#[must_use]
pub fn to_text(sections: &[Section]) -> String {
    let mut out = String::from("Concentration: strategy\n");
    for s in sections {
        let _ = writeln!(
            out,
            "\n{}\n{}",
            s.title,
            "-".repeat(s.title.chars().count())
        );
        for w in &s.words {
            let _ = writeln!(out, "{w}");
        }
        if let Some(e) = &s.example {
            out.push('\n');
            for c in &e.caption {
                let _ = writeln!(out, "  {c}");
            }
            for t in &e.table {
                let _ = writeln!(out, "    {t}");
            }
            for a in &e.actions {
                let _ = writeln!(out, "  {}: {} ({})", a.text, a.value, a.cost);
                let _ = writeln!(out, "      {}", a.numbers);
            }
            if let Some(i) = &e.idea {
                let _ = writeln!(out, "  {i}");
            }
        }
    }
    out
}

/// Whether an action's row is the best one (for styling).
#[must_use]
pub fn is_best(row: &ActionRow) -> bool {
    row.cost == "best"
}
