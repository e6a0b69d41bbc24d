//! Benchmark: time of one full recommendation over the whole catalog, for a few scenarios. Prints figures; asserts nothing.

#![allow(clippy::disallowed_methods)] // native only: std sorts are fine outside the wasm
use gpuplan::catalog::Catalog;
use gpuplan::engine::plan;
use gpuplan::engine::recommend;
use gpuplan::query;
use std::hint::black_box;
use std::time::Instant;

fn median_us(mut f: impl FnMut(), runs: usize) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times.get(runs / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let t = Instant::now();
    let catalog = Catalog::bundled();
    println!("catalog parse + validate: {:.0} µs", t.elapsed().as_secs_f64() * 1e6);
    println!(
        "catalog parse (median of 50): {:.0} µs",
        median_us(|| drop(black_box(Catalog::bundled())), 50)
    );
    for q in [
        "v=1",
        "v=1&task=train&model=llama3.1-405b&tokens=1000&ctx=4096&batch=1",
        "v=1&task=finetune&model=llama3.1-70b&method=qlora",
        "v=1&task=graphics&gmem=20&seats=10",
        "v=1&model=deepseek-v3&prec=fp8&tps=10000",
    ] {
        let (s, _) = query::parse(q, &catalog);
        let us = median_us(|| drop(black_box(recommend(&catalog, black_box(&s)))), 500);
        println!(
            "recommend {q:<70} median {us:>8.1} µs over {} instance types",
            catalog.instances.len()
        );
    }
    // The cost engine: every purchase option and the plan for every recommendation of a scenario.
    for q in [
        "v=1&mode=batch&burst=2",
        "v=1&task=train&model=llama3.1-70b&tokens=50&ctx=4096&batch=1",
    ] {
        let (s, _) = query::parse(q, &catalog);
        let recs = recommend(&catalog, &s).recommendations;
        let us = median_us(
            || {
                for r in &recs {
                    black_box(gpuplan::engine::option_costs(&catalog, &s, r));
                    black_box(plan(&catalog, &s, r));
                }
            },
            200,
        );
        println!(
            "options + plan for all {} recommendations of {q:<45} median {us:>8.1} µs",
            recs.len()
        );
    }
}
