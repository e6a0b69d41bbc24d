//! The catalog's invariants as a list of named rules (`RULES`), each a small function; `Catalog::parse`
//! runs them in order and refuses the catalog at the first broken one, naming the rule, entry and field.

use super::entries::{entries, Entry};
use super::*;

mod capabilities;
mod dated;
use capabilities::*;
use dated::*;

/// One invariant the engine relies on: its name (in errors and tests) and its check.
pub struct Rule {
    pub name: &'static str,
    check: fn(&Catalog, &Index) -> Result<(), Broken>,
}

/// Every invariant, in the order they are checked. tests/catalog.rs breaks each one in turn.
pub const RULES: &[Rule] = &[
    Rule {
        name: "unique_ids",
        check: unique_ids,
    },
    Rule {
        name: "prices_in_order",
        check: prices_in_order,
    },
    Rule {
        name: "known_instances",
        check: known_instances,
    },
    Rule {
        name: "known_accelerators",
        check: known_accelerators,
    },
    Rule {
        name: "known_sources",
        check: known_sources,
    },
    Rule {
        name: "positive_figures",
        check: positive_figures,
    },
    Rule {
        name: "fraction_of_a_chip",
        check: fraction_of_a_chip,
    },
    Rule {
        name: "memory_within_chip",
        check: memory_within_chip,
    },
    Rule {
        name: "derived_prices_say_so",
        check: derived_prices_say_so,
    },
    Rule {
        name: "spot_below_on_demand",
        check: spot_below_on_demand,
    },
    Rule {
        name: "spot_bands_known",
        check: spot_bands_known,
    },
    Rule {
        name: "reserved_terms",
        check: reserved_terms,
    },
    Rule {
        name: "history_levels_named",
        check: history_levels_named,
    },
    Rule {
        name: "savings_plan_caps",
        check: savings_plan_caps,
    },
    Rule {
        name: "capacity_block_families",
        check: capacity_block_families,
    },
    Rule {
        name: "quotes_explain_mismatch",
        check: quotes_explain_mismatch,
    },
    Rule {
        name: "link_domains",
        check: link_domains,
    },
    Rule {
        name: "savings_plan_rates_below_on_demand",
        check: savings_plan_rates_below_on_demand,
    },
    Rule {
        name: "spot_median_within_zones",
        check: spot_median_within_zones,
    },
    Rule {
        name: "capacity_block_changes_dated",
        check: capacity_block_changes_dated,
    },
    Rule {
        name: "no_price_after_the_catalog",
        check: no_price_after_the_catalog,
    },
    Rule {
        name: "grid_intensity_plausible",
        check: grid_intensity_plausible,
    },
    Rule {
        name: "managed_figures_for_tier",
        check: managed_figures_for_tier,
    },
    Rule {
        name: "managed_models_are_presets",
        check: managed_models_are_presets,
    },
    Rule {
        name: "managed_unique",
        check: managed_unique,
    },
    Rule {
        name: "generation_matches_arch",
        check: generation_matches_arch,
    },
    Rule {
        name: "peaks_within_generation",
        check: peaks_within_generation,
    },
    Rule {
        name: "assumed_peaks_where_unpublished",
        check: assumed_peaks_where_unpublished,
    },
    Rule {
        name: "quota_families_named",
        check: quota_families_named,
    },
    Rule {
        name: "sp_assumptions_one_per_family",
        check: capabilities::sp_assumptions_one_per_family,
    },
    Rule {
        name: "ecs_fee_cuts_name_quota_families",
        check: ecs_fee_cuts_name_quota_families,
    },
    Rule {
        name: "cb_group_rate_regions_priced",
        check: cb_group_rate_regions_priced,
    },
    Rule {
        name: "article_quotes_cite_articles",
        check: article_quotes_cite_articles,
    },
];

/// Runs every rule; the first broken one names itself, the entry and the field.
pub(super) fn check(c: &Catalog) -> Result<(), CatalogError> {
    let index = Index::of(c);
    for rule in RULES {
        (rule.check)(c, &index).map_err(|(entry, message)| CatalogError::Broken {
            rule: rule.name,
            entry,
            message,
        })?;
    }
    Ok(())
}

/// What a broken rule reports: the entry, and what is wrong with which field.
type Broken = (String, String);

fn broken(entry: &str, message: impl fmt::Display) -> Broken {
    (entry.to_string(), message.to_string())
}

/// Lookups the rules share, built once.
struct Index<'a> {
    sources: HashMap<&'a str, SourceKind>,
    accelerators: HashMap<&'a str, &'a Accelerator>,
    instances: HashMap<&'a str, &'a Instance>,
}

impl<'a> Index<'a> {
    fn of(c: &'a Catalog) -> Index<'a> {
        Index {
            sources: c.sources.iter().map(|s| (s.id.as_str(), s.kind)).collect(),
            accelerators: c.accelerators.iter().map(|a| (a.id.as_str(), a)).collect(),
            instances: c.instances.iter().map(|i| (i.id.as_str(), i)).collect(),
        }
    }
}

/// The first key that repeats, with its label.
fn first_repeat(keys: impl Iterator<Item = (String, String)>) -> Option<String> {
    let mut seen = HashSet::new();
    keys.into_iter()
        .find(|(k, _)| !seen.insert(k.clone()))
        .map(|(_, label)| label)
}

/// On-Demand and Spot prices are in (instance, region) order with no repeats: the engine finds a price
/// by binary search (a linear scan of 545 prices was most of a bursting-serving plan's time).
fn prices_in_order(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let out_of_order = |keys: Vec<(&str, &str)>| {
        keys.windows(2)
            .find(|w| w[0] >= w[1])
            .map(|w| format!("{} {}", w[1].0, w[1].1))
    };
    let od = c
        .on_demand
        .iter()
        .map(|p| (p.instance.as_str(), p.region.as_str()))
        .collect();
    let spot = c
        .spot
        .iter()
        .map(|p| (p.instance.as_str(), p.region.as_str()))
        .collect();
    for (table, keys) in [("on_demand", od), ("spot", spot)] {
        if let Some(at) = out_of_order(keys) {
            return Err(broken(
                &format!("{table} ({at})"),
                "not after the entry before it: keep prices sorted by instance, then region",
            ));
        }
    }
    Ok(())
}

/// Ids of sources, accelerators and instances are unique; one On-Demand price per instance and
/// region; one interconnect entry per instance.
fn unique_ids(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let labelled = |kind: &str, id: &str| (format!("{kind} {id}"), format!("{kind} ({id})"));
    let ids = (c.sources.iter().map(|s| labelled("sources", &s.id)))
        .chain(c.accelerators.iter().map(|a| labelled("accelerators", &a.id)))
        .chain(c.instances.iter().map(|i| labelled("instances", &i.id)));
    if let Some(label) = first_repeat(ids) {
        return Err(broken(&label, "duplicate id"));
    }
    let prices = c.on_demand.iter().map(|p| (p.label(), p.label()));
    if let Some(label) = first_repeat(prices) {
        return Err(broken(&label, "duplicate price"));
    }
    match first_repeat(c.links.iter().map(|l| (l.label(), l.label()))) {
        Some(label) => Err(broken(&label, "duplicate entry")),
        None => Ok(()),
    }
}

/// Every `instance` field names an instance of the catalog.
fn known_instances(c: &Catalog, index: &Index) -> Result<(), Broken> {
    for e in entries(c) {
        if let Some(id) = e.instance().filter(|id| !index.instances.contains_key(id)) {
            return Err(broken(
                &e.label(),
                format!("field `instance` names unknown instance `{id}`"),
            ));
        }
    }
    Ok(())
}

/// Every instance's `accelerator` names an accelerator of the catalog.
fn known_accelerators(c: &Catalog, index: &Index) -> Result<(), Broken> {
    match c
        .instances
        .iter()
        .find(|i| !index.accelerators.contains_key(i.accelerator.as_str()))
    {
        Some(i) => Err(broken(
            &i.label(),
            format!("field `accelerator` names unknown accelerator `{}`", i.accelerator),
        )),
        None => Ok(()),
    }
}

/// Every figure names a source listed in `sources`.
fn known_sources(c: &Catalog, index: &Index) -> Result<(), Broken> {
    for e in entries(c) {
        for (field, id) in e.sources() {
            if !index.sources.contains_key(id) {
                return Err(broken(
                    &e.label(),
                    format!("field `{field}` names unknown source `{id}`"),
                ));
            }
        }
    }
    Ok(())
}

/// Prices, specs and links are finite and above zero where given.
fn positive_figures(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for e in entries(c) {
        for (field, v) in e.figures() {
            if let Some(v) = v.filter(|v| !(v.is_finite() && *v > 0.0)) {
                return Err(broken(
                    &e.label(),
                    format!("field `{field}` must be a positive number, got {v}"),
                ));
            }
        }
    }
    Ok(())
}

/// A device is a share of one chip: `fraction` in (0, 1].
fn fraction_of_a_chip(c: &Catalog, _: &Index) -> Result<(), Broken> {
    match c.instances.iter().find(|i| !(i.fraction > 0.0 && i.fraction <= 1.0)) {
        Some(i) => Err(broken(
            &i.label(),
            format!("field `fraction` must be in (0, 1], got {}", i.fraction),
        )),
        None => Ok(()),
    }
}

/// Reported GiB never exceeds the marketed GB of the share of the chip (GiB > GB).
fn memory_within_chip(c: &Catalog, index: &Index) -> Result<(), Broken> {
    for i in &c.instances {
        let gb = index.accelerators.get(i.accelerator.as_str()).and_then(|a| a.mem_gb);
        if let Some(gb) = gb.filter(|gb| i.accel_mem_gib > gb * i.fraction * 1.001) {
            let (gib, f) = (i.accel_mem_gib, i.fraction);
            return Err(broken(
                &i.label(),
                format!("field `accel_mem_gib` {gib} exceeds {gb} GB x fraction {f}"),
            ));
        }
    }
    Ok(())
}

/// An On-Demand price is `derived` exactly when its source is of kind `derived` (the regional multiplier),
/// so the page can label every figure that no source publishes.
fn derived_prices_say_so(c: &Catalog, index: &Index) -> Result<(), Broken> {
    let derived = |id: &str| index.sources.get(id) == Some(&SourceKind::Derived);
    match c.on_demand.iter().find(|p| p.derived != derived(&p.source)) {
        Some(p) => Err(broken(
            &p.label(),
            format!("field `derived` is {} but the source is `{}`", p.derived, p.source),
        )),
        None => Ok(()),
    }
}

/// A Spot median is below the On-Demand price of the same instance and region.
fn spot_below_on_demand(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for s in &c.spot {
        if let Some(o) = c.on_demand(&s.instance, &s.region).map(|p| p.usd_hr) {
            if s.median_usd_hr >= o {
                let m = s.median_usd_hr;
                return Err(broken(
                    &s.label(),
                    format!("field `median_usd_hr` {m} is not below On-Demand {o}"),
                ));
            }
        }
    }
    Ok(())
}

/// An interruption band is one of the Spot Instance Advisor's bands.
fn spot_bands_known(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for s in &c.spot {
        if let Some(b) = s.interruption_band.as_ref().filter(|b| !c.spot_rules.bands.contains(b)) {
            return Err(broken(
                &s.label(),
                format!("field `interruption_band` `{b}` is not a Spot Advisor band"),
            ));
        }
    }
    Ok(())
}

/// A price history level names what its rate is: a Reserved Instance's its payment and class, a Savings
/// Plan's no class, On-Demand's and Spot's neither; Capacity Blocks keep their levels in their own dated table.
fn history_levels_named(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for p in &c.price_history {
        let fits = match p.option {
            Buy::Ri1 | Buy::Ri3 => p.payment.is_some() && p.class.is_some(),
            Buy::ComputeSp1 | Buy::ComputeSp3 | Buy::InstanceSp1 | Buy::InstanceSp3 => p.class.is_none(),
            Buy::OnDemand | Buy::Spot => p.payment.is_none() && p.class.is_none(),
            Buy::CapacityBlock => false,
        };
        if !fits {
            return Err(broken(
                &format!("price_history ({} {})", p.instance, p.from),
                "fields `option`, `payment` and `class` do not name one rate (a Reserved Instance's payment and class, a Savings Plan's payment, neither for On-Demand or Spot; Capacity Blocks are dated in their own table)".to_string(),
            ));
        }
    }
    Ok(())
}

/// Reserved Instances are sold for 1 or 3 years.
fn reserved_terms(c: &Catalog, _: &Index) -> Result<(), Broken> {
    match c.reserved.iter().find(|r| r.term_years != 1 && r.term_years != 3) {
        Some(r) => Err(broken(
            &r.label(),
            format!("field `term_years` must be 1 or 3, got {}", r.term_years),
        )),
        None => Ok(()),
    }
}

/// A Savings Plan discount is above zero and within AWS's published "up to" (66% Compute, 72% EC2 Instance).
fn savings_plan_caps(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for s in &c.savings_plan_assumptions {
        let cap = match s.plan {
            SavingsPlan::Compute => 66.0,
            SavingsPlan::Ec2instance => 72.0,
        };
        if !(s.discount_pct > 0.0 && s.discount_pct <= cap) {
            let d = s.discount_pct;
            return Err(broken(
                &s.label(),
                format!("field `discount_pct` must be in (0, {cap}], got {d}"),
            ));
        }
    }
    Ok(())
}

/// Capacity Block rates only for the families AWS sells Capacity Blocks for.
fn capacity_block_families(c: &Catalog, index: &Index) -> Result<(), Broken> {
    let cb = &c.capacity_blocks;
    for r in &cb.rates {
        let family = index.instances.get(r.instance.as_str()).map(|i| &i.family);
        if let Some(f) = family.filter(|f| !cb.families.contains(f)) {
            return Err(broken(
                &r.label(),
                format!("family `{f}` does not support Capacity Blocks"),
            ));
        }
    }
    Ok(())
}

/// An article quote that does not match the catalog says why.
fn quotes_explain_mismatch(c: &Catalog, _: &Index) -> Result<(), Broken> {
    match c
        .article_quotes
        .iter()
        .find(|q| q.status != "match" && q.note_en.is_empty())
    {
        Some(q) => Err(broken(
            &q.label(),
            "field `note_en` must say why a quote that does not match differs",
        )),
        None => Ok(()),
    }
}

/// A link's domain has at least one accelerator and no more than the instance has (UltraServers span
/// instances).
fn link_domains(c: &Catalog, index: &Index) -> Result<(), Broken> {
    for l in &c.links {
        let Some(inst) = index.instances.get(l.instance.as_str()) else {
            continue;
        };
        let count = inst.count();
        if l.domain == 0 || (!inst.ultraserver && count.is_some_and(|n| l.domain > n)) {
            let (d, n) = (l.domain, count.map_or_else(|| "unknown".into(), |n| n.to_string()));
            return Err(broken(
                &l.label(),
                format!("field `domain` {d} must be in 1..=count ({n})"),
            ));
        }
    }
    Ok(())
}
