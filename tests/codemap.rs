//! Keeps ARCHITECTURE.md's codemap honest: every source file under src/ and web/src/ is named in it, and every entry
//! that names a `src/` module says what it guarantees on a line of its own starting `Invariant:`.

mod common;

use common::rust_files;
use std::fs;
use std::path::Path;

/// The codemap's entries: a list item with its wrapped lines, or a paragraph.
fn entries(codemap: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in codemap.lines() {
        let t = line.trim_start();
        match out.last_mut() {
            Some(last) if !t.is_empty() && !t.starts_with("- ") && !t.starts_with('#') => {
                last.push(' ');
                last.push_str(t);
            }
            _ => out.push(t.to_string()),
        }
    }
    out
}

/// A file is named when the codemap gives its path (`rel` is from the repository's root: `src/…` or
/// `web/src/…`), or when an entry names its folder
/// (`engine/`, `sizing/`) and the file's module in backticks (`` `training` `` or `` `training.rs` ``).
/// A folder's `mod.rs` is named by its folder.
fn named(codemap: &str, rel: &str) -> bool {
    if codemap.contains(rel) {
        return true;
    }
    let (folder, file) = rel.rsplit_once('/').unwrap_or(("", rel));
    let stem = file.trim_end_matches(".rs");
    let parent = folder.rsplit('/').next().unwrap_or(folder);
    if stem == "mod" {
        return codemap.contains(&format!("{folder}/")) || codemap.contains(&format!("`{parent}/`"));
    }
    entries(codemap).iter().any(|l| {
        (folder.is_empty() || l.contains(&format!("{parent}/")))
            && (l.contains(&format!("`{stem}`")) || l.contains(&format!("`{stem}.rs`")))
    })
}

#[test]
fn every_source_file_is_in_the_codemap() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let codemap = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap_or_default();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("web/src"), &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("web/src/app/mod.rs")),
        "the page's files were not listed"
    );
    let missing: std::collections::BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.strip_prefix(root).ok())
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .filter(|rel| !named(&codemap, rel))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's codemap does not name: {missing:?}"
    );
}

/// The `## Codemap` section: from its heading to the next `## ` heading.
fn codemap_section(doc: &str) -> &str {
    let Some(start) = doc.find("## Codemap") else { return "" };
    let rest = &doc[start..];
    let end = rest[2..].find("\n## ").map_or(rest.len(), |i| i + 2);
    &rest[..end]
}

/// The first line of every codemap list item that names a `src/` path but has no line (the item's own
/// or a wrapped one) starting `Invariant:`.
fn without_invariant(codemap: &str) -> Vec<String> {
    let mut items: Vec<Vec<&str>> = Vec::new();
    for line in codemap.lines() {
        let t = line.trim_start();
        match items.last_mut() {
            Some(item) if !t.is_empty() && !t.starts_with("- ") && !t.starts_with('#') => item.push(t),
            _ => items.push(vec![t]),
        }
    }
    items
        .iter()
        .filter(|item| item[0].starts_with("- ") && item.iter().any(|l| l.contains("`src/") || l.contains("`web/src/")))
        .filter(|item| !item.iter().any(|l| l.starts_with("Invariant: ")))
        .map(|item| item[0].chars().take(60).collect())
        .collect()
}

#[test]
fn every_codemap_entry_naming_a_module_states_an_invariant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap_or_default();
    let codemap = codemap_section(&doc);
    let stated = codemap
        .lines()
        .filter(|l| l.trim_start().starts_with("Invariant: "))
        .count();
    assert!(stated > 20, "the codemap has {stated} invariant lines");
    let missing = without_invariant(codemap);
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's codemap: these entries have no line starting `Invariant:`: {missing:#?}"
    );
}

#[test]
fn the_invariant_check_can_fail() {
    assert_eq!(without_invariant("- `src/a.rs` — a\n  wrapped"), ["- `src/a.rs` — a"]);
    assert!(without_invariant("- `src/a.rs` — a\n  Invariant: never b.").is_empty());
    // An invariant in the next entry, or mid-line, does not count; an entry without `src/` needs none.
    assert_eq!(
        without_invariant("- `src/a.rs` — a, Invariant: b\n- `src/b.rs` — b\n  Invariant: c."),
        ["- `src/a.rs` — a, Invariant: b"]
    );
    assert!(without_invariant("- `scripts/` — tools").is_empty());
    assert_eq!(
        codemap_section("# A\n## Codemap\n- x\n## Invariants\n- y"),
        "## Codemap\n- x"
    );
}

#[test]
fn the_check_can_fail() {
    assert!(!named("- `src/engine/` — `memory`", "src/engine/perf.rs"));
    assert!(named("- `src/engine/` — `memory`, `perf`", "src/engine/perf.rs"));
    assert!(named(
        "`sizing/` (`inference`, `training`)",
        "src/engine/sizing/training.rs"
    ));
    assert!(named(
        "- `web/src/app/url_sync.rs` — history",
        "web/src/app/url_sync.rs"
    ));
    assert!(!named("- `src/app/url_sync.rs` — history", "web/src/app/url_sync.rs"));
    assert!(named(
        "- `src/engine/` — `memory`,\n  `perf` (peaks)",
        "src/engine/perf.rs"
    ));
    assert!(!named("- `src/engine/` — `memory`\n- `perf`", "src/engine/perf.rs"));
}
