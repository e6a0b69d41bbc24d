//! What the page says when a link was made with another catalog (`cat=`): its date and the rates of its
//! plan's region that moved since, each with its option, and those whose history does not reach back.

use super::Ctx;
use gpuplan::catalog::{Buy, IsoDate, PriceChange};
use leptos::prelude::*;

/// What the page says when a link was made with another catalog: its date and the prices that changed.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CatalogNote {
    link_date: IsoDate,
    changes: Vec<PriceChange>,
    /// Rates (type, option) shown with no price history back to the link's date.
    unknown: Vec<(String, Buy)>,
}

/// What a link made on another catalog (dated `d`) is told of the prices of its types ranked first and
/// compared, in its plan's region.
pub(super) fn catalog_note(ctx: Ctx, d: IsoDate) -> CatalogNote {
    // A newer link's rates all have a level by its date: it is told of no move and no unknown.
    let (changes, unknown) = ctx.catalog.with_value(|c| {
        ctx.state.with_untracked(|st| {
            ctx.outcome
                .with_untracked(|o| gpuplan::render::notes::link_rates_since(c, d, st, o))
        })
    });
    CatalogNote {
        link_date: d,
        changes,
        unknown,
    }
}

/// The catalog notice (HTML text from `render::notes`).
#[component]
pub(super) fn CatalogNotice(ctx: Ctx, note: CatalogNote) -> impl IntoView {
    let as_of = ctx.catalog.with_value(|c| c.as_of);
    let html = move || {
        let f = ctx.fmt();
        gpuplan::render::notes::catalog_notice(f, note.link_date, as_of, &note.changes, &note.unknown)
    };
    view! { <div class="contents" inner_html=html></div> }
}
