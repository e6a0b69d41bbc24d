//! The pre-rendered accuracy ledger page (`a/accuracy/`, both languages): each family's record, then every published run the planner is held to, by family, with its setup, published figure, estimate, error, source and date. Drawn natively by the build's pre-render step from `accuracy::ledger`, so the long table costs the wasm nothing; the page's range line and the Assumptions view link to it.

use super::site::{document, footer, static_masthead, tr};
use super::Html;
use crate::accuracy::{Entry, Family, Kind, Record, Workload};
use crate::catalog::Catalog;
use crate::format::number;
use crate::scenario::Lang;

/// An error as the ledger writes it: "+19 %", "−6 %" (a no-break space before the sign, so it never
/// wraps in its narrow column); "—" without an estimate.
fn error_text(e: Option<f64>) -> String {
    e.map_or_else(
        || "—".to_string(),
        |x| {
            let pct = number((x * 100.0).abs(), 0);
            if pct == "0" {
                "0\u{a0}%".to_string()
            } else if x < 0.0 {
                format!("−{pct}\u{a0}%")
            } else {
                format!("+{pct}\u{a0}%")
            }
        },
    )
}

/// "training", "serving", "MoE training", "MoE serving" in the page language.
fn kind_text(lang: Lang, kind: Kind, moe: bool) -> &'static str {
    match (kind, moe) {
        (Kind::Training, false) => tr(lang, "Training"),
        (Kind::Training, true) => tr(lang, "MoE training"),
        (Kind::Serving, false) => tr(lang, "Serving"),
        (Kind::Serving, true) => tr(lang, "MoE serving"),
    }
}

/// A table head of `cols`, each (label, class).
fn head(h: &mut Html, cols: &[(&str, &str)]) {
    h.open("thead", &[]).open("tr", &[]);
    for (label, class) in cols {
        let cl = if class.is_empty() { ("", "") } else { ("class", *class) };
        h.el("th", &[("scope", "col"), cl], label);
    }
    h.close("tr").close("thead");
}

/// The records table: per family, kind and dense or MoE, the runs, the median and the worst error.
fn records_table(h: &mut Html, lang: Lang, records: &[Record]) {
    h.open("section", &[("class", "card")])
        .el("h2", &[], tr(lang, "Each family's record"))
        .open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[("class", "ledger"), ("data-testid", "records")]);
    head(
        h,
        &[
            (tr(lang, "Family"), ""),
            (tr(lang, "Runs of"), ""),
            (tr(lang, "Runs"), "num"),
            (tr(lang, "Median error"), "num"),
            (tr(lang, "Worst error"), "num"),
        ],
    );
    h.open("tbody", &[]);
    for r in records {
        let pct = |v: i32| error_text(Some(f64::from(v) / 100.0));
        h.open("tr", &[])
            .el("td", &[], r.family.name())
            .el("td", &[], kind_text(lang, r.kind, r.moe))
            .el("td", &[("class", "num")], &r.runs.to_string())
            .el("td", &[("class", "num")], &pct(r.median_pct))
            .el("td", &[("class", "num")], &pct(r.worst_pct))
            .close("tr");
    }
    h.close("tbody").close("table").close("div").close("section");
}

/// One family's runs: name and kind, the quoted setup, published figure, estimate, error, source and date.
fn family_table(h: &mut Html, lang: Lang, family: Family, entries: &[&Entry]) {
    h.open("section", &[("class", "card"), ("data-testid", "family-runs")])
        .el(
            "h2",
            &[],
            &format!("{} ({} {})", family.name(), entries.len(), tr(lang, "runs")),
        )
        .open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[("class", "ledger")]);
    head(
        h,
        &[
            (tr(lang, "Run"), ""),
            (tr(lang, "Setup, as the source states it"), ""),
            (tr(lang, "Published"), "num"),
            (tr(lang, "Estimate"), "num"),
            (tr(lang, "Error"), "num"),
            (tr(lang, "Source"), ""),
        ],
    );
    h.open("tbody", &[]);
    for e in entries {
        h.open("tr", &[("data-testid", "ledger-run")])
            .open("td", &[])
            .el("strong", &[("lang", "en")], e.name)
            .el(
                "span",
                &[("class", "muted")],
                &format!(" · {}", kind_text(lang, e.kind, e.workload == Workload::Moe)),
            )
            .close("td")
            .el("td", &[("lang", "en")], e.setup)
            .el("td", &[("class", "num"), ("lang", "en")], &e.published)
            .el(
                "td",
                &[("class", "num"), ("lang", "en")],
                e.estimate.as_deref().unwrap_or("—"),
            )
            .el("td", &[("class", "num")], &error_text(e.speed_error))
            .open("td", &[("lang", "en")]);
        if e.url.is_empty() {
            h.text(e.source);
        } else {
            h.el("a", &[("href", e.url)], e.source);
        }
        h.text(&format!(" ({})", e.date)).close("td").close("tr");
    }
    h.close("tbody").close("table").close("div").close("section");
}

/// The ledger page in `lang`: `entries` are `accuracy::ledger`'s, `records` their `accuracy::records_of`.
pub fn accuracy_page(c: &Catalog, entries: &[Entry], records: &[Record], lang: Lang, css: &str) -> String {
    let other = format!("./{}", if lang == Lang::Zh { "index.html" } else { "zh.html" });
    let heading = tr(lang, "The accuracy ledger");
    let title = format!("{heading} · gpuplan");
    let description = tr(lang, "Every published training and serving run the planner is held to, by accelerator family: setup, published figure, estimate, error, source and date.");
    let mut h = Html::new();
    static_masthead(&mut h, lang, tr(lang, "Accuracy ledger"), &other);
    h.open("main", &[("data-testid", "ledger-page")])
        .el("h1", &[("class", "headline")], heading)
        .el("p", &[], tr(lang, "Every published training and serving run the planner is held to, estimated with the default assumptions: one set for every run, never a constant per case. Error is the estimated speed ÷ the published speed − 1: positive means the estimate is faster than the run. The tests hold each run within ±25 % and the median within ±15 %; a miss that stays is kept with its reason, not tuned away."));
    records_table(&mut h, lang, records);
    for family in Family::ALL {
        let runs: Vec<&Entry> = entries.iter().filter(|e| e.family == family).collect();
        if !runs.is_empty() {
            family_table(&mut h, lang, family, &runs);
        }
    }
    h.close("main");
    footer(&mut h, c, lang);
    document(lang, &title, description, css, &other, &h.finish())
}
