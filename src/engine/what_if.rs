//! What-if planning for "nothing fits": the single changes to a scenario after which some type fits (allow jobs across instances, a lower precision, a shorter context, a smaller batch), each tried on the engine itself.

use crate::catalog::Catalog;
use crate::scenario::{Precision, Scenario};

/// One change to the scenario; `query::fix_pair` writes it as the link key and value the page's button sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fix {
    /// Allow jobs across instances (EFA types only).
    Multinode,
    /// The highest precision below the scenario's that fits.
    Precision(Precision),
    /// The longest halved context (or training sequence length), at least 256 tokens, that fits.
    Context(u32),
    /// The largest halved batch (serving: concurrent users) that fits.
    Batch(u32),
}

impl Fix {
    /// The scenario with this change made.
    pub fn apply(self, s: &mut Scenario) {
        match self {
            Fix::Multinode => s.multinode = true,
            Fix::Precision(p) => s.precision = p,
            Fix::Context(t) => s.context_tokens = t,
            Fix::Batch(b) => s.batch = b,
        }
    }
}

/// The changes after which at least one type fits, each found by planning the changed scenario: multi-node
/// first (where not allowed yet), then for tasks with a model the first lower precision, halved context
/// and halved batch (1/2 … 1/16 of today's) that fit. Empty when none does, or when the scenario fits already
/// (the caller asks only when nothing fits).
pub fn fixes_that_fit(catalog: &Catalog, s: &Scenario) -> Vec<Fix> {
    let fits = |fix: Fix| {
        let mut t = s.clone();
        fix.apply(&mut t);
        super::recommend(catalog, &t).recommendations.iter().any(|r| r.fits)
    };
    let mut out = Vec::new();
    if !s.multinode && fits(Fix::Multinode) {
        out.push(Fix::Multinode);
    }
    if !s.task.uses_model() {
        return out;
    }
    // `Precision::ALL` runs widest first: the first that fits loses the least.
    out.extend(
        Precision::ALL
            .into_iter()
            .filter(|p| p.weight_bytes() < s.precision.weight_bytes())
            .map(Fix::Precision)
            .find(|f| fits(*f)),
    );
    let halves = |from: u32| (1..5).map(move |i| from >> i).filter(|v| *v >= 1);
    out.extend(
        halves(s.context_tokens)
            .filter(|v| *v >= 256)
            .map(Fix::Context)
            .find(|f| fits(*f)),
    );
    out.extend(halves(s.batch).map(Fix::Batch).find(|f| fits(*f)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fits(c: &Catalog, s: &Scenario) -> bool {
        super::super::recommend(c, s).recommendations.iter().any(|r| r.fits)
    }

    #[test]
    fn each_fix_makes_something_fit_and_is_the_least_change_that_does() {
        let c = Catalog::bundled();
        // 13B at FP32 (~52 GB of weights) with 32 users of 8K on one g5.xlarge (one 24 GB A10G): nothing fits.
        let (s, _) = crate::query::parse("v=1&params=13&prec=fp32&ctx=8192&batch=32&inst=g5.xlarge", &c);
        assert!(!fits(&c, &s));
        let fixes = fixes_that_fit(&c, &s);
        assert!(!fixes.is_empty(), "some change should fit");
        for fix in &fixes {
            let mut t = s.clone();
            fix.apply(&mut t);
            assert!(fits(&c, &t), "{fix:?} was offered but does not fit");
            // Brute force: no milder change of the same kind fits.
            match *fix {
                Fix::Precision(p) => {
                    for q in Precision::ALL {
                        if q.weight_bytes() < s.precision.weight_bytes() && q.weight_bytes() > p.weight_bytes() {
                            let mut u = s.clone();
                            u.precision = q;
                            assert!(!fits(&c, &u), "{q:?} fits and is milder than {p:?}");
                        }
                    }
                }
                Fix::Context(v) => {
                    let mut u = s.clone();
                    u.context_tokens = v * 2;
                    assert!(v * 2 >= s.context_tokens || !fits(&c, &u), "ctx {} fits", v * 2);
                }
                Fix::Batch(v) => {
                    let mut u = s.clone();
                    u.batch = v * 2;
                    assert!(v * 2 >= s.batch || !fits(&c, &u), "batch {} fits", v * 2);
                }
                Fix::Multinode => assert!(!s.multinode),
            }
        }
    }
}
