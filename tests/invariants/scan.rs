//! How tests/invariants.rs reads src/ as code: each file parsed with `syn` into what its code (not its
//! comments, doc lines or tests) holds, macro calls looked into.

use crate::common::rust_files;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use syn::visit::{self, Visit};

/// What a file's code holds, tests, comments and doc lines left out: string literals (also inside macro
/// calls such as `format!` and `view!`), called macros, paths (`use` trees too) and called methods.
#[derive(Default)]
pub(crate) struct Code {
    pub(crate) strings: Vec<String>,
    pub(crate) macros: BTreeSet<String>,
    pub(crate) paths: BTreeSet<String>,
    pub(crate) methods: BTreeSet<String>,
    /// Every named field read (`x.on_demand`).
    pub(crate) fields: BTreeSet<String>,
    /// The outer attributes of code items, as token text without spaces (`#[allow(clippy::disallowed_methods)]`).
    pub(crate) attrs: Vec<String>,
    /// The text of every macro call whose tokens are not expressions (`view!`), spaced as tokens (`data - act`).
    pub(crate) markup: Vec<String>,
    /// The file's inner attributes (`#![deny(...)]`) as token text.
    pub(crate) inner_attrs: Vec<String>,
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
    // Doc lines and other attributes are not code: kept as text, not visited.
    fn visit_attribute(&mut self, a: &'a syn::Attribute) {
        if !a.path().is_ident("doc") {
            self.attrs
                .push(quote::ToTokens::to_token_stream(a).to_string().replace(' ', ""));
        }
    }

    fn visit_expr_field(&mut self, f: &'a syn::ExprField) {
        if let syn::Member::Named(name) = &f.member {
            self.fields.insert(name.to_string());
        }
        visit::visit_expr_field(self, f);
    }

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
pub(crate) fn code_of(name: &str, text: &str) -> Code {
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

/// Every file under src/ as (its path from src/, with `/`), its code), in path order; parsed once. The page
/// crate's files (web/src/) are read as the modules they were before the workspace split: `app/…`, `main.rs`,
/// `bin/gpuplan-curve.rs`, and its root `web/src/lib.rs` as `app/lib.rs`.
pub(crate) fn sources() -> &'static [(String, Code)] {
    static ALL: std::sync::OnceLock<Vec<(String, Code)>> = std::sync::OnceLock::new();
    ALL.get_or_init(parse_sources)
}

fn parse_sources() -> Vec<(String, Code)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    rust_files(&web, &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("web/src/app/mod.rs")),
        "the page crate's files were not read"
    );
    // In path order (a BTreeMap), so a failure names the files the same way every run.
    let out: Vec<(String, Code)> = files
        .iter()
        .map(|f| {
            let rel = match (f.strip_prefix(&root), f.strip_prefix(&web)) {
                (Ok(r), _) => r.to_string_lossy().replace('\\', "/"),
                (_, Ok(r)) if r == Path::new("lib.rs") => "app/lib.rs".to_string(),
                (_, Ok(r)) => r.to_string_lossy().replace('\\', "/"),
                _ => f.display().to_string(),
            };
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
pub(crate) fn module_of(rel: &str) -> &str {
    rel.split('/').next().unwrap_or(rel).trim_end_matches(".rs")
}

/// The crate's modules a file's code names (`crate::x`, `super::…` left aside: within a module).
pub(crate) fn crate_modules(code: &Code) -> BTreeSet<String> {
    code.paths
        .iter()
        .filter_map(|p| p.strip_prefix("crate::"))
        .map(|rest| rest.split("::").next().unwrap_or(rest).to_string())
        .collect()
}

/// The engine modules a file of `src/engine/` names outside its own module: `crate::engine::x`, or `super::x`
/// from a module's first file (`x.rs`, `x/mod.rs`), `super::super::x` from a file below it (`x/y.rs`).
pub(crate) fn engine_edges(rel: &str, code: &Code) -> BTreeSet<String> {
    let parts: Vec<&str> = rel.split('/').collect();
    let own = parts.get(1).map_or("", |p| p.trim_end_matches(".rs"));
    let up = if parts.len() > 2 && parts.last() != Some(&"mod.rs") {
        "super::super::"
    } else {
        "super::"
    };
    code.paths
        .iter()
        .filter_map(|p| p.strip_prefix("crate::engine::").or_else(|| p.strip_prefix(up)))
        .filter(|rest| !rest.starts_with("super"))
        .map(|rest| rest.split("::").next().unwrap_or(rest).to_string())
        .filter(|m| m != own)
        .collect()
}
