//! Export buttons: CSV and JSON downloads and "copy as Markdown table", for the recommendations (with the plan) or the Compare picks.

use super::{url_sync, Ctx};
use crate::engine::plan;
use crate::export::{self, Table};
use crate::i18n::Msg;
use crate::state::encode_state;
use leptos::prelude::*;

/// What to export.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum What {
    Recommendations,
    Compare,
    Plan,
}

fn table(ctx: Ctx, what: What) -> Table {
    ctx.catalog.with_value(|c| {
        ctx.outcome.with(|o| match what {
            What::Recommendations => export::recommendations(o),
            What::Compare => ctx.state.with(|s| export::compare(c, &s.scenario, o, &s.compare)),
            // The plan on screen: the chosen recommendation's.
            What::Plan => ctx
                .state
                .with(|st| {
                    o.chosen(&st.pick)
                        .map(|r| export::plan_table(&plan(c, &st.scenario, r)))
                })
                .unwrap_or_else(|| Table {
                    header: vec![],
                    rows: vec![],
                }),
        })
    })
}

#[component]
pub fn ExportBar(ctx: Ctx, what: What) -> impl IntoView {
    let copied = RwSignal::new(None::<bool>);
    let name = match what {
        What::Compare => "gpuplan-compare",
        What::Plan => "gpuplan-plan",
        What::Recommendations => "gpuplan-recommendations",
    };
    let csv = move |_| url_sync::download(&format!("{name}.csv"), "text/csv", &table(ctx, what).to_csv());
    let json = move |_| {
        let text = ctx.catalog.with_value(|c| {
            ctx.outcome.with(|o| {
                let p = ctx
                    .state
                    .with(|st| o.chosen(&st.pick).map(|r| plan(c, &st.scenario, r)));
                export::json_document(&ctx.state.with(encode_state), c, o, p.as_ref())
            })
        });
        url_sync::download(&format!("{name}.json"), "application/json", &text);
    };
    let markdown = move |_| {
        let text = table(ctx, what).to_markdown();
        url_sync::copy_then(text, Box::new(move |ok| copied.set(Some(ok))));
    };
    view! {
        <div class="export" data-testid="export" data-what=name>
            <button type="button" class="small" data-export="csv" on:click=csv>{ctx.tx(Msg::ExportCsv)}</button>
            <button type="button" class="small" data-export="json" on:click=json>{ctx.tx(Msg::ExportJson)}</button>
            <button type="button" class="small" data-export="markdown" on:click=markdown>{ctx.tx(Msg::CopyMarkdown)}</button>
            <span class="copied" role="status">{move || copied.get().map(|ok| ctx.t(if ok { Msg::MarkdownCopied } else { Msg::CopyFailed }))}</span>
        </div>
    }
}
