//! How an estimate moves with the two efficiencies nobody knows before running (the compute efficiency the
//! type's task and stack use: serving's MFU, training's kernel efficiency, Neuron's own for either; and
//! memory-bandwidth efficiency): the same instance type re-estimated at a pessimistic and an optimistic
//! value of both, so the page can show a range instead of a single point.

use super::outcome::Recommendation;
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
    /// Which compute efficiency `mfu` is.
    pub varied: Varied,
    /// Priced On-Demand because the chosen option is not offered for this fleet (say, Spot for more
    /// instances than may run together on it).
    pub on_demand_instead: bool,
}

/// The compute efficiency a range varies: the one the type's estimate uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Varied {
    /// Serving's model-FLOPs utilisation on a GPU (`mfu`), or an old link's end-to-end training MFU.
    Mfu,
    /// Training's kernel efficiency on a GPU (`teff`).
    Kernel,
    /// Training's kernel efficiency on a Neuron chip (`nteff`).
    NeuronKernel,
    /// Serving's compute efficiency on a Neuron chip (`nmfu`: its prefill and decode compute).
    NeuronMfu,
}

impl Varied {
    /// The link key of the assumption varied.
    pub fn key(self) -> &'static str {
        match self {
            Varied::Mfu => "mfu",
            Varied::Kernel => "teff",
            Varied::NeuronKernel => "nteff",
            Varied::NeuronMfu => "nmfu",
        }
    }
}

/// The estimate of one instance type at pessimistic (`low`) and optimistic (`high`) efficiencies.
#[derive(Clone, Debug, PartialEq)]
pub struct Sensitivity {
    pub low: Bound,
    pub high: Bound,
    /// The card's fleet: a bound on another count says so.
    pub card_instances: u32,
}

/// Re-estimates the card's type (`card`) for the scenario at both ends of the range; `None` when the
/// type does not fit at one of them (efficiency never changes memory, so in practice only when it never
/// fits).
pub fn sensitivity(catalog: &Catalog, scenario: &Scenario, card: &Recommendation) -> Option<Sensitivity> {
    let instance = card.instance.as_str();
    let a = &scenario.assumptions;
    let e2e = a.end_to_end_train_mfu().is_some();
    let neuron = catalog
        .instance(instance)
        .and_then(|i| catalog.accelerator(&i.accelerator))
        .is_some_and(|acc| acc.stack == crate::catalog::Stack::Neuron);
    let varied = match (scenario.task.is_job() && !e2e, neuron) {
        (true, true) => Varied::NeuronKernel,
        (true, false) => Varied::Kernel,
        (false, true) => Varied::NeuronMfu,
        (false, false) => Varied::Mfu,
    };
    let at = |factor: f64| -> Option<Bound> {
        let mut s = scenario.clone();
        s.instances = vec![instance.to_string()];
        let scaled = |v: f64| (v * factor).within(0.01, 1.0);
        s.assumptions.mfu = scaled(a.mfu);
        // Training runs at its own kernel efficiency (issue 13): it moves the same way, unless an old
        // link's `mfu` times training end to end (then `teff` stays at its default to keep that meaning).
        if !e2e {
            s.assumptions.train_mfu = scaled(a.train_mfu);
        }
        // A Neuron chip computes at its own efficiencies, serving's `nmfu` and training's `nteff` (which
        // would otherwise follow the moved `teff`, Assumptions::neuron_kernel_eff): they move instead.
        s.assumptions.neuron_mfu = scaled(a.neuron_mfu);
        s.assumptions.neuron_train_mfu = scaled(a.neuron_kernel_eff());
        s.assumptions.bw_efficiency = scaled(a.bw_efficiency);
        let outcome = recommend(catalog, &s);
        let r: &Recommendation = outcome
            .recommendations
            .iter()
            .find(|r| r.instance == instance && r.fits)?;
        let e = &s.assumptions;
        Some(Bound {
            mfu: match varied {
                Varied::NeuronKernel => e.neuron_train_mfu,
                Varied::Kernel => e.train_mfu,
                Varied::NeuronMfu => e.neuron_mfu,
                Varied::Mfu => e.mfu,
            },
            bw_efficiency: s.assumptions.bw_efficiency,
            n_instances: r.n_instances,
            job_hours: r.job_hours,
            job_usd: r.job_usd,
            tokens_per_s: r.tokens_per_s,
            monthly_usd: r.monthly_usd,
            varied,
            on_demand_instead: r.priced_instead == Some(crate::scenario::Buy::OnDemand),
        })
    };
    Some(Sensitivity {
        low: at(1.0 - SPREAD)?,
        high: at(1.0 + SPREAD)?,
        card_instances: card.n_instances,
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
        let range = sensitivity(&c, &s, &r).unwrap_or_else(|| panic!("no range"));
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
        let range = sensitivity(&c, &s, &r).unwrap_or_else(|| panic!("no range"));
        let (lo, hi, mid) = (range.low.tokens_per_s, range.high.tokens_per_s, r.tokens_per_s);
        assert!(lo < mid && mid < hi, "{lo:?} {mid:?} {hi:?}");

        let (c, s, r) = top("v=1&tps=60000&inst=p5.48xlarge");
        let range = sensitivity(&c, &s, &r).unwrap_or_else(|| panic!("no range"));
        assert!(range.low.n_instances >= r.n_instances && r.n_instances >= range.high.n_instances);
        assert!(range.low.n_instances > range.high.n_instances, "{range:?}");
    }

    #[test]
    fn the_range_gives_both_ends_in_both_languages() {
        let (c, s, r) = top("v=1&task=train&model=llama3.1-8b&tokens=100&inst=p5.48xlarge");
        let range = sensitivity(&c, &s, &r).unwrap_or_else(|| panic!("no range"));
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
        let range = sensitivity(&c, &s, &r).unwrap_or_else(|| panic!("no range"));
        assert!(range.high.n_instances < range.low.n_instances, "{range:?}");
        let en = crate::explain::range(&range, crate::scenario::Lang::En, &money).unwrap_or_default();
        let noun = if range.high.n_instances == 1 {
            "instance"
        } else {
            "instances"
        };
        assert!(en.contains(&format!("): {} {noun}, ", range.high.n_instances)), "{en}");

        let (c, s, r) = top("v=1&task=graphics&gmem=20");
        let range = sensitivity(&c, &s, &r);
        assert_eq!(
            range.and_then(|g| crate::explain::range(&g, crate::scenario::Lang::En, &money)),
            None
        );
    }

    /// F3: a Neuron type's range moves the efficiencies its estimate uses, so each bound is the estimate
    /// with them set by their keys (`nmfu`/`nteff` and `bweff`), the pessimistic one below the headline.
    #[test]
    fn a_neuron_range_varies_the_neuron_efficiencies() {
        let at = |q: &str| {
            let (c, s, r) = top(q);
            (sensitivity(&c, &s, &r).unwrap_or_else(|| panic!("no range {q}")), r)
        };
        // Serving 70B on trn1: `nmfu` 0.2 ± 25 %; it was `mfu` (unused by Neuron), the worst case 334
        // tokens/s where `nmfu=0.15` alone gives 298.
        let q = "v=1&model=llama3.1-70b&ctx=4096&out=512&batch=32&inst=trn1.32xlarge";
        let (range, r) = at(q);
        let (_, lo) = at(&format!("{q}&nmfu=0.15&bweff=0.525"));
        let (_, hi) = at(&format!("{q}&nmfu=0.25&bweff=0.875"));
        let close = |a: Option<f64>, b: Option<f64>| a.zip(b).is_some_and(|(a, b)| (a - b).abs() <= 1e-9 * b);
        assert_eq!(range.low.varied, Varied::NeuronMfu);
        assert!((range.low.mfu - 0.15).abs() < 1e-12, "{}", range.low.mfu);
        assert!(
            close(range.low.tokens_per_s, lo.tokens_per_s),
            "{range:?} {:?}",
            lo.tokens_per_s
        );
        assert!(
            close(range.high.tokens_per_s, hi.tokens_per_s),
            "{range:?} {:?}",
            hi.tokens_per_s
        );
        assert!(range.low.tokens_per_s < r.tokens_per_s && r.tokens_per_s < range.high.tokens_per_s);
        let money = |v: f64| crate::format::usd(v);
        let en = crate::explain::range(&range, crate::scenario::Lang::En, &money).unwrap_or_default();
        assert!(
            en.contains("(Neuron efficiency 0.15, memory bandwidth 0.52): 269 tokens/s"),
            "{en}"
        );
        let zh = crate::explain::range(&range, crate::scenario::Lang::Zh, &money).unwrap_or_default();
        assert!(zh.contains("Neuron 计算效率 0.15"), "{zh}");
        // Training on trn1: `nteff` 0.33 ± 25 %; it moved `teff`, which Neuron then took instead of its
        // own 0.33, so the "worse" end (0.41) was faster and cheaper than the headline.
        let q = "v=1&task=train&model=llama2-7b&tokens=100&inst=trn1.32xlarge&multinode=0";
        let (range, r) = at(q);
        let (_, lo) = at(&format!("{q}&nteff=0.2475&bweff=0.525"));
        assert_eq!(range.low.varied, Varied::NeuronKernel);
        assert!((range.low.mfu - 0.2475).abs() < 1e-12, "{}", range.low.mfu);
        assert!(close(range.low.job_usd, lo.job_usd), "{range:?} {:?}", lo.job_usd);
        assert!(
            range.low.job_usd > r.job_usd && r.job_usd > range.high.job_usd,
            "{range:?} {:?}",
            r.job_usd
        );
    }

    #[test]
    fn no_range_for_a_type_that_does_not_fit() {
        let (c, s, r) = top("v=1&model=llama3.1-405b");
        let on = |instance: &str| Recommendation {
            instance: instance.to_string(),
            ..r.clone()
        };
        assert_eq!(sensitivity(&c, &s, &on("g4dn.xlarge")), None);
        assert_eq!(sensitivity(&c, &s, &on("no-such-type")), None);
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
            varied: Varied::Kernel,
            on_demand_instead,
        };
        let money = |v: f64| crate::format::usd(v);
        let mixed = Sensitivity {
            low: b(true),
            high: b(false),
            card_instances: 1,
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
            card_instances: 1,
        };
        let en = crate::explain::range(&same, crate::scenario::Lang::En, &money).unwrap_or_default();
        assert!(!en.contains("priced On-Demand"), "{en}");
    }
}
