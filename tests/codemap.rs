//! Keeps ARCHITECTURE.md's codemap honest: every source file under src/ is named in it.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

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

/// A file is named when the codemap gives its path from src/, or when an entry names its folder
/// (`engine/`, `sizing/`) and the file's module in backticks (`` `training` `` or `` `training.rs` ``).
/// A folder's `mod.rs` is named by its folder.
fn named(codemap: &str, rel: &str) -> bool {
    if codemap.contains(&format!("src/{rel}")) {
        return true;
    }
    let (folder, file) = rel.rsplit_once('/').unwrap_or(("", rel));
    let stem = file.trim_end_matches(".rs");
    let parent = folder.rsplit('/').next().unwrap_or(folder);
    if stem == "mod" {
        return codemap.contains(&format!("src/{folder}/")) || codemap.contains(&format!("`{parent}/`"));
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
    let missing: std::collections::BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.strip_prefix(root.join("src")).ok())
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .filter(|rel| !named(&codemap, rel))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's codemap does not name: {missing:?}"
    );
}

#[test]
fn the_check_can_fail() {
    assert!(!named("- `src/engine/` — `memory`", "engine/perf.rs"));
    assert!(named("- `src/engine/` — `memory`, `perf`", "engine/perf.rs"));
    assert!(named(
        "`sizing/` (`inference`, `training`)",
        "engine/sizing/training.rs"
    ));
    assert!(named("- `src/app/url_sync.rs` — history", "app/url_sync.rs"));
    assert!(named("- `src/engine/` — `memory`,\n  `perf` (peaks)", "engine/perf.rs"));
    assert!(!named("- `src/engine/` — `memory`\n- `perf`", "engine/perf.rs"));
}
