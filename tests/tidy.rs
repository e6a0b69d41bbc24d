//! Tidy checks: every source file says what it owns; the engine never touches the web.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["src", "tests"] {
        rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    }
    assert!(files.len() > 10);
    files
}

#[test]
fn every_file_starts_with_a_module_doc_line() {
    for f in sources() {
        let text = fs::read_to_string(&f).unwrap_or_default();
        assert!(
            text.starts_with("//! "),
            "{} lacks a //! line saying what it owns",
            f.display()
        );
    }
}

#[test]
fn the_engine_never_imports_web_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let pure = [
        "catalog.rs",
        "models.rs",
        "scenario.rs",
        "query.rs",
        "format.rs",
        "message.rs",
        "explain",
        "engine",
    ];
    let mut files = Vec::new();
    for p in pure {
        let path = root.join(p);
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(path);
        }
    }
    for f in files {
        let text = fs::read_to_string(&f).unwrap_or_default();
        for web in ["leptos", "web_sys", "js_sys", "wasm_bindgen", "gloo"] {
            let hit = text
                .lines()
                .any(|l| !l.trim_start().starts_with("//") && l.contains(web));
            assert!(!hit, "{} mentions {web}: the engine must stay pure", f.display());
        }
    }
}

#[test]
fn nothing_is_ever_inserted_as_html() {
    // Strings from a link, storage or the catalog reach the DOM only as text.
    for f in sources() {
        let text = fs::read_to_string(&f).unwrap_or_default();
        for sink in [
            "inner_html",
            "set_inner_html",
            "outer_html",
            "insert_adjacent_html",
            "document_write",
        ] {
            let hit = text
                .lines()
                .any(|l| !l.trim_start().starts_with("//") && l.contains(sink) && !l.contains("\"inner_html\""));
            assert!(!hit || f.ends_with("tidy.rs"), "{} uses {sink}", f.display());
        }
    }
}
