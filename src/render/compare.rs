//! Compare's table as HTML text: the picked types side by side (specs, whether they fit the scenario, every purchase option's cost), each column removable (`data-act="uncmp"`).

use super::{Fmt, Html};
use crate::catalog::{Catalog, Instance};
use crate::engine::cost::{option_costs, OptionCost};
use crate::engine::Outcome;
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::{Buy, Scenario};

/// A row: its label, then a cell per pick.
fn row(h: &mut Html, label: &str, class: &str, cells: &[String]) {
    h.open("tr", &[]).el("th", &[("scope", "row")], label);
    for c in cells {
        h.el("td", &[("class", class)], c);
    }
    h.close("tr");
}

/// Whether a pick fits: on how many instances, why not, or that the scenario left it out (`inst=`).
fn fit_text(f: Fmt, outcome: &Outcome, id: &str) -> String {
    if let Some(r) = outcome.recommendations.iter().find(|r| r.instance == id) {
        return if r.fits {
            explain::fits_on(r.n_instances, f.lang)
        } else {
            f.t(Msg::DoesNotFit).to_string()
        };
    }
    outcome
        .excluded
        .iter()
        .find(|e| e.instances.iter().any(|i| i == id))
        .map_or_else(
            || f.t(Msg::NotEvaluated).to_string(),
            |e| explain::exclusion(&e.reason, f.lang),
        )
}

/// The table's head and body for the picks the catalog knows, in the order picked.
pub fn table(
    f: Fmt,
    c: &Catalog,
    s: &Scenario,
    outcome: &Outcome,
    picks: &[String],
    costs: &[Vec<OptionCost>],
) -> String {
    let inst: Vec<&Instance> = picks.iter().filter_map(|id| c.instance(id)).collect();
    let spec = |get: &dyn Fn(&Instance) -> String| inst.iter().map(|i| get(i)).collect::<Vec<String>>();
    let dash = |v: Option<f64>, d: usize| v.map_or_else(|| "—".into(), |v| format::number(v, d));
    let mut h = Html::new();
    h.open("thead", &[])
        .open("tr", &[])
        .el("th", &[("scope", "col")], f.t(Msg::Instance));
    for i in &inst {
        let label = format!("{} {}", f.t(Msg::RemoveFromCompare), i.id);
        h.open(
            "th",
            &[
                ("scope", "col"),
                ("data-testid", "compare-col"),
                ("data-instance", &i.id),
            ],
        )
        .text(&format!("{} ", i.id))
        .el(
            "button",
            &[
                ("type", "button"),
                ("class", "small"),
                ("aria-label", &label),
                ("data-act", "uncmp"),
                ("data-id", &i.id),
            ],
            "×",
        )
        .close("th");
    }
    h.close("tr").close("thead").open("tbody", &[]);
    let accel = |i: &Instance| {
        c.accelerator(&i.accelerator)
            .map_or_else(String::new, |a| a.name.clone())
    };
    let specs: [(Msg, Vec<String>); 8] = [
        (Msg::Accelerator, spec(&accel)),
        (
            Msg::Count,
            spec(&|i| {
                i.count
                    .map_or_else(|| "—".into(), |n| format::accel_count(n, i.fraction))
            }),
        ),
        (Msg::MemPerAccel, spec(&|i| format::number(i.accel_mem_gib, 2))),
        (Msg::Vcpus, spec(&|i| dash(i.vcpus, 0))),
        (Msg::RamGib, spec(&|i| dash(i.ram_gib, 0))),
        (Msg::NetGbps, spec(&|i| dash(i.net_gbps, 1))),
        (Msg::Efa, spec(&|i| dash(i.efa_interfaces, 0))),
        (
            Msg::OnDemand,
            spec(&|i| {
                c.on_demand(&i.id, &s.region)
                    .map_or_else(|| f.t(Msg::NoPrice).into(), |p| f.money(p.usd_hr))
            }),
        ),
    ];
    for (m, cells) in &specs {
        row(&mut h, f.t(*m), "num", cells);
    }
    // Whether it fits is a sentence, often a long one: it wraps instead of widening the table.
    row(&mut h, f.t(Msg::Fits), "fit", &spec(&|i| fit_text(f, outcome, &i.id)));
    let group = format!("{} ({} / {})", f.t(Msg::Options), f.t(Msg::Horizon), f.t(Msg::PerJob));
    h.open("tr", &[])
        .el("th", &[("scope", "row"), ("colspan", "99"), ("class", "group")], &group)
        .close("tr");
    cost_rows(&mut h, f, costs);
    h.close("tbody");
    h.finish()
}

/// Every purchase option's cost for each pick the catalog knows, in the order picked (none for a pick
/// that is not a recommendation of this scenario).
pub fn costs_of_picks(c: &Catalog, s: &Scenario, outcome: &Outcome, picks: &[String]) -> Vec<Vec<OptionCost>> {
    picks
        .iter()
        .filter_map(|id| c.instance(id))
        .map(|i| {
            outcome
                .recommendations
                .iter()
                .find(|r| r.instance == i.id)
                .map_or_else(Vec::new, |r| option_costs(c, s, r))
        })
        .collect()
}

/// Each purchase option's cost for each pick ("—" where it is not offered or the pick does not fit).
fn cost_rows(h: &mut Html, f: Fmt, per_pick: &[Vec<OptionCost>]) {
    for b in Buy::ALL {
        let cells: Vec<String> = per_pick
            .iter()
            .map(|opts| {
                opts.iter()
                    .find(|o| o.buy == b)
                    .and_then(|o| o.comparable_usd())
                    .map_or_else(|| "—".to_string(), |v| f.money(v))
            })
            .collect();
        row(h, explain::buy_name(b, f.lang), "num", &cells);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;
    use crate::scenario::Lang;

    #[test]
    fn a_pick_the_link_leaves_out_is_not_evaluated_rather_than_unfit() {
        let c = catalog();
        let (s, _) = crate::query::parse("v=1&model=llama3.1-8b&inst=g6e.xlarge", &c);
        let o = crate::engine::recommend(&c, &s);
        let picks = ["g6e.xlarge".to_string(), "p5.48xlarge".to_string()];
        let costs = costs_of_picks(&c, &s, &o, &picks);
        let html = table(Fmt::new(Lang::En, &s), &c, &s, &o, &picks, &costs);
        assert_eq!(html.matches("data-testid=\"compare-col\"").count(), 2);
        assert!(html.contains(crate::i18n::t(Lang::En, Msg::NotEvaluated)), "{html}");
        assert!(!html.contains(crate::i18n::t(Lang::En, Msg::DoesNotFit)), "{html}");
    }
}
