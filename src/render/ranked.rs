//! The ranked list as HTML text: its column heads, a row per recommendation (open it, `data-act="pick"`; add it to Compare, `data-act="cmp"`), and why the other types were left out.

use super::{Fmt, Html};
use crate::engine::{Outcome, Recommendation, Why};
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::Task;

/// What a row's speed and cost columns hold: the task, and whether it runs as a job (training,
/// fine-tuning, a batch inference job: time and cost per job) or as a service.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Work {
    pub task: Task,
    pub job: bool,
}

impl Work {
    pub fn of(s: &crate::scenario::Scenario) -> Work {
        Work {
            task: s.task,
            job: s.is_job(),
        }
    }
}

/// What the speed column holds: a job's time, throughput, peak FP64 or seats per instance.
pub fn speed_label(w: Work) -> Msg {
    match w.task {
        _ if w.job => Msg::Time,
        Task::Hpc => Msg::Fp64Peak,
        Task::Graphics => Msg::SeatsPerInstance,
        _ => Msg::Throughput,
    }
}

/// The cost column: a month of a service, or one job.
pub fn cost_label(w: Work) -> Msg {
    if w.job {
        Msg::PerJob
    } else {
        Msg::Monthly
    }
}

/// Speed or time of a recommendation, as text.
pub fn speed_text(r: &Recommendation, f: Fmt) -> String {
    if let Some(j) = r.job_hours {
        return format::hours(j, f.lang);
    }
    if let Some(t) = r.tokens_per_s {
        let per = r
            .tokens_per_s_per_seq
            .map_or(String::new(), |p| explain::per_sequence(p, f.lang));
        return format!("{} {}{per}", format::number(t, 0), f.t(Msg::TokensPerS));
    }
    // HPC: peak FP64 and what an hour of one TFLOPS of it costs (the lens HPC buyers compare by).
    if let Some(tf) = r.fp64_tflops {
        let cost = crate::engine::usd_per_fp64_tflops_hour(r).map_or(String::new(), |c| {
            format!(" · {} {}", f.money(c), f.t(Msg::PerTflopsHour))
        });
        return format!("{} {}{cost}", format::number(tf, 1), f.t(Msg::Fp64Tflops));
    }
    // Graphics: how many seats one instance carries.
    r.seats_per_instance.map_or_else(|| "—".into(), |n| n.to_string())
}

/// The ranked list's column heads; speed and cost say what they hold for the work.
pub fn rec_head(f: Fmt, work: Work) -> String {
    let heads = [
        (Msg::Instance, ""),
        (Msg::Instances, "num"),
        (Msg::Accelerators, ""),
        (Msg::Memory, ""),
        (speed_label(work), "num"),
        (Msg::Hourly, "num"),
        (cost_label(work), "num"),
        (Msg::Compare, ""),
    ];
    let mut h = Html::new();
    h.open("tr", &[]);
    for (m, class) in heads {
        let c = if class.is_empty() { ("", "") } else { ("class", class) };
        h.el("th", &[("scope", "col"), c], f.t(m));
    }
    h.close("tr");
    h.finish()
}

/// The ranked list's rows (the first `limit`): each names its type (a button that opens it,
/// `data-act="pick"`), its fleet, memory, speed and cost, and a Compare toggle (`data-act="cmp"`).
pub fn rec_rows(
    f: Fmt,
    outcome: &Outcome,
    work: Work,
    chosen: Option<&str>,
    compare: &[String],
    limit: usize,
) -> String {
    let mut h = Html::new();
    let shown: Vec<&Recommendation> = outcome.recommendations.iter().take(limit).collect();
    // One precision per money column.
    let decimals = (
        f.decimals_of(&shown.iter().filter_map(|r| r.hourly_usd).collect::<Vec<_>>()),
        f.decimals_of(
            &shown
                .iter()
                .filter_map(|r| r.job_usd.or(r.monthly_usd))
                .collect::<Vec<_>>(),
        ),
    );
    for r in shown {
        let selected = chosen == Some(r.instance.as_str());
        rec_row(&mut h, f, r, work, (selected, compare.contains(&r.instance)), decimals);
    }
    h.finish()
}

/// One ranked row.
fn rec_row(h: &mut Html, f: Fmt, r: &Recommendation, work: Work, marks: (bool, bool), decimals: (usize, usize)) {
    let (selected, picked) = marks;
    let class = match (selected, r.fits) {
        (true, true) => "selected",
        (true, false) => "selected unfit",
        (false, false) => "unfit",
        (false, true) => "",
    };
    let (hourly_attr, monthly_attr) = (
        r.hourly_usd.map(|v| crate::num::rounded(v, 6)).unwrap_or_default(),
        r.monthly_usd.map(|v| crate::num::rounded(v, 6)).unwrap_or_default(),
    );
    let fits = if r.fits { "true" } else { "false" };
    let class = if class.is_empty() { ("", "") } else { ("class", class) };
    h.open(
        "tr",
        &[
            ("data-testid", "rec"),
            ("data-instance", &r.instance),
            ("data-fits", fits),
            ("data-hourly-usd", &hourly_attr),
            ("data-monthly-usd", &monthly_attr),
            class,
        ],
    )
    .open("th", &[("scope", "row")])
    .el(
        "button",
        &[
            ("type", "button"),
            ("class", "link"),
            super::Act::Pick.attr(),
            ("data-id", &r.instance),
        ],
        &r.instance,
    )
    .close("th");
    h.el(
        "td",
        &[("class", "num"), ("data-label", f.t(Msg::Instances))],
        &r.n_instances.to_string(),
    );
    h.el(
        "td",
        &[("class", "wrap"), ("data-label", f.t(Msg::Accelerators))],
        &format!("{} × {}", r.n_accelerators, r.accelerator),
    );
    memory_cell(h, f, r);
    // A type that cannot run the scenario is not priced: a dash, not "no public price" (its price exists).
    let none = if r.fits { f.t(Msg::NoPrice) } else { "—" };
    let or_none = |v: Option<f64>, d: usize| v.map_or_else(|| none.to_string(), |x| f.money_at(x, d));
    h.el(
        "td",
        &[("class", "num wrap"), ("data-label", f.t(speed_label(work)))],
        &(speed_text(r, f) + &r.ttft_s().map_or(String::new(), |t| explain::ttft_short(t, f.lang))),
    );
    h.el(
        "td",
        &[("class", "num"), ("data-label", f.t(Msg::Hourly))],
        &or_none(r.hourly_usd, decimals.0),
    );
    h.el(
        "td",
        &[("class", "num"), ("data-label", f.t(cost_label(work)))],
        &or_none(r.job_usd.or(r.monthly_usd), decimals.1),
    );
    compare_cell(h, f, &r.instance, picked);
    h.close("tr");
}

/// A row's memory: needed against available as a meter, ✗ when it does not fit; a type left out for
/// another reason than memory (host RAM, the stack, a rule) says that reason instead of "0 / 0 GiB".
fn memory_cell(h: &mut Html, f: Fmt, r: &Recommendation) {
    let other_reason = r.reasons.iter().find_map(|w| match w {
        Why::CannotRun { reason } if r.mem_available_gib <= 0.0 => Some(explain::exclusion(reason, f.lang)),
        _ => None,
    });
    if let Some(reason) = other_reason {
        h.open("td", &[("class", "wrap"), ("data-label", f.t(Msg::Memory))])
            .el("span", &[("class", "mem why-not")], &format!("✗ {reason}"))
            .close("td");
        return;
    }
    let (max, value) = (
        crate::num::rounded(r.mem_available_gib, 1),
        crate::num::rounded(r.mem_needed_gib.min(r.mem_available_gib), 1),
    );
    // The figures in words under the bar (not a hover-only title: a phone has no hover).
    let text = format!(
        "{} / {} GiB{}",
        format::number(r.mem_needed_gib, 1),
        format::number(r.mem_available_gib, 1),
        if r.fits { "" } else { " ✗" }
    );
    h.open("td", &[("data-label", f.t(Msg::Memory))])
        .el(
            "meter",
            &[("min", "0"), ("max", &max), ("value", &value), ("aria-hidden", "true")],
            "",
        )
        .el("span", &[("class", "mem")], &text)
        .close("td");
}

/// A row's Compare toggle (the ranked list's and Explore's).
pub(super) fn compare_cell(h: &mut Html, f: Fmt, id: &str, picked: bool) {
    let label = f.t(if picked {
        Msg::RemoveFromCompare
    } else {
        Msg::AddToCompare
    });
    h.open("td", &[])
        .el(
            "button",
            &[
                ("type", "button"),
                ("class", "small"),
                ("aria-pressed", if picked { "true" } else { "false" }),
                super::Act::Cmp.attr(),
                ("data-id", id),
            ],
            label,
        )
        .close("td");
}

/// Why the other types were left out, each family with its instances and the reason.
pub fn excluded(f: Fmt, outcome: &Outcome) -> String {
    if outcome.excluded.is_empty() {
        return String::new();
    }
    let mut h = Html::new();
    h.open("section", &[("class", "card excluded-card")])
        .open("details", &[("data-testid", "excluded")])
        .el(
            "summary",
            &[],
            &format!("{} ({})", f.t(Msg::WhyNot), outcome.excluded.len()),
        )
        .open("ul", &[("class", "excluded")]);
    for e in &outcome.excluded {
        h.open("li", &[])
            .el("strong", &[], &e.family)
            .text(&format!(
                " ({}): {}",
                e.instances.join(", "),
                explain::exclusion(&e.reason, f.lang)
            ))
            .close("li");
    }
    h.close("ul").close("details").close("section");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;
    use crate::scenario::{Lang, Scenario};

    #[test]
    fn ranked_rows_mark_the_chosen_and_the_compared() {
        let c = catalog();
        let mut s = Scenario::default();
        crate::query::apply_pair(&mut s, "model", "llama3.1-8b", &c, &mut Vec::new());
        let o = crate::engine::recommend(&c, &s);
        let first = o
            .recommendations
            .first()
            .map(|r| r.instance.clone())
            .unwrap_or_default();
        let rows = rec_rows(
            Fmt::from(Lang::En),
            &o,
            Work::of(&s),
            Some(&first),
            std::slice::from_ref(&first),
            3,
        );
        assert_eq!(
            rows.matches("data-testid=\"rec\"").count(),
            3.min(o.recommendations.len()),
            "{rows}"
        );
        assert_eq!(rows.matches("class=\"selected").count(), 1, "{rows}");
        assert_eq!(rows.matches("aria-pressed=\"true\"").count(), 1, "{rows}");
    }

    #[test]
    fn a_type_that_cannot_run_says_why_not_no_price() {
        // Issue 24 #12: the Inferentia2 strategy's inf2.xlarge is out for host RAM and has a price.
        let c = catalog();
        let mut s = Scenario::default();
        crate::query::apply_pair(&mut s, "inst", "inf2.xlarge,inf2.8xlarge", &c, &mut Vec::new());
        let o = crate::engine::recommend(&c, &s);
        let unfit: Vec<_> = o.recommendations.iter().filter(|r| !r.fits).collect();
        assert!(!unfit.is_empty(), "inf2.xlarge is expected not to fit");
        for lang in [Lang::En, Lang::Zh] {
            let rows = rec_rows(Fmt::from(lang), &o, Work::of(&s), None, &[], 5);
            assert!(!rows.contains("0 / 0 GiB"), "{rows}");
            assert!(!rows.contains(Fmt::from(lang).t(Msg::NoPrice)), "{rows}");
            assert!(rows.contains("why-not"), "{rows}");
        }
    }

    #[test]
    fn a_job_labels_its_cost_per_job() {
        let w = |task, job| Work { task, job };
        assert_eq!(cost_label(w(Task::Training, true)), Msg::PerJob);
        assert_eq!(cost_label(w(Task::Inference, false)), Msg::Monthly);
        assert_eq!(speed_label(w(Task::Hpc, false)), Msg::Fp64Peak);
        // A batch inference job is a job: its time and its cost per job.
        let mut s = Scenario::default();
        (s.serving, s.job_requests, s.output_tokens) = (crate::scenario::ServingMode::Batch, 1e6, 100);
        assert_eq!(Work::of(&s), w(Task::Inference, true));
        assert_eq!(
            (speed_label(Work::of(&s)), cost_label(Work::of(&s))),
            (Msg::Time, Msg::PerJob)
        );
        s.output_tokens = 0;
        assert_eq!(cost_label(Work::of(&s)), Msg::Monthly);
    }
}
