//! The embed's host messages: a `{gpuplan: "query", query}` from the parent page changes the scenario as a link would, never the embedding.

use super::{parse_state, AppState};
use crate::catalog::Catalog;
use crate::query::{self, Warning};

/// The state after the host page of an embed sends `{gpuplan: "query", query}`: the query read as a link is
/// (its warnings returned), keeping what belongs to the embedding, not to the scenario: the embed mode,
/// background, theme, view and catalog date, and the reader's language and currency unless the query
/// names them (`lang=`, `cur=`).
pub fn host_query(now: &AppState, query_str: &str, catalog: &Catalog) -> (AppState, Vec<Warning>) {
    let (mut next, warnings) = parse_state(query_str, catalog);
    let names = |key: &str| query::pairs(query_str).any(|(k, _)| k == key);
    next.embed = now.embed;
    next.transparent = now.transparent;
    next.theme = now.theme;
    next.view = now.view;
    next.catalog_date = now.catalog_date;
    if !names("lang") {
        next.presentation.lang = now.presentation.lang;
    }
    if !names("cur") {
        next.presentation.currency = now.presentation.currency;
    }
    (next, warnings)
}
