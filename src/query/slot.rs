//! How a key's `Slot` reads a link value (lenient: a bad value keeps the field and warns, naming it) and
//! writes it back, and the values a key accepts in words (README's key table).

use super::*;

pub(super) fn warning(field: &str, value: &str, problem: Problem, used: &str) -> Warning {
    Warning {
        field: shorten(field),
        value: shorten(value),
        problem,
        used: used.to_string(),
    }
}

/// Applies one key's value through its slot. A bad value leaves the field as it was and warns.
pub fn apply_slot(slot: Slot<'_>, key: &str, value: &str, catalog: &Catalog, warnings: &mut Vec<Warning>) {
    let outcome = match slot {
        Slot::Model(_) | Slot::Params(_) | Slot::Active(_) => apply_model(slot, value, warnings),
        Slot::Region(_) | Slot::Instances(..) | Slot::Date(_) | Slot::Text(..) => {
            apply_catalog_slot(slot, key, value, catalog, warnings)
        }
        Slot::Sort(..) | Slot::Columns(_) => apply_column_slot(slot, value),
        _ => apply_scalar(slot, value),
    };
    if let Err((problem, used)) = outcome {
        push_warning(warnings, warning(key, value, problem, &used));
    }
}

/// A slot's failure: the problem and the value used instead.
type Refused = (Problem, String);

/// `value` as a number within `min..=max`.
fn number_in(value: &str, min: f64, max: f64) -> Result<f64, Problem> {
    match crate::num::parse(value) {
        Some(v) if v.is_finite() && v >= min && v <= max => Ok(v),
        Some(v) if v.is_finite() => Err(Problem::OutOfRange { min, max }),
        _ => Err(Problem::Invalid { expected: "a number" }),
    }
}

/// The version, numbers, switches and words.
fn apply_scalar(slot: Slot<'_>, value: &str) -> Result<(), Refused> {
    let n = crate::num::shortest;
    match slot {
        Slot::Version if value != "1" => Err((Problem::UnknownVersion, "1".into())),
        Slot::Num(x, min, max) => {
            *x = number_in(value, min, max).map_err(|p| (p, n(*x)))?;
            Ok(())
        }
        Slot::MaybeNum(x, min, max) => {
            let none = || x.map_or_else(|| "(none)".into(), n);
            *x = Some(number_in(value, min, max).map_err(|p| (p, none()))?);
            Ok(())
        }
        Slot::Int(x, min, max) => match number_in(value, f64::from(min), f64::from(max)) {
            Ok(v) if v.fract() == 0.0 => {
                *x = v as u32;
                Ok(())
            }
            Ok(_) => Err((
                Problem::Invalid {
                    expected: "a whole number",
                },
                x.to_string(),
            )),
            Err(p) => Err((p, x.to_string())),
        },
        Slot::Bool(x, words) => match words.split('|').position(|w| w == value) {
            Some(i) => {
                *x = i == 1;
                Ok(())
            }
            None => Err((
                Problem::Invalid { expected: words },
                words.split('|').nth(usize::from(*x)).unwrap_or("").into(),
            )),
        },
        Slot::Word(c) => match c.words().split('|').position(|w| w == value).or_else(|| c.alias(value)) {
            Some(i) => {
                c.set_index(i);
                Ok(())
            }
            None => Err((Problem::Invalid { expected: c.words() }, word_of(c).into())),
        },
        _ => Ok(()),
    }
}

/// The model: a preset, a custom size, or a custom model's active parameters.
fn apply_model(slot: Slot<'_>, value: &str, warnings: &mut Vec<Warning>) -> Result<(), Refused> {
    match slot {
        Slot::Model(m) if models::preset_by_id(value).is_some() => *m = ModelChoice::Preset(value.to_string()),
        Slot::Model(m) => return Err((Problem::UnknownPreset, preset_label(m))),
        Slot::Params(m) => {
            let total = number_in(value, MODEL_B.0, MODEL_B.1).map_err(|p| (p, preset_label(m)))?;
            let active = match m {
                ModelChoice::Custom { active_b, .. } => *active_b,
                ModelChoice::Preset(_) => None,
            };
            *m = custom_model(total, active, warnings);
        }
        Slot::Active(m) => {
            let active = if value.is_empty() {
                None
            } else {
                Some(number_in(value, MODEL_B.0, MODEL_B.1).map_err(|p| (p, "(none)".to_string()))?)
            };
            match &*m {
                ModelChoice::Custom { params_b, .. } => *m = custom_model(*params_b, active, warnings),
                // An active size belongs to a custom model: without one (`params` absent or refused) it is said.
                _ if active.is_some() => {
                    let expected = "a custom model's size (`params`) with it";
                    return Err((Problem::Invalid { expected }, "(none)".to_string()));
                }
                _ => {}
            }
        }
        _ => {}
    }
    Ok(())
}

/// What the catalog decides: a region, instance types, a date, a checked text.
fn apply_catalog_slot(
    slot: Slot<'_>,
    key: &str,
    value: &str,
    catalog: &Catalog,
    warnings: &mut Vec<Warning>,
) -> Result<(), Refused> {
    match slot {
        Slot::Region(r) => {
            let known = catalog.on_demand.iter().any(|o| o.region == value)
                || catalog.instances.iter().any(|i| i.regions.iter().any(|x| x == value));
            if CHINA_REGIONS.contains(&value) {
                return Err((Problem::ChinaRegion, r.clone()));
            }
            if !known {
                return Err((Problem::UnknownRegion, r.clone()));
            }
            value.clone_into(r);
        }
        Slot::Instances(list, max) => {
            list.clear();
            for id in value.split(',').filter(|x| !x.is_empty()) {
                if catalog.instance(id).is_none() {
                    push_warning(warnings, warning(key, id, Problem::UnknownInstance, "(left out)"));
                } else if !list.iter().any(|x| x == id) && list.len() < max {
                    list.push(id.to_string());
                }
            }
        }
        Slot::Date(d) => {
            let expected = "a YYYY-MM-DD date";
            *d = Some(IsoDate::parse(value).ok_or((Problem::Invalid { expected }, "(none)".to_string()))?);
        }
        Slot::Text(t, ok, expected) => {
            if !ok(value, catalog) {
                let used = if t.is_empty() { "(all)" } else { t.as_str() };
                return Err((Problem::Invalid { expected }, used.to_string()));
            }
            value.clone_into(t);
        }
        _ => {}
    }
    Ok(())
}

/// Explore's sort column and shown columns.
fn apply_column_slot(slot: Slot<'_>, value: &str) -> Result<(), Refused> {
    match slot {
        Slot::Sort(col, desc) => {
            let (name, d) = value.strip_prefix('-').map_or((value, false), |n| (n, true));
            let expected = "a column key, - for descending";
            let c = Column::from_key(name).ok_or_else(|| (Problem::Invalid { expected }, col.key().to_string()))?;
            (*col, *desc) = (c, d);
        }
        Slot::Columns(cols) => {
            // The known keys are kept; any other word (and `id`, which cannot be hidden) is said, not dropped silently.
            let words = value.split(',').filter(|w| !w.is_empty());
            *cols = words
                .clone()
                .filter_map(Column::from_key)
                .filter(|c| *c != Column::Instance)
                .collect();
            if words.clone().count() > cols.len() {
                let kept: Vec<&str> = cols.iter().map(|c| c.key()).collect();
                let used = if kept.is_empty() {
                    "(none hidden)".to_string()
                } else {
                    kept.join(",")
                };
                let expected = "comma-separated column keys other than id";
                return Err((Problem::Invalid { expected }, used));
            }
        }
        _ => {}
    }
    Ok(())
}

/// A custom model; an `active` size above the total is dropped with a warning naming it.
fn custom_model(params_b: f64, active_b: Option<f64>, warnings: &mut Vec<Warning>) -> ModelChoice {
    if let Some(a) = active_b.filter(|a| *a > params_b) {
        let w = warning(
            "active",
            &crate::num::shortest(a),
            Problem::OutOfRange {
                min: MODEL_B.0,
                max: params_b,
            },
            &format!("{} (dense)", crate::num::shortest(params_b)),
        );
        push_warning(warnings, w);
    }
    ModelChoice::Custom {
        params_b,
        active_b: active_b.filter(|a| *a < params_b),
    }
}

/// A key's current value as a link writes it; `None` where the field does not apply or is unset.
pub fn slot_text(slot: Slot<'_>) -> Option<String> {
    let n = |v: f64| Some(crate::num::shortest(v));
    match slot {
        Slot::Version => Some(VERSION.to_string()),
        Slot::Num(x, ..) => n(*x),
        Slot::MaybeNum(x, ..) => x.and_then(n),
        Slot::Int(x, ..) => n(f64::from(*x)),
        Slot::Bool(x, words) => words.split('|').nth(usize::from(*x)).map(str::to_string),
        Slot::Word(c) => Some(word_of(c).to_string()),
        Slot::Model(m) => match m {
            ModelChoice::Preset(id) => Some(id.clone()),
            ModelChoice::Custom { .. } => None,
        },
        Slot::Params(m) => match m {
            ModelChoice::Custom { params_b, .. } => n(*params_b),
            ModelChoice::Preset(_) => None,
        },
        Slot::Active(m) => match m {
            ModelChoice::Custom { active_b: Some(a), .. } => n(*a),
            _ => None,
        },
        Slot::Region(r) => Some(r.clone()),
        Slot::Instances(list, _) => (!list.is_empty()).then(|| list.join(",")),
        Slot::Date(d) => d.map(|d| d.to_string()),
        Slot::Text(t, ..) => Some(t.clone()),
        Slot::Sort(c, desc) => Some(format!("{}{}", if *desc { "-" } else { "" }, c.key())),
        Slot::Columns(cols) => Some(cols.iter().map(|c| c.key()).collect::<Vec<_>>().join(",")),
    }
}

pub(super) fn values_text(slot: Slot<'_>, unit: &str) -> String {
    let n = crate::num::shortest;
    let words = |w: &str| w.split('|').map(|x| format!("`{x}`")).collect::<Vec<_>>().join(" ");
    let range = |min: f64, max: f64| {
        format!(
            "{} to {}{}{unit}",
            n(min),
            n(max),
            if unit.is_empty() { "" } else { " " }
        )
    };
    match slot {
        Slot::Num(_, min, max) | Slot::MaybeNum(_, min, max) => range(min, max),
        Slot::Int(_, min, max) => range(f64::from(min), f64::from(max)),
        Slot::Bool(_, w) => words(w),
        Slot::Word(c) => words(c.words()),
        Slot::Model(_) => format!(
            "{unit} ({})",
            models::PRESETS
                .iter()
                .map(|m| format!("`{}`", m.id))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        _ => unit.to_string(),
    }
}

/// The range a numeric key accepts, read from the parser itself (a huge value is out of range and
/// says so); `None` for a key without one.
pub fn range_of(key: &str, catalog: &Catalog) -> Option<(f64, f64)> {
    let mut s = Scenario::default();
    let mut w = Vec::new();
    // Through the form's own pairs: serving's prompt field takes the context's range.
    for (k, v) in super::form_pairs(&s.clone(), key, "1e300") {
        if !apply_pair(&mut s, &k, &v, catalog, &mut w) {
            crate::presentation::Presentation::default().apply(&k, &v, catalog, &mut w);
        }
    }
    w.into_iter().find_map(|w| match w.problem {
        Problem::OutOfRange { min, max } => Some((min, max)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numeric_keys_range_is_the_parsers() {
        let c = crate::catalog_static::catalog();
        let (min, max) = range_of("hours", &c).unwrap_or_default();
        assert!(min >= 0.0 && (730.0..1e300).contains(&max), "{min} {max}");
        assert_eq!(range_of("region", &c), None);
        assert_eq!(range_of("prompt", &c), range_of("ctx", &c));
        assert_eq!(range_of("fx", &c), Some((0.01, 1000.0)));
    }
}
