//! Every imported rate that moved (On-Demand, Spot, a Savings Plan's, a Reserved Instance's) is recorded in
//! the catalog's price history, so a link made on the catalog before the refresh is told the change (its
//! `cat=` date is before the new level), whichever option it prices.

use super::{err, write_catalog, ImportError, Report};
use crate::catalog::{Catalog, Rate};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The JSON of one level of `r` (at `usd_hr` from `from`, per `source`): On-Demand's without an option,
/// as the sources' own history is written.
fn level(r: &Rate, from: &str, usd_hr: f64, source: &str) -> Value {
    let mut v = json!({"instance": r.instance, "region": r.region, "from": from, "usd_hr": usd_hr, "source": source});
    if let Some(obj) = v.as_object_mut() {
        if r.option != crate::catalog::Buy::OnDemand {
            obj.insert("option".into(), json!(crate::query::buy_key(r.option)));
        }
        if let Some(p) = r.payment {
            obj.insert("payment".into(), json!(crate::query::word_of(&p)));
        }
        if let Some(c) = r.class {
            obj.insert("class".into(), json!(crate::query::word_of(&c)));
        }
    }
    v
}

/// Records in `root`'s price history each rate of `after` whose level differs from its level in `before`
/// (the catalog before one imported file): the old level first when the history does not end on it, then
/// the new one from its date. A rate whose history already has a level at or after the new date is left
/// as it is. Returns how many moves were recorded.
fn record_moves(root: &mut Map<String, Value>, before: &Catalog, after: &Catalog) -> usize {
    let old: HashMap<_, Rate> = before.rates().into_iter().map(|r| (r.key(), r)).collect();
    let mut moved = 0;
    for new in after.rates() {
        let Some(was) = old.get(&new.key()) else { continue };
        if (was.usd_hr - new.usd_hr).abs() <= 1e-9 {
            continue;
        }
        let levels: Vec<_> = after.price_history.iter().filter(|p| new.has_level(p)).collect();
        let last = levels.iter().max_by(|a, b| a.from.cmp(&b.from));
        if last.is_some_and(|p| p.from >= new.as_of) {
            continue;
        }
        let list = super::array_mut(root, "price_history");
        if was.as_of < new.as_of && last.is_none_or(|p| (p.usd_hr - was.usd_hr).abs() > 1e-9) {
            list.push(level(was, &was.as_of.to_string(), was.usd_hr, was.source));
        }
        list.push(level(&new, &new.as_of.to_string(), new.usd_hr, new.source));
        moved += 1;
    }
    moved
}

/// The catalog as one imported file (`name`) left it, written and checked, with every rate it moved from
/// `before` recorded in the price history (then written and checked again): its text and its parse.
pub(super) fn checked_with_moves(
    root: &mut Map<String, Value>,
    report: &mut Report,
    before: &Catalog,
    name: &str,
) -> Result<(String, Catalog), ImportError> {
    let broken = |e: crate::catalog::CatalogError| err(name, format!("would break the catalog: {e}"));
    let checked = write_catalog(root);
    let after = Catalog::parse(&checked).map_err(broken)?;
    let moved = record_moves(root, before, &after);
    if moved == 0 {
        return Ok((checked, after));
    }
    report
        .lines
        .push(format!("Price history: {moved} moved rates recorded from {name}"));
    let checked = write_catalog(root);
    let after = Catalog::parse(&checked).map_err(broken)?;
    Ok((checked, after))
}
