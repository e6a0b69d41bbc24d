//! Chart geometry from the engine's numbers: linear scales, readable ticks, cumulative cost series and break-even points. Pure; the page only draws what this returns.

use crate::engine::cost::OptionCost;
use crate::scenario::Buy;

/// Maps a data interval onto a pixel interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub d0: f64,
    pub d1: f64,
    pub p0: f64,
    pub p1: f64,
}

impl Scale {
    pub fn at(&self, v: f64) -> f64 {
        let span = self.d1 - self.d0;
        if span.abs() < f64::EPSILON {
            return self.p0;
        }
        self.p0 + (v - self.d0) / span * (self.p1 - self.p0)
    }
}

/// About `n` round tick values covering [0, max]: steps of 1, 2 or 5 × 10^k.
pub fn ticks(max: f64, n: usize) -> Vec<f64> {
    if !(max.is_finite() && max > 0.0) || n == 0 {
        return vec![0.0];
    }
    let raw = max / n as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let count = (max / step).ceil() as usize;
    (0..=count.min(50)).map(|i| i as f64 * step).collect()
}

/// One option's cumulative cost by month, and where it crosses On-Demand.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub buy: Buy,
    /// (month, cumulative USD) for months 0..=horizon.
    pub points: Vec<(f64, f64)>,
    /// First month (fractional) from which this option is cheaper than On-Demand so far.
    pub breakeven_month: Option<f64>,
}

/// Cumulative cost of a service option at month m: upfronts of the terms started by then, plus monthly payments.
fn cumulative(o: &OptionCost, m: f64) -> f64 {
    let term_months = o.buy.term_years().map(|y| f64::from(y) * 12.0);
    let upfronts = match term_months {
        Some(t) => (m / t).floor() + 1.0,
        None => 1.0,
    };
    let recurring = o.monthly_usd - o.upfront_usd / term_months.unwrap_or(f64::INFINITY);
    o.upfront_usd * upfronts + recurring.max(0.0) * m
}

/// Series for every available option of a service over `months`; jobs have no monthly curve.
pub fn cumulative_series(options: &[OptionCost], months: u32) -> Vec<Series> {
    let avail: Vec<&OptionCost> = options
        .iter()
        .filter(|o| o.unavailable.is_none() && o.job_usd.is_none() && o.buy != Buy::CapacityBlock)
        .collect();
    let od = avail.iter().find(|o| o.buy == Buy::OnDemand).copied();
    avail
        .iter()
        .map(|o| {
            let points: Vec<(f64, f64)> = (0..=months)
                .map(|m| (f64::from(m), cumulative(o, f64::from(m))))
                .collect();
            let breakeven_month = od.filter(|od| od.buy != o.buy).and_then(|od| {
                // Scan in tenths of a month for the first point where this option is no dearer.
                (0..=months * 10)
                    .map(|i| f64::from(i) / 10.0)
                    .find(|m| *m > 0.0 && cumulative(o, *m) <= cumulative(od, *m))
            });
            Series {
                buy: o.buy,
                points,
                breakeven_month,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(ticks(95.0, 4), vec![0.0, 50.0, 100.0]);
        assert_eq!(ticks(1.0, 5), vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]);
        assert_eq!(ticks(0.0, 4), vec![0.0]);
        assert_eq!(ticks(f64::NAN, 4), vec![0.0]);
        let t = ticks(123_456.0, 5);
        assert!(t.last().is_some_and(|m| *m >= 123_456.0) && t.len() <= 7);
    }

    #[test]
    fn scales_map_ends_to_ends() {
        let s = Scale {
            d0: 0.0,
            d1: 10.0,
            p0: 100.0,
            p1: 0.0,
        };
        assert_eq!((s.at(0.0), s.at(10.0), s.at(5.0)), (100.0, 0.0, 50.0));
    }
}
