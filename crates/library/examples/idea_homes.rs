use concentration_engine::rules::{Deck, Objective, PassRule};
use concentration_library::trainer::IdeaKind;
use concentration_library::trainer::puzzle::{Generator, PuzzleRules};

fn main() {
    for deck in ["standard", "standard-rank", "double", "pairs:8"] {
        for rule in PassRule::ALL {
            let Ok(mut g) = Generator::new(PuzzleRules {
                deck: Deck::parse(deck).unwrap(),
                objective: Objective::Win,
                pass_rule: rule,
            }) else {
                continue;
            };
            let mut counts = vec![0; IdeaKind::ALL.len()];
            let mut controls = 0;
            let mut n = 0;
            let mut guess = 0.0;
            for game in 0..300u64 {
                for p in g.from_game(game * 7919 + 1) {
                    n += 1;
                    guess += p.guess;
                    if p.control {
                        controls += 1
                    } else {
                        counts[IdeaKind::ALL.iter().position(|&k| k == p.idea).unwrap()] += 1;
                    }
                }
            }
            let ideas: Vec<String> = IdeaKind::ALL
                .iter()
                .zip(&counts)
                .filter(|(_, c)| **c > 0)
                .map(|(k, c)| format!("{} {c}", k.name()))
                .collect();
            println!(
                "{deck} {}: {n} puzzles, {controls} controls, mean guess {:.3}; {}",
                rule.name(),
                guess / n.max(1) as f64,
                ideas.join(", ")
            );
        }
    }
}
