//! The shape of the code (docs/code.md). Cargo keeps the walls between the crates (the
//! engine, Pairs, the library, the application); this test keeps the order of the layers
//! inside each crate, keeps the engine free of terminals, command lines and files, and
//! keeps every source file under 700 lines (split along the idea boundary instead).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a source file may be.
const MOST_LINES: usize = 700;

/// Each crate's source folder and its top-level modules in layer order: a module may
/// import only the modules before it. A crate's other names (the crates below it,
/// re-exported under their own names) are Cargo's to keep.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "crates/engine/src",
        &["words", "seats", "rules", "solver", "model", "players"],
    ),
    (
        "crates/pairs/src",
        &[
            "rules", "model", "view", "solver", "start", "players", "record", "review", "duel",
        ],
    ),
    (
        "crates/library/src",
        &[
            "atomic_file",
            "capped_read",
            "dates",
            "data_file",
            "solitaire",
            "record",
            "analysis",
            "trainer",
        ],
    ),
    ("src", &["app", "tui", "speech", "serve", "cli", "fuzzing"]),
];

/// Imports against the layer order still to be undone, as (crate folder, from, to):
/// Pairs' game engine hands out the view everyone sees, and the view reads the rules.
const BEING_UNDONE: &[(&str, &str, &str)] = &[("crates/pairs/src", "rules", "view")];

/// Crates a layer of the engine never uses: the engine has no terminal, command line or
/// files.
const NOT_IN_THE_ENGINE: &[&str] = &[
    "ratatui",
    "crossterm",
    "clap",
    "std::fs",
    "std::env",
    "directories",
    "serde_json",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A file's text without line comments and without its unit tests (which may use what
/// they like).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names a path starting at `text` names first: `a` for `a::b`, and `a`, `c` for
/// `{a::b, c}`.
fn first_names(text: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = text.strip_prefix('{') else {
        return vec![ident(text)];
    };
    let mut names = Vec::new();
    let mut depth = 1;
    let mut at_start = true;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => at_start = true,
            c if at_start && depth == 1 && (c.is_alphanumeric() || c == '_') => {
                names.push(ident(&group[i..]));
                at_start = false;
            }
            c if !c.is_whitespace() => at_start = false,
            _ => {}
        }
    }
    names
}

/// The names `lib.rs` re-exports from its own modules (`pub use model::{Config, ..}`),
/// with the module each comes from.
fn re_exports(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        for name in items.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !name.is_empty() {
                names.insert(name.to_string(), module.to_string());
            }
        }
    }
    names
}

/// The top-level modules of the crate in `src` (`NAME.rs` or `NAME/`), with the files of
/// each and how deep each file lies.
fn modules(src: &Path) -> BTreeMap<String, Vec<(PathBuf, usize)>> {
    let mut modules: BTreeMap<String, Vec<(PathBuf, usize)>> = BTreeMap::new();
    for path in rust_files(src) {
        let rel = path.strip_prefix(src).unwrap();
        let first = rel.components().next().unwrap().as_os_str();
        let name = first.to_string_lossy().trim_end_matches(".rs").to_string();
        if matches!(name.as_str(), "lib" | "main") || rel.ends_with("tests.rs") {
            continue;
        }
        let depth = rel.components().count();
        modules.entry(name).or_default().push((path, depth));
    }
    modules
}

/// The crate's top-level modules each one names, by `crate::OTHER`, by `super::OTHER`
/// from the crate root, or by a name the root re-exports.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let lib = src.join("lib.rs");
    let re_exported = if lib.exists() {
        re_exports(&code(&lib))
    } else {
        BTreeMap::new()
    };
    let mut graph = BTreeMap::new();
    for (name, files) in &modules {
        let mut uses = BTreeSet::new();
        for (file, depth) in files {
            let text = code(file);
            let to_root = "super::".repeat(*depth);
            for prefix in ["crate::", to_root.as_str()] {
                for (at, _) in text.match_indices(prefix) {
                    let before = &text[..at];
                    if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    let after = &text[at + prefix.len()..];
                    if after.starts_with("super::") {
                        continue;
                    }
                    for first in first_names(after) {
                        let module = re_exported.get(&first).cloned().unwrap_or(first);
                        if module != *name && modules.contains_key(&module) {
                            uses.insert(module);
                        }
                    }
                }
            }
        }
        graph.insert(name.clone(), uses);
    }
    graph
}

#[test]
fn each_crate_imports_only_down_its_layers() {
    let mut wrong = Vec::new();
    for (folder, order) in LAYERS {
        let graph = imports(&root().join(folder));
        let present: Vec<&str> = order
            .iter()
            .copied()
            .filter(|m| graph.contains_key(*m))
            .collect();
        let unplaced: Vec<&String> = graph
            .keys()
            .filter(|m| !order.contains(&m.as_str()))
            .collect();
        assert!(
            unplaced.is_empty(),
            "{folder}: modules not in the layer order: {unplaced:?}"
        );
        assert!(present.len() >= 3, "{folder}: the modules were not found");
        for (rank, module) in present.iter().enumerate() {
            for used in &graph[*module] {
                let below = present[..rank].contains(&used.as_str());
                let excused = BEING_UNDONE.contains(&(*folder, *module, used.as_str()));
                if !below && !excused {
                    wrong.push(format!("{folder}: {module} -> {used}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "imports up the layers: {wrong:#?}");
}

#[test]
fn the_check_sees_grouped_and_re_exported_imports() {
    assert_eq!(
        first_names("{rules::Deck,\n    solver::{Scalar, Value}, words};"),
        ["rules", "solver", "words"]
    );
    assert_eq!(first_names("model::Oracle;"), ["model"]);
    let graph = imports(&root().join("crates/engine/src"));
    assert!(graph["players"].contains("model"), "{graph:?}");
    let pairs = imports(&root().join("crates/pairs/src"));
    assert!(pairs["duel"].contains("players"), "{pairs:?}");
}

#[test]
fn the_engine_has_no_terminal_command_line_or_files() {
    let mut found = Vec::new();
    for folder in ["crates/engine/src", "crates/pairs/src"] {
        for file in rust_files(&root().join(folder)) {
            let text = code(&file);
            for name in NOT_IN_THE_ENGINE {
                if text.contains(name) {
                    found.push(format!("{}: {name}", file.display()));
                }
            }
        }
        let manifest = std::fs::read_to_string(root().join(folder).join("../Cargo.toml")).unwrap();
        for name in ["ratatui", "crossterm", "clap", "directories"] {
            assert!(
                !manifest.contains(name),
                "{folder}'s crate depends on {name}"
            );
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn no_source_file_is_over_700_lines() {
    let root = root();
    let mut long = Vec::new();
    for (folder, _) in LAYERS {
        for path in rust_files(&root.join(folder)) {
            let lines = std::fs::read_to_string(&path).unwrap().lines().count();
            if lines > MOST_LINES {
                let rel = path.strip_prefix(&root).unwrap().display().to_string();
                long.push(format!("{rel}: {lines} lines"));
            }
        }
    }
    assert!(long.is_empty(), "files over {MOST_LINES} lines: {long:#?}");
}

/// The app's state and its update apart from the terminal: no file of `src/app/` (nor
/// `src/app.rs`) names the terminal libraries, so the screen reader and the tests drive
/// the same app without them (issue 38).
#[test]
fn the_app_names_neither_ratatui_nor_crossterm() {
    let src = root().join("src");
    let mut files = rust_files(&src.join("app"));
    files.push(src.join("app.rs"));
    assert!(
        files.len() > 10,
        "the app's files were not found: {files:?}"
    );
    let named: Vec<String> = files
        .iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap().to_lowercase();
            text.contains("ratatui") || text.contains("crossterm")
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        named.is_empty(),
        "files of the app that name ratatui or crossterm: {named:#?}"
    );
}

/// The front ends stand on the app, never the other way round, and the screen reader
/// does not go through the terminal's front end.
#[test]
fn the_app_imports_no_front_end_and_speech_not_the_tui() {
    let graph = imports(&root().join("src"));
    let app = &graph["app"];
    for front in ["tui", "speech", "cli"] {
        assert!(!app.contains(front), "app imports {front}: {app:?}");
    }
    assert!(!graph["speech"].contains("tui"), "speech imports tui");
    assert!(graph["tui"].contains("app") && graph["speech"].contains("app"));
}
