//! The dashboard: the person's saved games summed up by game kind (results, luck,
//! strategy, memory), the rating with its trend, and what to practise next. Each
//! record is analysed once into a cache ([`cache`]).

mod cache;

#[doc(hidden)]
pub use cache::games_of_bytes;
pub use cache::{
    CACHE_DIR_ENV, CACHE_FORMAT, Games, Kept, MAX_CACHE_BYTES, cache_file, cached, games,
    games_with, valid,
};

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::IdeaKind;
use super::rating::{Book, Event};
use super::skill::Skill;
use super::tally::{Tally, TallyStore};
use crate::analysis::digest::{Digest, share};
use crate::analysis::versus::{Row, Versus};

/// Opponent, deck, pass rule, objective: a game kind.
type KindKey = (String, String, String, String);

/// The person's finished games against the AI, by opponent, deck, pass rule and
/// objective: `stats`' table, from the digests (practice games left out).
#[must_use]
pub fn versus(games: &Games) -> Versus {
    let mut rows: BTreeMap<KindKey, (Row, usize, usize)> = BTreeMap::new();
    for (_, d) in counted(games) {
        let key = (
            d.opponent.clone(),
            d.deck.clone(),
            d.pass_rule.clone(),
            d.objective.clone(),
        );
        let (row, choices, best) = rows.entry(key.clone()).or_insert_with(|| {
            (
                Row {
                    opponent: key.0,
                    deck: key.1,
                    pass_rule: key.2,
                    objective: key.3,
                    played: 0,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                    accuracy: None,
                },
                0,
                0,
            )
        });
        row.played += 1;
        match d.score {
            Some(s) if s > 0.75 => row.won += 1,
            Some(s) if s > 0.25 => row.drawn += 1,
            _ => row.lost += 1,
        }
        if d.analysed {
            *choices += d.choices;
            *best += d.best;
        }
    }
    Versus {
        rows: rows
            .into_values()
            .map(|(mut row, choices, best)| {
                // Pooled: every decision with a choice of the kind's games counts once,
                // as the kinds' table counts them.
                row.accuracy = (choices > 0).then(|| share(best, choices));
                row
            })
            .collect(),
        unreadable: games.unreadable.len(),
    }
}

/// The finished games that count in results, figures and the rating (no practice, no
/// abandoned game), newest first.
fn counted(games: &Games) -> impl Iterator<Item = &(String, Digest)> {
    games
        .digests
        .iter()
        .filter(|(_, d)| d.score.is_some() && !d.practice)
}

/// One game kind's figures.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Kind {
    /// Opponent, deck, pass rule, objective.
    pub opponent: String,
    /// The deck.
    pub deck: String,
    /// The pass rule.
    pub pass_rule: String,
    /// The objective.
    pub objective: String,
    /// Finished games analysed.
    pub games: usize,
    /// The average result (1 a win, 0.5 a draw).
    pub result: f64,
    /// The average luck-adjusted result.
    pub luck_adjusted: f64,
    /// Accuracy, pooled: best decisions among every decision with a choice of these
    /// games (the judgement's definition, memory slips included).
    pub accuracy: f64,
    /// Strategy accuracy, pooled: the same with memory slips left out.
    pub strategy_accuracy: f64,
    /// Decisions with a choice counted.
    pub decisions: usize,
    /// The average cost of a decision with a choice.
    pub mean_cost: f64,
    /// The skill figure, PR (the average cost a decision, scaled: [`super::skill`]);
    /// `None` for a goal without one.
    pub pr: Option<f64>,
    /// Memory slips per game of classic memory (`None`: no such game).
    pub slips_per_game: Option<f64>,
}

/// The games of the person by kind (finished, analysed, no practice).
#[must_use]
pub fn kinds(games: &Games) -> Vec<Kind> {
    let mut groups: BTreeMap<KindKey, Vec<&Digest>> = BTreeMap::new();
    for (_, d) in counted(games).filter(|(_, d)| d.analysed) {
        groups
            .entry((
                d.opponent.clone(),
                d.deck.clone(),
                d.pass_rule.clone(),
                d.objective.clone(),
            ))
            .or_default()
            .push(d);
    }
    groups
        .into_iter()
        .map(|((opponent, deck, pass_rule, objective), ds)| {
            // game counts are small
            let n = ds.len() as f64;
            let strategy: usize = ds.iter().map(|d| d.strategy_choices).sum();
            let strategy_best: usize = ds.iter().map(|d| d.strategy_best).sum();
            let all_choices: usize = ds.iter().map(|d| d.choices).sum();
            let best: usize = ds.iter().map(|d| d.best).sum();
            let cost: f64 = ds
                .iter()
                .map(|d| d.mean_cost * d.choices as f64)
                .sum::<f64>();
            let classic: Vec<&&Digest> = ds.iter().filter(|d| d.memory == "classic").collect();
            let slips_per_game = (!classic.is_empty()).then(|| {
                classic.iter().map(|d| d.slips).sum::<usize>() as f64 / classic.len() as f64
            });
            let mean_cost = if all_choices == 0 {
                0.0
            } else {
                cost / all_choices as f64
            };
            let pr = objective
                .parse()
                .ok()
                .and_then(|o| super::skill::game_pr(o, mean_cost));
            Kind {
                opponent,
                deck,
                pass_rule,
                objective,
                games: ds.len(),
                result: ds.iter().filter_map(|d| d.result).sum::<f64>() / n,
                luck_adjusted: ds.iter().filter_map(|d| d.luck_adjusted()).sum::<f64>() / n,
                accuracy: share(best, all_choices),
                strategy_accuracy: share(strategy_best, strategy),
                decisions: all_choices,
                mean_cost,
                pr,
                slips_per_game,
            }
        })
        .collect()
}

/// The person's skill over the games that count (finished, no practice, analysed),
/// newest first: the figure every screen puts first.
#[must_use]
pub fn skill(games: &Games) -> Option<Skill> {
    Skill::of(counted(games).map(|(_, d)| d))
}

/// The rating events of the person's finished games against a fixed-rated AI.
#[must_use]
pub fn game_events(games: &Games) -> Vec<Event> {
    counted(games)
        .filter_map(|(_, d)| {
            Some(Event {
                when: format!("{} {}", d.date, d.time),
                opponent: super::rating::opponent(super::rating::ai_rating(&d.opponent)?),
                score: d.score?,
                source: d.opponent.clone(),
                guess: 0.0,
            })
        })
        .collect()
}

/// The rating from the games and the puzzles answered (a puzzle file that cannot be
/// read counts as none: the tally says so).
#[must_use]
pub fn rating(data: &Path, games: &Games) -> Book {
    let tally = TallyStore::new(data).load().tally;
    let mut events = game_events(games);
    events.extend(super::rating::puzzle_events(
        tally.ratings.as_deref().unwrap_or_default(),
    ));
    super::rating::rate_all(events)
}

/// What the end screen says of a game saved as `file` once every saved game is read:
/// the skill over the games, then the results rating, what this game changed it by and
/// the luck of its cards.
#[derive(Debug, Clone, PartialEq)]
pub struct AfterGame {
    /// The skill over the games that count, this one included.
    pub skill: Option<Skill>,
    /// The results rating now.
    pub book: Book,
    /// The rating with every result less the rating without this game (`None` when
    /// the game is not rated: no person against a fixed-rated AI, practice, or not
    /// finished).
    pub change: Option<f64>,
    /// The luck of the game's cards for the person, and its goal's name (`win` or
    /// `margin`), if the game was analysed.
    pub luck: Option<(f64, String)>,
}

/// [`AfterGame`] of the game saved as `file`, the games read through the cache in
/// folder `cache`.
///
/// # Errors
/// The records folder or the puzzle results cannot be read.
pub fn after_game(data: &Path, cache: Option<&Path>, file: &str) -> Result<AfterGame, String> {
    let games = games(data, cache)?;
    let book = rating(data, &games);
    let skill = skill(&games);
    let this = counted(&games)
        .find(|(name, _)| name == file)
        .map(|(_, d)| d);
    let luck = this
        .filter(|d| d.analysed)
        .map(|d| (d.luck, d.objective.clone()));
    let rated = this.is_some_and(|d| super::rating::ai_rating(&d.opponent).is_some());
    if !rated {
        return Ok(AfterGame {
            skill,
            book,
            change: None,
            luck,
        });
    }
    let without = Games {
        digests: games
            .digests
            .into_iter()
            .filter(|(name, _)| name != file)
            .collect(),
        ..Games::default()
    };
    let before = rating(data, &without);
    let change = Some(book.rating.rating - before.rating.rating);
    Ok(AfterGame {
        skill,
        book,
        change,
        luck,
    })
}

/// The rating now, and what the game saved as `file` changed it by (see
/// [`after_game`]).
///
/// # Errors
/// The records folder or the puzzle results cannot be read.
pub fn rating_change(
    data: &Path,
    cache: Option<&Path>,
    file: &str,
) -> Result<(Book, Option<f64>), String> {
    after_game(data, cache, file).map(|a| (a.book, a.change))
}

/// The luck of a game's cards in words, in its goal's unit: "+12 points of win
/// chance", "−0.45 pairs".
#[must_use]
pub fn luck_words(luck: f64, objective: &str) -> String {
    if objective == "win" {
        format!(
            "{} points of win chance",
            crate::words::signed(luck * 100.0, 0)
        )
    } else {
        format!("{} pairs", crate::words::signed(luck, 2))
    }
}

/// What to practise next: the idea or habit with the worst results, and the command
/// that practises it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Practise {
    /// What: `memory`, `strategy`, or a puzzle idea's name.
    pub what: String,
    /// Its failure rate (slips per chance, errors per decision, puzzles missed per try).
    pub rate: f64,
    /// Why, in words.
    pub why: String,
    /// The command.
    pub command: String,
}

/// The worst of: each puzzle idea tried at least 3 times (missed per try), memory (slips
/// per chance to use a seen card, from 5 chances), strategy (errors per decision with a
/// choice, from 10 decisions).
#[must_use]
pub fn practise_next(games: &Games, tally: &Tally) -> Option<Practise> {
    let mut candidates = Vec::new();
    for (idea, count) in &tally.by_idea {
        if count.tried >= 3 {
            let missed = count.tried - count.solved;
            candidates.push(Practise {
                what: idea.clone(),
                rate: 1.0 - share(count.solved as usize, count.tried as usize),
                why: format!(
                    "puzzles of the idea {idea}: {missed} of {} missed",
                    count.tried
                ),
                // The idea's own deck and rules (an idea never a puzzle's one best play,
                // from an older tally: the mixed session).
                command: IdeaKind::parse(idea).map_or_else(
                    || format!("concentration puzzle --idea {idea}"),
                    super::puzzle::session::practise,
                ),
            });
        }
    }
    // The same games as the table above: finished, no practice, analysed.
    let mine = counted(games).map(|(_, d)| d).filter(|d| d.analysed);
    let (chances, slips, decisions, best) = mine.fold((0, 0, 0, 0), |(c, s, n, b), d| {
        (
            c + d.chances,
            s + d.slips,
            n + d.strategy_choices,
            b + d.strategy_best,
        )
    });
    if chances >= 5 {
        candidates.push(Practise {
            what: "memory".into(),
            rate: share(slips, chances),
            why: format!(
                "{} in {} to use a seen card",
                crate::words::count_of(slips, "memory slip"),
                crate::words::count_of(chances, "chance")
            ),
            command: "concentration play --deck pairs:8 --memory classic".into(),
        });
    }
    if decisions >= 10 {
        candidates.push(Practise {
            what: "strategy".into(),
            rate: 1.0 - share(best, decisions),
            why: format!(
                "{} of {decisions} decisions with a choice not best",
                decisions - best
            ),
            command: "concentration puzzle".into(),
        });
    }
    candidates
        .into_iter()
        .filter(|c| c.rate > 0.0)
        .max_by(|a, b| a.rate.total_cmp(&b.rate))
}

/// The dashboard's text: the games by kind, the rating, what to practise next; or one
/// line saying why there is nothing to sum up.
#[must_use]
pub fn text(games: &Games, book: &Book, practise: Option<&Practise>, records: &Path) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let kinds = kinds(games);
    if games.digests.is_empty() {
        let _ = writeln!(
            s,
            "Your play: {}",
            if games.ai_only > 0 && games.ai_only == games.others {
                format!(
                    "only games between AIs are saved ({}); play one yourself to see your figures",
                    games.ai_only
                )
            } else {
                format!("no games of yours saved yet in {}", records.display())
            }
        );
    } else if kinds.is_empty() {
        let _ = writeln!(
            s,
            "Your play: no finished game against the AI could be analysed yet"
        );
    } else {
        let _ = writeln!(s, "Your play, by game kind");
        let heads = crate::analysis::versus::KEY_HEADS;
        let cells: Vec<[String; 4]> = kinds
            .iter()
            .map(|k| {
                [&k.opponent, &k.deck, &k.pass_rule, &k.objective].map(|c| crate::words::shown(c))
            })
            .collect();
        let w = crate::analysis::versus::key_widths(&cells);
        let _ = writeln!(
            s,
            "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {:>5} {:>5} {:>6} {:>9} {:>5}",
            heads[0],
            heads[1],
            heads[2],
            heads[3],
            "games",
            "PR",
            "result",
            "luck-adj.",
            "slips",
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
        );
        for (k, c) in kinds.iter().zip(&cells) {
            let _ = writeln!(
                s,
                "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {:>5} {:>5} {:>6} {:>9} {:>5}",
                c[0],
                c[1],
                c[2],
                c[3],
                k.games,
                k.pr.map_or_else(|| "-".to_owned(), super::skill::pr_words),
                result_text(&k.objective, k.result),
                result_text(&k.objective, k.luck_adjusted),
                k.slips_per_game
                    .map_or_else(|| "-".to_owned(), |v| crate::words::fixed(v, 1)),
                w0 = w[0],
                w1 = w[1],
                w2 = w[2],
                w3 = w[3],
            );
        }
        let _ = writeln!(
            s,
            "PR: your skill, the error a decision against optimal play, pooled over the games (see Skill above); result: your average score (a win 1, a draw half) or pair margin; luck-adj.: the same less the luck of the cards turned; slips: memory slips a game, in classic memory; finished games only"
        );
    }
    // Second to the skill: a rating of results, which the cards' luck moves.
    let _ = writeln!(s, "Results rating: {}{}", book.line(), last_luck(games));
    match practise {
        Some(p) => {
            let _ = writeln!(s, "Practise next: {} ({}): {}", p.what, p.why, p.command);
        }
        None => {
            let _ = writeln!(
                s,
                "Practise next: nothing stands out yet (more games or puzzles tell)"
            );
        }
    }
    s
}

/// The luck of the newest game that counts, for the rating's line: " · the cards'
/// luck in your last game: −12 points of win chance" (empty without one).
fn last_luck(games: &Games) -> String {
    counted(games)
        .map(|(_, d)| d)
        .find(|d| d.analysed)
        .map(|d| {
            format!(
                " \u{b7} the cards' luck in your last game: {}",
                luck_words(d.luck, &d.objective)
            )
        })
        .unwrap_or_default()
}

/// A result as the table shows it: a share under `win`, a margin under `margin`.
fn result_text(objective: &str, v: f64) -> String {
    if objective == "win" {
        crate::words::percent(v, 0)
    } else {
        crate::words::signed(v, 2)
    }
}
