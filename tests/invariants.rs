//! ARCHITECTURE.md's invariants that a grep would be fooled by (a comment, a doc line, a test module, a path
//! inside `format!`), held by reading the code with `syn`: which crate modules each module names, where the
//! clock, files and stdout are touched, who writes `data-act` and markup, and where slice indexing is denied.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use syn::visit::{self, Visit};

/// What a file's code holds, tests, comments and doc lines left out: string literals (also inside macro
/// calls such as `format!` and `view!`), called macros, paths (`use` trees too) and called methods.
#[derive(Default)]
struct Code {
    strings: Vec<String>,
    macros: BTreeSet<String>,
    paths: BTreeSet<String>,
    methods: BTreeSet<String>,
    /// The text of every macro call whose tokens are not expressions (`view!`), spaced as tokens (`data - act`).
    markup: Vec<String>,
    /// The file's inner attributes (`#![deny(...)]`) as token text.
    inner_attrs: Vec<String>,
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let text = quote::ToTokens::to_token_stream(a).to_string().replace(' ', "");
        text == "#[test]" || text.starts_with("#[cfg(test)") || text.starts_with("#[cfg(all(test")
    })
}

fn joined(path: &syn::Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

impl Code {
    /// The tokens of a macro call: as comma-separated expressions where they parse (`format!`, `println!`),
    /// so paths inside count; otherwise (`view!`) every literal, and every `a::b` run of identifiers.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        if let Ok(exprs) = syn::parse::Parser::parse2(parser, tokens.clone()) {
            for e in &exprs {
                self.visit_expr(e);
            }
            return;
        }
        self.markup.push(tokens.to_string());
        let mut run: Vec<String> = Vec::new();
        let flush = |run: &mut Vec<String>, paths: &mut BTreeSet<String>| {
            if run.len() > 1 {
                paths.insert(run.join("::"));
            }
            run.clear();
        };
        let mut colons = 0;
        for t in tokens {
            match t {
                proc_macro2::TokenTree::Ident(i) => {
                    if colons != 2 {
                        flush(&mut run, &mut self.paths);
                    }
                    run.push(i.to_string());
                    colons = 0;
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                proc_macro2::TokenTree::Literal(l) => {
                    flush(&mut run, &mut self.paths);
                    if let Ok(s) = syn::parse_str::<syn::LitStr>(&l.to_string()) {
                        self.strings.push(s.value());
                    }
                }
                proc_macro2::TokenTree::Group(g) => {
                    flush(&mut run, &mut self.paths);
                    self.tokens(g.stream());
                }
                proc_macro2::TokenTree::Punct(_) => {
                    flush(&mut run, &mut self.paths);
                    colons = 0;
                }
            }
        }
        flush(&mut run, &mut self.paths);
    }
}

impl<'a> Visit<'a> for Code {
    // Doc lines and other attributes are not code.
    fn visit_attribute(&mut self, _: &'a syn::Attribute) {}

    fn visit_item(&mut self, i: &'a syn::Item) {
        let attrs = match i {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(m) => &m.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            _ => return visit::visit_item(self, i),
        };
        if !is_test(attrs) {
            visit::visit_item(self, i);
        }
    }

    fn visit_lit_str(&mut self, l: &'a syn::LitStr) {
        self.strings.push(l.value());
    }

    fn visit_macro(&mut self, m: &'a syn::Macro) {
        if let Some(last) = m.path.segments.last() {
            self.macros.insert(last.ident.to_string());
        }
        self.paths.insert(joined(&m.path));
        self.tokens(m.tokens.clone());
    }

    fn visit_path(&mut self, p: &'a syn::Path) {
        self.paths.insert(joined(p));
        visit::visit_path(self, p);
    }

    fn visit_item_use(&mut self, u: &'a syn::ItemUse) {
        fn walk(prefix: &str, tree: &syn::UseTree, out: &mut BTreeSet<String>) {
            let at = |name: &syn::Ident| {
                if prefix.is_empty() {
                    name.to_string()
                } else {
                    format!("{prefix}::{name}")
                }
            };
            match tree {
                syn::UseTree::Path(p) => walk(&at(&p.ident), &p.tree, out),
                syn::UseTree::Name(n) => {
                    out.insert(at(&n.ident));
                }
                syn::UseTree::Rename(r) => {
                    out.insert(at(&r.ident));
                }
                syn::UseTree::Glob(_) => {
                    out.insert(prefix.to_string());
                }
                syn::UseTree::Group(g) => g.items.iter().for_each(|t| walk(prefix, t, out)),
            }
        }
        if !is_test(&u.attrs) {
            walk("", &u.tree, &mut self.paths);
        }
    }

    fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
        self.methods.insert(m.method.to_string());
        visit::visit_expr_method_call(self, m);
    }
}

/// The code of one file's text; a file `syn` cannot parse fails the test naming it.
fn code_of(name: &str, text: &str) -> Code {
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{name}: syn cannot parse it: {e}"));
    let mut code = Code {
        inner_attrs: file
            .attrs
            .iter()
            .map(|a| quote::ToTokens::to_token_stream(a).to_string().replace(' ', ""))
            .collect(),
        ..Code::default()
    };
    code.visit_file(&file);
    code
}

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

/// Every file under src/ as (its path from src/, with `/`), its code), in path order; parsed once.
fn sources() -> &'static [(String, Code)] {
    static ALL: std::sync::OnceLock<Vec<(String, Code)>> = std::sync::OnceLock::new();
    ALL.get_or_init(parse_sources)
}

fn parse_sources() -> Vec<(String, Code)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    // In path order (a BTreeMap), so a failure names the files the same way every run.
    let out: Vec<(String, Code)> = files
        .iter()
        .map(|f| {
            let rel = f
                .strip_prefix(&root)
                .map_or_else(|_| f.display().to_string(), |r| r.to_string_lossy().replace('\\', "/"));
            let code = code_of(&rel, &fs::read_to_string(f).unwrap_or_default());
            (rel, code)
        })
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_iter()
        .collect();
    assert!(out.len() > 100, "found only {} files under src/", out.len());
    out
}

/// The top-level module a file under src/ belongs to (`engine/plan/cover.rs` is `engine`; `bin/x.rs` is `bin`).
fn module_of(rel: &str) -> &str {
    rel.split('/').next().unwrap_or(rel).trim_end_matches(".rs")
}

/// The crate's modules a file's code names (`crate::x`, `super::…` left aside: within a module).
fn crate_modules(code: &Code) -> BTreeSet<String> {
    code.paths
        .iter()
        .filter_map(|p| p.strip_prefix("crate::"))
        .map(|rest| rest.split("::").next().unwrap_or(rest).to_string())
        .collect()
}

#[test]
fn the_scan_sees_code_inside_macros_and_skips_comments_docs_and_tests() {
    let text = r##"//! x
/// "data-act" in a doc line, crate::engine too.
// println!("a comment");
use crate::{catalog::Catalog, models};
fn f() {
    let s = format!("[data-act=\"{}\"]", crate::render::Act::Pick.key());
    let v = view! { <p class="a" data-act="x">{js_sys::Date::now()}</p> };
    window.location();
    println!("{}", 1);
}
#[cfg(test)]
mod tests { use crate::state; fn g() { dbg!("<p>"); } }
#[test]
fn t() { crate::query::parse(""); }
"##;
    let code = code_of("planted.rs", text);
    assert_eq!(
        code.strings.iter().filter(|s| s.contains("data-act")).count(),
        1,
        "{:?}",
        code.strings
    );
    assert!(
        code.markup.iter().any(|m| m.contains("data - act")),
        "{:?}",
        code.markup
    );
    assert_eq!(
        crate_modules(&code).into_iter().collect::<Vec<_>>(),
        ["catalog", "models", "render"]
    );
    assert!(code.paths.contains("js_sys::Date::now"), "{:?}", code.paths);
    assert!(code.methods.contains("location"));
    assert_eq!(code.macros.iter().collect::<Vec<_>>(), ["format", "println", "view"]);
    assert!(!code.strings.iter().any(|s| s.contains("<p>")));
}

/// The crate modules each module may name (its own aside), from ARCHITECTURE.md's `Invariant:` lines.
const MAY_NAME: &[(&str, &[&str])] = &[
    // "src/catalog/ imports no engine, scenario or page module" (catalog_static is its page copy).
    ("catalog", &["catalog_static", "models", "order"]),
    // "models imports only num".
    ("models", &["num"]),
    // "scenario imports only catalog and models types".
    ("scenario", &["catalog", "models"]),
    // "state imports no engine, render or web module".
    ("state", &["catalog", "query", "scenario"]),
    // "the engine imports from the crate only catalog, models, scenario, num and order".
    ("engine", &["catalog", "models", "scenario", "num", "order"]),
    // "explore imports no engine module".
    ("explore", &["catalog", "i18n", "order", "state"]),
];

#[test]
fn each_module_names_only_the_modules_its_invariant_allows() {
    let mut bad = Vec::new();
    for (rel, code) in sources() {
        let own = module_of(rel);
        let Some((_, may)) = MAY_NAME.iter().find(|(m, _)| *m == own) else {
            continue;
        };
        for m in crate_modules(code) {
            if m != own && !may.contains(&m.as_str()) {
                bad.push(format!("src/{rel}: `{own}` names `crate::{m}`"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn no_engine_module_names_accuracy_and_the_engine_reads_no_bundled_catalog() {
    // The published runs score the planner and never feed it; the engine reads the `&Catalog` it is given.
    for (rel, code) in sources().iter().filter(|(r, _)| module_of(r) == "engine") {
        assert!(
            !crate_modules(code).contains("accuracy"),
            "src/{rel} names crate::accuracy"
        );
        let bundled = code
            .paths
            .iter()
            .any(|p| p.ends_with("bundled") || p.contains("catalog_static"));
        assert!(!bundled, "src/{rel} reads the bundled catalog outside its tests");
    }
}

/// The engine's planners: what explain, chart and explore never call.
const PLANNERS: &[&str] = &[
    "recommend",
    "plan",
    "plan_among",
    "cheapest_plan",
    "cheaper_elsewhere",
    "option_cost",
    "option_costs",
    "fixes_that_fit",
];

#[test]
fn explain_chart_and_explore_run_no_planner_and_compare_formats_no_number() {
    for (rel, code) in sources() {
        if ["explain", "chart", "explore"].contains(&module_of(rel)) {
            let called: Vec<&String> = code
                .paths
                .iter()
                .filter(|p| p.starts_with("crate::engine") && PLANNERS.iter().any(|f| p.ends_with(&format!("::{f}"))))
                .collect();
            assert!(called.is_empty(), "src/{rel} runs a planner: {called:?}");
        }
        if module_of(rel) == "compare" {
            let formats = code.macros.contains("format") || crate_modules(code).contains("format");
            assert!(!formats, "src/{rel} formats a number: a figure stays a typed Cell");
        }
    }
}

#[test]
fn slice_indexing_is_denied_where_a_link_reaches_or_a_panic_kills_the_page() {
    // The engine runs on whatever a link asks; render and app run in the page, where a panic kills it.
    let want = "#![deny(";
    for (rel, code) in sources() {
        if ["engine/mod.rs", "render/mod.rs", "app/mod.rs"].contains(&rel.as_str()) {
            let held = code
                .inner_attrs
                .iter()
                .any(|a| a.starts_with(want) && a.contains("clippy::indexing_slicing"));
            assert!(
                held,
                "src/{rel} lacks #![deny(clippy::indexing_slicing)]: {:?}",
                code.inner_attrs
            );
        }
    }
}

#[test]
fn data_act_is_written_and_read_only_through_render_act() {
    // `render::Act` names every act, writes the attribute (`Act::attr`, `Html::act`) and builds the
    // selectors the page finds and refocuses buttons with (`Act::selector`): a name typed anywhere else
    // could disagree with it.
    for (rel, code) in sources() {
        if rel == "render/mod.rs" {
            continue;
        }
        let hit =
            code.strings.iter().any(|s| s.contains("data-act")) || code.markup.iter().any(|m| m.contains("data - act"));
        assert!(!hit, "src/{rel} writes `data-act` itself: go through render::Act");
    }
}

/// The one file of the page that touches location, history, clipboard, storage, downloads or the clock.
const BROWSER_EDGE: &str = "app/url_sync.rs";

#[test]
fn only_url_sync_touches_the_address_bar_storage_and_the_clock() {
    for (rel, code) in sources() {
        if rel == BROWSER_EDGE || module_of(rel) == "bin" {
            continue;
        }
        let clock = code
            .paths
            .iter()
            .filter(|p| {
                [
                    "Date::",
                    "SystemTime",
                    "Instant::",
                    "Blob",
                    "create_object_url",
                    "HtmlAnchorElement",
                ]
                .iter()
                .any(|x| p.contains(x))
            })
            .filter(|p| !p.contains("IsoDate"));
        let edge = code.methods.iter().filter(|m| {
            [
                "location",
                "history",
                "local_storage",
                "session_storage",
                "clipboard",
                "navigator",
                "performance",
            ]
            .contains(&m.as_str())
        });
        let hits: Vec<&String> = clock.chain(edge).collect();
        assert!(
            hits.is_empty(),
            "src/{rel} touches {hits:?}: only src/{BROWSER_EDGE} may"
        );
    }
}

#[test]
fn nothing_prints_but_through_the_edge() {
    // A `println!` on a closed or full stdout panics; the tools write through `edge::write_stdout` and `edge::say`.
    for (rel, code) in sources() {
        let printed: Vec<&String> = code
            .macros
            .iter()
            .filter(|m| ["println", "print", "eprintln", "eprint", "dbg"].contains(&m.as_str()))
            .collect();
        assert!(
            printed.is_empty(),
            "src/{rel} prints with {printed:?}: use edge::write_stdout or edge::say"
        );
    }
}

#[test]
fn only_the_binaries_touch_files_the_environment_and_the_process() {
    // The importer reads what its binary opens for it (`import::Input`), the pre-render step writes what
    // `render` drew: the library does no I/O of its own.
    for (rel, code) in sources() {
        if module_of(rel) == "bin" {
            continue;
        }
        let io: Vec<&String> = code
            .paths
            .iter()
            .filter(|p| {
                ["std::fs", "std::env", "std::process", "std::net", "File::"]
                    .iter()
                    .any(|x| p.starts_with(x) || p.contains(&format!("::{x}")))
            })
            .collect();
        assert!(io.is_empty(), "src/{rel} does I/O: {io:?}");
    }
}

#[test]
fn the_app_writes_no_markup_as_text() {
    // Its `inner_html` is crate::render's; markup typed in a string in src/app/ escapes the escaping writer.
    let tag = |s: &str| {
        s.as_bytes()
            .windows(2)
            .any(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || w[1] == b'/'))
    };
    for (rel, code) in sources().iter().filter(|(r, _)| module_of(r) == "app") {
        let tags: Vec<&String> = code.strings.iter().filter(|s| tag(s)).collect();
        assert!(tags.is_empty(), "src/{rel} writes markup as text: {tags:?}");
    }
}
