//! The chosen recommendation's card as HTML text: headline figures, why, notes, prices by region, formulas, the cheapest plan, the purchase options and their charts.

use super::{charts, Fmt, Html};
use crate::catalog::Catalog;
use crate::engine::cost::OptionCost;
use crate::engine::plan::{Plan, Segment};
use crate::engine::{Outcome, Recommendation, Why};
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::{Buy, Lang, Scenario, Task};

/// What the card is drawn from.
pub struct DetailIn<'a> {
    pub catalog: &'a Catalog,
    pub scenario: &'a Scenario,
    pub outcome: &'a Outcome,
    pub rec: &'a Recommendation,
    pub plan: Option<&'a Plan>,
    pub fmt: Fmt,
    /// The compact embedded card: no range, regions, formulas, option table or charts (its link opens them).
    pub card: bool,
    /// The first frame has been painted: what lies below the fold (prices by region) is drawn too.
    pub full: bool,
}

/// What the speed column holds for a task: throughput, a job's time, peak FP64 or seats per instance.
pub fn speed_label(task: Task) -> Msg {
    match task {
        Task::Inference => Msg::Throughput,
        Task::Training | Task::Finetune => Msg::Time,
        Task::Hpc => Msg::Fp64Peak,
        Task::Graphics => Msg::SeatsPerInstance,
    }
}

/// The cost column of a task: a month of a service, or one job.
pub fn cost_label(task: Task) -> Msg {
    if task.is_job() {
        Msg::PerJob
    } else {
        Msg::Monthly
    }
}

/// Speed or time of a recommendation, as text.
pub fn speed_text(r: &Recommendation, f: Fmt) -> String {
    if let Some(j) = r.job_hours {
        return format::hours(j, f.lang);
    }
    if let Some(t) = r.tokens_per_s {
        let per = r.tokens_per_s_per_seq.map_or(String::new(), |p| match f.lang {
            // Chinese puts the measure first: 每序列 18 token/秒.
            Lang::Zh => format!("（每序列 {} token/秒）", format::number(p, 1)),
            Lang::En => format!(" ({} {})", format::number(p, 1), f.t(Msg::PerSeq)),
        });
        return format!("{} {}{per}", format::number(t, 0), f.t(Msg::TokensPerS));
    }
    // HPC: peak FP64 and what an hour of one TFLOPS of it costs (the lens HPC buyers compare by).
    if let Some(tf) = crate::engine::recommend::fp64_tflops(r) {
        let cost = crate::engine::recommend::usd_per_fp64_tflops_hour(r).map_or(String::new(), |c| {
            format!(" · {} {}", f.money(c), f.t(Msg::PerTflopsHour))
        });
        return format!("{} {}{cost}", format::number(tf, 1), f.t(Msg::Fp64Tflops));
    }
    // Graphics: how many seats one instance carries.
    r.reasons
        .iter()
        .find_map(|w| match w {
            Why::Seats { per_instance } => Some(per_instance.to_string()),
            _ => None,
        })
        .unwrap_or_else(|| "—".into())
}

/// One figure of the headline card: `<div><dt>label</dt><dd data-testid=…>value</dd></div>`.
fn figure(h: &mut Html, class: &str, label: &str, testid: &str, value: &str) {
    let c = if class.is_empty() { ("", "") } else { ("class", class) };
    let id = if testid.is_empty() {
        ("", "")
    } else {
        ("data-testid", testid)
    };
    h.open("div", &[c])
        .el("dt", &[], label)
        .el("dd", &[id], value)
        .close("div");
}

/// A titled note with a list: `<aside class="note"><strong>title</strong><ul>…</ul></aside>`.
fn note_list(h: &mut Html, attrs: &super::Attrs, title: &str, list_lang: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let lang = if list_lang.is_empty() {
        ("", "")
    } else {
        ("lang", list_lang)
    };
    h.open("aside", attrs)
        .el("strong", &[], title)
        .open("ul", &[lang])
        .items(items)
        .close("ul")
        .close("aside");
}

/// The card down to the formulas: what it is, what it costs, why, what the catalog says of it.
pub fn top(d: &DetailIn) -> String {
    let (f, rec, s) = (d.fmt, d.rec, d.scenario);
    let first = d
        .outcome
        .recommendations
        .first()
        .is_some_and(|x| x.instance == rec.instance);
    let mut h = Html::new();
    h.open("p", &[("class", "eyebrow")])
        .text(f.t(if first { Msg::Best } else { Msg::YourPick }));
    if !first {
        h.text(" ").el(
            "button",
            &[
                ("type", "button"),
                ("class", "small"),
                ("data-testid", "back-to-best"),
                ("data-act", "best"),
            ],
            f.t(Msg::BackToBest),
        );
    }
    h.close("p");
    h.el(
        "p",
        &[("class", "scenario"), ("data-testid", "scenario-line")],
        &explain::scenario_line(s, f.lang),
    );
    h.open("h2", &[("class", "headline"), ("data-testid", "top-instance")])
        .text(&format!("{} × {}", rec.n_instances, rec.instance))
        .el(
            "span",
            &[("class", "sub")],
            &format!(" — {} × {}", rec.n_accelerators, rec.accelerator),
        )
        .close("h2");
    figures(&mut h, d);
    if let Some(t) = price_source(d) {
        h.el(
            "p",
            &[("class", "source muted"), ("data-testid", "price-source")],
            &format!("{}{}{t}", f.t(Msg::SourceLabel), f.t(Msg::Colon)),
        );
    }
    let range = (!d.card)
        .then(|| crate::engine::sensitivity::sensitivity(d.catalog, s, &rec.instance))
        .flatten()
        .and_then(|r| explain::range(&r, f.lang, &|usd| f.money(usd)));
    if let Some(r) = range {
        h.el("p", &[("class", "range"), ("data-testid", "range")], &r);
    }
    if rec.memory.total_gib(1.0) > 0.0 {
        let per_device = rec.mem_available_gib / f64::from(rec.n_accelerators.max(1));
        h.fragment(&charts::memory(
            f,
            &rec.memory,
            rec.devices_per_replica.max(1),
            per_device,
            s.assumptions.mem_usable,
        ));
    }
    h.el("h3", &[], f.t(Msg::Why));
    let reasons: Vec<String> = rec.reasons.iter().map(|w| explain::why(w, f.lang)).collect();
    h.open("ul", &[("class", "reasons")]).items(&reasons).close("ul");
    note_list(
        &mut h,
        &[("class", "note"), ("data-testid", "catalog-notes")],
        f.t(Msg::CatalogNotes),
        "en",
        &catalog_notes(d),
    );
    let history = price_history(d);
    if !history.is_empty() {
        h.open("p", &[("class", "history"), ("data-testid", "price-history")])
            .el("strong", &[], &format!("{} (us-east-1)", f.t(Msg::PriceHistory)))
            .text(&format!("{}{}", f.t(Msg::Colon), history.join("; ")))
            .close("p");
    }
    if d.full && !d.card {
        regions(&mut h, d);
    }
    note_list(
        &mut h,
        &[("class", "note")],
        f.t(Msg::ArticleNote),
        "",
        &article_notes(d),
    );
    if !d.card {
        let formulas = explain::formulas(s, &d.outcome.arch, rec, f.lang);
        h.open("details", &[("class", "formulas")])
            .el("summary", &[], f.t(Msg::Formula))
            .open("ul", &[]);
        for line in &formulas {
            h.open("li", &[]).el("code", &[], line).close("li");
        }
        h.close("ul").close("details");
    }
    h.finish()
}

/// The headline figures: hourly and period cost as the chosen option, the cheapest plan, speed,
/// $/Mtok, energy.
fn figures(h: &mut Html, d: &DetailIn) {
    let (f, rec) = (d.fmt, d.rec);
    let task = d.scenario.task;
    // Which option the headline prices are: the chosen one, or On-Demand where it is not offered.
    let not_offered = rec.reasons.iter().any(|w| matches!(w, Why::BuyNotOffered { .. }));
    let priced = explain::buy_name(
        if not_offered {
            Buy::OnDemand
        } else {
            d.scenario.purchase.buy
        },
        f.lang,
    );
    let or_none = |v: Option<f64>| v.map_or_else(|| f.t(Msg::NoPrice).to_string(), |x| f.money(x));
    h.open("dl", &[("class", "figures")]);
    h.open("div", &[])
        .open("dt", &[])
        .text(&format!("{} · ", f.t(Msg::Hourly)))
        .el("span", &[("data-testid", "priced-as")], priced)
        .close("dt")
        .el("dd", &[("data-testid", "top-hourly")], &or_none(rec.hourly_usd))
        .close("div");
    figure(
        h,
        "",
        &format!("{} · {priced}", f.t(cost_label(task))),
        "",
        &or_none(rec.job_usd.or(rec.monthly_usd)),
    );
    if let Some(p) = d.plan {
        let months = f64::from(d.scenario.months.max(1));
        let (label, v) = if task.is_job() {
            (Msg::CheapestPlanJob, p.horizon_usd)
        } else {
            (Msg::CheapestPlanMonth, p.horizon_usd / months)
        };
        figure(h, "plan-fig", f.t(label), "top-plan", &f.money(v));
    }
    figure(h, "", f.t(speed_label(task)), "", &speed_text(rec, f));
    if let Some(m) = rec.usd_per_million_tokens {
        figure(h, "", f.t(Msg::PerMTok), "top-per-mtok", &f.money(m));
    }
    let energy = rec.energy_kwh.map_or_else(
        || f.t(Msg::NoTdp).to_string(),
        |e| format!("{} kWh", format::number(e, 0)),
    );
    figure(
        h,
        "",
        f.t(if task.is_job() {
            Msg::EnergyJob
        } else {
            Msg::EnergyMonth
        }),
        "top-energy",
        &energy,
    );
    h.close("dl");
}

/// The headline price's source and date (marked when derived).
fn price_source(d: &DetailIn) -> Option<String> {
    d.rec.price.as_ref().map(|p| {
        let src = d
            .catalog
            .source(&p.source)
            .map_or(p.source.as_str(), |s| s.title.as_str());
        let tag = if p.derived {
            format!(" ({})", d.fmt.t(Msg::DerivedTag))
        } else {
            String::new()
        };
        format!("{src} — {}{tag}", p.as_of)
    })
}

/// The price levels of this type in us-east-1 (the June 2025 cut), oldest first.
fn price_history(d: &DetailIn) -> Vec<String> {
    let f = d.fmt;
    d.catalog
        .price_history_of(&d.rec.instance)
        .windows(2)
        .filter_map(|w| match w {
            [a, b] if (a.usd_hr - b.usd_hr).abs() > 1e-9 => Some(format!(
                "{}: {}/h → {}/h ({} %)",
                b.from,
                f.money(a.usd_hr),
                f.money(b.usd_hr),
                format::signed((b.usd_hr / a.usd_hr - 1.0) * 100.0, 0)
            )),
            _ => None,
        })
        .collect()
}

/// What the catalog records about this type and its chip: caveats, disagreements between sources.
fn catalog_notes(d: &DetailIn) -> Vec<String> {
    let inst = d.catalog.instance(&d.rec.instance);
    let acc = inst.and_then(|i| d.catalog.accelerator(&i.accelerator));
    [inst.map(|i| &i.note), acc.map(|a| &a.note)]
        .into_iter()
        .flatten()
        .filter(|n| !n.is_empty())
        .cloned()
        .collect()
}

/// What the source articles say of this type, where the catalog differs.
fn article_notes(d: &DetailIn) -> Vec<String> {
    d.catalog
        .article_quotes
        .iter()
        .filter(|q| q.instance == d.rec.instance && q.status != "match")
        .map(|q| {
            format!(
                "“{}” — {}",
                q.quote,
                if d.fmt.lang == Lang::Zh { &q.note_zh } else { &q.note_en }
            )
        })
        .collect()
}

/// The chosen type's list prices in every priced region, each a click away from planning there
/// (`data-act="region"`); nothing when it is priced in one region only.
fn regions(h: &mut Html, d: &DetailIn) {
    let regions = crate::explore::prices_by_region(d.catalog, &d.rec.instance);
    if regions.len() < 2 {
        return;
    }
    let f = d.fmt;
    h.open("details", &[("class", "regions"), ("data-testid", "regions")])
        .el(
            "summary",
            &[],
            &format!("{} ({})", f.t(Msg::OtherRegions), regions.len()),
        )
        .open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[])
        .open("thead", &[])
        .open("tr", &[]);
    for (m, class) in [
        (Msg::Region, ""),
        (Msg::OnDemand, "num"),
        (Msg::SpotMedian, "num"),
        (Msg::SwitchRegion, ""),
    ] {
        let c = if class.is_empty() { ("", "") } else { ("class", class) };
        h.el("th", &[("scope", "col"), c], f.t(m));
    }
    h.close("tr").close("thead").open("tbody", &[]);
    for p in &regions {
        let current = p.region == d.scenario.region;
        let class = if current { ("class", "current") } else { ("", "") };
        let od = format!("{}{}", f.money(p.on_demand_usd_hr), if p.derived { "*" } else { "" });
        let spot = p
            .spot_median_usd_hr
            .map_or_else(|| f.t(Msg::SpotNotObserved).to_string(), |s| f.money(s));
        let disabled = if current { ("disabled", "") } else { ("", "") };
        h.open("tr", &[("data-region", &p.region), class])
            .el("th", &[("scope", "row")], &p.region)
            .el("td", &[("class", "num")], &od)
            .el("td", &[("class", "num")], &spot)
            .open("td", &[])
            .el(
                "button",
                &[
                    ("type", "button"),
                    ("class", "small"),
                    ("data-act", "region"),
                    ("data-id", &p.region),
                    disabled,
                ],
                f.t(Msg::UseRegion),
            )
            .close("td")
            .close("tr");
    }
    h.close("tbody")
        .close("table")
        .close("div")
        .el("p", &[("class", "source muted")], f.t(Msg::RegionsNote))
        .close("details");
}

/// The cheapest plan's box, less its export buttons: total, the fleet path and chart, its lines, the
/// saving.
pub fn plan(d: &DetailIn, plan: &Plan) -> String {
    let f = d.fmt;
    // The committed line and the flexible line of a growing fleet (the text and the chart read both).
    let find = |s: Segment| plan.items.iter().find(|i| i.segment == s).map(|i| (i.instances, i.buy));
    let (baseline, growth) = (find(Segment::Baseline), find(Segment::Growth));
    let committed = baseline.map_or(0, |(n, _)| n);
    let mut h = Html::new();
    h.open("h3", &[])
        .text(&format!("{}{}", f.t(Msg::TheCheapestPlan), f.t(Msg::Colon)))
        .el("span", &[("data-testid", "plan-total")], &f.money(plan.horizon_usd))
        .close("h3");
    if let Some(p) = explain::fleet_path(&plan.fleet_by_month, d.scenario.purchase.growth_pct, f.lang) {
        h.el("p", &[("class", "fleet"), ("data-testid", "plan-fleet")], &p);
    }
    // The compact embedded card keeps the sentence and leaves the chart to the full page.
    if !plan.fleet_by_month.is_empty() && !d.card {
        h.fragment(&charts::fleet(
            f,
            &plan.fleet_by_month,
            committed,
            baseline.map(|(_, b)| b),
            growth.map(|(_, b)| b),
        ));
    }
    let items: Vec<String> = plan
        .items
        .iter()
        .map(|i| {
            // Growth varies month by month: its count is the most in any month.
            let up_to = match (i.segment, f.lang) {
                (Segment::Growth, Lang::Zh) => "最多 ",
                (Segment::Growth, Lang::En) => "up to ",
                _ => "",
            };
            let seg = f.t(match i.segment {
                Segment::Baseline => Msg::Baseline,
                Segment::Burst => Msg::Burst,
                Segment::Job => Msg::Job,
                // Nothing committed: the flexible line is the whole fleet, not what is above a commitment.
                Segment::Growth if committed == 0 => Msg::GrowthWhole,
                Segment::Growth => Msg::GrowthSegment,
            });
            let colon = if f.lang == Lang::Zh { "：" } else { ": " };
            let (buy, usd) = (explain::buy_name(i.buy, f.lang), f.money(i.horizon_usd));
            format!("{seg}{colon}{up_to}{} × {} — {buy} ({usd})", i.instances, plan.instance)
        })
        .collect();
    h.open("ul", &[("class", "plan-items")]).items(&items).close("ul");
    if let Some(s) = plan.savings_vs_od_usd.filter(|s| *s > 0.005) {
        h.el(
            "p",
            &[("class", "savings"), ("data-testid", "plan-savings")],
            &explain::savings(&f.money(s), f.lang),
        );
    }
    h.finish()
}

/// The purchase options' table and the two cost charts.
pub fn options(d: &DetailIn, options: &[OptionCost]) -> String {
    let f = d.fmt;
    let n_instances = d.rec.n_instances;
    let is_job = options.iter().any(|o| o.job_usd.is_some());
    // Serving: what a million output tokens cost on each option, at the fleet's throughput.
    let per_mtok = options.iter().any(|o| o.usd_per_million_tokens.is_some());
    let total_label = if is_job {
        f.t(Msg::PerJob).to_string()
    } else {
        explain::over_months(d.scenario.months, f.lang)
    };
    let mut h = Html::new();
    h.el("h3", &[], f.t(Msg::Options));
    // With a growing fleet the plan above differs from these figures, which are for a steady fleet.
    if !is_job && d.scenario.fleet_grows() {
        h.el(
            "p",
            &[("class", "muted"), ("data-testid", "options-steady")],
            &explain::steady_fleet_note(n_instances, f.lang),
        );
    }
    h.open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[("class", "options")])
        .open("thead", &[])
        .open("tr", &[]);
    let mut heads = vec![
        (f.t(Msg::Option), ""),
        (f.t(Msg::Hourly), "num"),
        (f.t(Msg::Upfront), "num"),
        (&total_label, "num"),
        (f.t(Msg::PerAccelHour), "num"),
    ];
    if per_mtok {
        heads.push((f.t(Msg::PerMTok), "num"));
    }
    heads.push((f.t(Msg::BreakEven), ""));
    for (label, class) in &heads {
        let c = if class.is_empty() { ("", "") } else { ("class", *class) };
        h.el("th", &[("scope", "col"), c], label);
    }
    h.close("tr").close("thead").open("tbody", &[]);
    for o in options {
        option_row(&mut h, f, o, n_instances, per_mtok, &total_label);
    }
    h.close("tbody").close("table").close("div");
    h.open("div", &[("class", "charts")]);
    h.fragment(&charts::option_bars(f, options));
    h.fragment(&charts::cumulative(f, options, d.scenario.months));
    h.close("div");
    h.finish()
}

/// One purchase option's row: its formula behind a disclosure (open on a click, a tap or Enter), or
/// why it is not available.
fn option_row(h: &mut Html, f: Fmt, o: &OptionCost, n_instances: u32, per_mtok: bool, total_label: &str) {
    let name = explain::buy_name(o.buy, f.lang);
    let key = crate::query::buy_key(o.buy);
    if let Some(why) = &o.unavailable {
        let text = format!(
            "{}{}{}",
            f.t(Msg::NotAvailable),
            f.t(Msg::Colon),
            explain::not_offered(why, f.lang)
        );
        h.open(
            "tr",
            &[("data-testid", "option"), ("data-purchase", key), ("class", "muted")],
        )
        .el("th", &[("scope", "row")], name)
        .el(
            "td",
            &[("colspan", if per_mtok { "6" } else { "5" }), ("class", "reason")],
            &text,
        )
        .close("tr");
        return;
    }
    let be = match (o.breakeven_utilization, o.breakeven_month) {
        (Some(u), Some(m)) => format!(
            "{} · {} {}",
            explain::breakeven_use(u, f.lang),
            format::number(m, 1),
            f.t(Msg::BreakEvenMonth)
        ),
        (Some(u), None) => explain::breakeven_use(u, f.lang),
        // Nothing to recover: no commitment (On-Demand, Spot) or a prepaid block.
        _ => f
            .t(if o.buy.term_years().is_none() {
                Msg::NoCommitment
            } else {
                Msg::NotApplicable
            })
            .to_string(),
    };
    let total = o.job_usd.unwrap_or(o.horizon_usd);
    h.open(
        "tr",
        &[
            ("data-testid", "option"),
            ("data-purchase", key),
            ("data-total-usd", &crate::num::shortest(total)),
        ],
    )
    .open("th", &[("scope", "row")])
    .open("details", &[("class", "how"), ("data-testid", "option-how")])
    .open("summary", &[])
    .text(name);
    if o.assumption {
        h.text(" ").el("span", &[("class", "tag")], f.t(Msg::Assumption));
    }
    h.close("summary")
        .el(
            "p",
            &[("class", "formula-text")],
            &explain::option_formula(o, n_instances, f.lang),
        )
        .close("details")
        .close("th");
    let mtok = o.usd_per_million_tokens.map_or_else(|| "—".to_string(), |m| f.money(m));
    let mut cells = vec![
        (f.t(Msg::Hourly), f.money(o.hourly_usd)),
        (f.t(Msg::Upfront), f.money(o.upfront_usd)),
        (total_label, f.money(total)),
        (f.t(Msg::PerAccelHour), f.money(o.per_accelerator_hour_usd)),
    ];
    if per_mtok {
        cells.push((f.t(Msg::PerMTok), mtok));
    }
    for (label, value) in &cells {
        h.el("td", &[("class", "num"), ("data-label", label)], value);
    }
    h.el("td", &[("class", "wrap"), ("data-label", f.t(Msg::BreakEven))], &be)
        .close("tr");
}

/// The ranked list's column heads; speed and cost say what they hold for `task`.
pub fn rec_head(f: Fmt, task: Task) -> String {
    let heads = [
        (Msg::Instance, ""),
        (Msg::Instances, "num"),
        (Msg::Accelerators, ""),
        (Msg::Memory, ""),
        (speed_label(task), "num"),
        (Msg::Hourly, "num"),
        (cost_label(task), "num"),
        (Msg::Compare, ""),
    ];
    let mut h = Html::new();
    h.open("tr", &[]);
    for (m, class) in heads {
        let c = if class.is_empty() { ("", "") } else { ("class", class) };
        h.el("th", &[("scope", "col"), c], f.t(m));
    }
    h.close("tr");
    h.finish()
}

/// The ranked list's rows (the first `limit`): each names its type (a button that opens it,
/// `data-act="pick"`), its fleet, memory, speed and cost, and a Compare toggle (`data-act="cmp"`).
pub fn rec_rows(
    f: Fmt,
    outcome: &Outcome,
    task: Task,
    chosen: Option<&str>,
    compare: &[String],
    limit: usize,
) -> String {
    let mut h = Html::new();
    for r in outcome.recommendations.iter().take(limit) {
        let selected = chosen == Some(r.instance.as_str());
        let class = match (selected, r.fits) {
            (true, true) => "selected",
            (true, false) => "selected unfit",
            (false, false) => "unfit",
            (false, true) => "",
        };
        let (hourly_attr, monthly_attr) = (
            r.hourly_usd.map(crate::num::shortest).unwrap_or_default(),
            r.monthly_usd.map(crate::num::shortest).unwrap_or_default(),
        );
        let fits = if r.fits { "true" } else { "false" };
        let class = if class.is_empty() { ("", "") } else { ("class", class) };
        h.open(
            "tr",
            &[
                ("data-testid", "rec"),
                ("data-instance", &r.instance),
                ("data-fits", fits),
                ("data-hourly-usd", &hourly_attr),
                ("data-monthly-usd", &monthly_attr),
                class,
            ],
        )
        .open("th", &[("scope", "row")])
        .el(
            "button",
            &[
                ("type", "button"),
                ("class", "link"),
                ("data-act", "pick"),
                ("data-id", &r.instance),
            ],
            &r.instance,
        )
        .close("th");
        h.el(
            "td",
            &[("class", "num"), ("data-label", f.t(Msg::Instances))],
            &r.n_instances.to_string(),
        );
        h.el(
            "td",
            &[("class", "wrap"), ("data-label", f.t(Msg::Accelerators))],
            &format!("{} × {}", r.n_accelerators, r.accelerator),
        );
        let (max, value) = (
            crate::num::shortest(r.mem_available_gib),
            crate::num::shortest(r.mem_needed_gib.min(r.mem_available_gib)),
        );
        let title = format!(
            "{} / {} GiB",
            format::number(r.mem_needed_gib, 1),
            format::number(r.mem_available_gib, 1)
        );
        h.open("td", &[("data-label", f.t(Msg::Memory))])
            .el(
                "meter",
                &[("min", "0"), ("max", &max), ("value", &value), ("title", &title)],
                "",
            )
            .text(if r.fits { "" } else { " ✗" })
            .close("td");
        let or_none = |v: Option<f64>| v.map_or_else(|| f.t(Msg::NoPrice).to_string(), |x| f.money(x));
        h.el(
            "td",
            &[("class", "num wrap"), ("data-label", f.t(speed_label(task)))],
            &speed_text(r, f),
        );
        h.el(
            "td",
            &[("class", "num"), ("data-label", f.t(Msg::Hourly))],
            &or_none(r.hourly_usd),
        );
        h.el(
            "td",
            &[("class", "num"), ("data-label", f.t(cost_label(task)))],
            &or_none(r.job_usd.or(r.monthly_usd)),
        );
        let picked = compare.contains(&r.instance);
        let label = f.t(if picked {
            Msg::RemoveFromCompare
        } else {
            Msg::AddToCompare
        });
        h.open("td", &[])
            .el(
                "button",
                &[
                    ("type", "button"),
                    ("class", "small"),
                    ("aria-pressed", if picked { "true" } else { "false" }),
                    ("data-act", "cmp"),
                    ("data-id", &r.instance),
                ],
                label,
            )
            .close("td")
            .close("tr");
    }
    h.finish()
}

/// Why the other types were left out, each family with its instances and the reason.
pub fn excluded(f: Fmt, outcome: &Outcome) -> String {
    if outcome.excluded.is_empty() {
        return String::new();
    }
    let mut h = Html::new();
    h.open("section", &[("class", "card excluded-card")])
        .open("details", &[("data-testid", "excluded")])
        .el(
            "summary",
            &[],
            &format!("{} ({})", f.t(Msg::WhyNot), outcome.excluded.len()),
        )
        .open("ul", &[("class", "excluded")]);
    for e in &outcome.excluded {
        h.open("li", &[])
            .el("strong", &[], &e.family)
            .text(&format!(
                " ({}): {}",
                e.instances.join(", "),
                explain::exclusion(&e.reason, f.lang)
            ))
            .close("li");
    }
    h.close("ul").close("details").close("section");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;

    fn card(query: &str, lang: Lang) -> (String, String, String) {
        let c = catalog();
        let mut s = Scenario::default();
        for pair in query.split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            crate::query::apply_pair(&mut s, k, v, &c, &mut Vec::new());
        }
        let o = crate::engine::recommend(&c, &s);
        let rec = o
            .recommendations
            .iter()
            .find(|r| r.fits)
            .cloned()
            .unwrap_or_else(|| panic!("nothing fits {query}"));
        let p = crate::engine::plan::plan(&c, &s, &rec);
        let opts = crate::engine::cost::option_costs(&c, &s, &rec);
        let d = DetailIn {
            catalog: &c,
            scenario: &s,
            outcome: &o,
            rec: &rec,
            plan: Some(&p),
            fmt: Fmt::new(lang, &s),
            card: false,
            full: true,
        };
        (top(&d), plan(&d, &p), options(&d, &opts))
    }

    #[test]
    fn the_card_carries_its_figures_and_test_ids() {
        let (top, plan, options) = card("model=llama3.1-8b&prio=cost", Lang::En);
        for id in [
            "scenario-line",
            "top-instance",
            "priced-as",
            "top-hourly",
            "top-plan",
            "top-per-mtok",
            "top-energy",
            "price-source",
        ] {
            assert!(top.contains(&format!("data-testid=\"{id}\"")), "{id} missing: {top}");
        }
        assert!(top.contains("<h3>Why</h3>"), "{top}");
        assert!(plan.contains("data-testid=\"plan-total\""), "{plan}");
        assert!(options.contains("data-purchase=\"od\""), "{options}");
        assert!(options.contains("data-testid=\"chart-options\""), "{options}");
    }

    #[test]
    fn chinese_card_is_in_chinese() {
        let (top, _, options) = card("model=llama3.1-8b&prio=cost", Lang::Zh);
        assert!(top.contains("按需"), "{top}");
        assert!(options.contains("按需"), "{options}");
    }

    #[test]
    fn ranked_rows_mark_the_chosen_and_the_compared() {
        let c = catalog();
        let mut s = Scenario::default();
        crate::query::apply_pair(&mut s, "model", "llama3.1-8b", &c, &mut Vec::new());
        let o = crate::engine::recommend(&c, &s);
        let first = o
            .recommendations
            .first()
            .map(|r| r.instance.clone())
            .unwrap_or_default();
        let rows = rec_rows(
            Fmt::new(Lang::En, &s),
            &o,
            s.task,
            Some(&first),
            std::slice::from_ref(&first),
            3,
        );
        assert_eq!(
            rows.matches("data-testid=\"rec\"").count(),
            3.min(o.recommendations.len()),
            "{rows}"
        );
        assert_eq!(rows.matches("class=\"selected").count(), 1, "{rows}");
        assert_eq!(rows.matches("aria-pressed=\"true\"").count(), 1, "{rows}");
    }

    #[test]
    fn a_job_labels_its_cost_per_job() {
        assert_eq!(cost_label(Task::Training), Msg::PerJob);
        assert_eq!(cost_label(Task::Inference), Msg::Monthly);
        assert_eq!(speed_label(Task::Hpc), Msg::Fp64Peak);
    }
}
