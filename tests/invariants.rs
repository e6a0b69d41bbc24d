//! ARCHITECTURE.md's invariants that a grep would be fooled by (a comment, a doc line, a test module, a path
//! inside `format!`), held by reading the code with `syn`: which crate modules each module names, where the
//! clock, files and stdout are touched, who writes `data-act`, `data-key` and markup, and where slice indexing is denied.

mod common;
#[path = "invariants/scan.rs"]
mod scan;

use scan::{code_of, crate_modules, engine_edges, module_of, sources};
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
    // "state imports no engine, render or web module" (how the answer is shown, `presentation`, sits beside the scenario).
    ("state", &["catalog", "presentation", "query", "scenario"]),
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

#[test]
fn form_control_keys_values_and_field_selectors_are_written_and_read_only_through_render_controls() {
    // `render::controls` writes a control's link key (`data-key`), a segmented button's value (`data-value`)
    // and a field's id, and builds the selectors the page reads and refocuses them with (`KEY_ATTR`,
    // `field_selector`, `segment_selector`): a name typed on either side alone could disagree with it.
    for (rel, code) in sources() {
        if rel == "render/controls.rs" {
            continue;
        }
        let literal = code
            .strings
            .iter()
            .find(|s| s.contains("data-key") || s.contains("data-value") || s.contains("#f-"));
        let markup = code
            .markup
            .iter()
            .find(|m| m.contains("data - key") || m.contains("data - value"));
        assert!(
            literal.is_none() && markup.is_none(),
            "src/{rel} writes a form control's key, value or field selector itself ({:?}): go through render::controls",
            literal.or(markup)
        );
    }
}

#[test]
fn figures_outside_the_engine_and_explain_read_the_plans_fields_not_its_notices() {
    // `Plan::rates` and `Plan::larger_batch` hold what `Why::RateDates` and `Why::CommBound` state
    // (tests/explained_figures.rs): the page, the exports and the messages read the fields; only the engine
    // builds those items and only explain words them.
    for (rel, code) in sources() {
        if ["engine", "explain"].contains(&module_of(rel)) {
            continue;
        }
        let named = code
            .paths
            .iter()
            .find(|p| p.ends_with("Why::RateDates") || p.ends_with("Why::CommBound"));
        assert!(
            named.is_none(),
            "src/{rel} reads {named:?}: read the plan's field (`rates`, `larger_batch`) instead"
        );
    }
}

#[test]
fn the_engine_reads_classes_from_the_catalog_not_from_name_prefixes() {
    // What a type or region is (its quota family, an ECS fee-cut class, where a group Capacity Block rate is
    // stated, a chip's generation) is catalog data held by a named rule (src/catalog/rules/capabilities.rs):
    // an engine that matched an id's prefix or suffix would class a new family or region unseen.
    for (rel, code) in sources() {
        if module_of(rel) != "engine" {
            continue;
        }
        let hit = ["starts_with", "strip_prefix", "ends_with", "strip_suffix"]
            .into_iter()
            .find(|m| code.methods.contains(*m));
        if let Some(m) = hit {
            panic!("src/{rel} calls `{m}`: read the class from the catalog, held by a rule");
        }
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
fn the_app_and_prerender_write_no_markup_as_text() {
    // The page's `inner_html` is crate::render's, and so is every page the pre-render step writes; markup
    // typed in a string elsewhere escapes the escaping writer.
    let tag = |s: &str| {
        s.as_bytes()
            .windows(2)
            .any(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || w[1] == b'/'))
    };
    for (rel, code) in sources()
        .iter()
        .filter(|(r, _)| module_of(r) == "app" || r == "bin/prerender.rs")
    {
        let tags: Vec<&String> = code.strings.iter().filter(|s| tag(s)).collect();
        assert!(tags.is_empty(), "src/{rel} writes markup as text: {tags:?}");
    }
}

/// What an engine module may name of the engine, where its ARCHITECTURE line is narrower than tests/layers.rs.
const ENGINE_MAY_NAME: &[(&str, &[&str])] = &[
    // "of the engine, `cost` imports only `outcome` and `carbon` nothing".
    ("cost", &["outcome"]),
    ("carbon", &[]),
    // "`rank` imports only `outcome`".
    ("rank", &["outcome"]),
];

#[test]
fn cost_names_only_outcome_carbon_nothing_and_rank_only_outcome() {
    assert_eq!(
        engine_edges(
            "engine/cost/spot.rs",
            &code_of(
                "x.rs",
                "use super::Basis;\nuse super::super::plan::Term;\nuse crate::engine::outcome::Why;\n"
            )
        ),
        ["outcome", "plan"].map(String::from).into_iter().collect()
    );
    for (rel, code) in sources() {
        let module = rel.split('/').nth(1).unwrap_or("").trim_end_matches(".rs");
        let Some((_, may)) = ENGINE_MAY_NAME
            .iter()
            .find(|(m, _)| module_of(rel) == "engine" && *m == module)
        else {
            continue;
        };
        for to in engine_edges(rel, code) {
            assert!(may.contains(&to.as_str()), "src/{rel}: `{module}` names engine `{to}`");
        }
    }
}

/// The catalog's price tables and figures, as fields.
const PRICE_FIELDS: &[&str] = &[
    "on_demand",
    "spot",
    "reserved",
    "savings_plan_assumptions",
    "savings_plan_rates",
    "capacity_blocks",
    "price_history",
    "managed",
    "usd_hr",
    "median_usd_hr",
    "min_usd_hr",
    "max_usd_hr",
    "effective_usd_hr",
];

#[test]
fn the_models_and_sizing_read_no_price() {
    // How many instances a type needs never depends on what they cost; `eligibility` asks only whether a
    // region's prices were collected (`PriceCoverage`).
    for (rel, code) in sources() {
        let module = rel.split('/').nth(1).unwrap_or("").trim_end_matches(".rs");
        if module_of(rel) != "engine" || !["memory", "perf", "parallel", "eligibility", "sizing"].contains(&module) {
            continue;
        }
        let read: Vec<&String> = code
            .fields
            .iter()
            .filter(|f| PRICE_FIELDS.contains(&f.as_str()))
            .collect();
        assert!(read.is_empty(), "src/{rel} reads a price: {read:?}");
    }
}

#[test]
fn only_tests_read_the_work_counts_and_the_one_allowed_sort_is_the_native_importers() {
    for (rel, code) in sources() {
        let counts = code.paths.iter().any(|p| p.ends_with("work::counts") || p == "counts");
        assert!(!counts, "src/{rel} reads engine::work's counts outside a test");
        if rel != "import/read.rs" {
            let allowed = code.attrs.iter().any(|a| a.contains("disallowed_methods"));
            assert!(
                !allowed,
                "src/{rel} allows a disallowed method (clippy.toml) outside its tests"
            );
        }
    }
}

#[test]
fn main_only_mounts_the_app() {
    let Some((_, code)) = sources().iter().find(|(r, _)| r == "main.rs") else {
        panic!("no web/src/main.rs");
    };
    let named: Vec<&str> = code
        .paths
        .iter()
        .map(String::as_str)
        .filter(|p| !p.starts_with("target_arch"))
        .collect();
    assert_eq!(
        named,
        [
            "gpuplan_web::app::App",
            "gpuplan_web::app::install_panic_hook",
            "leptos::mount::mount_to_body"
        ],
        "web/src/main.rs"
    );
    assert!(code.macros.is_empty() && code.methods.is_empty() && code.strings.is_empty());
}
