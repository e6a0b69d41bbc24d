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
    // The largest power of ten not above `raw`, by steps (libm's log10 and powf cost 1 KB of wasm).
    let mut mag = 1.0;
    while mag * 10.0 <= raw {
        mag *= 10.0;
    }
    while mag > raw {
        mag /= 10.0;
    }
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let count = (max / step).ceil() as usize;
    (0..=count.min(50)).map(|i| i as f64 * step).collect()
}

/// A chart axis over the data's range `lo..=hi` (both positive): logarithmic when `hi` is more than
/// `LOG_ABOVE` times `lo` (the cost-versus-latency curve spans decades), else linear from zero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    /// Over the values (linear) or their natural logarithms (log).
    pub scale: Scale,
    pub log: bool,
}

/// The ratio of a range's ends above which an axis is logarithmic.
pub const LOG_ABOVE: f64 = 20.0;

impl Axis {
    /// An axis from the data's range onto the pixel (or percent) interval `p0..p1`; a log axis reaches a
    /// little past both ends, so no mark sits on its edge.
    pub fn new(lo: f64, hi: f64, (p0, p1): (f64, f64)) -> Axis {
        let hi = if hi.is_finite() && hi > 0.0 { hi } else { 1.0 };
        let lo = if lo.is_finite() { lo.max(hi * 1e-9) } else { hi };
        let log = hi / lo > LOG_ABOVE;
        let (d0, d1) = if log {
            ((lo * 0.85).ln(), (hi * 1.15).ln())
        } else {
            (0.0, ticks(hi, 4).last().copied().unwrap_or(hi).max(1e-12))
        };
        Axis {
            scale: Scale { d0, d1, p0, p1 },
            log,
        }
    }

    /// Where a value sits.
    pub fn at(&self, v: f64) -> f64 {
        self.scale.at(if self.log { v.max(1e-300).ln() } else { v })
    }

    /// A few round values to label: 1, 2 and 5 × 10^k inside a log axis (only the powers of ten when
    /// those are more than seven), else `ticks`.
    pub fn ticks(&self) -> Vec<f64> {
        if !self.log {
            return ticks(self.scale.d1, 4);
        }
        let (lo, hi) = (self.scale.d0, self.scale.d1);
        // The largest power of ten not above the axis' start, by steps (as `ticks` finds its magnitude).
        let mut mag: f64 = 1.0;
        while mag.ln() > lo && mag > 1e-300 {
            mag /= 10.0;
        }
        while (mag * 10.0).ln() <= lo {
            mag *= 10.0;
        }
        let (mut all, mut powers) = (Vec::new(), Vec::new());
        while mag.ln() <= hi && all.len() < 60 {
            for m in [1.0, 2.0, 5.0] {
                let v = m * mag;
                if (lo..=hi).contains(&v.ln()) {
                    all.push(v);
                    if m == 1.0 {
                        powers.push(v);
                    }
                }
            }
            mag *= 10.0;
        }
        if all.len() > 7 {
            powers
        } else {
            all
        }
    }
}

/// One option's cumulative cost by month, what its terms still owe after the horizon, and its break-even.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub buy: Buy,
    /// (month, cumulative USD paid by then) for months 0..=horizon.
    pub points: Vec<(f64, f64)>,
    /// The rest of the commitment terms started within the horizon, paid after it: with the last point,
    /// the option's horizon figure (what the bar chart and the table show).
    pub owed_usd: f64,
    /// Commitments: (month, USD) where On-Demand's cumulative cost reaches the cost of the commitment's
    /// whole first term, that is its break-even utilization × the term; None beyond the horizon.
    pub breakeven: Option<(f64, f64)>,
}

/// Cumulative cost of a service option at month m: upfronts of the terms started by then (a term
/// ending at m starts no new one), plus monthly payments.
fn cumulative(o: &OptionCost, m: f64) -> f64 {
    let term_months = o.buy.term_years().map(|y| f64::from(y) * 12.0);
    let upfronts = term_months.map_or(1.0, |t| (m / t).ceil().max(1.0));
    let recurring = o.monthly_usd - o.upfront_usd / term_months.unwrap_or(f64::INFINITY);
    o.upfront_usd * upfronts + recurring.max(0.0) * m
}

/// A service option over `months`: paid within the horizon, and owed after it (the rest of a term).
pub fn paid_and_owed(o: &OptionCost, months: u32) -> (f64, f64) {
    let paid = cumulative(o, f64::from(months));
    let owed = o.horizon_usd - paid;
    (paid, if owed > 0.005 { owed } else { 0.0 })
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
            let (_, owed_usd) = paid_and_owed(o, months);
            let breakeven = od.zip(o.buy.term_years()).and_then(|(od, years)| {
                let m = o.breakeven_utilization? * f64::from(years) * 12.0;
                (m > 0.0 && m <= f64::from(months)).then(|| (m, cumulative(od, m)))
            });
            Series {
                buy: o.buy,
                points,
                owed_usd,
                breakeven,
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(ticks(95.0, 4), vec![0.0, 50.0, 100.0]);
        assert_eq!(ticks(1.0, 5), vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]);
        assert_eq!(ticks(0.0, 4), vec![0.0]);
        assert_eq!(ticks(f64::NAN, 4), vec![0.0]);
        assert_eq!(ticks(0.003, 3), vec![0.0, 0.001, 0.002, 0.003]);
        assert_eq!(ticks(7.0e9, 7), (0..=7).map(|i| f64::from(i) * 1e9).collect::<Vec<_>>());
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

    #[test]
    fn an_axis_over_decades_is_logarithmic_with_round_ticks() {
        let a = Axis::new(3.25, 451.0, (0.0, 100.0));
        assert!(a.log);
        // Equal ratios are equal distances, and the data stays inside the axis.
        let (d1, d2) = (a.at(20.0) - a.at(10.0), a.at(200.0) - a.at(100.0));
        assert!(
            (d1 - d2).abs() < 1e-9 && a.at(3.25) > 0.0 && a.at(451.0) < 100.0,
            "{a:?}"
        );
        assert_eq!(a.ticks(), vec![5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]);
        // Three and a half decades: only the powers of ten.
        assert_eq!(
            Axis::new(0.43, 1500.0, (0.0, 1.0)).ticks(),
            vec![1.0, 10.0, 100.0, 1000.0]
        );
        // A narrow range is linear from zero, its ticks `ticks`'.
        let l = Axis::new(12.0, 95.0, (200.0, 0.0));
        assert!(!l.log);
        assert_eq!(
            (l.ticks(), l.at(0.0), l.at(100.0)),
            (vec![0.0, 50.0, 100.0], 200.0, 0.0)
        );
        // Degenerate input stays finite.
        for a in [
            Axis::new(0.0, 0.0, (0.0, 1.0)),
            Axis::new(f64::NAN, f64::INFINITY, (0.0, 1.0)),
        ] {
            assert!(a.at(1.0).is_finite() && !a.ticks().is_empty(), "{a:?}");
        }
    }

    /// The options of the top fitting type for a link (also the cost charts' tests').
    pub(crate) fn options_of(query: &str) -> (Vec<OptionCost>, u32) {
        let c = crate::catalog_static::catalog();
        let (s, _) = crate::query::parse(query, &c);
        let o = crate::engine::recommend(&c, &s);
        let rec = o.recommendations.iter().find(|r| r.fits).cloned();
        let rec = rec.unwrap_or_else(|| panic!("nothing fits {query}"));
        (crate::engine::option_costs(&c, &s, &rec), s.months)
    }

    #[test]
    fn paid_plus_owed_is_the_horizon_figure_the_bars_and_table_show() {
        for q in [
            "model=llama3.1-8b&months=12",
            "model=llama3.1-8b&months=18&pay=partial",
            "model=llama3.1-8b&months=30&pay=all",
            "model=llama3.1-70b&months=7&burst=1&bursth=100",
        ] {
            let (options, months) = options_of(q);
            let series = cumulative_series(&options, months);
            assert!(series.len() >= 2, "{q}");
            for s in &series {
                let o = options.iter().find(|o| o.buy == s.buy).unwrap_or_else(|| panic!("{q}"));
                let end = s.points.last().map_or(0.0, |p| p.1);
                let total = end + s.owed_usd;
                assert!(
                    (total - o.horizon_usd).abs() <= 1e-6 * o.horizon_usd.max(1.0),
                    "{q} {:?}: {end} + {} ≠ {}",
                    s.buy,
                    s.owed_usd,
                    o.horizon_usd
                );
                // Only a term running past the horizon owes anything after it, unless paid all upfront.
                let past = o.buy.term_years().is_some_and(|y| months % (12 * y) != 0) && !q.contains("pay=all");
                assert_eq!(s.owed_usd > 0.005, past, "{q} {:?}", s.buy);
            }
        }
    }

    #[test]
    fn break_even_is_the_tables_utilization_times_the_term_and_never_at_month_zero() {
        let (options, months) = options_of("model=llama3.1-8b&months=36");
        let series = cumulative_series(&options, months);
        let od = options
            .iter()
            .find(|o| o.buy == Buy::OnDemand)
            .map_or(0.0, |o| o.monthly_usd);
        let mut marked = 0;
        for s in &series {
            let o = options
                .iter()
                .find(|o| o.buy == s.buy)
                .unwrap_or_else(|| panic!("{:?}", s.buy));
            match (s.breakeven, o.buy.term_years(), o.breakeven_utilization) {
                (Some((m, usd)), Some(y), Some(u)) => {
                    assert!(
                        (m - u * f64::from(y) * 12.0).abs() < 1e-9 && m > 1.0,
                        "{:?} at {m}",
                        s.buy
                    );
                    // On On-Demand's line: what On-Demand has cost by then.
                    assert!((usd - od * m).abs() < 1e-6 * usd, "{:?}", s.buy);
                    marked += 1;
                }
                (None, None, _) => {}
                (b, y, u) => assert!(
                    y.is_some() && u.is_some_and(|u| u * f64::from(y.unwrap_or(0)) * 12.0 > f64::from(months)),
                    "{:?}: {b:?}",
                    s.buy
                ),
            }
        }
        assert!(marked >= 2, "{series:?}");
    }

    #[test]
    fn a_term_ending_at_the_horizon_starts_no_new_one() {
        let (options, _) = options_of("model=llama3.1-8b&months=12&pay=all");
        let sp = options.iter().find(|o| o.buy == Buy::ComputeSp1 && o.upfront_usd > 0.0);
        let sp = sp.unwrap_or_else(|| panic!("{options:?}"));
        assert!((cumulative(sp, 12.0) - sp.upfront_usd).abs() < 1e-6 * sp.upfront_usd);
        assert!(cumulative(sp, 12.5) > 1.9 * sp.upfront_usd);
    }
}
