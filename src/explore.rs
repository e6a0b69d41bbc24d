//! The Explore table as data: filter, sort and price units over the catalog, so the page only renders rows. Pure.

use crate::catalog::{Catalog, IsoDate};
use crate::state::{Column, ExploreState, PricePer};

/// The catalog's instance families, in name order, each once, as (value, label) pairs for a select.
pub fn family_options(c: &Catalog) -> Vec<(String, String)> {
    name_options(c.instances.iter().map(|i| i.family.clone()).collect())
}

/// The catalog's accelerators, in its order, as (id, name) pairs for a select.
pub fn accelerator_options(c: &Catalog) -> Vec<(String, String)> {
    c.accelerators.iter().map(|a| (a.id.clone(), a.name.clone())).collect()
}

/// Every region a type is offered in (an On-Demand, Spot or Capacity Block price), in name order, each
/// once, as (value, label) pairs for a select.
pub fn region_options(c: &Catalog) -> Vec<(String, String)> {
    name_options(c.instances.iter().flat_map(|i| i.regions.iter().cloned()).collect())
}

/// Names sorted and deduplicated, each its own value and label.
fn name_options(names: Vec<String>) -> Vec<(String, String)> {
    let mut names = crate::order::sorted(names, &|a, b| a.cmp(b));
    names.dedup();
    names.into_iter().map(|x| (x.clone(), x)).collect()
}

/// A price cell with its provenance.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceCell {
    /// In the chosen unit and divisor, USD.
    pub usd: f64,
    pub source_title: String,
    pub as_of: IsoDate,
    pub derived: bool,
}

/// One catalog row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: String,
    pub family: String,
    pub accelerator: String,
    pub count: Option<f64>,
    pub fraction: f64,
    pub mem_gib: f64,
    /// Memory per device as sold (the chip's marketed GB, or the GiB converted where none is recorded).
    pub mem_gb: f64,
    pub total_mem_gib: Option<f64>,
    pub vcpus: Option<f64>,
    pub ram_gib: Option<f64>,
    pub net_gbps: Option<f64>,
    pub efa: Option<f64>,
    pub on_demand: Option<PriceCell>,
    pub spot: Option<PriceCell>,
    /// Why `on_demand` is empty: no public price anywhere, not offered in the region (the sources
    /// cover the family there), or the price was not collected (they do not: it may be sold).
    pub od_missing: crate::i18n::Msg,
}

/// What one price is divided by for the chosen unit; None where the catalog lacks the figure
/// (UltraServers have no published vCPU or RAM), so the cell shows no price rather than a wrong one.
fn divisor(per: PricePer, i: &crate::catalog::Instance) -> Option<f64> {
    let positive = |x: f64| (x > 0.0).then_some(x);
    match per {
        PricePer::Instance => Some(1.0),
        PricePer::Accelerator => i.count().map(|c| f64::from(c) * i.fraction).and_then(positive),
        PricePer::AcceleratorGib => i.count().map(|c| f64::from(c) * i.accel_mem_gib).and_then(positive),
        PricePer::Vcpu => i.vcpus.and_then(positive),
        PricePer::RamGib => i.ram_gib.and_then(positive),
    }
}

/// Memory per device in GB as sold: the chip's marketed figure times the device's share of it, else
/// the reported GiB in GB (1 GiB = 1.073741824 GB).
pub fn marketed_gb(catalog: &Catalog, i: &crate::catalog::Instance) -> f64 {
    catalog
        .accelerator(&i.accelerator)
        .and_then(|a| a.mem_gb)
        .map_or(i.accel_mem_gib * 1.073_741_824, |gb| gb * i.fraction)
}

/// The rows Explore shows for the region, filtered and sorted.
pub fn rows(catalog: &Catalog, x: &ExploreState, region: &str) -> Vec<Row> {
    let title = |id: &str| catalog.source(id).map_or_else(|| id.to_string(), |s| s.title.clone());
    let out: Vec<Row> = catalog
        .instances
        .iter()
        .filter(|i| x.family.is_empty() || i.family == x.family || i.id.starts_with(&format!("{}.", x.family)))
        .filter(|i| x.accelerator.is_empty() || i.accelerator == x.accelerator)
        // The memory filter reads GB as sold: a card sold as 48 GB (44.7 GiB reported) passes "48".
        .filter(|i| marketed_gb(catalog, i) + 1e-9 >= x.min_mem_gib)
        .filter(|i| !x.efa_only || i.has_efa())
        .filter(|i| !x.in_region || i.regions.iter().any(|r| r == region))
        .filter(|i| {
            x.stack
                .is_none_or(|s| catalog.accelerator(&i.accelerator).is_some_and(|a| a.stack == s))
        })
        .map(|i| {
            let div = divisor(x.per, i);
            let cell = |usd_hr: f64, source: &str, as_of: IsoDate, derived: bool| {
                div.map(|d| PriceCell {
                    usd: usd_hr * x.unit.hours() / d,
                    source_title: title(source),
                    as_of,
                    derived,
                })
            };
            Row {
                id: i.id.clone(),
                family: i.family.clone(),
                accelerator: catalog
                    .accelerator(&i.accelerator)
                    .map_or_else(|| i.accelerator.clone(), |a| a.name.clone()),
                count: i.count().map(f64::from),
                fraction: i.fraction,
                mem_gib: i.accel_mem_gib,
                mem_gb: marketed_gb(catalog, i),
                total_mem_gib: i.total_accel_mem_gib(),
                vcpus: i.vcpus,
                ram_gib: i.ram_gib,
                net_gbps: i.net_gbps,
                efa: i.efa_interfaces,
                od_missing: od_missing(catalog, i, region),
                on_demand: catalog
                    .on_demand(&i.id, region)
                    .and_then(|p| cell(p.usd_hr, &p.source, p.as_of, p.derived)),
                spot: catalog
                    .spot(&i.id, region)
                    .and_then(|p| cell(p.median_usd_hr, &p.source, p.as_of, false)),
            }
        })
        .collect();
    let key = |r: &Row| -> Option<f64> {
        match x.sort {
            Column::Count => r.count,
            Column::MemGib => Some(r.mem_gib),
            Column::TotalMemGib => r.total_mem_gib,
            Column::Vcpus => r.vcpus,
            Column::RamGib => r.ram_gib,
            Column::NetGbps => r.net_gbps,
            Column::Efa => r.efa,
            Column::OnDemand => r.on_demand.as_ref().map(|p| p.usd),
            Column::Spot => r.spot.as_ref().map(|p| p.usd),
            Column::Instance | Column::Accelerator => None,
        }
    };
    crate::order::sorted(out, &|a, b| {
        let ord = match x.sort {
            Column::Instance => a.id.cmp(&b.id),
            Column::Accelerator => a.accelerator.cmp(&b.accelerator),
            // Rows without the figure go last in either direction.
            _ => match (key(a), key(b)) {
                (Some(p), Some(q)) => p.total_cmp(&q),
                (Some(_), None) => return std::cmp::Ordering::Less,
                (None, Some(_)) => return std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            },
        };
        let ord = if x.descending { ord.reverse() } else { ord };
        ord.then_with(|| a.id.cmp(&b.id))
    })
}

/// One region's list prices for an instance type.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionPrice {
    pub region: String,
    pub on_demand_usd_hr: f64,
    /// The On-Demand price comes from a regional multiplier, not a published figure.
    pub derived: bool,
    pub spot_median_usd_hr: Option<f64>,
}

/// Every region with an On-Demand price for the type, cheapest first (ties by region name): where
/// the same type costs less.
pub fn prices_by_region(catalog: &Catalog, instance: &str) -> Vec<RegionPrice> {
    let out: Vec<RegionPrice> = catalog
        .on_demand
        .iter()
        .filter(|p| p.instance == instance)
        .map(|p| RegionPrice {
            region: p.region.clone(),
            on_demand_usd_hr: p.usd_hr,
            derived: p.derived,
            spot_median_usd_hr: catalog.spot(instance, &p.region).map(|s| s.median_usd_hr),
        })
        .collect();
    crate::order::sorted(out, &|a, b| {
        a.on_demand_usd_hr
            .total_cmp(&b.on_demand_usd_hr)
            .then_with(|| a.region.cmp(&b.region))
    })
}

/// Why a type has no On-Demand price in `region`: none anywhere, not offered there (the sources cover
/// the family there), or not collected (they do not: it may be sold).
fn od_missing(catalog: &Catalog, i: &crate::catalog::Instance, region: &str) -> crate::i18n::Msg {
    if i.regions.is_empty() {
        crate::i18n::Msg::NoPrice
    } else if catalog.price_coverage.covers(&i.family, region) {
        crate::i18n::Msg::NotOfferedHere
    } else {
        crate::i18n::Msg::PriceNotCollected
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::PriceUnit;

    #[test]
    fn an_empty_price_says_why() {
        // Singapore: the source covers G5 there and lists none (not offered); G7 is outside it (not
        // collected); an UltraServer has no public price anywhere.
        let c = Catalog::bundled();
        let x = crate::state::ExploreState::default();
        let rows = rows(&c, &x, "ap-southeast-1");
        let missing = |id: &str| {
            rows.iter()
                .find(|r| r.id == id)
                .map(|r| (r.on_demand.is_some(), r.od_missing))
        };
        assert_eq!(missing("g5.xlarge"), Some((false, crate::i18n::Msg::NotOfferedHere)));
        assert_eq!(
            missing("g7.2xlarge"),
            Some((false, crate::i18n::Msg::PriceNotCollected))
        );
        let no_offer = c
            .instances
            .iter()
            .find(|i| i.regions.is_empty())
            .map(|i| i.id.clone())
            .unwrap_or_default();
        assert_eq!(missing(&no_offer), Some((false, crate::i18n::Msg::NoPrice)));
    }

    #[test]
    fn regions_are_listed_cheapest_first_with_their_spot_medians() {
        let c = Catalog::bundled();
        let r = prices_by_region(&c, "p5.48xlarge");
        assert!(r.len() >= 10, "{r:?}");
        assert!(r.windows(2).all(|w| w[0].on_demand_usd_hr <= w[1].on_demand_usd_hr));
        let home = r.iter().find(|p| p.region == "us-east-1");
        assert_eq!(home.map(|p| (p.on_demand_usd_hr, p.derived)), Some((55.04, false)));
        assert_eq!(
            home.and_then(|p| p.spot_median_usd_hr),
            c.spot("p5.48xlarge", "us-east-1").map(|s| s.median_usd_hr)
        );
        assert!(prices_by_region(&c, "no-such-type").is_empty());
    }

    #[test]
    fn filters_sorts_and_converts_units() {
        let c = Catalog::bundled();
        let mut x = ExploreState {
            family: "p5".into(),
            ..ExploreState::default()
        };
        let r = rows(&c, &x, "us-east-1");
        assert_eq!(
            r.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
            ["p5.4xlarge", "p5.48xlarge"]
        );
        x.per = PricePer::Accelerator;
        x.unit = PriceUnit::Month;
        let r = rows(&c, &x, "us-east-1");
        assert!(r.iter().all(|r| r
            .on_demand
            .as_ref()
            .is_some_and(|p| (p.usd - 6.88 * 730.0).abs() < 1e-6)));
        // Host-side units: per vCPU and per GiB of RAM (p5.48xlarge: 192 vCPUs, 2,048 GiB).
        x.unit = PriceUnit::Hour;
        for (per, by) in [(PricePer::Vcpu, 192.0), (PricePer::RamGib, 2048.0)] {
            x.per = per;
            let r = rows(&c, &x, "us-east-1");
            let p5 = r
                .iter()
                .find(|r| r.id == "p5.48xlarge")
                .and_then(|r| r.on_demand.as_ref());
            let od = c.on_demand("p5.48xlarge", "us-east-1").map(|p| p.usd_hr);
            assert!(
                p5.zip(od).is_some_and(|(p, od)| (p.usd - od / by).abs() < 1e-9),
                "{per:?}"
            );
        }
        let mut y = ExploreState {
            efa_only: true,
            min_mem_gib: 100.0,
            sort: Column::MemGib,
            descending: true,
            ..ExploreState::default()
        };
        let r = rows(&c, &y, "us-east-1");
        assert!(r.windows(2).all(|w| w[0].mem_gib >= w[1].mem_gib));
        assert!(r.iter().all(|r| r.mem_gb >= 100.0 && r.efa.is_some_and(|e| e > 0.0)));
        // A card sold as 48 GB (the L40S, 44.7 GiB reported) passes a 48 GB filter.
        let l40s = ExploreState {
            min_mem_gib: 48.0,
            ..ExploreState::default()
        };
        assert!(rows(&c, &l40s, "us-east-1").iter().any(|r| r.id == "g6e.xlarge"));
        // The stack filter removes rows (EFA types of every stack, then only Neuron's) and keeps only its own.
        y.min_mem_gib = 0.0;
        let efa = rows(&c, &y, "us-east-1").len();
        y.stack = Some(crate::catalog::Stack::Neuron);
        let neuron = rows(&c, &y, "us-east-1");
        assert!(!neuron.is_empty() && neuron.len() < efa, "{} of {efa}", neuron.len());
        let stack = |id: &str| {
            c.instance(id)
                .and_then(|i| c.accelerator(&i.accelerator))
                .map(|a| a.stack)
        };
        assert!(neuron
            .iter()
            .all(|r| stack(&r.id) == Some(crate::catalog::Stack::Neuron)));
        // Unpriced rows sort last whichever way.
        let z = ExploreState {
            sort: Column::OnDemand,
            descending: true,
            ..ExploreState::default()
        };
        let r = rows(&c, &z, "us-east-1");
        assert!(r.first().is_some_and(|r| r.on_demand.is_some()) && r.last().is_some_and(|r| r.on_demand.is_none()));
    }
}
