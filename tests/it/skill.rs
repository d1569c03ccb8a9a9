//! The skill figure (PR, the error a decision against optimal play) that the end screen,
//! the dashboard and `stats` put first: luck cannot move it. Two games of `pairs:8`
//! against the optimal AI in open memory (seeds 4 and 5), every decision the optimal
//! one, both lost 0–8: the skill does not get worse (PR 0), while the results rating,
//! shown second beside the cards' luck, falls.

use std::path::{Path, PathBuf};
use std::time::Duration;

use concentration::app::{App, Config, First, Memory};
use concentration::rules::{Objective, Outcome, Phase, Seat};
use concentration::trainer::dashboard;

use crate::common::screen_sized;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-skill-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Plays `pairs:8` with `seed` against the optimal AI, every decision of the person the
/// optimal one (as the end screen's rating test plays), saving into `data`; returns the
/// app at the end and the record's name.
fn played_best(seed: u64, data: &Path, cache: &Path) -> (App, String) {
    let config = Config {
        deck: "pairs:8".into(),
        seed,
        objective: Objective::Win,
        first: First::You,
        memory: Memory::Open,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let (app, _) = crate::end_rating::played(config, Some(data), cache, false);
    let saved = app.round().unwrap().saved().unwrap().as_ref().unwrap();
    let file = saved.file_name().unwrap().to_str().unwrap().to_owned();
    (app, file)
}

#[test]
fn perfect_play_lost_to_the_cards_never_worsens_the_skill() {
    let data = scratch("data");
    let cache = scratch("cache");
    let mut skills = Vec::new();
    for seed in [4, 5] {
        let (app, file) = played_best(seed, &data, &cache);
        let round = app.round().unwrap();
        // Lost 0–8: every pair went to the AI.
        let Phase::Over(result) = round.game().view().phase() else {
            panic!("the game is over");
        };
        assert_eq!(result.outcome, Outcome::Winner(Seat(1)), "seed {seed}");
        assert_eq!(round.game().view().pairs().of(Seat(0)), 0, "seed {seed}");
        let after = dashboard::after_game(&data, Some(&cache), &file).unwrap();
        let skill = after.skill.expect("the game was analysed");
        let change = after
            .change
            .expect("a game against the optimal AI is rated");
        let (luck, goal) = after.luck.clone().unwrap();
        println!(
            "seed {seed}: skill {} · rating {:.0} ({change:+.1} this game) · luck {}",
            skill.line(),
            after.book.rating.rating,
            dashboard::luck_words(luck, &goal)
        );
        // The game's PR is 0, and so is the figure over the games: perfect play.
        assert_eq!(skill.last, 0.0, "seed {seed}");
        assert_eq!(skill.pr, 0.0, "seed {seed}");
        // The results rating falls, and the cards' luck says why.
        assert!(change < 0.0, "seed {seed}: {change}");
        assert!(luck < 0.0, "seed {seed}: {luck}");
        // The end screen: this game's skill first, the results rating after the skill
        // over the games, beside the cards' luck.
        let screen = screen_sized(&app, 100, 40);
        let lines = concentration::app::end_figures(round);
        assert!(
            lines[0].starts_with("Your skill this game: PR 0.0"),
            "{lines:?}"
        );
        let skill_at = lines
            .iter()
            .position(|l| l.starts_with("Your skill: PR 0.0"));
        let rating_at = lines.iter().position(|l| l.starts_with("Your rating"));
        assert!(skill_at.is_some() && skill_at < rating_at, "{lines:?}");
        assert!(
            lines[rating_at.unwrap() + 1].starts_with("The cards' luck this game: −50 points"),
            "{lines:?}"
        );
        assert!(screen.contains("Your skill this game: PR 0.0"), "{screen}");
        skills.push(skill);
    }
    assert_eq!(skills[1].games, 2);
    assert!(skills[1].pr <= skills[0].pr);
    // `stats` puts the skill first, the results rating second.
    let page = concentration::trainer::stats_page::StatsPage::read(&data, Some(&cache)).unwrap();
    let text = page.text();
    assert!(text.starts_with("Skill: PR 0.0 over 2 games"), "{text}");
    let skill_at = text.find("Skill: PR").unwrap();
    let rating_at = text.find("Results rating: ").unwrap();
    assert!(skill_at < rating_at, "{text}");
    assert!(text.contains("the cards' luck in your last game"), "{text}");
}
