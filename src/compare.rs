//! Compare's table as data, built once: a row per figure, a cell per pick, each cell of a kind. The page renders it (`render::compare`) and the downloads serialise it (`export::compare`). Pure.

use crate::catalog::{Catalog, Instance};
use crate::engine::{option_costs, OptionCost};
use crate::engine::{Exclusion, Outcome};
use crate::i18n::Msg;
use crate::scenario::{Buy, Scenario};

/// What a row shows: a spec (its name on the page, its column in the exports, if any), the fit, or
/// a purchase option's cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Head {
    Spec(Msg, Option<&'static str>),
    Fit,
    Buy(Buy),
}

/// Whether a pick fits the scenario.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fit<'a> {
    /// On this many instances.
    On(u32),
    /// Evaluated on this many instances, and it does not fit.
    DoesNotFit(u32),
    /// The engine excluded it, for this reason.
    Excluded(&'a Exclusion),
    /// The scenario left it out (`inst=`).
    NotEvaluated,
}

/// One cell, by kind: each kind has its own text on the page and in the exports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell<'a> {
    Text(&'a str),
    /// A figure shown with at most this many decimals; None where the catalog has none.
    Figure(Option<f64>, usize),
    /// Accelerators per instance and each one's share of a device.
    Count(Option<f64>, f64),
    /// USD per hour On-Demand; None where there is no price.
    Price(Option<f64>),
    /// An option's cost (job or horizon, USD); None where it is not offered or the pick does not fit.
    Cost(Option<f64>),
    Fit(Fit<'a>),
}

/// A row: what it shows and a cell per pick.
#[derive(Clone, Debug, PartialEq)]
pub struct Row<'a> {
    pub head: Head,
    pub cells: Vec<Cell<'a>>,
}

/// The table: the picks the catalog knows, in the order picked, and the rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet<'a> {
    pub picks: Vec<&'a Instance>,
    pub rows: Vec<Row<'a>>,
}

/// Whether a pick fits: on how many instances, why not, or that the scenario left it out.
fn fit<'a>(outcome: &'a Outcome, id: &str) -> Fit<'a> {
    if let Some(r) = outcome.recommendations.iter().find(|r| r.instance == id) {
        return if r.fits {
            Fit::On(r.n_instances)
        } else {
            Fit::DoesNotFit(r.n_instances)
        };
    }
    outcome
        .excluded
        .iter()
        .find(|e| e.instances.iter().any(|i| i == id))
        .map_or(Fit::NotEvaluated, |e| Fit::Excluded(&e.reason))
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

/// The table for the picks, with `costs` from `costs_of_picks`.
pub fn sheet<'a>(
    c: &'a Catalog,
    s: &Scenario,
    outcome: &'a Outcome,
    picks: &[String],
    costs: &[Vec<OptionCost>],
) -> Sheet<'a> {
    let picks: Vec<&Instance> = picks.iter().filter_map(|id| c.instance(id)).collect();
    let row = |head, cell: &dyn Fn(&'a Instance) -> Cell<'a>| Row {
        head,
        cells: picks.iter().map(|i| cell(i)).collect(),
    };
    let spec = |m, key| Head::Spec(m, key);
    let mut rows = vec![
        row(spec(Msg::Accelerator, Some("accelerator")), &|i| {
            Cell::Text(c.accelerator(&i.accelerator).map_or("", |a| &a.name))
        }),
        row(spec(Msg::Count, Some("count")), &|i| {
            Cell::Count(i.count().map(f64::from), i.fraction)
        }),
        row(spec(Msg::MemPerAccel, Some("gib_per_accelerator")), &|i| {
            Cell::Figure(Some(i.accel_mem_gib), 2)
        }),
        row(spec(Msg::Vcpus, Some("vcpus")), &|i| Cell::Figure(i.vcpus, 0)),
        row(spec(Msg::RamGib, Some("ram_gib")), &|i| Cell::Figure(i.ram_gib, 0)),
        row(spec(Msg::NetGbps, None), &|i| Cell::Figure(i.net_gbps, 1)),
        row(spec(Msg::Efa, None), &|i| Cell::Figure(i.efa_interfaces, 0)),
        row(spec(Msg::OnDemand, Some("on_demand_usd_hr")), &|i| {
            Cell::Price(c.on_demand(&i.id, &s.region).map(|p| p.usd_hr))
        }),
        row(Head::Fit, &|i| Cell::Fit(fit(outcome, &i.id))),
    ];
    for b in Buy::ALL {
        let cost = |opts: &Vec<OptionCost>| opts.iter().find(|o| o.buy == b).and_then(|o| o.comparable_usd());
        rows.push(Row {
            head: Head::Buy(b),
            cells: costs.iter().map(|opts| Cell::Cost(cost(opts))).collect(),
        });
    }
    Sheet { picks, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;

    fn sheet_for(link: &str, picks: &[&str], check: &dyn Fn(&Sheet)) {
        let c = catalog();
        let (s, _) = crate::query::parse(link, &c);
        let o = crate::engine::recommend(&c, &s);
        let picks: Vec<String> = picks.iter().map(|p| p.to_string()).collect();
        let costs = costs_of_picks(&c, &s, &o, &picks);
        check(&sheet(&c, &s, &o, &picks, &costs));
    }

    #[test]
    fn every_row_has_a_cell_per_known_pick_in_the_order_picked() {
        sheet_for("v=1", &["g6e.xlarge", "no.such", "p5.48xlarge"], &|t| {
            let ids: Vec<&str> = t.picks.iter().map(|i| i.id.as_str()).collect();
            assert_eq!(ids, ["g6e.xlarge", "p5.48xlarge"]);
            assert_eq!(t.rows.len(), 9 + Buy::ALL.len());
            assert!(t.rows.iter().all(|r| r.cells.len() == 2));
            assert_eq!(t.rows[1].cells[1], Cell::Count(Some(8.0), 1.0));
        });
    }

    #[test]
    fn the_fit_says_why_a_pick_does_not_fit() {
        // The link leaves p5 out: not evaluated, rather than unfit; the chosen type fits with a cost.
        sheet_for(
            "v=1&model=llama3.1-8b&inst=g6e.xlarge",
            &["g6e.xlarge", "p5.48xlarge"],
            &|t| {
                let fit = t.rows.iter().find(|r| r.head == Head::Fit).map(|r| r.cells.clone());
                assert!(matches!(
                    fit.as_deref(),
                    Some([Cell::Fit(Fit::On(1)), Cell::Fit(Fit::NotEvaluated)])
                ));
                let od = t
                    .rows
                    .iter()
                    .find(|r| r.head == Head::Buy(Buy::OnDemand))
                    .map(|r| r.cells.clone());
                assert!(matches!(od.as_deref(), Some([Cell::Cost(Some(v)), Cell::Cost(None)]) if *v > 0.0));
            },
        );
        // A model too big for one small GPU's family is excluded with its reason.
        sheet_for("v=1&model=llama3.1-405b", &["g4dn.xlarge"], &|t| {
            let fit = t.rows.iter().find(|r| r.head == Head::Fit).map(|r| r.cells[0]);
            assert!(
                matches!(fit, Some(Cell::Fit(Fit::Excluded(_) | Fit::DoesNotFit(_)))),
                "{fit:?}"
            );
        });
    }
}
