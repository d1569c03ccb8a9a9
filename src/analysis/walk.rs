//! The walk over a record that every analysis shares: replay the game flip by flip, ask
//! a [`Judge`] (the standard solver, the Zebra solver, the seats solver) what each
//! action at the decision point is worth to the player who flipped, and keep the
//! books: the flip's cost and class, the curves, each player's accuracy and costliest
//! flips. Only what the solvers disagree on is theirs: their action type, how they
//! name the best choice, what the curve shows.

use super::annotate::{Analysis, Annotation, Class, Summary, seats_of};
use super::zebra::ZebraNote;
use crate::record::RecordSeat;
use crate::rules::{Game, Objective, Outcome, Phase, PublicView, Seat};
use crate::solver::{Action, FirstCard, TIE_EPSILON, best_of};

/// A solver as the analysis asks it: every action at a decision point of a game, valued
/// for the player to move.
pub trait Judge {
    /// The solver's actions (the standard model's [`Action`], Zebra's own).
    type Action: Copy + PartialEq;
    /// What the solver can refuse, and a flip that is no action.
    type Error;

    /// The objective the values and costs are in.
    fn objective(&self) -> Objective;

    /// Every action at the decision point of `game` (not over), valued for the mover,
    /// in the solver's order.
    ///
    /// # Errors
    /// A state the solver refuses.
    fn actions(&mut self, game: &Game) -> Result<Vec<(Self::Action, f64)>, Self::Error>;

    /// The action a flip at `position` carries out at the decision point of `game`.
    fn action_of(&self, game: &Game, position: usize) -> Option<Self::Action>;

    /// Whether `listed` (an action the solver valued) is the choice `done` made.
    fn same_choice(&self, listed: Self::Action, done: Self::Action) -> bool {
        listed == done
    }

    /// The value costs are measured from and every action tied with it (within
    /// [`TIE_EPSILON`]), in the order the analysis lists them: the best value and the
    /// solver's order, unless the solver says otherwise.
    fn best(
        &self,
        _game: &Game,
        actions: &[(Self::Action, f64)],
    ) -> Option<(f64, Vec<Self::Action>)> {
        let best_value = best_of(self.objective(), actions.iter().map(|&(_, v)| v))?;
        Some((best_value, tied(actions, best_value)))
    }

    /// The flip in the standard model's words, and the best choice in a player's.
    fn reading(&mut self, game: &Game, decision: &Decision<Self::Action>) -> Reading;

    /// What the curves show at this point of `game`: the first seat's value alone at
    /// two seats, each seat's expected pairs at a table.
    ///
    /// # Errors
    /// A state the solver refuses.
    fn curve_point(&mut self, game: &Game) -> Result<Vec<f64>, Self::Error>;

    /// The error for flip `index`, which is no action at its decision point.
    fn unplayable(index: usize) -> Self::Error;
}

/// A decision point as the judge valued it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<A> {
    /// Every action, valued for the mover, in the solver's order.
    pub actions: Vec<(A, f64)>,
    /// The action the flip carried out.
    pub done: A,
    /// The best actions, as [`Judge::best`] lists them.
    pub best: Vec<A>,
}

/// A flip in the standard model's words (see [`Annotation`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The decision point: `None` at the turn start, else the first card of the turn.
    pub first: Option<FirstCard>,
    /// The action the flip carried out.
    pub action: Action,
    /// Every best action.
    pub best: Vec<Action>,
    /// The best choice in a player's words.
    pub best_words: String,
    /// On Zebra, the flip in Zebra's own model.
    pub zebra: Option<ZebraNote>,
}

/// The actions of `actions` whose value ties `value` (within [`TIE_EPSILON`]), in order.
pub fn tied<A: Copy>(actions: &[(A, f64)], value: f64) -> Vec<A> {
    actions
        .iter()
        .filter(|&&(_, v)| (v - value).abs() <= TIE_EPSILON)
        .map(|&(a, _)| a)
        .collect()
}

/// Values every flip of `game` (finished or not) with `judge`, which must be solved for
/// the game's deck, seats, pass rule and objective (`moves` for a solitaire game).
///
/// # Errors
/// A state the judge refuses (a solver for another deck or rule), or a flip that is no
/// action at its decision point.
pub fn annotate<J: Judge>(
    game: &Game,
    players: Vec<RecordSeat>,
    judge: &mut J,
) -> Result<Analysis, J::Error> {
    let objective = judge.objective();
    let view = game.view();
    let mut replay = Game::from_cards(
        view.deck().clone(),
        game.reveal_all().to_vec(),
        game.seed(),
        view.players(),
    );
    let mut seat_curves: Vec<Vec<f64>> = Vec::new();
    plot(&mut seat_curves, judge.curve_point(&replay)?);
    let mut annotations = Vec::new();
    let mut turn = 1;
    for (index, flip) in view.flips().iter().enumerate() {
        // Values as the mover means them: under `margin` the final margin (at three or
        // more seats the own-pairs values stay what is still to take).
        let lead = if replay.view().seats() == 2 {
            replay.view().pairs().lead(flip.seat)
        } else {
            0
        };
        let actions: Vec<(J::Action, f64)> = judge
            .actions(&replay)?
            .into_iter()
            .map(|(a, v)| (a, objective.at_end(lead, v)))
            .collect();
        let done = judge
            .action_of(&replay, flip.position)
            .ok_or_else(|| J::unplayable(index))?;
        let (best_value, best) = judge
            .best(&replay, &actions)
            .ok_or_else(|| J::unplayable(index))?;
        let value = actions
            .iter()
            .find(|&&(a, _)| judge.same_choice(a, done))
            .map(|&(_, v)| v)
            .ok_or_else(|| J::unplayable(index))?;
        let raw = if objective.minimises() {
            value - best_value
        } else {
            best_value - value
        };
        let cost = if raw <= TIE_EPSILON { 0.0 } else { raw };
        let choice = actions
            .iter()
            .any(|&(_, v)| (v - best_value).abs() > TIE_EPSILON);
        let raw_only = choice
            && super::grade::only_move(
                objective,
                actions.iter().map(|&(_, v)| {
                    if objective.minimises() {
                        v - best_value
                    } else {
                        best_value - v
                    }
                }),
            );
        let reading = judge.reading(
            &replay,
            &Decision {
                actions,
                done,
                best,
            },
        );
        // The only move worth the name: the one action that does not lose a mistake's
        // worth, and not the one the common play finds anyway (taking a pair, turning a
        // new card).
        let only_move = raw_only && reading.zebra.is_none() && {
            use crate::players::Policy as _;
            let common = crate::players::Usual.act(&crate::players::state_of(replay.view()));
            !reading.best.contains(&common)
        };
        annotations.push(Annotation {
            index,
            turn,
            seat: flip.seat,
            position: flip.position,
            first: reading.first,
            action: reading.action,
            best: reading.best,
            value,
            best_value,
            cost,
            class: Class::of(objective, cost),
            choice,
            only_move,
            best_words: reading.best_words,
            zebra: reading.zebra,
        });
        replay
            .try_flip(flip.position)
            .map_err(|_| J::unplayable(index))?;
        if flip.turn_end.is_some() {
            turn += 1;
        }
        plot(&mut seat_curves, judge.curve_point(&replay)?);
    }
    let summaries = seats_of(view.seats())
        .map(|seat| summarise(&annotations, seat))
        .collect();
    let curve = seat_curves.first().cloned().unwrap_or_default();
    if seat_curves.len() < 2 {
        // Two seats: the first seat's curve says it all.
        seat_curves.clear();
    }
    Ok(Analysis {
        objective,
        players,
        annotations,
        curve,
        summaries,
        seat_curves,
    })
}

/// Adds `point` to the curves, one value to each.
fn plot(curves: &mut Vec<Vec<f64>>, point: Vec<f64>) {
    curves.resize(point.len(), Vec::new());
    for (curve, v) in curves.iter_mut().zip(point) {
        curve.push(v);
    }
}

/// The first seat's value at this point of a two-seat game (see [`Analysis::curve`]),
/// from `mover_value`, the value of the decision point for the player to move (asked
/// only while the game goes on).
///
/// # Errors
/// Those of `mover_value`.
pub fn first_seat_value<E>(
    view: &PublicView,
    objective: Objective,
    mover_value: impl FnOnce() -> Result<f64, E>,
) -> Result<f64, E> {
    let (a, b) = (view.pairs().of(Seat::FIRST), view.pairs().of(Seat::SECOND));
    let margin = f64::from(a) - f64::from(b);
    if let Phase::Over(r) = view.phase() {
        return Ok(match objective {
            Objective::Win => match r.outcome {
                Outcome::Winner(Seat::FIRST) => 1.0,
                Outcome::Winner(_) => 0.0,
                Outcome::Draw | Outcome::Solo => 0.5,
            },
            Objective::Margin => margin,
            Objective::Moves => f64::from(view.turns()),
        });
    }
    let v = mover_value()?;
    let first = view.mover() == Seat::FIRST;
    Ok(match (objective, first) {
        (Objective::Win, true) => v,
        (Objective::Win, false) => 1.0 - v,
        (Objective::Moves, _) => f64::from(view.turns()) + v,
        (_, true) => margin + v,
        (_, false) => margin - v,
    })
}

/// One player's totals over `annotations`.
fn summarise(annotations: &[Annotation], seat: Seat) -> Summary {
    let mine: Vec<&Annotation> = annotations.iter().filter(|a| a.seat == seat).collect();
    // Accuracy and the average cost count the decisions with a real choice only.
    let choices: Vec<&Annotation> = mine.iter().copied().filter(|a| a.choice).collect();
    let classes = Class::ALL.map(|c| choices.iter().filter(|a| a.class == c).count());
    let best = classes[0];
    let mut costly: Vec<&Annotation> = mine.iter().copied().filter(|a| a.cost > 0.0).collect();
    costly.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.index.cmp(&b.index)));
    #[allow(clippy::cast_precision_loss)] // flip counts are small
    let (accuracy, mean_cost) = if choices.is_empty() {
        (1.0, 0.0)
    } else {
        let n = choices.len() as f64;
        (
            best as f64 / n,
            choices.iter().map(|a| a.cost).sum::<f64>() / n,
        )
    };
    Summary {
        seat,
        flips: mine.len(),
        choices: choices.len(),
        best,
        accuracy,
        classes,
        mean_cost,
        costliest: costly.iter().take(3).map(|a| a.index).collect(),
    }
}
