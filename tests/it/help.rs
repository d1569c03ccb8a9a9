//! Every subcommand's `--help` ends with examples, and the generated completions and man
//! page come from the same clap definition.

use std::process::Command;

use clap::CommandFactory as _;
use concentration::cli::Cli;

use crate::common::cli::run;

/// Every subcommand path, nested ones included (`config path`), but not clap's `help`.
fn paths(command: &clap::Command, prefix: &[String], out: &mut Vec<Vec<String>>) {
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let mut path = prefix.to_vec();
        path.push(sub.get_name().to_owned());
        out.push(path.clone());
        paths(sub, &path, out);
    }
}

#[test]
fn every_subcommand_help_has_an_example() {
    let mut all = Vec::new();
    paths(&Cli::command(), &[], &mut all);
    assert!(all.len() >= 9, "{all:?}");
    for path in &all {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{path:?}: {err}");
        let examples = out
            .split_once("Examples:\n")
            .unwrap_or_else(|| panic!("{path:?} --help has no examples:\n{out}"))
            .1;
        let first = examples.lines().next().unwrap_or("");
        let expected = format!("  concentration {}", path.join(" "));
        assert!(
            first.starts_with(&expected),
            "{path:?}: the first example should start with '{expected}': {first}"
        );
    }
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef concentration"),
        ("fish", "complete -c concentration"),
    ] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(out.contains(marker), "{shell}: {out}");
        assert!(out.contains("pass-rule"), "{shell} completes the options");
    }
    let (code, out, err) = run(&["completions", "tcsh"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn man_page_is_roff_and_pages_go_to_a_folder() {
    let (code, out, err) = run(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(".ie") || out.contains(".TH concentration"),
        "{out}"
    );
    assert!(out.contains("completions"));
    let dir = std::env::temp_dir().join(format!("concentration-man-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, _, err) = run(&["man", "--dir", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for page in [
        "concentration.1",
        "concentration-play.1",
        "concentration-solve.1",
    ] {
        assert!(dir.join(page).is_file(), "{page} written");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `config --help` promises a template: it names the sub-command that writes one, and
/// that sub-command writes a file `config show` reads.
#[test]
fn the_config_template_the_help_promises_is_made_by_init() {
    let (code, out, _) = run(&["config", "--help"]);
    assert_eq!(code, 0);
    let about = out.lines().next().unwrap();
    assert!(about.contains("template"), "{about}");
    assert!(
        about.contains("(init)"),
        "the template's sub-command unnamed: {about}"
    );
    let dir = std::env::temp_dir().join(format!("concentration-template-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("config.toml");
    let with = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .env("CONCENTRATION_CONFIG", &file)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    assert_eq!(with(&["config", "init"]).0, Some(0));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("# deck"), "{text}");
    assert_eq!(with(&["config", "show"]).0, Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `help --help` is the help of `help` (it was taken for a command named `--help`, exit
/// 2), and `help COMMAND` is that command's `--help`.
#[test]
fn help_has_its_own_help_and_gives_each_commands() {
    let (code, out, err) = run(&["help", "--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Usage: concentration help"), "{out}");
    assert!(out.contains("[COMMAND]"), "{out}");
    for path in [&["play"][..], &["pairs", "solve"], &["config", "path"]] {
        let mut args = vec!["help"];
        args.extend(path);
        let (code, by_help, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let mut args = path.to_vec();
        args.push("--help");
        let (_, by_flag, _) = run(&args);
        assert_eq!(by_help, by_flag, "{path:?}");
    }
    let (code, top, _) = run(&["help"]);
    assert_eq!(code, 0);
    assert_eq!(top, run(&["--help"]).1);
    let (code, out, err) = run(&["help", "nonsense"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("unrecognized subcommand 'nonsense'"), "{err}");
}

/// The option of `--help` named `flag`: its line and the lines it wraps onto.
fn option_text(help: &str, flag: &str) -> String {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(flag));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no {flag} in:\n{help}"));
    let rest = lines.take_while(|l| l.starts_with("          "));
    std::iter::once(first)
        .chain(rest)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn play_and_watch_list_every_deck_zebra_too() {
    for command in ["play", "watch"] {
        let (code, out, err) = run(&[command, "--help"]);
        assert_eq!(code, 0, "{err}");
        let deck = option_text(&out, "--deck");
        for name in ["standard", "double", "pairs:N", "zebra", "LxC"] {
            assert!(deck.contains(name), "{command}: {deck}");
        }
    }
}

/// `watch` shows none of the options only `play` takes (a person's seat, undo, coach,
/// tutor, hints), and `play` not `watch`'s `--vs`; each is still refused with its
/// reason (tests/it/bad_input.rs).
#[test]
fn watch_shows_only_the_options_that_apply_to_it() {
    let (_, play, _) = run(&["play", "--help"]);
    let (_, watch, _) = run(&["watch", "--help"]);
    // An option's own line, not a mention in another's words.
    let shows = |help: &str, flag: &str| {
        help.lines()
            .any(|l| l.trim_start().starts_with(&format!("{flag} ")))
    };
    for flag in ["--first", "--practice", "--coach", "--tutor", "--hints"] {
        assert!(shows(&play, flag), "play --help lacks {flag}");
        assert!(!shows(&watch, flag), "watch --help shows {flag}:\n{watch}");
    }
    assert!(shows(&watch, "--vs"), "{watch}");
    assert!(!shows(&play, "--vs"), "{play}");
    let (code, _, err) = run(&["watch", "--coach"]);
    assert_eq!(code, 2);
    assert!(err.contains("--coach is for `concentration play`"), "{err}");
}

/// What `solve` and `pairs solve` print, said in a player's words: no "analysis
/// contract", no bare u_Fold and u_Hit in the summary lines.
#[test]
fn the_solvers_help_says_what_they_print_in_words() {
    let (_, solve, _) = run(&["solve", "--help"]);
    assert!(!solve.contains("contract"), "{solve}");
    assert!(
        solve.lines().next().unwrap().contains("chance to win"),
        "{solve}"
    );
    let (_, top, _) = run(&["--help"]);
    let line = top
        .lines()
        .find(|l| l.trim_start().starts_with("solve "))
        .unwrap();
    assert!(!line.contains("contract"), "{line}");
    let (_, pairs, _) = run(&["pairs", "--help"]);
    let line = pairs
        .lines()
        .find(|l| l.trim_start().starts_with("solve "))
        .unwrap();
    assert!(!line.contains("u_"), "{line}");
    let (_, solve, _) = run(&["pairs", "solve", "--help"]);
    let about = solve.lines().next().unwrap();
    assert!(!about.contains("u_"), "{about}");
    for words in ["folds", "hit", "best play"] {
        assert!(about.contains(words), "{about}");
    }
    // The rows it prints are each named in words.
    for row in ["(u_Fold)", "(u_Hit)", "(u)"] {
        assert!(solve.contains(row), "{solve}");
    }
}

/// The top-level examples' descriptions start in one column.
#[test]
fn the_top_level_examples_line_up() {
    let (_, top, _) = run(&["--help"]);
    let examples = top.split_once("Examples:\n").unwrap().1;
    let columns: Vec<usize> = examples
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let command = l.trim_start().find("  ").unwrap() + l.len() - l.trim_start().len();
            command + l[command..].len() - l[command..].trim_start().len()
        })
        .collect();
    assert!(columns.len() >= 5, "{examples}");
    assert!(
        columns.iter().all(|&c| c == columns[0]),
        "{columns:?}\n{examples}"
    );
}
