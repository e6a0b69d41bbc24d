//! An imported On-Demand price that moved is recorded in the catalog's price history, so a link made on the
//! catalog before the refresh is told the change (its `cat=` date is before the new point).

use serde_json::{json, Map, Value};

/// Records that the On-Demand price of `instance` in `region` moved from the catalog's `old` entry to
/// `usd_hr` on `date` (from `source`): the old level first when the history does not end on it.
pub(super) fn record_move(root: &mut Map<String, Value>, old: &Value, usd_hr: f64, date: &str, source: &str) {
    let field = |k: &str| old.get(k).cloned().unwrap_or(Value::Null);
    let (instance, region, before) = (field("instance"), field("region"), field("usd_hr"));
    let list = super::array_mut(root, "price_history");
    let last = list
        .iter()
        .filter(|p| p.get("instance") == Some(&instance) && p.get("region") == Some(&region))
        .max_by(|a, b| {
            a.get("from")
                .and_then(Value::as_str)
                .cmp(&b.get("from").and_then(Value::as_str))
        })
        .cloned();
    let last_from = last
        .as_ref()
        .and_then(|p| p.get("from"))
        .and_then(Value::as_str)
        .map(str::to_string);
    if last_from.as_deref().is_some_and(|f| f >= date) {
        return;
    }
    if last.as_ref().and_then(|p| p.get("usd_hr")) != Some(&before) {
        list.push(
            json!({"instance": instance, "region": region, "from": field("as_of"), "usd_hr": before,
                         "source": field("source")}),
        );
    }
    list.push(json!({"instance": instance, "region": region, "from": date, "usd_hr": usd_hr, "source": source}));
}
