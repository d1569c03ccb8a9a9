//! The pages hold together: every relative link of README.md and docs/*.md reaches a file
//! (and, with `#anchor`, a heading of it); every `*.md` the code names is in the
//! repository; nothing points outside it; the front page stays short and shows the game.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The README is a front page, read in two minutes; the manual is in docs/.
const README_MAX_LINES: usize = 200;

fn pages() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// The text outside code blocks and inline code, line by line (numbered from 1).
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_block = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Drop inline code: every other piece between backticks.
        let kept: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, piece)| piece)
            .collect::<Vec<_>>()
            .join(" ");
        out.push((n + 1, kept));
    }
    out
}

/// The targets of `[text](target)`, `![alt](target)` and `src="target"` in a line.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        let end = after.find(')').unwrap_or(after.len());
        targets.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    let mut rest = line;
    while let Some(i) = rest.find("src=\"") {
        let after = &rest[i + 5..];
        let end = after.find('"').unwrap_or(after.len());
        targets.push(after[..end].to_string());
        rest = &after[end..];
    }
    targets
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor a page offers, repeated headings numbered as GitHub numbers them.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if in_block {
            continue;
        }
        let base = slug(heading.trim_start_matches('#').replace('`', "").as_str());
        let n = seen.entry(base.clone()).or_insert(0);
        out.push(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

/// What is wrong with one link of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(file)
    };
    if !path.exists() {
        return Some(format!("no file {}", path.display()));
    }
    let anchor = anchor.filter(|a| !a.is_empty())?;
    if path.extension().is_none_or(|e| e != "md") {
        return None;
    }
    let text = std::fs::read_to_string(&path).unwrap();
    if anchors(&text).iter().any(|a| a == anchor) {
        None
    } else {
        Some(format!("no heading #{anchor} in {}", path.display()))
    }
}

/// Every broken relative link of the pages, with its place.
fn broken_links(pages: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    for page in pages {
        let text = std::fs::read_to_string(page).unwrap();
        for (n, line) in prose(&text) {
            for target in link_targets(&line) {
                if let Some(why) = broken(page, &target) {
                    out.push(format!("{}:{n}: ({target}): {why}", page.display()));
                }
            }
        }
    }
    out
}

#[test]
fn every_relative_link_reaches_its_file_and_heading() {
    let pages = pages();
    let links: usize = pages
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            prose(&text)
                .iter()
                .map(|(_, l)| link_targets(l).len())
                .sum::<usize>()
        })
        .sum();
    assert!(links >= 30, "only {links} links found: is the scan broken?");
    let broken = broken_links(&pages);
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The `.rs` files of the code, the tests, the benches and the fuzz targets.
fn code_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(ROOT);
    let mut out = Vec::new();
    for dir in ["src", "crates", "tests", "benches", "fuzz/fuzz_targets"] {
        walk(&root.join(dir), &mut out);
    }
    out
}

/// The `name.md` and `dir/name.md` words of a text (absolute paths left out: those are
/// where a tool writes, not documents).
fn md_names(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| w.ends_with(".md") && w.len() > 3 && !w.starts_with('/'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_document_the_code_names_is_in_the_repository() {
    let root = Path::new(ROOT);
    // Written in two pieces so that this file does not name it.
    let outside = ["..", "/shared"].concat();
    let mut missing = Vec::new();
    let mut named = 0;
    for file in code_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let place = file.strip_prefix(root).unwrap().display().to_string();
        if text.contains(&outside) {
            missing.push(format!(
                "{place}: points outside the repository ({outside})"
            ));
        }
        // The two checkers name made-up pages in their own unit tests.
        if place.ends_with("doc_links.rs") || place.ends_with("examples.rs") {
            continue;
        }
        for name in md_names(&text) {
            named += 1;
            let found = if name.contains('/') {
                root.join(&name).is_file()
            } else {
                root.join(&name).is_file() || root.join("docs").join(&name).is_file()
            };
            if !found {
                missing.push(format!(
                    "{place}: names {name}, which is not in the repository"
                ));
            }
        }
    }
    assert!(
        named >= 20,
        "only {named} documents named: is the scan broken?"
    );
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn the_front_page_is_short_and_shows_the_game() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines; the manual goes in docs/"
    );
    let pictures: Vec<String> = prose(&readme)
        .iter()
        .flat_map(|(_, l)| link_targets(l))
        .filter(|t| t.ends_with(".svg") || t.ends_with(".png") || t.ends_with(".gif"))
        .collect();
    assert!(
        !pictures.is_empty(),
        "README.md shows no picture of the game"
    );
}

#[test]
fn the_checks_see_what_they_should() {
    assert_eq!(slug(" Three to six players"), "three-to-six-players");
    assert_eq!(
        slug("Published results, recomputed"),
        "published-results-recomputed"
    );
    assert_eq!(
        slug("The trainer: hints, why, the coach"),
        "the-trainer-hints-why-the-coach"
    );
    assert_eq!(anchors("# A\n## A\n```\n# not\n```\n"), ["a", "a-1"]);
    assert_eq!(
        link_targets("see [x](a.md#b) and ![p](img/p.svg) <img src=\"q.png\">"),
        ["a.md#b", "img/p.svg", "q.png"]
    );
    assert_eq!(
        md_names("(`docs/variants.md`), model.md. and /tmp/x.md"),
        ["docs/variants.md", "model.md"]
    );
    assert!(broken(&Path::new(ROOT).join("README.md"), "https://example.com/x").is_none());
    assert!(broken(&Path::new(ROOT).join("README.md"), "docs/nowhere.md").is_some());
}
