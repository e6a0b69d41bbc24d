//! The Assumptions view: every default the estimates rest on, editable, with where it comes from (fields from one table, `render::assumptions`'s; everything read-only, headings, source and note lines, the Savings Plan rates and the sources, as HTML text from `render::assumptions`).

use super::fields::number;
use super::Ctx;
use gpuplan::i18n::Msg;
use gpuplan::render;
use gpuplan::render::assumptions::Line::{Field, Text};
use gpuplan::render::assumptions::{
    changed_notice, is_changed, Line, Piece, GENERAL, PURCHASE, TRAINING, TRAINING_MORE,
};
use leptos::prelude::*;

/// On the Plan: a scenario whose assumptions differ from the defaults says which, a click from them
/// (HTML text from `render::controls`; the button acts through `acts`).
#[component]
pub fn ChangedNotice(ctx: Ctx) -> impl IntoView {
    // The notice as text: redrawn only when it changes, not on every edit of the scenario (an `inner_html`
    // string is set only when it differs from the last one, so no memo of its own is needed).
    let html = move || {
        if ctx.embed.get() != gpuplan::state::Embed::No {
            return String::new();
        }
        ctx.state.with(|st| changed_notice(&st.scenario, &st.presentation))
    };
    view! { <div class="contents" inner_html=html></div> }
}

/// A read-only part of the view as HTML text in the page's language: one view type for all of them.
fn text(ctx: Ctx, piece: &'static Piece) -> AnyView {
    let html = move || {
        ctx.catalog
            .with_value(|c| render::assumptions::piece(ctx.lang(), c, piece))
    };
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// A column of lines: one view per kind of line, compiled once.
fn column(ctx: Ctx, lines: &'static [Line]) -> impl IntoView {
    let lines = lines
        .iter()
        .map(|l| match l {
            Field(key, label, catalog) => {
                let placeholder = catalog.then_some(Msg::FromCatalog);
                let differs = move || ctx.state.with(|st| is_changed(&st.scenario, &st.presentation, key));
                view! {
                    <div class:changed=differs data-changed=move || differs().to_string()>
                        {number(ctx, key, *label, placeholder)}
                    </div>
                }
                .into_any()
            }
            Text(piece) => text(ctx, piece),
        })
        .collect_view();
    view! { <div>{lines}</div> }
}

#[component]
pub fn Assumptions(ctx: Ctx) -> impl IntoView {
    view! {
        <section class="card assumptions" data-testid="assumptions">
            {text(ctx, &Piece::Head)}
            <div class="grid2">{column(ctx, GENERAL)}{column(ctx, PURCHASE)}</div>
            {text(ctx, &Piece::Training)}
            <div class="grid2">{column(ctx, TRAINING)}{column(ctx, TRAINING_MORE)}</div>
            {text(ctx, &Piece::Tail)}
        </section>
    }
}
