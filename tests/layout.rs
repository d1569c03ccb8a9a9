//! The shape of the code: top-level modules of `src/` that do not import each other in a
//! circle, and no file in `src/` over 700 lines (split along the idea boundary instead;
//! see docs/code.md).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a file in `src/` may be.
const MOST_LINES: usize = 700;

/// Files still over [`MOST_LINES`] while they are being split (issue 25).
const BEING_SPLIT: &[&str] = &[];

/// Circles still being undone (issue 25): the pairs of modules allowed to import each
/// other meanwhile.
const CIRCLES_BEING_UNDONE: &[(&str, &str)] = &[];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
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

/// The top-level modules of the library (`src/NAME.rs` or `src/NAME/`), with the files
/// of each.
fn top_level_modules() -> BTreeMap<String, Vec<PathBuf>> {
    let mut modules: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for path in rust_files(&src()) {
        let rel = path.strip_prefix(src()).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let name = first.trim_end_matches(".rs").to_string();
        if matches!(name.as_str(), "lib" | "main" | "bin") {
            continue;
        }
        modules.entry(name).or_default().push(path);
    }
    modules
}

/// The top-level modules each one names as `crate::OTHER` outside comments.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let modules = top_level_modules();
    let mut graph = BTreeMap::new();
    for (name, files) in &modules {
        let mut uses = BTreeSet::new();
        for file in files {
            let text = std::fs::read_to_string(file).unwrap();
            for line in text.lines() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for (at, _) in line.match_indices("crate::") {
                    // `crate::` itself, not the end of a longer name.
                    if line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let other: String = line[at + "crate::".len()..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if other != *name && modules.contains_key(&other) {
                        uses.insert(other);
                    }
                }
            }
        }
        graph.insert(name.clone(), uses);
    }
    graph
}

/// Whether `to` is reachable from `from` in `graph`.
fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_string()];
    while let Some(m) = todo.pop() {
        if m == to {
            return true;
        }
        if seen.insert(m.clone()) {
            todo.extend(graph.get(&m).into_iter().flatten().cloned());
        }
    }
    false
}

#[test]
fn no_two_top_level_modules_import_each_other_round_a_circle() {
    let mut graph = imports();
    assert!(graph.len() > 10, "the modules were not found: {graph:?}");
    for (a, b) in CIRCLES_BEING_UNDONE {
        graph.get_mut(*a).unwrap().remove(*b);
        graph.get_mut(*b).unwrap().remove(*a);
    }
    let mut circles = Vec::new();
    for (a, uses) in &graph {
        for b in uses {
            if reaches(&graph, b, a) {
                circles.push(format!("{a} -> {b} -> ... -> {a}"));
            }
        }
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn no_file_in_src_is_over_700_lines() {
    let root = src().parent().unwrap().to_path_buf();
    let long: Vec<String> = rust_files(&src())
        .into_iter()
        .filter_map(|path| {
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let lines = std::fs::read_to_string(&path).unwrap().lines().count();
            (lines > MOST_LINES && !BEING_SPLIT.contains(&rel.as_str()))
                .then(|| format!("{rel}: {lines} lines"))
        })
        .collect();
    assert!(long.is_empty(), "files over {MOST_LINES} lines: {long:#?}");
}
