//! The chosen recommendation's card as HTML text: headline figures, why, notes, prices by region, formulas, the cheapest plan, the purchase options and their charts.

use super::ranked::{cost_label, speed_label, speed_text};
use super::{charts, Fmt, Html};
use crate::catalog::Catalog;

use crate::engine::outcome::Plan;
use crate::engine::{Outcome, Recommendation};
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::{Buy, Lang, Scenario};

/// What the card is drawn from.
pub struct DetailIn<'a> {
    pub catalog: &'a Catalog,
    pub scenario: &'a Scenario,
    pub outcome: &'a Outcome,
    pub rec: &'a Recommendation,
    pub plan: Option<&'a Plan>,
    /// The estimate at both ends of the efficiency assumptions (computed by the caller, once).
    pub range: Option<&'a crate::engine::sensitivity::Sensitivity>,
    pub fmt: Fmt,
    /// The compact embedded card: the figures and the plan only, no range, memory chart, why, notes,
    /// regions, formulas, option table or charts (its link opens them).
    pub card: bool,
    /// The first frame has been painted: what lies below the fold (prices by region) is drawn too.
    pub full: bool,
    /// dist/'s root from the page the card is on ("" in the app, "../../" on a static page two folders
    /// down), for links to the pre-rendered pages (the accuracy ledger).
    pub root: &'static str,
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
                super::Act::Best.attr(),
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
    let range = d
        .range
        .filter(|_| !d.card)
        .and_then(|r| explain::range(r, f.lang, &|usd| f.money(usd)));
    if let Some(r) = range {
        h.open("p", &[("class", "range")])
            .el("span", &[("data-testid", "range")], &r);
        record_link(&mut h, d);
        h.close("p");
    }
    // The compact embedded card stops at the figures: the chart, why and the notes are a click away.
    if d.card {
        return h.finish();
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
    why_and_notes(&mut h, d);
    h.finish()
}

/// After the range: the record of the estimate's family against the published runs, a link to the
/// pre-rendered accuracy ledger.
fn record_link(h: &mut Html, d: &DetailIn) {
    let (rec, lang) = (d.rec, d.fmt.lang);
    let acc = d.catalog.instance(&rec.instance).map_or("", |i| i.accelerator.as_str());
    let moe = d.outcome.arch.is_moe();
    if let Some(text) = explain::record(d.scenario.task, moe, acc, &rec.accelerator, lang) {
        let href = format!("{}{}", d.root, super::site::page_path("a", "accuracy", lang));
        h.text(" ").el(
            "a",
            &[("href", &href), ("class", "record"), ("data-testid", "record")],
            &text,
        );
    }
}

/// Why it was chosen, what the catalog and the articles note of it, its price history, prices by
/// region (after the first paint) and the formula lines (not in the embedded card).
fn why_and_notes(h: &mut Html, d: &DetailIn) {
    let (f, rec, s) = (d.fmt, d.rec, d.scenario);
    h.el("h3", &[], f.t(Msg::Why));
    let reasons: Vec<String> = rec.reasons.iter().map(|w| explain::why(w, f.lang)).collect();
    h.open("ul", &[("class", "reasons")]).items(&reasons).close("ul");
    note_list(
        h,
        &[("class", "note"), ("data-testid", "catalog-notes")],
        f.t(Msg::CatalogNotes),
        "en",
        &catalog_notes(d),
    );
    let (history, region) = price_history(d);
    if !history.is_empty() {
        // The plan's region when the catalog records its history; else us-east-1's, saying so.
        let whose = if region == d.scenario.region {
            region.to_string()
        } else {
            explain::history_elsewhere(region, &d.scenario.region, f.lang)
        };
        h.open("p", &[("class", "history"), ("data-testid", "price-history")])
            .el("strong", &[], &format!("{} ({whose})", f.t(Msg::PriceHistory)))
            .text(&format!("{}{}", f.t(Msg::Colon), history.join("; ")))
            .close("p");
    }
    if d.full && !d.card {
        regions(h, d);
    }
    note_list(h, &[("class", "note")], f.t(Msg::ArticleNote), "", &article_notes(d));
    if !d.card {
        let formulas = explain::formulas(s, &d.outcome.arch, rec, f);
        h.open("details", &[("class", "formulas")])
            .el("summary", &[], f.t(Msg::Formula))
            .open("ul", &[]);
        for line in &formulas {
            h.open("li", &[]).el("code", &[], line).close("li");
        }
        h.close("ul").close("details");
    }
}

/// The headline figures: hourly and period cost as the chosen option, the cheapest plan, speed,
/// $/Mtok, energy.
fn figures(h: &mut Html, d: &DetailIn) {
    let (f, rec) = (d.fmt, d.rec);
    let work = super::ranked::Work::of(d.scenario);
    let job = work.job;
    let priced = explain::buy_name(priced_buy(d), f.lang);
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
        &format!("{} · {priced}", f.t(cost_label(work))),
        "",
        &or_none(rec.job_usd.or(rec.monthly_usd)),
    );
    if let Some(p) = d.plan {
        let months = f64::from(d.scenario.months.max(1));
        // A growing fleet's months differ: the figure is their average, and says so.
        let (label, v) = if job {
            (Msg::CheapestPlanJob, p.horizon_usd)
        } else if d.scenario.fleet_grows() {
            (Msg::CheapestPlanMonthAvg, p.horizon_usd / months)
        } else {
            (Msg::CheapestPlanMonth, p.horizon_usd / months)
        };
        figure(h, "plan-fig", f.t(label), "top-plan", &f.money(v));
    }
    figure(h, "", f.t(speed_label(work)), "", &speed_text(rec, f));
    if let Some(m) = rec.usd_per_million_tokens {
        figure(h, "", f.t(Msg::PerMTok), "top-per-mtok", &f.money(m));
    }
    if let Some(t) = rec.first_token {
        figure(h, "", f.t(Msg::Ttft), "top-ttft", &explain::latency(t.ttft_s, f.lang));
    }
    if let Some(u) = rec.serving_unit {
        figure(h, "", f.t(Msg::Room), "top-room", &explain::room(&u.load, f.lang));
    }
    if let Some(r) = rec.per_request(d.scenario.output_tokens) {
        let text = explain::per_request(&f.money(r.usd * 1000.0), r.total_s, f.lang);
        figure(h, "", f.t(Msg::PerRequest), "top-per-request", &text);
    }
    let energy = rec.energy_kwh.map_or_else(
        || f.t(Msg::NoTdp).to_string(),
        |e| format!("{} kWh", format::number(e, 0)),
    );
    figure(
        h,
        "",
        f.t(if job { Msg::EnergyJob } else { Msg::EnergyMonth }),
        "top-energy",
        &energy,
    );
    if let Some(c) = rec
        .energy_kwh
        .and_then(|e| crate::engine::carbon::co2e(d.catalog, &d.scenario.region, e))
    {
        let label = f.t(if job { Msg::Co2eJob } else { Msg::Co2eMonth });
        // The figure in the tile, its basis (energy × PUE × grid, the grid's source) in small text under it.
        let (kg, basis) = explain::co2e_parts(&c, f.lang);
        h.open("div", &[("class", "co2e")])
            .el("dt", &[], label)
            .el("dd", &[("data-testid", "top-co2e")], &kg)
            .el("small", &[("class", "basis")], &basis)
            .close("div");
    }
    h.close("dl");
}

/// The option the headline prices are: the chosen one, or On-Demand where it is not offered.
fn priced_buy(d: &DetailIn) -> Buy {
    d.rec.priced_as(d.scenario.purchase.buy)
}

/// The headline price's source and date, of the option it is (a Capacity Block rate from a source
/// article is not the On-Demand price list); marked when derived.
fn price_source(d: &DetailIn) -> Option<String> {
    let (c, s, rec, zh) = (d.catalog, d.scenario, d.rec, d.fmt.lang == crate::scenario::Lang::Zh);
    let title = |id: &str| c.source(id).map_or(id.to_string(), |x| x.title.clone());
    let option = match priced_buy(d) {
        Buy::Spot => c
            .spot(&rec.instance, &s.region)
            .map(|p| (title(&p.source), p.as_of, "")),
        Buy::CapacityBlock => crate::engine::option_cost(c, s, rec, Buy::CapacityBlock).cb.map(|b| {
            let name = if b.from_article {
                explain::source_name(&b.source, true, zh).to_string()
            } else {
                title(&b.source)
            };
            (name, b.as_of, explain::cb_article_note(b.from_article, zh))
        }),
        b @ (Buy::Ri1 | Buy::Ri3) => c
            .reserved
            .iter()
            .find(|r| r.instance == rec.instance && Some(r.term_years) == b.term_years())
            .or_else(|| c.reserved.iter().find(|r| r.instance == rec.instance))
            .map(|r| (title(&r.source), r.as_of, "")),
        _ => None,
    };
    if let Some((name, as_of, note)) = option {
        return Some(format!("{name} — {as_of}{note}"));
    }
    rec.price.as_ref().map(|p| {
        let tag = if p.derived {
            format!(" ({})", d.fmt.t(Msg::DerivedTag))
        } else {
            String::new()
        };
        format!("{} — {}{tag}", title(&p.source), p.as_of)
    })
}

/// The price levels of this type in the plan's region, oldest first, with the region they are of: the
/// plan's where the catalog has its history, else us-east-1's (the June 2025 cut is recorded there).
fn price_history<'a>(d: &'a DetailIn) -> (Vec<String>, &'a str) {
    let f = d.fmt;
    let of = |region: &str| d.catalog.price_history_of(&d.rec.instance, region);
    let here = of(&d.scenario.region);
    let (points, region) = if here.len() > 1 {
        (here, d.scenario.region.as_str())
    } else {
        (of("us-east-1"), "us-east-1")
    };
    let lines = points
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
        .collect();
    (lines, region)
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

/// A region's Spot price (a median over its zones, or the feed's one regional price), or "none observed" with the date of the look (the region's newest Spot figure).
fn spot_cell(d: &DetailIn, p: &crate::explore::RegionPrice) -> String {
    let f = d.fmt;
    match (p.spot_median_usd_hr, d.catalog.spot_looked(&p.region)) {
        (Some(s), _) => f.money(s),
        (None, Some(at)) => format!("{} ({at})", f.t(Msg::SpotNotObserved)),
        (None, None) => f.t(Msg::SpotNotObserved).to_string(),
    }
}

/// The plan's CO2e in each region (its energy × PUE × that region's grid) as the table writes it, and the
/// lowest-carbon region of them: article 002's low-carbon regions as a choice beside the price.
fn co2e_by_region<'a>(
    d: &DetailIn,
    regions: &'a [crate::explore::RegionPrice],
) -> (Vec<(&'a str, String)>, Option<String>) {
    let kg = regions
        .iter()
        .filter_map(|p| {
            let c = crate::engine::carbon::co2e(d.catalog, &p.region, d.rec.energy_kwh?)?;
            Some((p.region.as_str(), format::number(c.kg, 0) + " kg"))
        })
        .collect();
    let names: Vec<&str> = regions.iter().map(|p| p.region.as_str()).collect();
    let lowest = crate::engine::carbon::lowest_carbon(d.catalog, &names)
        .first()
        .map(|x| x.0.to_string());
    (kg, lowest)
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
    let (co2e, lowest) = co2e_by_region(d, &regions);
    let co2e_head = if d.scenario.is_job() {
        Msg::Co2eJob
    } else {
        Msg::Co2eMonth
    };
    for (m, class) in [
        (Msg::Region, ""),
        (Msg::OnDemand, "num"),
        (Msg::SpotPrice, "num"),
        (co2e_head, "num"),
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
        let spot = spot_cell(d, p);
        let disabled = if current { ("disabled", "") } else { ("", "") };
        let co2e = co2e
            .iter()
            .find(|(r, _)| *r == p.region)
            .map_or("—", |(_, kg)| kg.as_str());
        h.open("tr", &[("data-region", &p.region), class])
            .el("th", &[("scope", "row")], &p.region)
            .el("td", &[("class", "num")], &od)
            .el("td", &[("class", "num")], &spot)
            .open("td", &[("class", "num"), ("data-testid", "region-co2e")])
            .text(co2e);
        if lowest.as_deref() == Some(p.region.as_str()) {
            h.el(
                "small",
                &[("class", "badge"), ("data-testid", "lowest-carbon")],
                f.t(Msg::LowestCarbon),
            );
        }
        h.close("td")
            .open("td", &[])
            .el(
                "button",
                &[
                    ("type", "button"),
                    ("class", "small"),
                    super::Act::Region.attr(),
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

#[cfg(test)]
mod tests;
