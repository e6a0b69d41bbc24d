//! The headline and its formula lines: the chosen option's whole figure, the cost line's terms, $ per
//! million tokens for every option, the weights' line and a job's monthly figure.

use super::*;

#[test]
fn headline_figures_follow_the_chosen_option() {
    let s = scenario(&format!("{P4D_HPC}&buy=ri3&pay=all"));
    let r = first(&s);
    assert!((r.hourly_usd.unwrap_or(0.0) - 8.159056).abs() < 1e-6);
}

/// The headline is exactly the chosen option's figure for the whole scenario, bursts included
/// (On-Demand left the bursts out before): g6.xlarge On-Demand $0.8048/h in us-east-1 (catalog),
/// 730 baseline instance-hours + 2 × 100 burst instance-hours = 930 → $748.464 a month.
#[test]
fn the_headline_monthly_is_the_chosen_options_whole_figure() {
    let q = "v=1&params=3&inst=g6.xlarge&burst=2&bursth=100";
    let od = first(&scenario(q));
    assert!(
        (od.monthly_usd.unwrap_or(0.0) - 0.8048 * 930.0).abs() < 1e-6,
        "{:?}",
        od.monthly_usd
    );
    for buy in Buy::ALL {
        let s = scenario(&format!("{q}&buy={}", query::buy_key(buy)));
        let r = first(&s);
        let o = option_cost(catalog(), &s, &r, buy);
        let shown = if o.unavailable.is_none() {
            o
        } else {
            option_cost(catalog(), &s, &r, Buy::OnDemand)
        };
        assert_eq!(
            (r.monthly_usd, r.hourly_usd),
            (Some(shown.monthly_usd), Some(shown.hourly_usd)),
            "{buy:?}"
        );
    }
}

/// The formula line prints the terms the engine adds up, not hourly × hours.
fn cost_line(q: &str) -> String {
    let s = scenario(q);
    let r = first(&s);
    let arch = s.model_arch();
    let lines = gpuplan::explain::formulas(&s, &arch, &r, gpuplan::scenario::Lang::En.into());
    let line = lines
        .into_iter()
        .find(|l| l.starts_with("monthly =") || l.starts_with("job ="));
    line.unwrap_or_default()
}

#[test]
fn the_cost_formula_prints_the_engines_terms() {
    // g6.xlarge On-Demand $0.8048/h (us-east-1): 1 × 730 h = $587.504, bursts 2 × 100 h = $160.96,
    // together $748.464 a month: the option row's figure, not hourly × hours ($587.50).
    assert_eq!(
        cost_line("v=1&params=3&inst=g6.xlarge&burst=2&bursth=100"),
        "monthly = $0.8048/h × 1 × 730 h + $0.8048/h × 2 × 100 h (bursts) = $748.46"
    );
    // A commitment is paid for all 730 hours whatever the usage (hours=200), bursts On-Demand beside it.
    let q = "v=1&params=3&inst=g6.xlarge&burst=2&bursth=100&buy=csp1&hours=200";
    let r = first(&scenario(q));
    let eff = r.hourly_usd.unwrap_or(0.0);
    let monthly = eff * 730.0 + 0.8048 * 200.0;
    assert!((r.monthly_usd.unwrap_or(0.0) - monthly).abs() < 1e-9);
    assert_eq!(
        cost_line(q),
        format!(
            "monthly = {}/h × 1 × 730 h (committed: every hour) + $0.8048/h × 2 × 100 h (bursts) = {}",
            gpuplan::format::usd(eff),
            gpuplan::format::usd(monthly)
        )
    );
    // Spot: the job's On-Demand wall clock × the checkpoint overhead, at the Spot rate.
    let q = "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&buy=spot";
    let r = first(&scenario(q));
    // Less the start-up, a term of its own, once and without the factor.
    let f = (r.job_hours.unwrap_or(0.0) - 10.0 / 60.0) / r.base_job_hours.unwrap_or(1.0);
    assert!(f > 1.0, "{f}");
    let line = cost_line(q);
    assert!(
        line.contains(&format!("× {} (Spot interruptions)", gpuplan::format::number(f, 4))),
        "{line}"
    );
    assert!(
        line.ends_with(&gpuplan::format::usd(r.job_usd.unwrap_or(0.0))),
        "{line}"
    );
}

/// $ per million tokens has one meaning for every option: what a month costs over what a month serves.
/// A commitment is paid for 730 hours whatever the fleet runs, so at 200 hours its token costs 3.65×
/// its hourly rate's (reviewer's case: a 1-year Compute Savings Plan read $0.385/M against a real $1.40).
#[test]
fn per_million_tokens_is_a_months_cost_over_a_months_tokens_for_every_option() {
    for hours in [200.0, 730.0] {
        let s = scenario(&format!("v=1&model=llama3.1-8b&batch=50&inst=g6e.xlarge&hours={hours}"));
        let rec = first(&s);
        let tps = rec.tokens_per_s.unwrap_or(0.0);
        let month_tokens_m = tps * 3600.0 * hours / 1e6;
        for o in option_costs(catalog(), &s, &rec)
            .iter()
            .filter(|o| o.unavailable.is_none())
        {
            let m = o.usd_per_million_tokens.unwrap_or_else(|| panic!("{:?}", o.buy));
            let expected = o.monthly_usd / month_tokens_m;
            assert!(
                (m / expected - 1.0).abs() < 1e-9,
                "{hours} h {:?}: {m} vs {expected}",
                o.buy
            );
        }
    }
}

#[test]
fn formulas_give_one_copys_weights_and_the_fleets_sum_as_such() {
    use gpuplan::scenario::Lang;
    // Issue 24 #18: "weights = N × b = 7B × 2 bytes = 312.9 GiB" was the fleet's sum.
    let s = scenario("v=1&task=train&params=7&tokens=1000");
    let r = first(&s);
    assert!(r.n_accelerators > 1, "{}", r.n_accelerators);
    let lines = gpuplan::explain::formulas(&s, &s.model_arch(), &r, Lang::En.into()).join("\n");
    let copy = 7e9 * 2.0 / f64::from(1u32 << 30);
    assert!(
        lines.contains(&format!(
            "weights (one copy) = N × b = 7B × 2 bytes = {} GiB",
            gpuplan::format::number(copy, 1)
        )),
        "{lines}"
    );
    assert!(
        lines.contains("accelerators = ") && lines.contains("the fleet's sum"),
        "{lines}"
    );
    // QLoRA holds its base in 4 bits (with scales), whatever the compute precision.
    let s = scenario("v=1&task=finetune&model=llama3.1-70b&method=qlora&tokens=0.02");
    let zh = gpuplan::explain::formulas(&s, &s.model_arch(), &first(&s), Lang::Zh.into()).join("\n");
    assert!(zh.contains("× 0.5625 字节（4-bit 基座"), "{zh}");
}

#[test]
fn a_job_lines_monthly_usd_means_what_the_readme_says() {
    use gpuplan::engine::outcome::Segment;
    // README (CLI JSON, plan.items): a Capacity Block job line's monthly_usd is the whole block, paid
    // upfront; an On-Demand or Spot job line's is a month of the fleet running, the job is horizon_usd.
    let mut seen = Vec::new();
    for q in [
        "v=1&task=train&model=llama3.1-70b&tokens=200&days=10&inst=p5en.48xlarge",
        "v=1&task=train&model=llama3.1-8b&tokens=20&days=10&inst=g6e.48xlarge",
    ] {
        let s = scenario(q);
        let r = first(&s);
        let p = plan(catalog(), &s, &r);
        let Some(j) = p.items.iter().find(|i| i.segment == Segment::Job) else {
            panic!("{p:?}")
        };
        seen.push(j.buy);
        if j.buy == Buy::CapacityBlock {
            assert!(
                (j.monthly_usd - j.upfront_usd).abs() < 1e-6 && (j.horizon_usd - j.upfront_usd).abs() < 1e-6,
                "{j:?}"
            );
        } else {
            // On-Demand or Spot: a month of the fleet at the option's rate (Spot with its overhead).
            let o = option_cost(catalog(), &s, &r, j.buy);
            let month = o.hourly_usd * s.hours_per_month;
            assert!((j.monthly_usd - o.monthly_usd).abs() < 1e-6 * month, "{j:?}");
            assert!(
                j.monthly_usd >= month * (1.0 - 1e-9) && j.horizon_usd < j.monthly_usd,
                "{j:?}"
            );
        }
    }
    assert!(
        seen.contains(&Buy::CapacityBlock) && seen.iter().any(|b| *b != Buy::CapacityBlock),
        "{seen:?}"
    );
}
