//! The catalog's price history: every rate's levels over time (On-Demand prices from the sources' own
//! record; Spot, Savings Plan and Reserved Instance rates from the moves a refresh records; Capacity Block
//! rates from their dated table), what moved after a date, and which rates have no record back to it.
//! Invariant: a rate with no level at or before a date is "not known" there, never "unchanged".

use super::{CapacityBlockRate, Catalog, IsoDate, Payment, RiClass, SavingsPlan};
use serde::Deserialize;

/// A purchase option, as the link's `buy` key names it (and the price history's `option` field).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
pub enum Buy {
    #[default]
    #[serde(rename = "od")]
    OnDemand,
    #[serde(rename = "spot")]
    Spot,
    #[serde(rename = "csp1")]
    ComputeSp1,
    #[serde(rename = "csp3")]
    ComputeSp3,
    #[serde(rename = "isp1")]
    InstanceSp1,
    #[serde(rename = "isp3")]
    InstanceSp3,
    #[serde(rename = "ri1")]
    Ri1,
    #[serde(rename = "ri3")]
    Ri3,
    #[serde(rename = "cb")]
    CapacityBlock,
}

impl Buy {
    pub const ALL: [Buy; 9] = [
        Buy::OnDemand,
        Buy::Spot,
        Buy::ComputeSp1,
        Buy::ComputeSp3,
        Buy::InstanceSp1,
        Buy::InstanceSp3,
        Buy::Ri1,
        Buy::Ri3,
        Buy::CapacityBlock,
    ];

    /// Commitment term in years, for Savings Plans and Reserved Instances.
    pub fn term_years(self) -> Option<u32> {
        match self {
            Buy::ComputeSp1 | Buy::InstanceSp1 | Buy::Ri1 => Some(1),
            Buy::ComputeSp3 | Buy::InstanceSp3 | Buy::Ri3 => Some(3),
            _ => None,
        }
    }

    /// The Savings Plan option of a plan and term (1 year unless 3).
    pub fn savings_plan(plan: SavingsPlan, term_years: u32) -> Buy {
        match (plan, term_years == 3) {
            (SavingsPlan::Compute, false) => Buy::ComputeSp1,
            (SavingsPlan::Compute, true) => Buy::ComputeSp3,
            (SavingsPlan::Ec2instance, false) => Buy::InstanceSp1,
            (SavingsPlan::Ec2instance, true) => Buy::InstanceSp3,
        }
    }
}

/// One level of a rate over time, from the date it took effect (or was first seen).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct PricePoint {
    pub instance: String,
    pub region: String,
    pub from: IsoDate,
    pub usd_hr: f64,
    pub source: String,
    /// Whose rate: On-Demand's (absent in catalog.json; all of the sources' own history) or another
    /// option's, as a refresh records its moves.
    #[serde(default)]
    pub option: Buy,
    /// A Savings Plan's or Reserved Instance's payment; `None` for the other options.
    #[serde(default)]
    pub payment: Option<Payment>,
    /// A Reserved Instance's class; `None` for the other options.
    #[serde(default)]
    pub class: Option<RiClass>,
}

/// A rate as the catalog holds it now, with what identifies it (type, region, option, payment, class).
#[derive(Clone, Debug, PartialEq)]
pub struct Rate<'a> {
    pub instance: &'a str,
    pub region: &'a str,
    pub option: Buy,
    pub payment: Option<Payment>,
    pub class: Option<RiClass>,
    pub usd_hr: f64,
    pub source: &'a str,
    pub as_of: IsoDate,
}

/// What identifies a rate at any level: type, region, option, payment, class.
pub type RateKey<'a> = (&'a str, &'a str, Buy, Option<Payment>, Option<RiClass>);

impl<'a> Rate<'a> {
    /// What identifies this rate at any level.
    pub fn key(&self) -> RateKey<'a> {
        (self.instance, self.region, self.option, self.payment, self.class)
    }

    /// Whether `p` is a level of this rate.
    pub fn has_level(&self, p: &PricePoint) -> bool {
        (p.instance.as_str(), p.region.as_str(), p.option, p.payment, p.class) == self.key()
    }

    fn on_demand(p: &'a super::OnDemandPrice) -> Rate<'a> {
        rate(&p.instance, &p.region, Buy::OnDemand, p.usd_hr, &p.source, p.as_of)
    }

    fn spot(p: &'a super::SpotPrice) -> Rate<'a> {
        rate(&p.instance, &p.region, Buy::Spot, p.median_usd_hr, &p.source, p.as_of)
    }

    fn savings_plan(p: &'a super::SavingsPlanRate) -> Rate<'a> {
        let option = Buy::savings_plan(p.plan, p.term_years);
        Rate {
            payment: p.payment,
            ..rate(&p.instance, &p.region, option, p.effective_usd_hr, &p.source, p.as_of)
        }
    }

    fn reserved(p: &'a super::ReservedRate) -> Rate<'a> {
        let option = if p.term_years == 3 { Buy::Ri3 } else { Buy::Ri1 };
        Rate {
            payment: Some(p.payment),
            class: Some(p.class),
            ..rate(&p.instance, &p.region, option, p.effective_usd_hr, &p.source, p.as_of)
        }
    }
}

/// Which of a type's rates a page prices: those of its payment and Reserved Instance class.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateFilter {
    pub payment: Payment,
    pub ri_class: RiClass,
}

/// A rate a link relies on that moved after the link's catalog date.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceChange {
    pub instance: String,
    pub option: Buy,
    pub before_usd_hr: f64,
    pub now_usd_hr: f64,
    pub date: IsoDate,
}

/// A rate of an option without payment or class (On-Demand, Spot, a Savings Plan's before its payment).
fn rate<'a>(instance: &'a str, region: &'a str, option: Buy, usd_hr: f64, source: &'a str, as_of: IsoDate) -> Rate<'a> {
    Rate {
        instance,
        region,
        option,
        payment: None,
        class: None,
        usd_hr,
        source,
        as_of,
    }
}

impl Catalog {
    /// Every rate a refresh records moves of: On-Demand, Spot, the published Savings Plan rates and the
    /// Reserved Instance rates, in catalog order.
    pub fn rates(&self) -> Vec<Rate<'_>> {
        let od = self.on_demand.iter().map(Rate::on_demand);
        let spot = self.spot.iter().map(Rate::spot);
        let sp = self.savings_plan_rates.iter().map(Rate::savings_plan);
        od.chain(spot)
            .chain(sp)
            .chain(self.reserved.iter().map(Rate::reserved))
            .collect()
    }

    /// The On-Demand price levels of an instance in a region, oldest first.
    pub fn price_history_of(&self, instance: &str, region: &str) -> Vec<&PricePoint> {
        let points = self
            .price_history
            .iter()
            .filter(|p| p.option == Buy::OnDemand && p.instance == instance && p.region == region)
            .collect();
        crate::order::sorted(points, &|a, b| a.from.cmp(&b.from))
    }

    /// The rates of `instance` a page in `region` prices under `filter`: On-Demand and Spot in the region,
    /// its published Savings Plan rates of the plan's payment, and its Reserved Instance rates of the plan's
    /// payment and class (published for us-east-1, whose discount every region's plan uses).
    fn rates_of<'a>(&'a self, instance: &str, region: &str, filter: RateFilter) -> Vec<Rate<'a>> {
        let mut out: Vec<Rate<'a>> = self
            .on_demand(instance, region)
            .map(Rate::on_demand)
            .into_iter()
            .collect();
        out.extend(self.spot(instance, region).map(Rate::spot));
        for p in &self.savings_plan_rates {
            if p.instance == instance && p.region == region && p.payment.is_none_or(|x| x == filter.payment) {
                out.push(Rate::savings_plan(p));
            }
        }
        for p in &self.reserved {
            let ours = (p.payment, p.class) == (filter.payment, filter.ri_class);
            if p.instance == instance && p.region == "us-east-1" && ours {
                out.push(Rate::reserved(p));
            }
        }
        out
    }

    /// The Capacity Block rate of a type in a region as of `date` (today's with `None`): the newest published
    /// by then among the region's own and those stated for a group of regions ("*"); on equal dates the
    /// region's own.
    pub fn block_rate(&self, instance: &str, region: &str, date: Option<IsoDate>) -> Option<&CapacityBlockRate> {
        let mut best: Option<&CapacityBlockRate> = None;
        for r in &self.capacity_blocks.rates {
            let dated = date.is_none_or(|d| r.as_of <= d);
            if r.instance == instance && (r.region == region || r.region == "*") && dated {
                let key = |x: &CapacityBlockRate| (x.as_of, x.region == region);
                if best.is_none_or(|b| key(r) >= key(b)) {
                    best = Some(r);
                }
            }
        }
        best
    }

    /// What a link made on the catalog of `since` is told of the rates of `instances` (type by type, in
    /// the order given) as a page in `region` prices them under `filter`: those that moved since (each from
    /// its level at `since` to its newest), and those dated after `since` with no level recorded by then,
    /// whose moves are not known.
    pub fn rates_since(
        &self,
        since: IsoDate,
        region: &str,
        instances: &[String],
        filter: RateFilter,
    ) -> (Vec<PriceChange>, Vec<(String, Buy)>) {
        let (mut moved, mut unknown) = (Vec::new(), Vec::new());
        let mut tell =
            |instance: &String, option, then: Option<(f64, IsoDate)>, now: Option<(f64, IsoDate)>, as_of| match (
                then, now,
            ) {
                (Some((then, _)), Some((now, date))) if date > since && (now - then).abs() > 1e-9 => {
                    moved.push(PriceChange {
                        instance: instance.clone(),
                        option,
                        before_usd_hr: then,
                        now_usd_hr: now,
                        date,
                    })
                }
                (None, _) if as_of > since => unknown.push((instance.clone(), option)),
                _ => {}
            };
        for i in instances {
            for r in self.rates_of(i, region, filter) {
                // Its level at `since` and its newest, in one pass over the history.
                let (mut then, mut now) = (None, None);
                for p in self.price_history.iter().filter(|p| r.has_level(p)) {
                    let level = Some((p.usd_hr, p.from));
                    if now.is_none_or(|(_, d)| p.from >= d) {
                        now = level;
                    }
                    if p.from <= since && then.is_none_or(|(_, d)| p.from >= d) {
                        then = level;
                    }
                }
                tell(i, r.option, then, now, r.as_of);
            }
            let block = |by| self.block_rate(i, region, by).map(|r| (r.usd_hr, r.as_of));
            let now = block(None);
            tell(
                i,
                Buy::CapacityBlock,
                block(Some(since)),
                now,
                now.map_or(since, |n| n.1),
            );
        }
        (moved, unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: &str) -> IsoDate {
        IsoDate::parse(d).unwrap_or(IsoDate {
            year: 0,
            month: 1,
            day: 1,
        })
    }

    const PLAN: RateFilter = RateFilter {
        payment: Payment::No,
        ri_class: RiClass::Standard,
    };

    /// Hand-checked against catalog.json: p5.48xlarge's us-east-1 On-Demand price was cut from $98.32 to
    /// $55.04 on 2025-06-23 (Karpenter's history); its Capacity Block rate was $39.33 (2024-12-01, us-east-1)
    /// and is $41.528 since 2026-07-01 (article 003's US rate, stated for a group of regions).
    #[test]
    fn an_older_link_is_told_each_option_that_moved() {
        let c = Catalog::bundled();
        let used = ["p5.48xlarge".to_string(), "g6.xlarge".to_string()];
        let got: Vec<_> = c
            .rates_since(day("2025-01-15"), "us-east-1", &used, PLAN)
            .0
            .into_iter()
            .map(|p| (p.instance, p.option, p.before_usd_hr, p.now_usd_hr, p.date.to_string()))
            .collect();
        let p5 = || "p5.48xlarge".to_string();
        assert_eq!(
            got,
            vec![
                (p5(), Buy::OnDemand, 98.32, 55.04, "2025-06-23".into()),
                (p5(), Buy::CapacityBlock, 39.33, 41.528, "2026-07-01".into()),
            ]
        );
        // Nothing moves after the catalog's own date.
        assert!(c.rates_since(c.as_of, "us-east-1", &used, PLAN).0.is_empty());
        // The 2026-07-01 block rate is unchanged for a link of 2026-08-01: nothing to say, nothing unknown.
        let aug = day("2026-08-01");
        assert_eq!(c.rates_since(aug, "us-east-1", &used[..1], PLAN), (vec![], vec![]));
    }

    /// Issue 25 item 5: a Tokyo plan is never told us-east-1's cut as its own; its rates dated after the
    /// link with no level recorded by then are named as not known (On-Demand of 2026-05-22 included).
    #[test]
    fn a_rate_without_history_back_to_the_link_is_not_known_never_unchanged() {
        let c = Catalog::bundled();
        let used = ["p5.48xlarge".to_string()];
        let jan = day("2025-01-01");
        let (moved, unknown) = c.rates_since(jan, "ap-northeast-1", &used, PLAN);
        assert!(moved.is_empty(), "{moved:?}");
        assert!(unknown.contains(&("p5.48xlarge".into(), Buy::OnDemand)), "{unknown:?}");
        // In us-east-1 its On-Demand history reaches back to 2023: known.
        let here = c.rates_since(jan, "us-east-1", &used, PLAN).1;
        assert!(!here.iter().any(|(_, b)| *b == Buy::OnDemand), "{here:?}");
        // Before every record (2019), its us-east-1 On-Demand price is not known either.
        let old = c.rates_since(day("2019-01-01"), "us-east-1", &used, PLAN).1;
        assert!(old.contains(&("p5.48xlarge".into(), Buy::OnDemand)), "{old:?}");
    }

    /// A refresh's recorded levels of other options are read as On-Demand's are: a Spot move from $20 to
    /// $15 on 2026-11-30 is told to a link of 2026-10-01, with its option; a Savings Plan level of another
    /// payment than the plan's is not the plan's rate and is not told.
    #[test]
    fn recorded_levels_of_every_option_are_told_with_their_option() {
        let mut c = Catalog::bundled();
        let (inst, region) = ("p5.48xlarge".to_string(), "us-east-1".to_string());
        let point = |from: &str, usd_hr: f64, option: Buy, payment: Option<Payment>| PricePoint {
            instance: inst.clone(),
            region: region.clone(),
            from: day(from),
            usd_hr,
            source: "karpenter-history".into(),
            option,
            payment,
            class: None,
        };
        c.price_history.push(point("2026-05-01", 20.0, Buy::Spot, None));
        c.price_history.push(point("2026-11-30", 15.0, Buy::Spot, None));
        c.price_history
            .push(point("2026-05-01", 30.0, Buy::ComputeSp1, Some(Payment::All)));
        c.price_history
            .push(point("2026-11-30", 29.0, Buy::ComputeSp1, Some(Payment::All)));
        if let Some(s) = c.spot.iter_mut().find(|s| s.instance == inst && s.region == region) {
            (s.median_usd_hr, s.as_of) = (15.0, day("2026-11-30"));
        }
        let (moved, unknown) = c.rates_since(day("2026-10-01"), &region, std::slice::from_ref(&inst), PLAN);
        let got: Vec<_> = moved
            .into_iter()
            .map(|p| (p.option, p.before_usd_hr, p.now_usd_hr, p.date.to_string()))
            .collect();
        assert_eq!(got, vec![(Buy::Spot, 20.0, 15.0, "2026-11-30".to_string())]);
        assert!(!unknown.iter().any(|(_, b)| *b == Buy::Spot), "{unknown:?}");
    }
}
