//! The Compare view: picked instance types side by side — specs, fit for the current workload, every purchase option's cost (the table is HTML text from `render::compare`).

use super::Ctx;
use gpuplan::compare::sheet;
use gpuplan::i18n::Msg;
use gpuplan::render;
use gpuplan::state::AppState;
use leptos::prelude::*;

#[component]
pub fn Compare(ctx: Ctx) -> impl IntoView {
    let empty = Memo::new(move |_| ctx.state.with(|s| s.compare.is_empty()));
    // Every option's cost for each pick: computed once per scenario and picks, not per language.
    // The picks as their link text (a `Memo<String>`, a type the page already compiles).
    let picks = Memo::new(move |_| ctx.state.with(AppState::picks_text));
    let costs = Memo::new_with_compare(
        move |_| {
            picks.track();
            super::run_engine(|| {
                ctx.catalog.with_value(|c| {
                    ctx.scenario.with(|s| {
                        ctx.outcome.with(|o| {
                            ctx.state
                                .with_untracked(|st| gpuplan::compare::costs_of_picks(c, s, o, &st.compare))
                        })
                    })
                })
            })
        },
        super::changed,
    );
    let table = move || {
        let f = ctx.fmt();
        ctx.catalog.with_value(|c| {
            ctx.scenario.with(|s| {
                ctx.outcome.with(|o| {
                    ctx.state
                        .with(|st| costs.with(|k| render::compare::table(f, &sheet(c, s, o, &st.compare, k))))
                })
            })
        })
    };
    move || {
        if empty.get() {
            return view! { <section class="card"><h2>{ctx.t(Msg::ViewCompare)}</h2><p data-testid="compare-empty">{ctx.t(Msg::CompareEmpty)}</p></section> }.into_any();
        }
        view! {
            <section class="card compare" data-testid="compare">
                <div class="section-head" inner_html=move || render::controls::section_head(ctx.lang(), Msg::ViewCompare, None, Some(super::export_bar::What::Compare.name()))></div>
                <p class="muted" data-testid="list-prices">{move || ctx.scenario.with(|s| gpuplan::explain::list_prices(s.purchase.reseller_pct, true, ctx.lang()))}</p>
                <div class="table-wrap" tabindex="0">
                    <table inner_html=table></table>
                </div>
            </section>
        }
        .into_any()
    }
}
