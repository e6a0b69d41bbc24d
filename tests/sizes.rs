//! Keeps the rooms livable: no function in `src/`, `web/src/` or `tests/` over 80 lines and no file over 500 lines,
//! except the offenders listed here (each to be split; a new one fails, and one split below the limit
//! must leave the list). Data tables are exempt by name.

mod common;

use common::rust_files;
use std::fs;
use std::path::Path;

const MAX_FN_LINES: usize = 80;
const MAX_FILE_LINES: usize = 500;

/// Functions that are data tables (one field or one case per line), not logic.
const DATA_TABLES: &[(&str, &str)] = &[("catalog_static.rs", "catalog")];

/// Functions over the limit today: (file under src/, function); none since the sixteenth session.
const LONG_FUNCTIONS: &[(&str, &str)] = &[];

/// Files over the limit today (under src/); none since the sixteenth session.
const LONG_FILES: &[&str] = &[];

/// The text after `fn ` when `line` (trimmed) declares a function in any form: any visibility (`pub`,
/// `pub(crate)`, `pub(super)`, `pub(in path)`), then any of `default`, `const`, `async`, `unsafe` and
/// `extern "ABI"`, in any order.
fn signature_after_qualifiers(line: &str) -> Option<&str> {
    let mut rest = line;
    if let Some(after) = rest.strip_prefix("pub(") {
        rest = after.split_once(") ")?.1;
    } else if let Some(after) = rest.strip_prefix("pub ") {
        rest = after;
    }
    loop {
        let before = rest;
        for q in ["default ", "const ", "async ", "unsafe "] {
            rest = rest.strip_prefix(q).unwrap_or(rest);
        }
        if let Some(after) = rest.strip_prefix("extern \"") {
            rest = after.split_once("\" ")?.1;
        }
        if rest == before {
            break;
        }
    }
    rest.strip_prefix("fn ")
}

/// Every function in a source text: its name and its length in lines, from its `fn` line to the `}`
/// at the same indentation.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let Some(signature) = signature_after_qualifiers(body) else {
            continue;
        };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = signature
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let closing = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == closing) {
            out.push((name, end + 2));
        }
    }
    out
}

/// Files under src/ (as paths relative to src/), under tests/ and the page crate's web/src/ (as `tests/…`,
/// `web/src/…`), with their text.
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    rust_files(&root.join("tests"), &mut files);
    rust_files(&root.join("web/src"), &mut files);
    let out: Vec<(String, String)> = files
        .iter()
        .filter_map(|f| {
            let rel = match f.strip_prefix(&src) {
                Ok(r) => r.to_path_buf(),
                Err(_) => f.strip_prefix(root).ok()?.to_path_buf(),
            };
            let rel = rel.to_string_lossy().replace('\\', "/");
            Some((rel, fs::read_to_string(f).unwrap_or_default()))
        })
        .collect();
    gpuplan::order::sorted(out, &|a, b| a.0.cmp(&b.0))
}

#[test]
fn no_function_over_80_lines_but_the_listed_ones() {
    let mut long = Vec::new();
    for (rel, text) in sources() {
        for (name, n) in functions(&text) {
            let exempt = DATA_TABLES.contains(&(rel.as_str(), name.as_str()));
            if n > MAX_FN_LINES && !exempt {
                long.push((rel.clone(), name, n));
            }
        }
    }
    let new: Vec<_> = long
        .iter()
        .filter(|(f, name, _)| !LONG_FUNCTIONS.contains(&(f.as_str(), name.as_str())))
        .collect();
    assert!(
        new.is_empty(),
        "functions over {MAX_FN_LINES} lines: {new:?}; split them"
    );
    let split: Vec<_> = LONG_FUNCTIONS
        .iter()
        .filter(|(f, name)| !long.iter().any(|(lf, ln, _)| lf == f && ln == name))
        .collect();
    assert!(
        split.is_empty(),
        "now short enough, remove from LONG_FUNCTIONS: {split:?}"
    );
}

#[test]
fn no_file_over_500_lines_but_the_listed_ones() {
    let long: Vec<(String, usize)> = sources()
        .into_iter()
        .map(|(rel, text)| (rel, text.lines().count()))
        .filter(|(_, n)| *n > MAX_FILE_LINES)
        .collect();
    let new: Vec<_> = long.iter().filter(|(f, _)| !LONG_FILES.contains(&f.as_str())).collect();
    assert!(new.is_empty(), "files over {MAX_FILE_LINES} lines: {new:?}; split them");
    let split: Vec<_> = LONG_FILES
        .iter()
        .filter(|f| !long.iter().any(|(lf, _)| lf == *f))
        .collect();
    assert!(split.is_empty(), "now short enough, remove from LONG_FILES: {split:?}");
}

#[test]
fn the_function_scan_can_fail() {
    let text = "fn a() {\n    x;\n}\n\n    pub fn b(\n        y: u8,\n    ) -> u8 {\n        y\n    }\nfn c();\n";
    assert_eq!(functions(text), [("a".to_string(), 3), ("b".to_string(), 5)]);
}

#[test]
fn the_function_scan_sees_every_form_of_fn() {
    let forms = [
        "pub(in crate::engine) fn f1() {",
        "pub(crate) async fn f2() {",
        "async fn f3() {",
        "pub const unsafe fn f4() {",
        "unsafe extern \"C\" fn f5() {",
        "pub extern \"C\" fn f6() {",
        "default fn f7() {",
        "pub(super) const fn f8() {",
        "pub(self) fn f9() {",
    ];
    for (i, head) in forms.iter().enumerate() {
        let text = format!("    {head}\n        x;\n    }}\n");
        assert_eq!(functions(&text), [(format!("f{}", i + 1), 3)], "{head}");
    }
    for not_fn in [
        "let fn_name = 1;",
        "// fn commented() {",
        "pub struct Fn {",
        "pub(crate) mod fns {",
    ] {
        assert!(functions(&format!("{not_fn}\n}}\n")).is_empty(), "{not_fn}");
    }
}
