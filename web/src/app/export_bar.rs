//! Exports: CSV and JSON downloads and "copy as Markdown table", for the recommendations (with the plan) or the Compare picks. The bars are HTML text (`render::controls::export_bar`); `acts` calls `run` for their buttons.

use super::{url_sync, Ctx};
use gpuplan::engine::plan;
use gpuplan::export::{self, Table};
use gpuplan::i18n::{t, Msg};
use gpuplan::state::encode_state;
use leptos::prelude::*;

/// What to export.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum What {
    Recommendations,
    Compare,
    Plan,
}

impl What {
    /// The file name (without extension), also the bar's `data-what`.
    pub fn name(self) -> &'static str {
        match self {
            What::Compare => "gpuplan-compare",
            What::Plan => "gpuplan-plan",
            What::Recommendations => "gpuplan-recommendations",
        }
    }

    fn from_name(name: &str) -> Option<What> {
        [What::Recommendations, What::Compare, What::Plan]
            .into_iter()
            .find(|w| w.name() == name)
    }
}

fn table(ctx: Ctx, what: What) -> Table {
    ctx.catalog.with_value(|c| {
        ctx.outcome.with_untracked(|o| match what {
            What::Recommendations => ctx
                .state
                .with_untracked(|s| export::recommendations(c, &s.scenario.region, o)),
            What::Compare => ctx
                .state
                .with_untracked(|s| export::compare(c, &s.scenario, o, &s.compare)),
            // The plan on screen: the chosen recommendation's.
            What::Plan => ctx
                .state
                .with_untracked(|st| {
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

/// An export button of `bar` (the `.export` element): `kind` is csv, json or markdown. The Markdown
/// copy says how it went in the bar's status.
pub fn run(ctx: Ctx, bar: web_sys::Element, kind: &str) {
    let Some(what) = bar.get_attribute("data-what").as_deref().and_then(What::from_name) else {
        return;
    };
    let name = what.name();
    match kind {
        "csv" => url_sync::download(&format!("{name}.csv"), "text/csv", &table(ctx, what).to_csv()),
        "json" => {
            let link = ctx.state.with_untracked(encode_state);
            // Compare's JSON is the Compare table; the others the whole answer (recommendations and plan).
            let compare = matches!(what, What::Compare).then(|| table(ctx, what));
            let text = ctx.catalog.with_value(|c| match &compare {
                Some(t) => export::json_table(&link, c, t),
                None => ctx.outcome.with_untracked(|o| {
                    ctx.state.with_untracked(|st| {
                        let p = o.chosen(&st.pick).map(|r| plan(c, &st.scenario, r));
                        export::json_document(&link, c, &st.scenario.region, o, p.as_ref())
                    })
                }),
            });
            url_sync::download(&format!("{name}.json"), "application/json", &text);
        }
        "markdown" => {
            let text = table(ctx, what).to_markdown();
            url_sync::copy_then(
                text,
                Box::new(move |ok| {
                    let m = if ok { Msg::MarkdownCopied } else { Msg::CopyFailed };
                    if let Ok(Some(status)) = bar.query_selector(".copied") {
                        status.set_text_content(Some(t(ctx.lang.get_untracked(), m)));
                    }
                }),
            );
        }
        _ => {}
    }
}
