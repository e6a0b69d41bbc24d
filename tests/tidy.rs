//! Tidy checks: every source file says what it owns; the engine never touches the web.

mod common;

use common::rust_files;
use std::fs;
use std::path::{Path, PathBuf};

fn sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["src", "tests", "web/src"] {
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

/// The pure crate (`src/`) cannot name the web: its Cargo.toml has no web dependency but `js-sys` for the
/// wasm32 build (the compiler then refuses `leptos`, `web_sys`, `wasm_bindgen` in `src/`), and of its files
/// only `src/js_number.rs`, the browser's number conversions, names `js_sys`. The page is `web/`.
#[test]
fn only_the_web_crate_and_one_named_boundary_touch_the_web() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    let web_crates = [
        "leptos",
        "web-sys",
        "wasm-bindgen",
        "gloo",
        "console_error_panic_hook",
        "js-sys",
    ];
    let mut table = "";
    let mut deps = 0;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            table = line;
            continue;
        }
        let Some((name, _)) = line.split_once('=') else {
            continue;
        };
        if !table.ends_with("dependencies]") || line.starts_with('#') {
            continue;
        }
        let name = name.trim();
        deps += 1;
        let wasm_js = table == "[target.'cfg(target_arch = \"wasm32\")'.dependencies]" && name == "js-sys";
        assert!(
            !web_crates.contains(&name) || wasm_js,
            "Cargo.toml: the pure crate depends on {name} in {table}; the web belongs to web/Cargo.toml"
        );
    }
    assert!(deps >= 4, "read only {deps} dependencies from Cargo.toml");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let boundary = root.join("src/js_number.rs");
    for f in files.iter().filter(|f| **f != boundary) {
        let text = fs::read_to_string(f).unwrap_or_default();
        let hit = text
            .lines()
            .any(|l| !l.trim_start().starts_with("//") && l.contains("js_sys"));
        assert!(!hit, "{} names js_sys: only src/js_number.rs may", f.display());
    }
    assert!(files.len() > 30, "the purity check found only {} files", files.len());
}

#[test]
fn every_test_can_fail() {
    // An ignored test never runs; a should_panic test passes on any panic, including the wrong one.
    for f in sources() {
        let text = fs::read_to_string(&f).unwrap_or_default();
        for attr in ["#[ignore", "#[should_panic"] {
            let hit = text.lines().any(|l| l.trim_start().starts_with(attr));
            assert!(!hit, "{} uses {attr}]", f.display());
        }
    }
}

#[test]
fn html_is_inserted_only_from_the_escaping_writer() {
    // Strings from a link, storage or the catalog reach the DOM as text, or as HTML written by
    // `gpuplan::render`, whose `Html` writer escapes every text and attribute value (its proptest
    // holds that). So `inner_html` appears only in views that draw `render::` output, and no other
    // HTML sink appears at all; raw fragments (`Html::fragment`) stay private to `src/render/`.
    let allowed = [
        "results.rs",
        "explore.rs",
        "compare.rs",
        "assumptions.rs",
        "mod.rs",
        "embed.rs",
        "fields.rs",
        "form.rs",
        "since.rs",
    ];
    for f in sources() {
        if f.ends_with("tidy.rs") {
            continue;
        }
        let text = fs::read_to_string(&f).unwrap_or_default();
        let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
        for sink in ["set_inner_html", "outer_html", "insert_adjacent_html", "document_write"] {
            assert!(!code.iter().any(|l| l.contains(sink)), "{} uses {sink}", f.display());
        }
        if code.iter().any(|l| l.contains("inner_html")) {
            let in_app = f.parent().is_some_and(|d| d.ends_with("app"));
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
            assert!(in_app && allowed.contains(&name), "{} inserts HTML", f.display());
            assert!(
                text.contains("render::"),
                "{} inserts HTML not written by crate::render",
                f.display()
            );
        }
        if code
            .iter()
            .any(|l| l.contains("pub fn fragment") || l.contains("pub(crate) fn fragment"))
        {
            panic!("{}: Html::fragment must stay private to src/render/", f.display());
        }
    }
}

/// The declarations of the first CSS block opened by `opener`, one per entry, trimmed.
fn css_block(css: &str, opener: &str) -> Vec<String> {
    let body = css
        .split_once(opener)
        .and_then(|(_, rest)| rest.split_once('}'))
        .map_or("", |(b, _)| b);
    body.split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty() && !d.starts_with("color-scheme"))
        .map(String::from)
        .collect()
}

#[test]
fn the_forced_dark_theme_has_the_system_dark_colours() {
    let css = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("style/main.css")).unwrap_or_default();
    let system = css_block(&css, ":root:not([data-theme=light]) {");
    let forced = css_block(&css, ":root[data-theme=dark] {");
    assert!(system.len() > 10, "{system:?}");
    assert_eq!(
        system, forced,
        "style/main.css: keep theme=dark in step with prefers-color-scheme: dark"
    );
}

#[test]
fn every_assumption_key_is_an_input_on_the_page() {
    // A link key whose help calls it an assumption is editable: on the Assumptions view, or (the
    // payment split) on the purchase form. `reacq` (issue 14) sits with the Spot figures; `spotmax` on the form.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/src/app");
    // The view's lines are render::assumptions' tables (shared with a link's first frame).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let view = fs::read_to_string(root.join("src/render/assumptions.rs")).unwrap_or_default();
    let form = fs::read_to_string(dir.join("form.rs")).unwrap_or_default();
    let mut n = 0;
    for k in gpuplan::query::KEYS.iter().filter(|k| k.help.contains("assumption")) {
        // The Assumptions view lists its inputs as `Field("key", …)` lines; the form as `key="…"`,
        // `Num("…"` lines or `select(ctx, "…"` calls.
        let (line, input) = (format!("Field(\"{}\"", k.name), format!("key=\"{}\"", k.name));
        let select = format!("select(ctx, \"{}\"", k.name);
        assert!(
            view.contains(&line)
                || form.contains(&input)
                || form.contains(&select)
                || form.contains(&format!("Num(\"{}\"", k.name)),
            "`{}` is not an input on the page",
            k.name
        );
        n += 1;
    }
    assert!(n >= 20, "{n}");
    assert!(view.contains("Field(\"reacq\""), "reacq is not on the Assumptions view");
    // The Spot limit a job meets is on the form beside the window (issue 24).
    assert!(form.contains("Num(\"spotmax\"") && form.contains("Check(\"spotwin\""));
}

/// Lines of code (not comments, not the tests) holding Chinese characters or full-width punctuation.
fn chinese_lines(text: &str) -> Vec<usize> {
    let cjk = |c: char| matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}');
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//") && l.chars().any(cjk))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn components_and_html_writers_hold_no_chinese_text() {
    // Strings live in src/i18n.rs and src/explain/, both languages side by side: Chinese text in a
    // component or an HTML writer is a string that escaped them (comments and tests may quote it).
    assert_eq!(
        chinese_lines("// 中文\nlet a = \"x\";\nlet b = \"最多\";\n#[cfg(test)]\n\"按需\""),
        [3]
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["web/src/app", "src/render"] {
        let mut files = Vec::new();
        rust_files(&root.join(dir), &mut files);
        assert!(files.len() > 5, "{dir}");
        for f in files {
            // A module's tests kept in a file of their own (`#[cfg(test)] mod tests;` → `x/tests.rs`) are tests.
            if f.file_name().is_some_and(|n| n == "tests.rs") {
                let parent = f.parent().map(|d| d.with_extension("rs")).unwrap_or_default();
                let declared = fs::read_to_string(&parent).unwrap_or_default();
                assert!(
                    declared.contains("#[cfg(test)]\nmod tests;"),
                    "{}: not a test module",
                    f.display()
                );
                continue;
            }
            let lines = chinese_lines(&fs::read_to_string(&f).unwrap_or_default());
            assert!(
                lines.is_empty(),
                "{} lines {lines:?}: move the text to src/i18n.rs or src/explain/",
                f.display()
            );
        }
    }
}

#[test]
fn readme_tells_hosts_to_serve_the_wasm_compressed() {
    // Issue 24 #22: an uncompressed wasm doubles the first answer's time on a slow link.
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap_or_default();
    let hosting = readme.split("## Hosting").nth(1).unwrap_or_default();
    assert!(
        hosting.contains("Serve the files compressed") && hosting.contains("application/wasm"),
        "README ## Hosting"
    );
}

#[test]
fn the_first_frame_uses_the_apps_masthead_layout() {
    // Issue 24 #22: the skeleton and the app share one layout, so nothing jumps when the app mounts.
    let html = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html")).unwrap_or_default();
    for class in [
        "class=\"app boot boot-wait\"",
        "class=\"masthead\"",
        "class=\"brand\"",
        "class=\"tagline boot-en\"",
    ] {
        assert!(html.contains(class), "index.html lacks {class}");
    }
}
