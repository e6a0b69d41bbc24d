//! What the page says when a link was made with another catalog (`cat=`): its date and the prices of its
//! plan's region that changed since.

use super::Ctx;
use crate::state::{history_unknown_since, price_changes_since};
use leptos::prelude::*;

/// What the page says when a link was made with another catalog: its date and the prices that changed.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CatalogNote {
    link_date: crate::catalog::IsoDate,
    changes: Vec<crate::state::PriceChange>,
    /// Types shown with no price history back to the link's date.
    unknown: usize,
}

/// What a link made on another catalog (dated `d`) is told of the prices of its types ranked first and
/// compared, in its plan's region.
pub(super) fn catalog_note(ctx: Ctx, d: crate::catalog::IsoDate, as_of: crate::catalog::IsoDate) -> CatalogNote {
    let mut used: Vec<String> = ctx
        .outcome
        .with_untracked(|o| o.recommendations.iter().take(5).map(|r| r.instance.clone()).collect());
    used.extend(ctx.state.with_untracked(|s| s.compare.clone()));
    let region = ctx.scenario.with_untracked(|s| s.region.clone());
    CatalogNote {
        link_date: d,
        changes: ctx.catalog.with_value(|c| price_changes_since(c, d, &region, &used)),
        // An older link only: a newer one is said as such.
        unknown: if d < as_of {
            ctx.catalog.with_value(|c| history_unknown_since(c, d, &region, &used))
        } else {
            0
        },
    }
}

/// The catalog notice (HTML text from `render::notes`).
#[component]
pub(super) fn CatalogNotice(ctx: Ctx, note: CatalogNote) -> impl IntoView {
    let as_of = ctx.catalog.with_value(|c| c.as_of);
    let html = move || {
        let f = ctx.scenario.with(|s| crate::render::Fmt::new(ctx.lang(), s));
        crate::render::notes::catalog_notice(f, note.link_date, as_of, &note.changes, note.unknown)
    };
    view! { <div class="contents" inner_html=html></div> }
}
