//! The cheapest plan's box and the purchase options' table (with their charts) as HTML text.

use super::detail::DetailIn;
use super::{charts, cost_charts, Fmt, Html};
use crate::engine::cost::OptionCost;
use crate::engine::outcome::{NotOffered, Plan, Segment};
use crate::explain;
use crate::format;
use crate::i18n::Msg;

/// The tag after an option's name: "not imported" for a Savings Plan without a published rate, else
/// "assumption" where the rate is assumed or derived.
fn option_tag(o: &OptionCost) -> Option<Msg> {
    if matches!(o.sp_rate, Some(crate::engine::cost::SpRateBasis::NotImported)) {
        Some(Msg::NotImported)
    } else {
        o.assumption.then_some(Msg::Assumption)
    }
}

/// The cheapest plan's box, less its export buttons: total, the fleet path and chart, its lines, the
/// saving.
pub fn plan(d: &DetailIn, plan: &Plan) -> String {
    let f = d.fmt;
    // The committed line and the flexible line of a growing fleet (the text and the chart read both).
    let find = |s: Segment| plan.items.iter().find(|i| i.segment == s).map(|i| (i.instances, i.buy));
    let (baseline, growth) = (find(Segment::Baseline), find(Segment::Growth));
    let committed = baseline.map_or(0, |(n, _)| n);
    let by_month = crate::engine::plan::committed_by_month(plan);
    let mut h = Html::new();
    // Where another type plans for less, this box is this type's cheapest plan, and says so.
    let title = match &plan.elsewhere {
        None => f.t(Msg::TheCheapestPlan).to_string(),
        Some(_) => explain::cheapest_plan_on(&plan.instance, f.lang),
    };
    h.open("h3", &[])
        .text(&format!("{title}{}", f.t(Msg::Colon)))
        .el("span", &[("data-testid", "plan-total")], &f.money(plan.horizon_usd))
        .close("h3");
    if let Some(e) = &plan.elsewhere {
        elsewhere(&mut h, f, e);
    }
    if let Some(p) = explain::fleet_path(&plan.fleet_by_month, d.scenario.purchase.growth_pct, f.lang) {
        h.el("p", &[("class", "fleet"), ("data-testid", "plan-fleet")], &p);
    }
    // The compact embedded card keeps the sentence and leaves the chart to the full page.
    if !plan.fleet_by_month.is_empty() && !d.card {
        h.fragment(&charts::fleet(
            f,
            &plan.fleet_by_month,
            &by_month,
            baseline.map(|(_, b)| b),
            growth.map(|(_, b)| b),
        ));
    }
    let items: Vec<String> = plan
        .items
        .iter()
        .map(|i| {
            // Growth varies month by month: its count is the most in any month.
            let up_to = if i.segment == Segment::Growth {
                f.t(Msg::UpTo)
            } else {
                ""
            };
            let seg = f.t(match i.segment {
                Segment::Baseline => Msg::Baseline,
                Segment::Burst => Msg::Burst,
                Segment::Job => Msg::Job,
                // Nothing committed: the flexible line is the whole fleet, not what is above a commitment.
                Segment::Growth if committed == 0 => Msg::GrowthWhole,
                Segment::Growth => Msg::GrowthSegment,
            });
            let colon = f.t(Msg::Colon);
            let (buy, usd) = (explain::buy_name(i.buy, f.lang), f.money(i.horizon_usd));
            // A growing fleet's commitments start in different months: each line says which.
            let months = if i.segment == Segment::Baseline && !plan.fleet_by_month.is_empty() {
                explain::month_span(i.from_month, i.months, f.lang)
            } else {
                String::new()
            };
            format!(
                "{seg}{colon}{up_to}{} × {}{months} — {buy} ({usd})",
                i.instances, plan.instance
            )
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

/// The cheapest plan over every type that fits, on another type than the card's: its fleet and option
/// (or its type alone for a plan of several lines) and its total (its row in the ranking opens it).
fn elsewhere(h: &mut Html, f: Fmt, e: &Plan) {
    let line = match e.items.as_slice() {
        [i] => Some((i.instances, i.buy)),
        _ => None,
    };
    let text = explain::cheaper_elsewhere(&e.instance, line, &f.money(e.horizon_usd), f.lang);
    h.el("p", &[("class", "elsewhere"), ("data-testid", "plan-elsewhere")], &text);
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
    ];
    // A job's options differ in how long it runs (Spot's interruptions, a block's start): its time, beside its cost.
    if is_job {
        heads.push((f.t(Msg::Time), "num"));
    }
    heads.push((f.t(Msg::PerAccelHour), "num"));
    if per_mtok {
        heads.push((f.t(Msg::PerMTok), "num"));
    }
    heads.push((f.t(Msg::BreakEven), ""));
    for (label, class) in &heads {
        let c = if class.is_empty() { ("", "") } else { ("class", *class) };
        h.el("th", &[("scope", "col"), c], label);
    }
    h.close("tr").close("thead").open("tbody", &[]);
    // One precision per money column: the decimals its amounts share.
    let available: Vec<&OptionCost> = options.iter().filter(|o| o.unavailable.is_none()).collect();
    let column = |v: &dyn Fn(&OptionCost) -> Option<f64>| {
        f.decimals_of(&available.iter().filter_map(|o| v(o)).collect::<Vec<_>>())
    };
    let decimals = Decimals {
        hourly: column(&|o| Some(o.hourly_usd)),
        upfront: column(&|o| Some(o.upfront_usd)),
        total: column(&|o| Some(o.job_usd.unwrap_or(o.horizon_usd))),
        per_accel: column(&|o| Some(o.per_accelerator_hour_usd)),
        per_mtok: column(&|o| o.usd_per_million_tokens),
    };
    let row = Row {
        n_instances,
        per_mtok,
        is_job,
        total_label: &total_label,
        decimals: &decimals,
    };
    for o in options {
        option_row(&mut h, f, o, &row);
    }
    h.close("tbody").close("table").close("div");
    let managed = crate::engine::managed::compare(d.catalog, d.scenario, d.rec, d.plan);
    if let Some(m) = &managed {
        managed_part(&mut h, d, m);
    }
    let bedrock = managed.and_then(|m| m.first_month_bedrock_usd());
    h.open("div", &[("class", "charts")]);
    h.fragment(&cost_charts::option_bars(f, options, d.scenario.months));
    h.fragment(&cost_charts::cumulative(f, options, d.scenario.months, bedrock));
    h.close("div");
    h.finish()
}

/// Self-hosting against Amazon Bedrock, SageMaker AI and ECS Managed Instances, in lines.
fn managed_part(h: &mut Html, d: &DetailIn, m: &crate::engine::managed::Managed) {
    let f = d.fmt;
    let lines = explain::managed_lines(d.catalog, m, d.outcome.arch.name, &d.rec.instance, f.lang, &|usd| {
        f.money(usd)
    });
    h.open("section", &[("class", "managed"), ("data-testid", "managed")])
        .el("h3", &[], f.t(Msg::ManagedHead))
        .open("ul", &[])
        .items(&lines)
        .close("ul")
        .close("section");
}

/// The decimals of each money column of the options' table.
struct Decimals {
    hourly: usize,
    upfront: usize,
    total: usize,
    per_accel: usize,
    per_mtok: usize,
}

/// What every row of the options' table shares.
struct Row<'a> {
    n_instances: u32,
    per_mtok: bool,
    is_job: bool,
    total_label: &'a str,
    decimals: &'a Decimals,
}

/// The row of an option that is not available: its name and why, across the figures' columns.
fn unavailable_row(h: &mut Html, f: Fmt, (name, key): (&str, &str), why: &NotOffered, per_mtok: bool, is_job: bool) {
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
        &[
            (
                "colspan",
                match (per_mtok, is_job) {
                    (false, false) => "5",
                    (true, true) => "7",
                    _ => "6",
                },
            ),
            ("class", "reason"),
        ],
        &text,
    )
    .close("tr");
}

/// The break-even cell: the utilisation and month at which a commitment pays off, or why there is none.
fn breakeven_text(f: Fmt, o: &OptionCost) -> String {
    match (o.breakeven_utilization, o.breakeven_month) {
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
    }
}

/// One purchase option's row: its formula behind a disclosure (open on a click, a tap or Enter), or
/// why it is not available.
fn option_row(h: &mut Html, f: Fmt, o: &OptionCost, row: &Row) {
    let Row {
        n_instances,
        per_mtok,
        is_job,
        total_label,
        decimals: d,
    } = *row;
    let name = explain::buy_name(o.buy, f.lang);
    let key = crate::query::buy_key(o.buy);
    if let Some(why) = &o.unavailable {
        unavailable_row(h, f, (name, key), why, per_mtok, is_job);
        return;
    }
    let be = breakeven_text(f, o);
    let total = o.job_usd.unwrap_or(o.horizon_usd);
    h.open(
        "tr",
        &[
            ("data-testid", "option"),
            ("data-purchase", key),
            ("data-total-usd", &crate::num::rounded(total, 6)),
        ],
    )
    .open("th", &[("scope", "row")])
    .open("details", &[("class", "how"), ("data-testid", "option-how")])
    .open("summary", &[])
    .text(name);
    if let Some(tag) = option_tag(o) {
        h.text(" ").el("span", &[("class", "tag")], f.t(tag));
    }
    h.close("summary")
        .el(
            "p",
            &[("class", "formula-text")],
            &explain::option_formula(o, n_instances, f.lang, &|v| f.money(v)),
        )
        .close("details")
        .close("th");
    let mtok = o
        .usd_per_million_tokens
        .map_or_else(|| "—".to_string(), |m| f.money_at(m, d.per_mtok));
    let mut cells = vec![
        (f.t(Msg::Hourly), f.money_at(o.hourly_usd, d.hourly)),
        (f.t(Msg::Upfront), f.money_at(o.upfront_usd, d.upfront)),
        (total_label, f.money_at(total, d.total)),
    ];
    if is_job {
        let time = o
            .job_hours
            .map_or_else(|| "—".to_string(), |h| format::hours(h, f.lang));
        cells.push((f.t(Msg::Time), time));
    }
    cells.push((
        f.t(Msg::PerAccelHour),
        f.money_at(o.per_accelerator_hour_usd, d.per_accel),
    ));
    if per_mtok {
        cells.push((f.t(Msg::PerMTok), mtok));
    }
    for (label, value) in &cells {
        h.el("td", &[("class", "num"), ("data-label", label)], value);
    }
    h.el("td", &[("class", "wrap"), ("data-label", f.t(Msg::BreakEven))], &be)
        .close("tr");
}

#[cfg(test)]
mod tests {
    use crate::catalog_static::catalog;
    use crate::render::detail::DetailIn;
    use crate::render::Fmt;
    use crate::scenario::Lang;

    fn options_html(q: &str) -> String {
        let c = catalog();
        let (s, _) = crate::query::parse(q, &c);
        let o = crate::engine::recommend(&c, &s);
        let rec = o
            .recommendations
            .iter()
            .find(|r| r.fits)
            .cloned()
            .unwrap_or_else(|| panic!("{q}"));
        let opts = crate::engine::option_costs(&c, &s, &rec);
        let d = DetailIn {
            catalog: &c,
            scenario: &s,
            outcome: &o,
            rec: &rec,
            plan: None,
            range: None,
            fmt: Fmt::from(Lang::En),
            card: false,
            full: true,
            root: "",
        };
        super::options(&d, &opts)
    }

    /// The texts of the cells labelled `label`, in row order.
    fn column<'a>(html: &'a str, label: &str) -> Vec<&'a str> {
        html.split(&format!("data-label=\"{label}\">"))
            .skip(1)
            .map(|c| c.split('<').next().unwrap_or(""))
            .collect()
    }

    #[test]
    fn a_money_column_has_one_precision_and_a_job_its_time() {
        // Issue 24 #19: "$1.97 … $0.8501" in one column; no job time in the options' table.
        let html = options_html("v=1&inst=inf2.8xlarge");
        for label in ["Per hour", "Per accelerator-hour", "Per million tokens"] {
            let cells = column(&html, label);
            let decimals: Vec<usize> = cells.iter().map(|c| c.split('.').nth(1).map_or(0, str::len)).collect();
            assert!(
                cells.len() > 2 && decimals.windows(2).all(|w| w[0] == w[1]),
                "{label}: {cells:?}"
            );
        }
        assert!(column(&html, "Job time").is_empty());
        let job = options_html("v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge");
        let times = column(&job, "Job time");
        assert!(
            !times.is_empty() && times.iter().all(|t| t.ends_with(" h") || t.contains("day")),
            "{times:?}"
        );
    }
}
