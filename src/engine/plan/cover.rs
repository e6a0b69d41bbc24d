//! Covering a fleet with commitments: the cheapest mix of terms and flexible months for one
//! instance-layer (dynamic programming over the months), and for a fleet layer by layer. Pure.

use crate::scenario::Buy;

/// A commitment one instance can be bought on: its option, its term in months, and what it costs over
/// the whole term (paid even where the term runs past the horizon).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Term {
    pub buy: Buy,
    pub months: u32,
    pub usd: f64,
    pub upfront_usd: f64,
}

/// How one instance-layer is covered from a month on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cover {
    /// Not needed that month.
    Idle,
    /// On-Demand or Spot for the month.
    Flexible,
    /// Term `i` (an index into the terms) starts that month.
    Commit(usize),
}

/// The cheapest cover of one instance needed in the months where `need` is true: each needed month is
/// either flexible (`flex_usd` a month) or inside a commitment started in a needed month (a commitment
/// starting in an idle month is never cheaper than starting it at the next needed one). Dynamic
/// programming from the last month back; on a tie (within rounding) the commitment that starts
/// earlier (commit now, run the tail flexibly), then the shorter term.
/// Returns the cost and the cover chosen at each month where one starts.
pub fn cover_layer(need: &[bool], terms: &[Term], flex_usd: Option<f64>) -> Option<(f64, Vec<(u32, Cover)>)> {
    let m_total = need.len();
    crate::engine::work::add(
        crate::engine::work::Unit::CoverCell,
        (m_total * (terms.len() + 1)) as u64,
    );
    // best[m]: the least cost of months m.. (m_total: nothing left); choice[m]: the cover that starts at m.
    // Read and written through `get`: every index is in range by construction, and a slip is no panic.
    let mut best: Vec<Option<f64>> = vec![None; m_total + 1];
    let mut choice = vec![Cover::Idle; m_total];
    if let Some(end) = best.last_mut() {
        *end = Some(0.0);
    }
    for m in (0..m_total).rev() {
        let after = best.get(m + 1).copied().flatten();
        let here: Option<(f64, Cover)> = if need.get(m).copied().unwrap_or(false) {
            let mut here = match (flex_usd, after) {
                (Some(f), Some(rest)) => Some((f + rest, Cover::Flexible)),
                _ => None,
            };
            for (i, t) in terms.iter().enumerate() {
                let end = (m + t.months.max(1) as usize).min(m_total);
                if let Some(rest) = best.get(end).copied().flatten() {
                    let c = t.usd + rest;
                    let better = |h: f64, k: Cover| match k {
                        Cover::Flexible => c <= h * (1.0 + 1e-12),
                        _ => c < h * (1.0 - 1e-12),
                    };
                    if here.is_none_or(|(h, k)| better(h, k)) {
                        here = Some((c, Cover::Commit(i)));
                    }
                }
            }
            here
        } else {
            // Not needed: idle, at the cost of the months after.
            after.map(|rest| (rest, Cover::Idle))
        };
        if let (Some(b), Some(k)) = (best.get_mut(m), choice.get_mut(m)) {
            *b = here.map(|(c, _)| c);
            *k = here.map_or(Cover::Idle, |(_, k)| k);
        }
    }
    let total = best.first().copied().flatten()?;
    let mut path = Vec::new();
    let mut m = 0;
    while m < m_total {
        match choice.get(m).copied().unwrap_or(Cover::Idle) {
            Cover::Idle => m += 1,
            Cover::Flexible => {
                path.push((m as u32, Cover::Flexible));
                m += 1;
            }
            Cover::Commit(i) => {
                path.push((m as u32, Cover::Commit(i)));
                m += terms.get(i).map_or(1, |t| t.months.max(1) as usize);
            }
        }
    }
    Some((total, path))
}

/// The cheapest cover of a fleet of `fleet[m]` instances in month m: instance-layer k is needed in the
/// months the fleet reaches k, and layers are covered one by one (`cover_layer`; identical layers once).
/// Exact for the fleets a plan has, steady, growing or shrinking (nested layers; tests/cost.rs checks it
/// against every combination of commitments); a fleet that dips and recovers could share a commitment
/// across layers, which this does not find.
/// Returns the cost, the commitments as (term, start month, instances), and the flexible instances in
/// each month.
#[allow(clippy::type_complexity)]
pub fn cover_fleet(
    fleet: &[u32],
    terms: &[Term],
    flex_usd: Option<f64>,
) -> Option<(f64, Vec<(usize, u32, u32)>, Vec<u32>)> {
    // Layers between two consecutive fleet sizes need the same months: the levels are the distinct sizes.
    let levels = crate::order::sorted(fleet.iter().copied().filter(|n| *n > 0).collect(), &|a, b| a.cmp(b));
    let mut total = 0.0;
    let mut commits: Vec<(usize, u32, u32)> = Vec::new();
    let mut flex = vec![0u32; fleet.len()];
    let mut below = 0u32;
    for level in levels {
        if level <= below {
            continue;
        }
        let same = level - below;
        below = level;
        let need: Vec<bool> = fleet.iter().map(|n| *n >= level).collect();
        let (cost, path) = cover_layer(&need, terms, flex_usd)?;
        total += cost * f64::from(same);
        for (m, c) in path {
            match c {
                Cover::Commit(i) => match commits.iter_mut().find(|x| x.0 == i && x.1 == m) {
                    Some(x) => x.2 = x.2.saturating_add(same),
                    None => commits.push((i, m, same)),
                },
                Cover::Flexible => {
                    if let Some(f) = flex.get_mut(m as usize) {
                        *f = f.saturating_add(same);
                    }
                }
                Cover::Idle => {}
            }
        }
    }
    Some((total, commits, flex))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 12-month term at `usd` in all, and flexible months at 1 USD.
    fn year(usd: f64) -> Term {
        Term {
            buy: Buy::Ri1,
            months: 12,
            usd,
            upfront_usd: 0.0,
        }
    }

    #[test]
    fn a_layer_commits_only_where_the_term_is_cheaper_than_its_flexible_months() {
        let all = [true; 12];
        // 12 flexible months cost 12: a term at 10 wins, a term at 13 does not.
        assert_eq!(
            cover_layer(&all, &[year(10.0)], Some(1.0)),
            Some((10.0, vec![(0, Cover::Commit(0))]))
        );
        let flex = cover_layer(&all, &[year(13.0)], Some(1.0)).map(|(c, p)| (c, p.len()));
        assert_eq!(flex, Some((12.0, 12)));
        // Idle months cost nothing; a term that runs past the horizon is paid in full.
        let two = [false, true, true, false];
        assert_eq!(
            cover_layer(&two, &[year(10.0)], Some(1.0)),
            Some((2.0, vec![(1, Cover::Flexible), (2, Cover::Flexible)]))
        );
        // Without a flexible price, only commitments cover; with neither, nothing does.
        assert_eq!(
            cover_layer(&two, &[year(10.0)], None),
            Some((10.0, vec![(1, Cover::Commit(0))]))
        );
        assert_eq!(cover_layer(&two, &[], None), None);
    }

    #[test]
    fn a_growing_fleet_is_covered_layer_by_layer() {
        // Two instances all year and a third for the last two months: two terms and two flexible months.
        let mut fleet = [2u32; 12];
        fleet[10] = 3;
        fleet[11] = 3;
        let (usd, commits, flex) = cover_fleet(&fleet, &[year(10.0)], Some(1.0)).unwrap_or_default();
        assert_eq!(usd, 22.0);
        assert_eq!(commits, [(0, 0, 2)]);
        assert_eq!(flex.iter().sum::<u32>(), 2);
    }
}
