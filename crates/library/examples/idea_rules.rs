//! Measures each idea's rule against every reachable position of the standard deck and
//! of `pairs:8` and `pairs:12` (`trainer::rule_of_idea`), and prints the table that
//! docs/trainer.md shows: `cargo run --release -p concentration-library --example
//! idea_rules`.

use concentration_library::trainer::rule_of_idea::measure;

fn main() {
    let start = std::time::Instant::now();
    match measure::table() {
        Ok(table) => {
            print!("{table}");
            eprintln!("measured in {:.1?}", start.elapsed());
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
