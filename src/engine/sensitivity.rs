//! How an estimate moves with the two efficiencies nobody knows before running (model-FLOPs utilisation
//! and memory-bandwidth efficiency): the same instance type re-estimated at a pessimistic and an
//! optimistic value of both, so the page can show a range instead of a single point.

use super::outcome::{Recommendation, Why};
use super::recommend::recommend;
use crate::catalog::Catalog;
use crate::num::Within;
use crate::scenario::Scenario;

/// Each efficiency is taken this share below and above its assumed value: with the default MFU of 0.4,
/// 0.3 to 0.5 (DOMAIN.md: about 30 % typical, 50 % well tuned).
pub const SPREAD: f64 = 0.25;

/// The estimate at one end of the range.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    pub mfu: f64,
    pub bw_efficiency: f64,
    pub n_instances: u32,
    pub job_hours: Option<f64>,
    pub job_usd: Option<f64>,
    pub tokens_per_s: Option<f64>,
    pub monthly_usd: Option<f64>,
    /// `mfu` is training's kernel efficiency (`teff`), not serving's model-FLOPs utilisation.
    pub kernel: bool,
    /// Priced On-Demand because the chosen option is not offered for this fleet (say, Spot for more
    /// instances than may run together on it).
    pub on_demand_instead: bool,
}

/// The estimate of one instance type at pessimistic (`low`) and optimistic (`high`) efficiencies.
#[derive(Clone, Debug, PartialEq)]
pub struct Sensitivity {
    pub low: Bound,
    pub high: Bound,
}

/// Re-estimates `instance` for the scenario at both ends of the range; `None` when the type does not
/// fit at one of them (efficiency never changes memory, so in practice only when it never fits).
pub fn sensitivity(catalog: &Catalog, scenario: &Scenario, instance: &str) -> Option<Sensitivity> {
    let e2e = scenario.assumptions.end_to_end_train_mfu().is_some();
    let at = |factor: f64| -> Option<Bound> {
        let mut s = scenario.clone();
        s.instances = vec![instance.to_string()];
        s.assumptions.mfu = (scenario.assumptions.mfu * factor).within(0.01, 1.0);
        // Training runs at its own kernel efficiency (issue 13): it moves the same way, unless an old
        // link's `mfu` times training end to end (then `teff` stays at its default to keep that meaning).
        if !e2e {
            s.assumptions.train_mfu = (scenario.assumptions.train_mfu * factor).within(0.01, 1.0);
        }
        s.assumptions.bw_efficiency = (scenario.assumptions.bw_efficiency * factor).within(0.01, 1.0);
        let outcome = recommend(catalog, &s);
        let r: &Recommendation = outcome
            .recommendations
            .iter()
            .find(|r| r.instance == instance && r.fits)?;
        Some(Bound {
            mfu: if s.task.is_job() && !e2e {
                s.assumptions.train_mfu
            } else {
                s.assumptions.mfu
            },
            bw_efficiency: s.assumptions.bw_efficiency,
            n_instances: r.n_instances,
            job_hours: r.job_hours,
            job_usd: r.job_usd,
            tokens_per_s: r.tokens_per_s,
            monthly_usd: r.monthly_usd,
            kernel: s.task.is_job() && !e2e,
            on_demand_instead: r.reasons.iter().any(|w| matches!(w, Why::BuyNotOffered { .. })),
        })
    };
    Some(Sensitivity {
        low: at(1.0 - SPREAD)?,
        high: at(1.0 + SPREAD)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;

    fn top(q: &str) -> (Catalog, Scenario, Recommendation) {
        let c = Catalog::bundled();
        let (s, _) = query::parse(q, &c);
        let r = recommend(&c, &s).recommendations.into_iter().find(|r| r.fits);
        (c, s, r.unwrap_or_else(|| panic!("nothing fits {q}")))
    }

    #[test]
    fn a_training_job_takes_longer_and_costs_more_at_low_efficiency() {
        let (c, s, r) = top("v=1&task=train&model=llama3.1-8b&tokens=100&inst=p5.48xlarge");
        let range = sensitivity(&c, &s, &r.instance).unwrap_or_else(|| panic!("no range"));
        // The run's hours: less the start-up every option adds once (`restart`), which no efficiency moves.
        let up = s.purchase.restart_min / 60.0;
        let (lo, hi, mid) = (
            range.low.job_hours.unwrap_or(0.0) - up,
            range.high.job_hours.unwrap_or(0.0) - up,
            r.job_hours.unwrap_or(0.0) - up,
        );
        assert!(lo > mid && mid > hi, "{lo} {mid} {hi}");
        // Compute-bound (the network waits are hidden on one instance): time scales as 1 / MFU.
        assert!(
            (lo / mid - 1.0 / 0.75).abs() < 1e-9 && (hi / mid - 1.0 / 1.25).abs() < 1e-9,
            "{lo} {mid} {hi}"
        );
        assert!(range.low.job_usd > range.high.job_usd);
        assert!((range.low.mfu - 0.4125).abs() < 1e-9 && (range.high.mfu - 0.6875).abs() < 1e-9);
    }

    #[test]
    fn serving_is_slower_at_low_efficiency_and_needs_more_replicas_for_a_target() {
        let (c, s, r) = top("v=1");
        let range = sensitivity(&c, &s, &r.instance).unwrap_or_else(|| panic!("no range"));
        let (lo, hi, mid) = (range.low.tokens_per_s, range.high.tokens_per_s, r.tokens_per_s);
        assert!(lo < mid && mid < hi, "{lo:?} {mid:?} {hi:?}");

        let (c, s, r) = top("v=1&tps=60000&inst=p5.48xlarge");
        let range = sensitivity(&c, &s, &r.instance).unwrap_or_else(|| panic!("no range"));
        assert!(range.low.n_instances >= r.n_instances && r.n_instances >= range.high.n_instances);
        assert!(range.low.n_instances > range.high.n_instances, "{range:?}");
    }

    #[test]
    fn the_range_gives_both_ends_in_both_languages() {
        let (c, s, r) = top("v=1&task=train&model=llama3.1-8b&tokens=100&inst=p5.48xlarge");
        let range = sensitivity(&c, &s, &r.instance).unwrap_or_else(|| panic!("no range"));
        let money = |v: f64| crate::format::usd(v);
        let en = crate::explain::range(&range, crate::scenario::Lang::En, &money).unwrap_or_default();
        let want = format!(
            "If efficiency is 25 % better than assumed (kernel efficiency 0.69, memory bandwidth 0.88): 13.9 days, {} per job; 25 % worse (kernel efficiency 0.41, memory bandwidth 0.52): 23.2 days, {} per job.",
            money(range.high.job_usd.unwrap_or(0.0)),
            money(range.low.job_usd.unwrap_or(0.0))
        );
        assert_eq!(en, want);
        let zh = crate::explain::range(&range, crate::scenario::Lang::Zh, &money).unwrap_or_default();
        assert!(
            zh.starts_with("效率比假设高 25 %（内核效率 0.69，显存带宽效率 0.88）时：13.9 天，每次作业"),
            "{zh}"
        );

        // A fleet sized to a deadline: better efficiency needs fewer instances and may take longer;
        // both ends say how many.
        let (c, s, r) = top("v=1&task=train&model=qwen2.5-32b&tokens=100&batch=1&inst=p6-b200.48xlarge");
        let range = sensitivity(&c, &s, &r.instance).unwrap_or_else(|| panic!("no range"));
        assert!(range.high.n_instances < range.low.n_instances, "{range:?}");
        let en = crate::explain::range(&range, crate::scenario::Lang::En, &money).unwrap_or_default();
        let noun = if range.high.n_instances == 1 {
            "instance"
        } else {
            "instances"
        };
        assert!(en.contains(&format!("): {} {noun}, ", range.high.n_instances)), "{en}");

        let (c, s, r) = top("v=1&task=graphics&gmem=20");
        let range = sensitivity(&c, &s, &r.instance);
        assert_eq!(
            range.and_then(|g| crate::explain::range(&g, crate::scenario::Lang::En, &money)),
            None
        );
    }

    #[test]
    fn no_range_for_a_type_that_does_not_fit() {
        let (c, s, _) = top("v=1&model=llama3.1-405b");
        assert_eq!(sensitivity(&c, &s, "g4dn.xlarge"), None);
        assert_eq!(sensitivity(&c, &s, "no-such-type"), None);
    }

    #[test]
    fn a_bound_priced_on_demand_where_the_other_is_not_says_so() {
        let b = |on_demand_instead| Bound {
            mfu: 0.5,
            bw_efficiency: 0.7,
            n_instances: 1,
            job_hours: Some(10.0),
            job_usd: Some(100.0),
            tokens_per_s: None,
            monthly_usd: None,
            kernel: true,
            on_demand_instead,
        };
        let money = |v: f64| crate::format::usd(v);
        let mixed = Sensitivity {
            low: b(true),
            high: b(false),
        };
        let en = crate::explain::range(&mixed, crate::scenario::Lang::En, &money).unwrap_or_default();
        assert_eq!(en.matches("priced On-Demand").count(), 1, "{en}");
        assert!(
            en.ends_with("priced On-Demand (the chosen option is not offered for this fleet)."),
            "{en}"
        );
        let same = Sensitivity {
            low: b(true),
            high: b(true),
        };
        let en = crate::explain::range(&same, crate::scenario::Lang::En, &money).unwrap_or_default();
        assert!(!en.contains("priced On-Demand"), "{en}");
    }
}
