//! Bounded work: on any valid link, however extreme, the engine's work (training layouts evaluated,
//! serving estimates, plan cover cells; `engine::work`) stays under stated bounds for what the page
//! computes (the ranking, the plan of every recommendation, the changes that fit when nothing does, the
//! top card's range). Checked by counting work, never by timing (the slowest case's time is printed).

use gpuplan::engine::work::{self, Counts};
use gpuplan::engine::{plan_among, recommend};
use gpuplan::query::{encode, parse};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::time::Instant;

mod common;
use common::{catalog, fuzz_cases};

/// The bounds, each about twice the most seen over 3,000 cases (`GPUPLAN_FUZZ_CASES=3000 cargo test
/// --test bounded -- --nocapture` prints the most seen; BENCHMARKS.md, "Bounded work"). Seen on
/// 2026-12-03: 253,875 layouts, 31,588 estimates, 24,240,720 cover cells (a growing fleet over 120
/// months: up to 120 levels × 120 months × the terms, for each option tried and every type's plan).
const MAX: Counts = Counts {
    layouts: 500_000,
    estimates: 64_000,
    cover_cells: 50_000_000,
};

/// Links with every numeric key at its range's ends or a middle value, every task and purchase option.
fn extreme_link() -> impl Strategy<Value = String> {
    let pick = |xs: &'static [&'static str]| prop::sample::select(xs.to_vec());
    let sizes = (
        pick(&["infer", "infer&mode=batch", "train", "finetune", "graphics", "hpc"]),
        pick(&[
            "params=0.001",
            "params=7",
            "params=100000",
            "params=100000&active=0.001",
            "model=llama3.1-405b",
            "model=deepseek-v3",
        ]),
        pick(&["1", "256", "8192", "4194304"]),
        pick(&["1", "64", "65536"]),
        pick(&["0", "1", "4096", "4194304"]),
        pick(&["0", "100", "1e9"]),
        pick(&["0", "10", "1e6"]),
        pick(&["fp32", "bf16", "fp8", "int4"]),
    );
    let plans = (
        pick(&["-50", "0", "10", "100"]),
        pick(&["1", "12", "120"]),
        pick(&["0", "1", "100000"]),
        pick(&["0", "1", "744"]),
        pick(&["0.000001", "1", "1000000"]),
        pick(&["0", "1", "1000000"]),
        pick(&["0", "1", "730", "744"]),
        pick(&["od", "spot", "csp1", "csp3", "isp1", "isp3", "ri1", "ri3", "cb"]),
        pick(&["0.01", "30", "3650"]),
        any::<(bool, bool)>(),
    );
    (sizes, plans).prop_map(|((task, model, ctx, batch, out, tps, seqtps, prec), p)| {
        let (growth, months, burst, bursth, tokens, gbatch, hours, buy, days, (multi, ttft)) = p;
        format!(
            "v=1&task={task}&{model}&ctx={ctx}&batch={batch}&out={out}&tps={tps}&seqtps={seqtps}&prec={prec}\
             &growth={growth}&months={months}&burst={burst}&bursth={bursth}&tokens={tokens}&gbatch={gbatch}\
             &hours={hours}&buy={buy}&days={days}&multinode={}&ttft={}",
            u8::from(multi),
            if ttft { "0.5" } else { "0" }
        )
    })
}

/// The work the page does for a link: the ranking, the plan of every recommendation (as the cheapest
/// plan over every type does), the changes that fit when nothing does, and the top card's range.
fn page_work(link: &str) -> Counts {
    let c = catalog();
    let (s, _) = parse(link, c);
    work::reset();
    let o = recommend(c, &s);
    for r in &o.recommendations {
        let _ = gpuplan::engine::option_costs(c, &s, r);
        let _ = gpuplan::engine::plan(c, &s, r);
    }
    if let Some(top) = o.recommendations.first() {
        let _ = plan_among(c, &s, &o.recommendations, top);
        let _ = gpuplan::engine::sensitivity::sensitivity(c, &s, top);
    }
    if !o.recommendations.iter().any(|r| r.fits) {
        let _ = gpuplan::engine::what_if::fixes_that_fit(c, &s);
    }
    work::counts()
}

fn within(k: Counts) -> bool {
    k.layouts <= MAX.layouts && k.estimates <= MAX.estimates && k.cover_cells <= MAX.cover_cells
}

/// The most of each count, and the link that took longest.
#[derive(Default)]
struct Seen {
    most: Counts,
    slowest_s: f64,
    slowest: String,
}

impl Seen {
    fn note(&mut self, k: Counts, secs: f64, link: &str) {
        self.most.layouts = self.most.layouts.max(k.layouts);
        self.most.estimates = self.most.estimates.max(k.estimates);
        self.most.cover_cells = self.most.cover_cells.max(k.cover_cells);
        if secs > self.slowest_s {
            self.slowest_s = secs;
            self.slowest = link.to_string();
        }
    }
}

#[test]
fn the_engine_s_work_is_bounded_on_extreme_links() {
    let cases = fuzz_cases(300);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let seen = std::cell::RefCell::new(Seen::default());
    let result = runner.run(&extreme_link(), |link| {
        let t = Instant::now();
        let k = page_work(&link);
        seen.borrow_mut().note(k, t.elapsed().as_secs_f64(), &link);
        prop_assert!(within(k), "{}: {k:?} over {MAX:?}", encode(&parse(&link, catalog()).0));
        Ok(())
    });
    let seen = seen.into_inner();
    println!(
        "bounded: {cases} links; most seen {:?}; slowest {:.3} s: {}",
        seen.most, seen.slowest_s, seen.slowest
    );
    assert!(result.is_ok(), "{result:?}");
}

/// The counter counts: the worst link, and a serving and a training link, each do some work.
#[test]
fn each_kind_of_work_is_counted() {
    let train = page_work("v=1&task=train&model=llama3.1-8b&tokens=100&ctx=4096");
    assert!(train.layouts > 0, "{train:?}");
    let serve = page_work("v=1&params=70&ctx=8192&batch=64&growth=10&months=36");
    assert!(serve.estimates > 0 && serve.cover_cells > 0, "{serve:?}");
    let worst = "v=1&params=100000&prec=fp32&ctx=4194304&batch=65536&growth=100&months=120&burst=100000&bursth=744";
    assert!(within(page_work(worst)), "{:?}", page_work(worst));
}
