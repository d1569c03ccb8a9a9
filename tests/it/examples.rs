//! Examples that cannot rot: every `concentration ...` example of README.md, docs/*.md and
//! every command's `--help` is run against the built binary, with a scratch home, data
//! directory and settings file of its own.
//!
//! - In the pages, an example is a line of a ```` ```sh ```` block that starts with
//!   `concentration`, `$ concentration`, `cargo run --release` or `mkdir`; after a `$` line,
//!   the lines up to the next blank line are its output, which must be printed as shown.
//!   In a help text, an example is a line under `Examples:`; what follows two spaces is a
//!   description.
//! - A command that needs a terminal (see [`needs_terminal`]) must exit with status 2 and
//!   say so; every other one must exit with 0 within [`PATIENCE`].
//! - An example that takes minutes says so where it stands (`# slow: ...` in a page,
//!   `(slow: ...)` in a help text); it is listed as skipped, not run.
//! - Records shown in the pages (a block that begins `[Format "concentration 1"]`) must
//!   load; the first of docs/records.md is the `game.cgn` and `FILE` of the examples.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_concentration");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Longer than any example not marked slow needs on a loaded two-core machine.
const PATIENCE: Duration = Duration::from_secs(120);
const RECORD_START: &str = "[Format \"concentration 1\"]";

/// One example, where it was found, and what it must print.
#[derive(Debug, Clone)]
struct Example {
    /// `docs/analysis.md:12` or `concentration solve --help`.
    place: String,
    /// The command line as written.
    line: String,
    /// The output shown after a `$` line (empty: not shown).
    output: Vec<String>,
    /// Why it is not run (`slow: ...`), if it is marked so.
    slow: Option<String>,
}

/// The pages whose examples are run: README.md and every docs/*.md.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is there")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

fn relative(path: &Path) -> String {
    path.strip_prefix(ROOT)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Splits `text  # comment` into the text and the comment, outside quotes.
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if prev.is_whitespace() => {
                return (line[..i].trim_end(), Some(line[i + 1..].trim()));
            }
            _ => {}
        }
        prev = c;
    }
    (line.trim_end(), None)
}

/// Whether a line of an `sh` block is an example of the program.
fn is_example(command: &str) -> bool {
    command == "concentration"
        || command.starts_with("concentration ")
        || command.starts_with("cargo run --release")
        || command.starts_with("mkdir ")
}

/// The examples of one page.
fn page_examples(path: &Path, text: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut fence: Option<String> = None;
    // Collecting the output of the last `$` example.
    let mut collecting = false;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        if let Some(lang) = line.strip_prefix("```") {
            fence = if fence.is_some() {
                None
            } else {
                Some(lang.trim().to_string())
            };
            collecting = false;
            continue;
        }
        if fence.as_deref() != Some("sh") {
            continue;
        }
        let (dollar, rest) = match line.strip_prefix("$ ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let (command, comment) = split_comment(rest);
        if is_example(command) {
            examples.push(Example {
                place: format!("{}:{}", relative(path), n + 1),
                line: command.to_string(),
                output: Vec::new(),
                slow: comment
                    .filter(|c| c.starts_with("slow:"))
                    .map(str::to_string),
            });
            collecting = dollar;
        } else if line.is_empty() {
            collecting = false;
        } else if collecting {
            examples.last_mut().unwrap().output.push(raw.to_string());
        }
    }
    examples
}

/// The records shown in a page's code blocks.
fn page_records(text: &str) -> Vec<String> {
    let mut records = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for raw in text.lines() {
        let line = raw.trim_start();
        if line.starts_with("```") {
            match block.take() {
                Some(lines) if lines.first() == Some(&RECORD_START) => {
                    records.push(lines.join("\n") + "\n");
                }
                Some(_) => {}
                None => block = Some(Vec::new()),
            }
            continue;
        }
        if let Some(lines) = &mut block {
            lines.push(raw.trim_end());
        }
    }
    records
}

fn run_quietly(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Every command path: `[]`, `["play"]`, ..., `["pairs", "solve"]`, ...
fn command_paths() -> Vec<Vec<String>> {
    let mut paths = vec![Vec::new()];
    let mut i = 0;
    while i < paths.len() {
        let path = paths[i].clone();
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = String::from_utf8(run_quietly(&args).stdout).unwrap();
        let mut in_commands = false;
        for line in help.lines() {
            if line == "Commands:" {
                in_commands = true;
            } else if in_commands && line.starts_with("  ") {
                let name = line.split_whitespace().next().unwrap();
                if name != "help" {
                    let mut sub = path.clone();
                    sub.push(name.to_string());
                    paths.push(sub);
                }
            } else {
                in_commands = false;
            }
        }
        i += 1;
    }
    paths
}

/// Cuts a help example `concentration play   play at once` before its description.
fn strip_description(line: &str) -> (&str, Option<&str>) {
    let mut quote = None;
    let bytes = line.as_bytes();
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') if bytes.get(i + 1) == Some(&b' ') => {
                return (&line[..i], Some(line[i..].trim()));
            }
            _ => {}
        }
    }
    (line, None)
}

/// The examples at the end of every command's `--help`.
fn help_examples() -> Vec<Example> {
    let mut examples = Vec::new();
    for path in command_paths() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = String::from_utf8(run_quietly(&args).stdout).unwrap();
        let place = format!("concentration {}", args.join(" "));
        let mut in_examples = false;
        for line in help.lines() {
            if line.trim() == "Examples:" {
                in_examples = true;
            } else if line.trim().is_empty() {
                in_examples = false;
            } else if in_examples {
                let (command, description) = strip_description(line.trim());
                examples.push(Example {
                    place: place.clone(),
                    line: command.to_string(),
                    output: Vec::new(),
                    slow: description
                        .and_then(|d| d.strip_prefix('('))
                        .filter(|d| d.starts_with("slow:"))
                        .map(|d| d.trim_end_matches(')').to_string()),
                });
            }
        }
    }
    examples
}

/// A word of a command line, or one of the operators that end a command.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    /// `|`, `&&`, `;`: the next command starts.
    Next,
    /// `>`: the next word is where standard output goes.
    Redirect,
}

/// Splits a command line as a shell would, for the little the examples use: quotes,
/// `|`, `&&`, `;`, `>`. `$(...)` and variables are left as they are (the commands that use
/// them, `$EDITOR`, are not the program's and are not run).
fn tokens(line: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() || matches!(c, '|' | ';' | '>' | '&') => {
                if in_word {
                    out.push(Token::Word(std::mem::take(&mut word)));
                    in_word = false;
                }
                match c {
                    '|' | ';' => out.push(Token::Next),
                    '&' if chars.peek() == Some(&'&') => {
                        chars.next();
                        out.push(Token::Next);
                    }
                    '>' => out.push(Token::Redirect),
                    _ => {}
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(Token::Word(word));
    }
    out
}

/// The commands of a line: each a list of words, without redirections.
fn commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = vec![Vec::new()];
    let mut skip_next = false;
    for token in tokens(line) {
        match token {
            Token::Next => commands.push(Vec::new()),
            Token::Redirect => skip_next = true,
            Token::Word(_) if skip_next => skip_next = false,
            Token::Word(w) => commands.last_mut().unwrap().push(w),
        }
    }
    commands.retain(|c| !c.is_empty());
    commands
}

/// `NAME=value` (a variable set for one command): the name and the value.
fn assignment(word: &str) -> Option<(String, String)> {
    let (name, value) = word.split_once('=')?;
    let is_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    is_name.then(|| (name.to_string(), value.to_string()))
}

/// Whether the program, given these arguments, needs a terminal: the screens.
fn needs_terminal(args: &[String]) -> bool {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return false;
    }
    match args.first().map(String::as_str) {
        None | Some("play" | "watch" | "solitaire" | "replay") => true,
        Some("puzzle") => !args.iter().any(|a| a == "--list"),
        Some("pairs") => !matches!(
            args.get(1).map(String::as_str),
            Some("solve" | "start" | "duel" | "help")
        ),
        _ => false,
    }
}

/// A home, data directory and settings file of its own for one example.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(record: &str) -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("concentration-examples-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("home")).unwrap();
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::write(dir.join("game.cgn"), record).unwrap();
        // The saved game `analyze --help` names, where the platform would keep it.
        let games = dir.join("home/.local/share/concentration/games");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::write(games.join("20260401-123456-standard-s7.cgn"), record).unwrap();
        Self { dir }
    }

    fn home(&self) -> PathBuf {
        self.dir.join("home")
    }

    /// An argument with the scratch places put in: `~`, `game.cgn`, `FILE`, `<COMMAND>`.
    fn arg(&self, word: &str) -> String {
        if let Some(rest) = word.strip_prefix("~/") {
            return self.home().join(rest).display().to_string();
        }
        match word {
            "game.cgn" | "FILE" => self.dir.join("game.cgn").display().to_string(),
            "<COMMAND>" => "play".to_string(),
            _ => word.to_string(),
        }
    }

    fn command(&self, args: &[String]) -> Command {
        let mut cmd = Command::new(BIN);
        cmd.args(args)
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.home().join(".config"))
            .env("XDG_DATA_HOME", self.home().join(".local/share"))
            .env("CONCENTRATION_DATA_DIR", self.dir.join("data"))
            .env("CONCENTRATION_CONFIG", self.dir.join("config.toml"))
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs a command, killing it after [`PATIENCE`]: (status, stdout, stderr), or `None`
/// on a timeout.
fn run_with_patience(mut cmd: Command) -> Option<(Option<i32>, String, String)> {
    let child = cmd.spawn().expect("the binary starts");
    let id = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(PATIENCE) {
        Ok(output) => {
            let output = output.unwrap();
            Some((
                output.status.code(),
                String::from_utf8_lossy(&output.stdout).into_owned(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            ))
        }
        Err(_) => {
            // Only the child this test started, by its id.
            let _ = Command::new("kill").arg("-9").arg(id.to_string()).status();
            None
        }
    }
}

/// Runs one example; `Err` says what went wrong.
fn check(example: &Example, record: &str) -> Result<(), String> {
    let scratch = Scratch::new(record);
    let mut ran_the_program = false;
    // `<COMMAND>` would read as a redirection.
    let line = example.line.replace("<COMMAND>", "play");
    for mut words in commands(&line) {
        // `NAME=value command ...`: the command's environment.
        let mut env = Vec::new();
        while let Some((name, value)) = words.first().and_then(|w| assignment(w)) {
            env.push((name, scratch.arg(&value)));
            words.remove(0);
        }
        if words.is_empty() {
            continue;
        }
        let args: Vec<String> = match words[0].as_str() {
            "concentration" => words[1..].iter().map(|w| scratch.arg(w)).collect(),
            "cargo" => match words.iter().position(|w| w == "--") {
                Some(i) => words[i + 1..].iter().map(|w| scratch.arg(w)).collect(),
                None => Vec::new(),
            },
            "mkdir" => {
                for dir in words[1..].iter().filter(|w| !w.starts_with('-')) {
                    std::fs::create_dir_all(scratch.arg(dir)).map_err(|e| e.to_string())?;
                }
                continue;
            }
            // Another program after a pipe or `&&` (man, less, $EDITOR): not ours.
            _ => continue,
        };
        ran_the_program = true;
        let mut cmd = scratch.command(&args);
        cmd.envs(env);
        let Some((status, stdout, stderr)) = run_with_patience(cmd) else {
            return Err(format!(
                "still running after {} s: make it faster or mark it `slow: <how long>`",
                PATIENCE.as_secs()
            ));
        };
        if needs_terminal(&args) {
            if status != Some(2) || !stderr.contains("needs a terminal") {
                return Err(format!(
                    "needs a terminal, so it should exit with 2 saying so; exit {status:?}, \
                     stderr: {}",
                    stderr.trim()
                ));
            }
        } else if status != Some(0) {
            return Err(format!("exit {status:?}, stderr: {}", stderr.trim()));
        }
        let printed: Vec<&str> = stdout.lines().map(str::trim_end).collect();
        for (i, shown) in example.output.iter().enumerate() {
            if printed.get(i) != Some(&shown.trim_end()) {
                return Err(format!(
                    "the page shows line {} of its output as\n    {shown}\nbut it prints\n{}",
                    i + 1,
                    stdout
                ));
            }
        }
    }
    if ran_the_program {
        Ok(())
    } else {
        Err("no command of the program on this line".to_string())
    }
}

/// The record the examples call `game.cgn`: the first one shown in docs/records.md.
fn example_record() -> String {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/records.md")).unwrap();
    page_records(&text)
        .into_iter()
        .next()
        .expect("docs/records.md shows a record")
}

/// Runs examples on every core; the failures, each with its place.
fn failures(examples: &[Example]) -> Vec<String> {
    let record = example_record();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(example) = examples.get(i) else {
                        break;
                    };
                    let started = Instant::now();
                    let result = check(example, &record);
                    eprintln!(
                        "{:>6.2} s  {}  {}",
                        started.elapsed().as_secs_f64(),
                        example.place,
                        example.line
                    );
                    if let Err(why) = result {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{}: `{}`: {why}", example.place, example.line));
                    }
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

/// Runs what is not marked slow, and lists what is.
fn run_all(examples: Vec<Example>) {
    let (slow, fast): (Vec<Example>, Vec<Example>) =
        examples.into_iter().partition(|e| e.slow.is_some());
    for e in &slow {
        eprintln!(
            "skipped ({}): {}: {}",
            e.slow.as_deref().unwrap(),
            e.place,
            e.line
        );
    }
    let failures = failures(&fast);
    assert!(
        failures.is_empty(),
        "{} of {} examples failed:\n{}",
        failures.len(),
        fast.len(),
        failures.join("\n")
    );
}

#[test]
fn every_example_of_the_pages_runs() {
    let mut examples = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        examples.extend(page_examples(&page, &text));
    }
    let readme = examples
        .iter()
        .filter(|e| e.place.starts_with("README.md"))
        .count();
    assert!(readme >= 4, "README.md has only {readme} examples");
    assert!(
        examples.len() >= 60,
        "only {} examples found",
        examples.len()
    );
    run_all(examples);
}

#[test]
fn every_example_of_the_help_runs() {
    let examples = help_examples();
    assert!(
        examples.len() >= 30,
        "only {} help examples",
        examples.len()
    );
    run_all(examples);
}

#[test]
fn every_record_shown_loads() {
    let mut shown = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for record in page_records(&text) {
            shown += 1;
            let scratch = Scratch::new(&record);
            let args = ["analyze".to_string(), scratch.arg("game.cgn")];
            let (status, _, stderr) =
                run_with_patience(scratch.command(&args)).expect("analyze ends");
            assert_eq!(
                status,
                Some(0),
                "a record in {} does not load: {}\n{record}",
                relative(&page),
                stderr.trim()
            );
        }
    }
    assert!(shown >= 2, "only {shown} records shown");
}

#[test]
fn the_parts_of_a_line() {
    assert_eq!(
        commands(r#"concentration config init && $EDITOR "$(concentration config path)""#),
        [
            vec!["concentration", "config", "init"],
            vec!["$EDITOR", "$(concentration config path)"]
        ]
    );
    assert_eq!(
        commands("concentration completions zsh  > ~/.zfunc/_concentration"),
        [vec!["concentration", "completions", "zsh"]]
    );
    assert_eq!(
        commands(r#"concentration solve --position "2.2x2 2.1x1" | head"#),
        [
            vec!["concentration", "solve", "--position", "2.2x2 2.1x1"],
            vec!["head"]
        ]
    );
    assert_eq!(
        split_comment("concentration stats   # bests # and more"),
        ("concentration stats", Some("bests # and more"))
    );
    assert_eq!(
        strip_description(r#"concentration pairs --x "a  b"   the game"#),
        (r#"concentration pairs --x "a  b""#, Some("the game"))
    );
    let page = "```sh\n$ concentration solve\nvalue 1\n\nconcentration x  # slow: 9 min\n```\n";
    let found = page_examples(Path::new("p.md"), page);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].output, ["value 1"]);
    assert_eq!(found[1].slow.as_deref(), Some("slow: 9 min"));
    assert_eq!(
        assignment("CONCENTRATION_CONFIG=/tmp/t.toml"),
        Some(("CONCENTRATION_CONFIG".into(), "/tmp/t.toml".into()))
    );
    assert_eq!(assignment("--deck=standard"), None);
    assert!(needs_terminal(&[]));
    assert!(!needs_terminal(&["puzzle".into(), "--list".into()]));
    assert!(!needs_terminal(&["pairs".into(), "solve".into()]));
}
