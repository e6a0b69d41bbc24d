//! Times the page's work for the links given (the ranking, every recommendation's options and plan, the top card's cheapest plan over every type and range, the changes that fit when nothing does) and prints it with `engine::work`'s counts; asserts nothing.

use gpuplan::catalog::Catalog;
use gpuplan::engine::work;
use std::time::Instant;

fn main() {
    let c = Catalog::bundled();
    for q in std::env::args().skip(1) {
        let (s, _) = gpuplan::query::parse(&q, &c);
        work::reset();
        let t = Instant::now();
        let o = gpuplan::engine::recommend(&c, &s);
        for r in &o.recommendations {
            let _ = gpuplan::engine::option_costs(&c, &s, r);
            let _ = gpuplan::engine::plan(&c, &s, r);
        }
        if let Some(top) = o.recommendations.first() {
            let _ = gpuplan::engine::plan_among(&c, &s, &o.recommendations, top);
            let _ = gpuplan::engine::sensitivity::sensitivity(&c, &s, top);
        }
        if !o.recommendations.iter().any(|r| r.fits) {
            let _ = gpuplan::engine::what_if::fixes_that_fit(&c, &s);
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{q}\n  {} recommendations, {secs:.3} s, {:?}",
            o.recommendations.len(),
            work::counts()
        );
    }
}
