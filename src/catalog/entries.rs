//! How the catalog's invariants see its entries: each entry type's label in errors, the sources it
//! names, the instance it refers to and the figures that must be positive (`Entry`), and every entry in
//! file order (`entries`).

use super::*;

/// An entry as the generic rules see it: its label in errors, the sources it names, the instance it
/// prices or describes, and the figures that must be positive (`None` = not given).
pub(super) trait Entry {
    fn label(&self) -> String;
    fn sources(&self) -> Vec<(&'static str, &str)>;
    fn instance(&self) -> Option<&str> {
        None
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        Vec::new()
    }
}

impl Entry for Accelerator {
    fn label(&self) -> String {
        format!("accelerators ({})", self.id)
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        vec![
            ("source", &self.source),
            ("llm_decode_source", &self.llm_decode_source),
            ("trains_source", &self.trains_source),
        ]
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        vec![
            ("mem_gb", self.mem_gb),
            ("mem_bw_gbs", self.mem_bw_gbs),
            ("bf16_tflops", self.bf16_tflops),
            ("fp16_tflops", self.fp16_tflops),
            ("fp8_tflops", self.fp8_tflops),
            ("fp4_tflops", self.fp4_tflops),
            ("int8_tops", self.int8_tops),
            ("fp64_tflops", self.fp64_tflops),
            ("tdp_w", self.tdp_w),
        ]
    }
}

impl Entry for Instance {
    fn label(&self) -> String {
        format!("instances ({})", self.id)
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        vec![("source", &self.source)]
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        vec![
            ("count", self.count().map(f64::from)),
            ("accel_mem_gib", Some(self.accel_mem_gib)),
            ("vcpus", self.vcpus),
            ("ram_gib", self.ram_gib),
        ]
    }
}

impl Entry for SavingsPlanAssumption {
    fn label(&self) -> String {
        let (s, t, p) = (self.plan, self.term_years, self.payment);
        let f = self.family.as_deref().map(|f| format!(" {f}")).unwrap_or_default();
        format!("savings_plan_assumptions ({s:?} {t}y {p:?}{f})")
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        vec![("source", &self.source)]
    }
}

/// A catalog-wide entry: a fixed label and one `source`.
macro_rules! named_entry {
    ($($t:ty => $label:literal),*) => {
        $(impl Entry for $t {
            fn label(&self) -> String {
                $label.into()
            }
            fn sources(&self) -> Vec<(&'static str, &str)> {
                vec![("source", &self.source)]
            }
        })*
    };
}

named_entry!(CapacityBlocks => "capacity_blocks", PriceCoverage => "price_coverage", SpotRules => "spot_rules", CbChange => "capacity_blocks.changes", QuotaFamilies => "quota_families");

impl Entry for Pue {
    fn label(&self) -> String {
        "pue".into()
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        vec![("source", &self.source)]
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        vec![("value", Some(self.value))]
    }
}

impl Entry for GridIntensity {
    fn label(&self) -> String {
        format!("grid_intensity ({})", self.region)
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        vec![("source", &self.source)]
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        vec![("gco2e_per_kwh", Some(self.gco2e_per_kwh))]
    }
}

impl Entry for Link {
    fn label(&self) -> String {
        format!("links ({})", self.instance)
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        let mut s = vec![("source", self.source.as_str()), ("domain_source", &self.domain_source)];
        s.extend(self.gdr_source.as_deref().map(|g| ("gdr_source", g)));
        s
    }
    fn instance(&self) -> Option<&str> {
        Some(&self.instance)
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        vec![
            ("link_gbs", self.link_gbs),
            ("net_gbps_per_accel", self.net_gbps_per_accel),
        ]
    }
}

/// An entry that names one `source` and prices or describes one `instance`: its label and the figures
/// that must be positive.
macro_rules! priced_entry {
    ($t:ty, |$e:ident| $label:expr, [$($field:literal => $value:expr),*]) => {
        impl Entry for $t {
            fn label(&self) -> String {
                let $e = self;
                $label
            }
            fn sources(&self) -> Vec<(&'static str, &str)> {
                vec![("source", &self.source)]
            }
            fn instance(&self) -> Option<&str> {
                Some(&self.instance)
            }
            fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
                let $e = self;
                vec![$(($field, $value)),*]
            }
        }
    };
}

priced_entry!(OnDemandPrice, |p| format!("on_demand ({} {})", p.instance, p.region), ["usd_hr" => Some(p.usd_hr)]);
priced_entry!(SpotPrice, |s| format!("spot ({} {})", s.instance, s.region), [
    "median_usd_hr" => Some(s.median_usd_hr),
    "min_usd_hr" => s.min_usd_hr,
    "max_usd_hr" => s.max_usd_hr
]);
priced_entry!(
    ReservedRate,
    |r| format!("reserved ({} {:?} {}y {:?})", r.instance, r.class, r.term_years, r.payment),
    ["effective_usd_hr" => Some(r.effective_usd_hr)]
);
priced_entry!(
    CapacityBlockRate,
    |r| format!("capacity_blocks.rates ({} {})", r.instance, r.region),
    ["usd_hr" => Some(r.usd_hr)]
);
priced_entry!(
    SavingsPlanRate,
    |r| format!("savings_plan_rates ({} {} {:?} {}y)", r.instance, r.region, r.plan, r.term_years),
    ["effective_usd_hr" => Some(r.effective_usd_hr), "upfront_usd" => r.upfront_usd]
);
priced_entry!(PricePoint, |p| format!("price_history ({} {})", p.instance, p.from), ["usd_hr" => Some(p.usd_hr)]);
priced_entry!(ArticleQuote, |q| format!("article_quotes ({} {})", q.instance, q.kind), ["usd" => Some(q.usd)]);

impl Entry for ManagedPrice {
    fn label(&self) -> String {
        let m = if self.model.is_empty() {
            &self.offer
        } else {
            &self.model
        };
        format!("managed ({} {} {} {})", self.service, m, self.region, self.tier)
    }
    fn sources(&self) -> Vec<(&'static str, &str)> {
        vec![("source", &self.source)]
    }
    fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        vec![
            ("in_usd_m", self.in_usd_m),
            ("out_usd_m", self.out_usd_m),
            ("usd_hr", self.usd_hr),
            ("pct", self.pct),
        ]
    }
}

/// Every entry of the catalog that names a source, in file order.
pub(super) fn entries(c: &Catalog) -> Vec<&dyn Entry> {
    fn all<T: Entry>(v: &[T]) -> impl Iterator<Item = &dyn Entry> {
        v.iter().map(|e| e as &dyn Entry)
    }
    let cb = &c.capacity_blocks;
    all(&c.accelerators)
        .chain(all(&c.instances))
        .chain(all(&c.on_demand))
        .chain(all(&c.spot))
        .chain(all(&c.reserved))
        .chain(all(&c.savings_plan_assumptions))
        .chain(all(&c.savings_plan_rates))
        .chain([cb as &dyn Entry])
        .chain(all(&cb.rates))
        .chain(all(&cb.changes))
        .chain([&c.spot_rules as &dyn Entry, &c.price_coverage])
        .chain(all(&c.price_history))
        .chain(all(&c.article_quotes))
        .chain(all(&c.links))
        .chain(all(&c.grid_intensity))
        .chain([&c.pue as &dyn Entry])
        .chain(all(&c.managed))
        .chain([&c.quota_families as &dyn Entry])
        .collect()
}
