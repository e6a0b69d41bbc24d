//! The cost-versus-latency curve (issue 26 item 2) as HTML text: every serving layout the planner builds as a small mark, dollars per million output tokens against each user's tokens/s, the Pareto front marked and joined, the current pick ringed and labelled; then the front as a table whose buttons plan a point (`Act::Pairs`: its link keys). Geometry from `crate::chart::Axis`, drawing from `svg`.

use super::svg::{label, legend_entry, line, pc, px, y_title};
use super::{Act, Fmt, Html};
use crate::catalog::Catalog;
use crate::chart::Axis;
use crate::engine::pareto::{self, CurvePoint};
use crate::explain::latency;
use crate::format::number;
use crate::i18n::{CurveWord as Word, Msg};
use crate::scenario::{Currency, Task};

/// A word of the curve's own (`i18n::CurveWord`) in the language of `f`.
fn word(f: Fmt, w: Word) -> &'static str {
    crate::i18n::curve_word(f.lang, w)
}

/// The display currency's units per US dollar.
fn rate(f: Fmt) -> f64 {
    if f.currency == Currency::Cny {
        f.cny_per_usd
    } else {
        1.0
    }
}

/// An axis tick's money (in display units) without trailing zeros: "$0.5", "¥20".
fn money_tick(f: Fmt, shown: f64) -> String {
    let s = f.money(shown / rate(f));
    match s.contains('.') {
        true => s.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => s,
    }
}

/// The link keys that plan a point, as `key=value&…` (what `Act::Pairs` sets): its type (`inst`), the
/// users one instance of the layout serves (`batch`: replicas × users per replica) and their speed
/// (`seqtps`, rounded down to a tenth so the layout meets it). No key pins the TP degree: among the
/// layouts of the type serving those users on one instance at that speed, the planner takes the
/// fastest, which is the point's unless another is at least as good.
pub fn point_link(p: &CurvePoint) -> String {
    let batch = p
        .replicas_per_instance
        .max(1)
        .saturating_mul(p.users_per_replica)
        .clamp(1, 65_536);
    let speed = crate::num::shortest((p.tokens_per_s_per_user * 10.0).floor() / 10.0);
    format!("inst={}&batch={batch}&seqtps={speed}", p.instance)
}

/// A point's layout in words: "p5.48xlarge · TP 8 · 64" (users per replica last).
fn layout(p: &CurvePoint) -> String {
    format!("{} · TP {} · {}", p.instance, p.tp, p.users_per_replica)
}

/// The front, cheapest (and slowest) first: the curve's points come sorted (`pareto::mark_front`).
pub fn front(points: &[CurvePoint]) -> Vec<&CurvePoint> {
    points.iter().filter(|p| p.front).collect()
}

/// The chart's axes: labelled grid lines across for the money, ticks along the bottom for the speed.
fn axes(h: &mut Html, f: Fmt, (x, y): (Axis, Axis), (height, b): (f64, f64)) {
    let (l, r) = (x.scale.p0, x.scale.p1);
    for v in y.ticks() {
        let at = y.at(v);
        line(h, "grid", (l, r), (at, at), &[]);
        label(h, "tick", (l, -6.0), at + 4.0, "end", &money_tick(f, v));
    }
    for v in x.ticks() {
        label(h, "tick", (x.at(v), 0.0), height - b + 16.0, "middle", &number(v, 1));
    }
    line(h, "axis", (l, r), (height - b, height - b), &[]);
    let log = |m: Word, axis: Axis| word(f, m).to_string() + if axis.log { word(f, Word::Log) } else { "" };
    let x_title = log(Word::X, x);
    label(h, "axis-label", ((l + r) / 2.0, 0.0), height - 6.0, "middle", &x_title);
    y_title(
        h,
        14.0,
        (height - b) / 2.0,
        &format!("{} ({})", log(Word::Y, y), f.code()),
    );
}

/// `<circle class="…" cx="…%" cy="…" r="…`: a mark at `(x %, y px)`, its last attribute left open.
fn mark<'h>(h: &'h mut Html, class: &str, (x, y): (f64, f64), r: &str) -> &'h mut Html {
    h.fragment("<circle class=\"")
        .fragment(class)
        .fragment("\" cx=\"")
        .fragment(&pc(x))
        .fragment("\" cy=\"")
        .fragment(&px(y))
        .fragment("\" r=\"")
        .fragment(r)
}

/// Every point as a small mark (`pt`), the front's larger and joined (`pt front`, each a button for the
/// pointer that plans it, its layout in its tooltip), the pick ringed and labelled with its type; then the
/// legend. Empty without points.
pub fn chart(f: Fmt, points: &[CurvePoint], pick: Option<&CurvePoint>) -> String {
    if points.is_empty() {
        return String::new();
    }
    let (height, l, r, t, b) = (300.0, 16.0, 97.0, 10.0, 42.0);
    let range = |v: &dyn Fn(&CurvePoint) -> f64| {
        let all = points.iter().chain(pick).map(v);
        all.fold((f64::INFINITY, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let ((x0, x1), (y0, y1)) = (
        range(&|p| p.tokens_per_s_per_user),
        range(&|p| p.usd_per_million_tokens * rate(f)),
    );
    let x = Axis::new(x0, x1, (l, r));
    let y = Axis::new(y0, y1, (height - b, t));
    let at = |p: &CurvePoint| (x.at(p.tokens_per_s_per_user), y.at(p.usd_per_million_tokens * rate(f)));
    let mut h = Html::new();
    // The section's head names the chart: no caption of its own.
    h.fragment("<figure class=\"chart\" data-testid=\"curve-chart\"><svg height=\"")
        .fragment(&px(height))
        .fragment("\" role=\"img\" aria-label=\"")
        .text(f.t(Msg::CurveTitle))
        .fragment("\">");
    axes(&mut h, f, (x, y), (height, b));
    let front = front(points);
    for w in front.windows(2) {
        if let [a, c] = w {
            let ((xa, ya), (xc, yc)) = (at(a), at(c));
            line(&mut h, "front-line", (xa, xc), (ya, yc), &[]);
        }
    }
    for p in points {
        if p.front {
            mark(&mut h, "pt front", at(p), "4")
                .fragment("\"")
                .act(Act::Pairs)
                .fragment(" data-id=\"")
                .text(&point_link(p))
                .fragment("\"><title>")
                .text(&layout(p))
                .fragment("</title></circle>");
        } else {
            mark(&mut h, "pt", at(p), "1.5").fragment("\"></circle>");
        }
    }
    if let Some(p) = pick {
        let (cx, cy) = at(p);
        mark(&mut h, "pick", (cx, cy), "7").fragment("\"></circle>");
        let (anchor, dx) = if cx > 60.0 { ("end", -10.0) } else { ("", 10.0) };
        label(&mut h, "pick-label", (cx, dx), cy - 8.0, anchor, &p.instance);
    }
    h.close("svg").open("ul", &[("class", "legend")]);
    legend_entry(&mut h, "pt", word(f, Word::Points));
    legend_entry(&mut h, "front", word(f, Word::Front));
    if let Some(p) = pick {
        let text = format!("{}{}{}", word(f, Word::Pick), f.t(Msg::Colon), layout(p));
        legend_entry(&mut h, "pick", &text);
    }
    h.close("ul").close("figure");
    h.finish()
}

/// The front as a table, cheapest first: type, TP, users per replica, each user's tokens/s, the price
/// of a million output tokens and the time to first token, and a button that plans the point; the
/// pick's row marked. Fixed markup as text (cheaper in the wasm than attribute lists).
pub fn front_table(f: Fmt, points: &[CurvePoint], pick: Option<&CurvePoint>) -> String {
    let front = front(points);
    let mut h = Html::new();
    h.fragment("<div class=\"table-wrap\" tabindex=\"0\"><table class=\"front\" data-testid=\"curve-front\"><caption>")
        .text(word(f, Word::Front))
        .fragment("</caption><thead><tr>");
    let heads = [
        f.t(Msg::Instance),
        "TP",
        word(f, Word::UsersPerReplica),
        word(f, Word::X),
        f.t(Msg::PerMTok),
        f.t(Msg::Ttft),
        "",
    ];
    for head in heads {
        h.fragment("<th scope=\"col\">").text(head).fragment("</th>");
    }
    h.fragment("</tr></thead><tbody>");
    let decimals = f.decimals_of(&front.iter().map(|p| p.usd_per_million_tokens).collect::<Vec<_>>());
    for p in front {
        let current =
            pick.is_some_and(|k| (&k.instance, k.tp, k.users_per_replica) == (&p.instance, p.tp, p.users_per_replica));
        let ttft = p.ttft_s.map_or("—".to_string(), |t| latency(t, f.lang));
        h.fragment("<tr data-testid=\"front-row\" data-instance=\"")
            .text(&p.instance)
            .fragment(if current {
                "\" class=\"current\"><th scope=\"row\">"
            } else {
                "\"><th scope=\"row\">"
            })
            .text(&p.instance)
            .fragment("</th>");
        for cell in [
            p.tp.to_string(),
            p.users_per_replica.to_string(),
            number(p.tokens_per_s_per_user, 1),
            f.money_at(p.usd_per_million_tokens, decimals),
            ttft,
        ] {
            h.fragment("<td class=\"num\">").text(&cell).fragment("</td>");
        }
        h.fragment("<td><button type=\"button\" class=\"small\" aria-label=\"")
            .text(word(f, Word::PlanThis))
            .text(f.t(Msg::Colon))
            .text(&layout(p))
            .fragment("\"")
            .act(Act::Pairs)
            .fragment(" data-id=\"")
            .text(&point_link(p))
            .fragment("\">")
            .text(word(f, Word::PlanThis))
            .fragment("</button></td></tr>");
    }
    h.fragment("</tbody></table></div><p class=\"muted\">")
        .text(word(f, Word::How))
        .fragment("</p>");
    h.finish()
}

/// The curve's section opened: its head (`head`) with the chart and the front's table (`body`); closed
/// (`drawn` `None`), the head alone. The page draws the same from `head`, the worker's `body` and `END`.
pub fn section(f: Fmt, drawn: Option<(&[CurvePoint], Option<&CurvePoint>)>) -> String {
    let mut out = head(f, drawn.is_some());
    if let Some((points, pick)) = drawn {
        out.push_str(&body(f, points, pick));
    }
    out + END
}

/// The section's end, after `head` and what is drawn under it.
pub const END: &str = "</section>";

/// The section's start: its title as a button that opens or closes it (`Act::Curve`, `aria-expanded`).
/// What the page's wasm draws itself; the rest comes from the worker.
pub fn head(f: Fmt, open: bool) -> String {
    let mut h = Html::new();
    h.fragment("<section class=\"card curve\" data-testid=\"curve\"><h2><button type=\"button\" class=\"link\" aria-expanded=\"")
        .fragment(if open { "true" } else { "false" })
        .fragment("\"").act(Act::Curve).fragment(" data-id=\"curve\">")
        .text(f.t(Msg::CurveTitle))
        .fragment("</button></h2>");
    h.finish()
}

/// The opened section's line until the worker's first answer.
pub fn computing(f: Fmt) -> String {
    let mut h = Html::new();
    h.fragment("<p class=\"muted\" role=\"status\" data-testid=\"curve-computing\">")
        .text(f.t(Msg::CurveComputing))
        .fragment("</p>");
    h.finish()
}

/// The opened section's line when the worker failed to load or stopped: what happened, and a button that
/// starts it again (`Act::Retry`).
pub fn failed(f: Fmt) -> String {
    let mut h = Html::new();
    h.fragment("<p role=\"alert\" data-testid=\"curve-failed\">")
        .text(f.t(Msg::CurveFailed))
        .fragment(" <button type=\"button\" class=\"small\"")
        .act(Act::Retry)
        .fragment(">")
        .text(f.t(Msg::Retry))
        .fragment("</button></p>");
    h.finish()
}

/// The opened section's content: the chart, then the front's table.
pub fn body(f: Fmt, points: &[CurvePoint], pick: Option<&CurvePoint>) -> String {
    chart(f, points, pick) + &front_table(f, points, pick)
}

/// What the curve's worker (`web/src/bin/gpuplan-curve.rs`) answers for the page's link query: the opened
/// section's `body` for the link's scenario, parsed as the page parses its link (`state::parse_state`),
/// in its language and currency. The points are the curve of `pareto::page_scenario`, the pick the top
/// recommendation of the scenario the page's engine sees. Empty for a link that is not serving (the page
/// draws no section then).
pub fn answer(catalog: &Catalog, query: &str) -> String {
    let (st, _) = crate::state::parse_state(query, catalog);
    let s = &st.scenario;
    if s.task != Task::Inference {
        return String::new();
    }
    let points = pareto::curve(catalog, &pareto::page_scenario(s));
    let top = pareto::pick(&crate::engine::recommend(catalog, s));
    body(st.presentation, &points, top.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pareto::{curve, page_scenario, pick};
    use crate::render::tests::EN_USD as F;
    use crate::scenario::Lang;

    const CHAT: &str = "v=1&model=llama3.1-8b&ctx=2500&out=500&batch=50";

    /// The page's curve for a link and the top recommendation's point.
    fn drawn(query: &str) -> (Vec<CurvePoint>, Option<CurvePoint>) {
        let c = crate::catalog_static::catalog();
        let (s, _) = crate::query::parse(query, &c);
        let points = curve(&c, &page_scenario(&s));
        let top = pick(&crate::engine::recommend(&c, &s));
        (points, top)
    }

    #[test]
    fn the_chart_has_a_mark_per_point_the_front_marked_and_joined_and_the_pick_ringed() {
        let (points, top) = drawn(CHAT);
        let top = top.unwrap_or_else(|| panic!("nothing fits {CHAT}"));
        let svg = chart(F, &points, Some(&top));
        let n_front = points.iter().filter(|p| p.front).count();
        assert!(
            points.len() > 100 && n_front >= 3,
            "{} points, {n_front} on the front",
            points.len()
        );
        assert_eq!(svg.matches("<circle class=\"pt").count(), points.len());
        assert_eq!(svg.matches("<circle class=\"pt front\"").count(), n_front);
        assert_eq!(svg.matches("class=\"front-line\"").count(), n_front - 1);
        // Each front mark plans its point; the others are marks only.
        assert_eq!(svg.matches("data-act=\"pairs\"").count(), n_front);
        for p in front(&points) {
            let link = point_link(p).replace('&', "&amp;");
            assert!(
                svg.contains(&format!("data-id=\"{link}\"><title>{}</title>", layout(p))),
                "{link}"
            );
        }
        // The pick: one ring, labelled with its type, and the legend names its layout.
        assert_eq!(svg.matches("<circle class=\"pick\"").count(), 1, "{svg}");
        assert!(svg.contains(&format!("{}</text>", top.instance)), "{svg}");
        assert!(svg.contains(&format!("Current pick: {}", layout(&top))), "{svg}");
        // Speeds and costs span decades here: both axes are logarithmic and say so.
        assert!(svg.contains("Output tokens/s per user (log)"), "{svg}");
        assert!(svg.contains("Per million output tokens (log) (USD)"), "{svg}");
        assert_eq!(chart(F, &[], None), "");
    }

    #[test]
    fn the_table_lists_exactly_the_front_cheapest_first_each_row_a_button() {
        let (points, top) = drawn(CHAT);
        let table = front_table(F, &points, top.as_ref());
        let front = front(&points);
        let rows: Vec<&str> = table
            .split("<tr data-testid=\"front-row\" data-instance=\"")
            .skip(1)
            .collect();
        assert_eq!(rows.len(), front.len(), "{table}");
        assert_eq!(rows.len(), points.iter().filter(|p| p.front).count());
        for (row, p) in rows.iter().zip(&front) {
            let cells = format!(
                "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
                p.tp,
                p.users_per_replica,
                number(p.tokens_per_s_per_user, 1)
            );
            assert!(
                row.starts_with(&format!("{}\"", p.instance)) && row.contains(&cells),
                "{row}"
            );
            let link = point_link(p).replace('&', "&amp;");
            assert!(
                row.contains(&format!("data-act=\"pairs\" data-id=\"{link}\">Plan this</button>")),
                "{row}"
            );
        }
        // Along the front, dearer is faster.
        for w in front.windows(2) {
            if let [a, b] = w {
                assert!(a.usd_per_million_tokens <= b.usd_per_million_tokens);
                assert!(a.tokens_per_s_per_user < b.tokens_per_s_per_user, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_front_point_planned_becomes_the_top_pick_with_its_layout() {
        let c = crate::catalog_static::catalog();
        let (points, _) = drawn(CHAT);
        for p in front(&points) {
            let q = format!("{CHAT}&{}", point_link(p));
            let (t, w) = crate::query::parse(&q, &c);
            assert!(w.is_empty(), "{q}: {w:?}");
            let got = pick(&crate::engine::recommend(&c, &t)).unwrap_or_else(|| panic!("nothing fits {q}"));
            assert_eq!(
                (&got.instance, got.tp, got.users_per_replica),
                (&p.instance, p.tp, p.users_per_replica),
                "{q}"
            );
            let same = (got.usd_per_million_tokens - p.usd_per_million_tokens).abs() < 1e-9 * p.usd_per_million_tokens;
            assert!(same, "{q}: {got:?} against {p:?}");
            assert!(
                got.ttft_s.zip(p.ttft_s).is_some_and(|(a, b)| (a - b).abs() < 1e-9),
                "{q}"
            );
            // The page's curve does not move when the point is planned, and the table marks it as the pick.
            assert_eq!(curve(&c, &page_scenario(&t)), points, "{q}");
            let table = front_table(F, &points, Some(&got));
            assert_eq!(table.matches(" class=\"current\">").count(), 1, "{q}");
        }
    }

    /// The page draws the opened section as `head`, the worker's answer and `END`: for a link, exactly the
    /// section the `curve` feature's page drew itself (its points from the link's scenario, its pick from the
    /// page's outcome), in both languages and currencies, with a pinned type and speed (a planned point).
    #[test]
    fn the_workers_answer_completes_the_section_the_page_drew_itself() {
        let c = crate::catalog_static::catalog();
        let links = [
            CHAT.to_string(),
            format!("{CHAT}&lang=zh&cur=cny"),
            format!("{CHAT}&inst=g6e.xlarge&batch=8&seqtps=20&view=explore"),
        ];
        for link in &links {
            let (st, _) = crate::state::parse_state(link, &c);
            let s = &st.scenario;
            let points = curve(&c, &page_scenario(s));
            let top = pick(&crate::engine::recommend(&c, s));
            let f = st.presentation;
            let page = section(f, Some((&points, top.as_ref())));
            assert!(page.contains("data-testid=\"front-row\""), "{link}");
            // The page posts its scenario's canonical query (`query::encode_link`), not the address as typed.
            let drawn = head(f, true) + &answer(&c, &crate::query::encode_link(s, &f)) + END;
            assert_eq!(drawn, page, "{link}");
            assert_eq!(answer(&c, link), body(f, &points, top.as_ref()), "{link}");
        }
        assert_eq!(answer(&c, "v=1&task=train&model=llama3.1-8b"), "");
        assert_eq!(section(F, None), head(F, false) + END);
    }

    #[test]
    fn a_failed_worker_is_said_in_both_languages_with_a_button_that_retries() {
        assert_eq!(
            computing(F),
            "<p class=\"muted\" role=\"status\" data-testid=\"curve-computing\">Computing every layout…</p>"
        );
        for lang in [Lang::En, Lang::Zh] {
            let f = Fmt { lang, ..F };
            let html = failed(f);
            let want = format!(
                "<p role=\"alert\" data-testid=\"curve-failed\">{} <button type=\"button\" class=\"small\" \
                 data-act=\"retry\">{}</button></p>",
                crate::i18n::t(lang, Msg::CurveFailed),
                crate::i18n::t(lang, Msg::Retry)
            );
            assert_eq!(html, want);
            assert_eq!(Act::parse("retry"), Some(Act::Retry));
        }
        assert_ne!(
            crate::i18n::t(Lang::Zh, Msg::CurveFailed),
            crate::i18n::t(Lang::En, Msg::CurveFailed)
        );
    }

    #[test]
    fn the_curve_speaks_chinese_too() {
        let (points, top) = drawn(&format!("{CHAT}&lang=zh&cur=cny"));
        let zh = Fmt {
            lang: Lang::Zh,
            currency: Currency::Cny,
            ..F
        };
        let svg = chart(zh, &points, top.as_ref());
        assert!(svg.contains("每用户输出 token/秒（对数）"), "{svg}");
        assert!(svg.contains("帕累托前沿") && svg.contains("当前推荐："), "{svg}");
        assert!(svg.contains("(CNY)") && svg.contains(">¥"), "{svg}");
        let table = front_table(zh, &points, top.as_ref());
        assert!(
            table.contains(">按此规划</button>") && table.contains("每副本用户数"),
            "{table}"
        );
    }
}
