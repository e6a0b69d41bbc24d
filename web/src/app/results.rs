//! The Plan view's answer: the chosen recommendation in detail, the ranked list, and why the others were left out.

use super::Ctx;
use gpuplan::i18n::Msg;
use gpuplan::render;
use leptos::prelude::*;

/// Results for the current scenario.
#[component]
pub fn Results(ctx: Ctx) -> impl IntoView {
    // The link's `pick` (set by `pick`), so reset, history and exports follow it too.
    let pick = Memo::new(move |_| ctx.state.with(|st| st.pick.clone()));
    // The chosen recommendation's place in the outcome's list: recomputed when the outcome or the pick
    // changes, and then taken as new (no comparison compiled). An index, not a copy: no recommendation is
    // cloned for the page.
    let chosen = Memo::new_with_compare(
        move |_| {
            pick.with(|p| {
                ctx.outcome.with(|o| {
                    let r = o.chosen(p)?;
                    o.recommendations.iter().position(|x| std::ptr::eq(x, r))
                })
            })
        },
        super::changed,
    );
    // What the engine computes for the chosen recommendation beyond the ranking, in one memo (one
    // reactive type compiled for the three): every purchase option, the cheapest plan, and the estimate
    // at both ends of the efficiency assumptions (not for the embedded card, which does not show it).
    // Computed once per scenario and choice, not per language or currency.
    let card = ctx.state.with_untracked(|s| s.embed == gpuplan::state::Embed::Card);
    let figures = Memo::new_with_compare(
        move |_| {
            chosen.get().and_then(|i| {
                super::run_engine(|| {
                    ctx.catalog.with_value(|c| {
                        ctx.scenario.with(|s| {
                            ctx.outcome.with(|o| {
                                o.recommendations
                                    .get(i)
                                    .map(|r| render::page::figures(c, s, o, r, card))
                            })
                        })
                    })
                })
            })
        },
        super::changed,
    );
    // Each notice in words, then the plan's (what a buyer must know); the one-click fixes they offer
    // (a larger batch for communication-bound training) act through the page's one click handler (`acts`).
    let notices = move || {
        if card {
            return Vec::new();
        }
        let lang = ctx.lang();
        ctx.outcome
            .with(|o| figures.with(|f| render::page::notice_texts(o, f.as_ref(), lang)))
    };
    view! {
        <section class="card summary" data-testid="summary" aria-live="polite">
            {move || match chosen.get() {
                Some(r) => view! { <Detail ctx=ctx rec=r figures=figures /> }.into_any(),
                None => view! { <NothingFits ctx=ctx /> }.into_any(),
            }}
        </section>
        // The answer first, then what a buyer must know about it.
        <div class="contents" inner_html=move || {
            let fixes = if card { Vec::new() } else { figures.with(|f| render::page::notice_fixes(f.as_ref())) };
            render::notes::notices(ctx.lang(), &notices(), &fixes) + &curve_html(ctx, card)
        }></div>
        {move || ctx.full.get().then(|| view! {
            <RecTable ctx=ctx chosen=chosen />
            <Excluded ctx=ctx />
        })}
    }
}

/// "Nothing fits" (HTML text from `render::notes`); its fixes act through `acts`.
#[component]
fn NothingFits(ctx: Ctx) -> impl IntoView {
    // The changes that would fit, each tried on the engine: once per scenario, not per language.
    let fixes = Memo::new_with_compare(
        move |_| {
            super::run_engine(|| {
                ctx.catalog
                    .with_value(|c| ctx.scenario.with(|s| render::notes::fixes_that_fit(c, s)))
            })
        },
        super::changed,
    );
    let html = move || {
        let f = ctx.fmt();
        ctx.scenario.with(|s| {
            ctx.outcome
                .with(|o| fixes.with(|x| render::notes::nothing_fits(f, s, o, x)))
        })
    };
    view! { <div class="contents" inner_html=html></div> }
}

/// The engine's figures for the chosen recommendation (see `Results`).
type Figures = render::page::Figures;

/// The recommendation's card: HTML text from `render::detail`, rebuilt when the scenario, the plan,
/// the options, the language or the first paint change; the plan's export buttons stay a component.
#[component]
fn Detail(ctx: Ctx, rec: usize, figures: Memo<Option<Figures>>) -> impl IntoView {
    let card = ctx.state.with_untracked(|s| s.embed == gpuplan::state::Embed::Card);
    // Renders one part of the card with everything it is drawn from.
    let draw = move |part: &dyn Fn(&render::detail::DetailIn) -> String| {
        let (fmt, full) = (ctx.fmt(), ctx.full.get());
        ctx.catalog.with_value(|c| {
            ctx.scenario.with(|s| {
                ctx.outcome.with(|o| {
                    let Some(rec) = o.recommendations.get(rec) else {
                        return String::new();
                    };
                    figures.with(|f| {
                        part(&render::detail::DetailIn {
                            catalog: c,
                            scenario: s,
                            outcome: o,
                            rec,
                            plan: f.as_ref().map(|f| &f.plan),
                            range: f.as_ref().and_then(|f| f.range.as_ref()),
                            fmt,
                            card,
                            full,
                            root: "",
                        })
                    })
                })
            })
        })
    };
    let draw = StoredValue::new_local(draw);
    let top = move || draw.with_value(|d| d(&render::detail::top));
    let plan_box = move || {
        figures.with(|f| f.is_some()).then(|| {
            // The plan and, on the full page, its export bar (`render::page::plan_box`, as the pre-render draws it).
            let inner = move || {
                let plan = draw.with_value(|d| d(&|x| x.plan.map(|p| render::options::plan(x, p)).unwrap_or_default()));
                render::page::plan_box(&plan, (!card).then(|| ctx.lang()))
            };
            view! { <div class="plan-box" data-testid="plan" inner_html=inner></div> }
        })
    };
    let option_part = move || {
        (!card && ctx.full.get())
            .then(|| {
                figures.with(|f| {
                    f.as_ref()
                        .map(|f| draw.with_value(|d| d(&|x| render::options::options(x, &f.options))))
                })
            })
            .flatten()
    };
    view! {
        <div class="contents" inner_html=top></div>
        {plan_box}
        <div class="contents" inner_html=move || option_part().unwrap_or_default()></div>
    }
}

#[component]
fn RecTable(ctx: Ctx, chosen: Memo<Option<usize>>) -> impl IntoView {
    // Twelve rows until "All" is pressed, each time the list is drawn.
    ctx.show_all.set(false);
    // The rows and the head read the scenario anyway: what the columns hold (`Work`) is read with it, no
    // memo of its own (one reactive type less in the page).
    let fmt_work = move || (ctx.fmt(), ctx.scenario.with(render::ranked::Work::of));
    // The rows as HTML text (`render::ranked::rec_rows`); their buttons act through `acts`.
    let rows = move || {
        let card = ctx.embed.get() == gpuplan::state::Embed::Card;
        let limit = render::page::rec_limit(ctx.show_all.get(), card);
        let (f, work) = fmt_work();
        chosen.with(|c| {
            ctx.state.with(|st| {
                ctx.outcome.with(|o| {
                    let id = c.and_then(|i| o.recommendations.get(i)).map(|r| r.instance.as_str());
                    render::ranked::rec_rows(f, o, work, id, &st.compare, limit)
                })
            })
        })
    };
    let total = move || ctx.outcome.with(|o| o.recommendations.len());
    let card = move || ctx.embed.get() == gpuplan::state::Embed::Card;
    // Nothing to export: no buttons.
    let head = move || {
        let n = total();
        let export = (!card() && n > 0).then(|| super::export_bar::What::Recommendations.name());
        render::controls::section_head(ctx.lang(), Msg::Recommendations, Some(n), export)
    };
    let more = move || {
        let n = total();
        if n > 12 && !ctx.show_all.get() && !card() {
            render::controls::show_all(ctx.lang(), n)
        } else {
            String::new()
        }
    };
    view! {
        <section class="card">
            <div class="section-head" inner_html=head></div>
            <div class="table-wrap" tabindex="0">
                <table class="recs">
                    <thead inner_html=move || { let (f, work) = fmt_work(); render::ranked::rec_head(f, work) }></thead>
                    <tbody inner_html=rows></tbody>
                </table>
            </div>
            <div class="contents" inner_html=more></div>
        </section>
    }
}

/// The cost-versus-latency curve's section (serving, not in the embedded card): its head, and once opened
/// what its worker draws (`super::curve`); the front's buttons act through `acts`.
fn curve_html(ctx: Ctx, card: bool) -> String {
    ctx.scenario.with(|s| {
        if card || s.task != gpuplan::scenario::Task::Inference {
            return String::new();
        }
        super::curve::section(ctx, s)
    })
}

/// Why the other types were left out (HTML text from `render::ranked::excluded`).
#[component]
fn Excluded(ctx: Ctx) -> impl IntoView {
    let html = move || {
        if ctx.embed.get() == gpuplan::state::Embed::Card {
            return String::new();
        }
        let f = ctx.fmt();
        ctx.outcome.with(|o| render::ranked::excluded(f, o))
    };
    view! { <div class="contents" inner_html=html></div> }
}
