//! Every subcommand's `--help` ends with examples, and the generated completions and man
//! page come from the same clap definition.

use std::process::Command;

use clap::CommandFactory as _;
use concentration::cli::Cli;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(args)
        .env(
            "CONCENTRATION_CONFIG",
            "/nonexistent/concentration-test/config.toml",
        )
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
