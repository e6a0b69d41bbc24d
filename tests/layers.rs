//! The engine's layers: every edge between two engine modules (`use`, or a path inline in code, through `super::` or `crate::engine::`) goes to a lower layer or is listed, and the graph has no cycle.

mod common;

use common::rust_files;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The engine's modules, bottom layer first; a module may use any module of a lower layer.
const LAYERS: &[&[&str]] = &[
    &["outcome", "work"],
    &["memory", "perf", "parallel", "eligibility"],
    &["sizing"],
    &["cost", "carbon"],
    &["recommend", "rank"],
    &[
        "plan",
        "buyer",
        "cautions",
        "sensitivity",
        "managed",
        "pareto",
        "what_if",
    ],
];

/// Edges inside one layer, each one way (the cycle check below holds them to it).
const SAME_LAYER: &[(&str, &str)] = &[("eligibility", "perf"), ("parallel", "memory"), ("recommend", "rank")];

/// What an engine path names from outside the file's own module when it is not a module: the facade.
const FACADE: &str = "engine (the facade, mod.rs)";

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The text with comments, string and char literals blanked (so braces and paths in them do not count).
fn code_only(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in out.iter_mut().take(to.min(b.len())).skip(from) {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|c| *c == b'\n').map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |p| i + 2 + p + 2);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"r#\"") || rest.starts_with(b"r\"") {
            let hashes = rest[1..].iter().take_while(|c| **c == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let start = i + 2 + hashes;
            let end = text[start..].find(&close).map_or(b.len(), |p| start + p + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if b[i] == b'\'' && (rest.get(1) == Some(&b'\\') || rest.get(2) == Some(&b'\'')) {
            let end = rest[2..]
                .iter()
                .position(|c| *c == b'\'')
                .map_or(b.len(), |p| i + 2 + p + 1);
            blank(&mut out, i, end);
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

struct Scan<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scan<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, s: &[u8]) -> bool {
        self.ws();
        let ok = self.b[self.i..].starts_with(s);
        if ok {
            self.i += s.len();
        }
        ok
    }
    fn ident(&mut self) -> Option<String> {
        self.ws();
        let start = self.i;
        while self.i < self.b.len() && is_ident(self.b[self.i]) {
            self.i += 1;
        }
        (self.i > start).then(|| String::from_utf8_lossy(&self.b[start..self.i]).into_owned())
    }
    /// After a path prefix: the names it reaches (`x`, `{x, y::z}`: x and y, `*`: the prefix itself).
    fn names(&mut self) -> Vec<String> {
        self.ws();
        if self.eat(b"*") {
            return vec!["*".into()];
        }
        if !self.eat(b"{") {
            return self.ident().into_iter().collect();
        }
        let (mut names, mut depth, mut at_item) = (Vec::new(), 1, true);
        while self.i < self.b.len() && depth > 0 {
            self.ws();
            let c = self.b[self.i];
            if depth == 1 && at_item && is_ident(c) {
                names.extend(self.ident().filter(|n| n != "self"));
                at_item = false;
                continue;
            }
            match c {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                b',' if depth == 1 => at_item = true,
                _ => {}
            }
            self.i += 1;
        }
        names
    }
}

/// The engine modules a file of `src/engine/` reaches outside its own module, as written
/// (`rel`: its path under `src/engine/`); `FACADE` for anything named through `engine/mod.rs`.
fn edges_in(rel: &str, text: &str) -> Vec<String> {
    let parts: Vec<&str> = rel.split('/').collect();
    // How deep the file's module sits below `engine` (`x.rs`, `x/mod.rs`: 1; `x/y.rs`: 2).
    let level = parts.len() - usize::from(parts.last() == Some(&"mod.rs"));
    let own = parts[0].trim_end_matches(".rs");
    let code = code_only(text);
    let mut s = Scan { b: &code, i: 0 };
    let (mut depth, mut inline_mods, mut pending_mod) = (0usize, Vec::new(), false);
    let mut out = Vec::new();
    while s.i < code.len() {
        let c = code[s.i];
        if c == b'{' {
            depth += 1;
            if pending_mod {
                inline_mods.push(depth);
                pending_mod = false;
            }
            s.i += 1;
            continue;
        }
        if c == b'}' {
            if inline_mods.last() == Some(&depth) {
                inline_mods.pop();
            }
            depth = depth.saturating_sub(1);
            s.i += 1;
            continue;
        }
        if c == b';' {
            pending_mod = false;
        }
        if !is_ident(c) || (s.i > 0 && is_ident(code[s.i - 1])) {
            s.i += 1;
            continue;
        }
        let Some(word) = s.ident() else { continue };
        let names = match word.as_str() {
            "mod" => {
                pending_mod = s.ident().is_some();
                continue;
            }
            w => match engine_path(&mut s, w, level + inline_mods.len()) {
                Some(names) => names,
                None => continue,
            },
        };
        for n in names {
            let module = if layer(&n).is_some() || n == own {
                n
            } else {
                FACADE.to_string()
            };
            if module != own {
                out.push(module);
            }
        }
    }
    out
}

/// The names a path at `word` reaches when it leaves the file's module for another engine module:
/// `crate::engine::…`, or `super::…` climbing exactly `up_to_engine` modules (the file's depth below
/// `engine` plus any inline module it is in). `None` for any other word or path.
fn engine_path(s: &mut Scan, word: &str, up_to_engine: usize) -> Option<Vec<String>> {
    match word {
        "crate" => {
            let save = s.i;
            if !(s.eat(b"::") && s.ident().as_deref() == Some("engine") && s.eat(b"::")) {
                s.i = save;
                return None;
            }
            Some(s.names())
        }
        "super" => {
            // Up one module per `super`, from the file's module and any inline module (`mod tests {`).
            let mut up = 1;
            let save = s.i;
            if !s.eat(b"::") {
                s.i = save;
                return None;
            }
            loop {
                let at = s.i;
                if s.ident().as_deref() == Some("super") && s.eat(b"::") {
                    up += 1;
                } else {
                    s.i = at;
                    break;
                }
            }
            // Only a path that lands on `engine` itself leaves the file's module for another one.
            if up_to_engine != up {
                return None;
            }
            Some(s.names())
        }
        _ => None,
    }
}

/// Every edge that is neither to a lower layer nor listed, named with its file.
fn violations(rel: &str, text: &str) -> Vec<String> {
    let own = rel.split('/').next().unwrap_or_default().trim_end_matches(".rs");
    let Some(from) = layer(own) else {
        return vec![format!(
            "src/engine/{rel}: module `{own}` is in no layer of tests/layers.rs"
        )];
    };
    edges_in(rel, text)
        .into_iter()
        .filter(|to| {
            let lower = layer(to).is_some_and(|l| l < from);
            !lower && !SAME_LAYER.contains(&(own, to.as_str()))
        })
        .map(|to| format!("src/engine/{rel}: `{own}` -> `{to}` is not an allowed edge"))
        .collect()
}

/// (path under src/engine/, text) of every engine file but the facade.
fn engine_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    // In path order (a BTreeMap), so a failure lists the files the same way every run.
    let out: Vec<(String, String)> = files
        .iter()
        .filter_map(|f| {
            let rel = f.strip_prefix(&root).ok()?.to_string_lossy().replace('\\', "/");
            (rel != "mod.rs").then(|| (rel, fs::read_to_string(f).unwrap_or_default()))
        })
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_iter()
        .collect();
    assert!(out.len() > 20, "{}", out.len());
    out
}

#[test]
fn every_engine_edge_goes_down_a_layer() {
    let bad: Vec<String> = engine_sources()
        .iter()
        .flat_map(|(rel, text)| violations(rel, text))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_engine_import_graph_has_no_cycle() {
    let mut edges = BTreeSet::new();
    for (rel, text) in engine_sources() {
        let own = rel
            .split('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".rs")
            .to_string();
        for to in edges_in(&rel, &text) {
            edges.insert((own.clone(), to));
        }
    }
    // Depth-first from every module; a module met again on the current path is a cycle.
    fn visit(m: &str, edges: &BTreeSet<(String, String)>, path: &mut Vec<String>, done: &mut BTreeSet<String>) {
        assert!(!path.iter().any(|p| p == m), "cycle: {} -> {m}", path.join(" -> "));
        if done.contains(m) {
            return;
        }
        path.push(m.to_string());
        for (_, to) in edges.iter().filter(|(f, _)| f == m) {
            visit(to, edges, path, done);
        }
        path.pop();
        done.insert(m.to_string());
    }
    let mut done = BTreeSet::new();
    for m in LAYERS.iter().flat_map(|l| l.iter()) {
        visit(m, &edges, &mut Vec::new(), &mut done);
    }
    // Every listed same-layer edge is within one layer and still used.
    for (f, t) in SAME_LAYER {
        assert_eq!(layer(f), layer(t), "{f} -> {t}");
        assert!(
            edges.contains(&(f.to_string(), t.to_string())),
            "{f} -> {t} is listed but unused"
        );
    }
}

#[test]
fn a_planted_bad_edge_is_named_with_its_file() {
    // cost reaching plan (a higher layer) by `use`, recommend inline in code, and the facade: three bad
    // edges; outcome and sizing (lower layers) are fine, also inside braces.
    let planted = "//! x\nuse super::plan::Plan;\nuse super::{outcome::Why, sizing};\nfn f() { let r = crate::engine::recommend::recommend(c, s); let w = super::Why::Legacy; }\n";
    assert_eq!(
        violations("cost.rs", planted),
        [
            "src/engine/cost.rs: `cost` -> `plan` is not an allowed edge",
            "src/engine/cost.rs: `cost` -> `recommend` is not an allowed edge",
            "src/engine/cost.rs: `cost` -> `engine (the facade, mod.rs)` is not an allowed edge",
        ]
    );
    // A submodule: `super::` is its own module (not an edge), `super::super::` is the engine.
    let sub =
        "use super::{base_job_hours, OptionCost};\nuse super::super::plan::Term;\nuse crate::engine::outcome::Why;\n";
    assert_eq!(edges_in("cost/spot.rs", sub), ["plan", "outcome"]);
    assert_eq!(
        violations("cost/spot.rs", sub),
        ["src/engine/cost/spot.rs: `cost` -> `plan` is not an allowed edge"]
    );
    // Inside `mod tests { .. }`, `super::` is the file's own module; comments and strings do not count.
    let tests = "mod tests {\n    use super::*;\n    use super::super::buyer::x; // super::plan::y\n    const S: &str = \"super::plan\";\n}\nuse super::outcome::MemoryNeed;\n";
    assert_eq!(edges_in("memory.rs", tests), ["buyer", "outcome"]);
    assert_eq!(
        violations("memory.rs", tests),
        ["src/engine/memory.rs: `memory` -> `buyer` is not an allowed edge"]
    );
    // A module no layer lists fails by name.
    assert_eq!(
        violations("fresh.rs", ""),
        ["src/engine/fresh.rs: module `fresh` is in no layer of tests/layers.rs"]
    );
}
