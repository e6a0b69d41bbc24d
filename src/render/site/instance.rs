//! The static page of one instance type (`a/i/<type>/`): its specs, its prices in every region, the card of
//! every purchase option for the largest preset it serves alone, and what each preset needs of it.

use super::{app_href, document, footer, href, static_masthead, tr, Answers, ROOT};
use crate::catalog::{Catalog, Instance};
use crate::engine::Outcome;
use crate::explore::RegionPrice;
use crate::format;
use crate::i18n::Msg;
use crate::models::ModelArch;
use crate::render::page::{self, Answer};
use crate::render::{Fmt, Html};
use crate::scenario::Lang;
use crate::state::AppState;

/// One fact in the card's figure grid (`<dl class="figures">`, as the headline figures are laid out).
fn fact(h: &mut Html, label: &str, value: &str) {
    h.open("div", &[])
        .el("dt", &[], label)
        .el("dd", &[], value)
        .close("div");
}

fn opt_number(v: Option<f64>, unit: &str) -> String {
    v.map_or_else(|| "—".to_string(), |x| format!("{}{unit}", format::number(x, 2)))
}

/// The page of one instance type: its specs, its prices in every region, the card of every purchase
/// option for the largest preset it serves alone, and what each preset needs of it.
pub fn instance_page(c: &Catalog, id: &str, lang: Lang, answers: &Answers, css: &str) -> Option<String> {
    let inst = c.instance(id)?;
    let f = Fmt::default().in_lang(lang);
    let other = format!("./{}", if lang == Lang::Zh { "index.html" } else { "zh.html" });
    let devices = inst
        .count()
        .map_or_else(|| "?".to_string(), |n| format::accel_count(f64::from(n), inst.fraction));
    let accel = c
        .accelerator(&inst.accelerator)
        .map_or(inst.accelerator.as_str(), |a| a.name.as_str());
    let heading = format!("{id}: {devices} × {accel}");
    let regions = crate::explore::prices_by_region(c, id);
    let cheapest = regions.first();
    let mut description = format!(
        "{heading}, {} GiB {}",
        format::number(inst.accel_mem_gib, 2),
        tr(lang, "per device")
    );
    if let Some(p) = cheapest {
        description.push_str(&format!(
            "; {} {}/h ({}). ",
            tr(lang, "On-Demand from"),
            f.money(p.on_demand_usd_hr),
            p.region
        ));
    }
    description.push_str(tr(
        lang,
        "Prices in every region, every purchase option, and which models it serves or fine-tunes.",
    ));
    let title = format!("{heading} — {} · gpuplan", tr(lang, "specs, prices, what it fits"));
    let mut h = Html::new();
    static_masthead(&mut h, lang, id, &other);
    h.open("main", &[("data-testid", "instance-page")])
        .el("h1", &[("class", "headline")], &heading);
    specs_section(&mut h, f, inst, &format!("{devices} × {accel}"));
    prices_section(&mut h, f, &regions);
    options_section(&mut h, c, id, lang, answers);
    fits_section(&mut h, f, id, answers);
    h.close("main");
    footer(&mut h, c, lang);
    Some(document(lang, &title, &description, css, &other, &h.finish()))
}

/// The specs card: family, accelerators, memory, vCPUs, network, EFA, NVMe, regions and the source.
fn specs_section(h: &mut Html, f: Fmt, inst: &Instance, accelerators: &str) {
    let lang = f.lang;
    h.open("section", &[("class", "card")])
        .el("h2", &[], tr(lang, "Specs"))
        .open("dl", &[("class", "figures"), ("data-testid", "specs")]);
    fact(h, tr(lang, "Family"), &inst.family);
    fact(h, tr(lang, "Accelerator"), accelerators);
    fact(
        h,
        tr(lang, "Memory per device"),
        &format!("{} GiB", format::number(inst.accel_mem_gib, 2)),
    );
    fact(
        h,
        tr(lang, "Accelerator memory in all"),
        &opt_number(inst.total_accel_mem_gib(), " GiB"),
    );
    fact(h, "vCPU", &opt_number(inst.vcpus, ""));
    fact(h, tr(lang, "Memory"), &opt_number(inst.ram_gib, " GiB"));
    fact(h, tr(lang, "Network"), &opt_number(inst.net_gbps, " Gbit/s"));
    fact(h, "EFA", &opt_number(inst.efa_interfaces, ""));
    fact(h, "NVMe", &opt_number(inst.nvme_gb, " GB"));
    if inst.neuron_cores.is_some() {
        fact(h, "NeuronCores", &opt_number(inst.neuron_cores, ""));
    }
    fact(h, tr(lang, "Regions"), &inst.regions.len().to_string());
    fact(h, f.t(Msg::SourceLabel), &format!("{} ({})", inst.source, inst.as_of));
    h.close("dl");
    if !inst.note.is_empty() {
        h.el("p", &[("class", "note"), ("lang", "en")], &inst.note);
    }
    h.close("section");
}

/// The On-Demand and Spot price in every region, derived prices marked.
fn prices_section(h: &mut Html, f: Fmt, regions: &[RegionPrice]) {
    let lang = f.lang;
    h.open("section", &[("class", "card")])
        .el(
            "h2",
            &[],
            &format!("{} ({})", tr(lang, "Prices by region"), regions.len()),
        )
        .open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[("data-testid", "region-prices")])
        .open("thead", &[])
        .open("tr", &[]);
    for (m, class) in [(Msg::Region, ""), (Msg::OnDemand, "num"), (Msg::SpotPrice, "num")] {
        let cl = if class.is_empty() { ("", "") } else { ("class", class) };
        h.el("th", &[("scope", "col"), cl], f.t(m));
    }
    h.close("tr").close("thead").open("tbody", &[]);
    for p in regions {
        h.open("tr", &[])
            .el("td", &[], &p.region)
            .el(
                "td",
                &[("class", "num")],
                &format!("{}{}", f.money(p.on_demand_usd_hr), if p.derived { "*" } else { "" }),
            )
            .el(
                "td",
                &[("class", "num")],
                &p.spot_median_usd_hr.map_or_else(|| "—".to_string(), |x| f.money(x)),
            )
            .close("tr");
    }
    h.close("tbody").close("table").close("div");
    if regions.iter().any(|p| p.derived) {
        h.el(
            "p",
            &[("class", "muted")],
            tr(lang, "* derived from a regional multiplier, not a published price."),
        );
    }
    h.close("section");
}

/// Every purchase option: the largest preset the type serves on one instance, priced every way.
fn options_section(h: &mut Html, c: &Catalog, id: &str, lang: Lang, answers: &Answers) {
    let serves = |x: &(&'static ModelArch, AppState, Answer)| {
        x.2.outcome
            .recommendations
            .iter()
            .any(|r| r.fits && r.instance == id && r.n_instances == 1)
    };
    let largest = answers
        .serve
        .iter()
        .filter(|x| serves(x))
        .max_by(|a, b| a.0.total_params.total_cmp(&b.0.total_params));
    if let Some((m, st, _)) = largest {
        let mut st = st.clone();
        st.pick = id.to_string();
        let a = Answer::compute(c, &st.scenario, &st.pick);
        if a.chosen().is_some_and(|r| r.instance == id) {
            h.open("section", &[("class", "card"), ("data-testid", "options-card")])
                .el(
                    "h2",
                    &[],
                    &format!(
                        "{} {} {}",
                        tr(lang, "Every purchase option, serving"),
                        m.name,
                        tr(lang, "at the planner's starting values")
                    ),
                )
                .open("p", &[])
                .el(
                    "a",
                    &[("href", &app_href(&st)), ("data-testid", "open-app")],
                    tr(lang, "Edit this scenario in the planner →"),
                )
                .close("p")
                .close("section");
            h.fragment(&page::summary(c, &st.scenario, st.presentation, &a, false, ROOT));
        }
    }
}

/// What it fits: each preset's instances of this type and their On-Demand cost, serving and fine-tuning.
fn fits_section(h: &mut Html, f: Fmt, id: &str, answers: &Answers) {
    let lang = f.lang;
    h.open("section", &[("class", "card")])
        .el("h2", &[], tr(lang, "What it fits"))
        .el(
            "p",
            &[("class", "muted")],
            tr(lang, "Each model preset at the planner's starting values (serving: 8K context, the default concurrency; fine-tuning: LoRA defaults), the instances of this type it needs and their On-Demand cost."),
        )
        .open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[("data-testid", "fits")])
        .open("thead", &[])
        .open("tr", &[]);
    for (label, class) in [
        (tr(lang, "Model"), ""),
        (tr(lang, "Serving, per month"), "num"),
        (tr(lang, "Fine-tuning, per job"), "num"),
    ] {
        let cl = if class.is_empty() { ("", "") } else { ("class", class) };
        h.el("th", &[("scope", "col"), cl], label);
    }
    h.close("tr").close("thead").open("tbody", &[]);
    let need = |o: &Outcome| {
        o.recommendations
            .iter()
            .find(|r| r.instance == id && r.fits)
            .map_or_else(
                || tr(lang, "does not fit").to_string(),
                |r| {
                    let cost = r
                        .job_usd
                        .or(r.monthly_usd)
                        .map_or_else(String::new, |x| format!(" · {}", f.money(x)));
                    format!("{} × {id}{cost}", r.n_instances)
                },
            )
    };
    for ((m, _, serve), (_, _, tune)) in answers.serve.iter().zip(&answers.finetune) {
        h.open("tr", &[])
            .open("td", &[])
            .el("a", &[("href", &href("m", m.id, lang))], m.name)
            .close("td")
            .el("td", &[("class", "num")], &need(&serve.outcome))
            .el("td", &[("class", "num")], &need(&tune.outcome))
            .close("tr");
    }
    h.close("tbody").close("table").close("div").close("section");
}
