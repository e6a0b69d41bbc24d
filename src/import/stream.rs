//! AWS's price files read as a stream, so memory stays bounded by what the catalog keeps, whatever the
//! file's size (AmazonEC2 offer files run to gigabytes) and whatever order its keys come in.
//!
//! `walk` reads one document once: the top-level texts it is asked for, and each child (a map entry or an
//! array element) of the objects or arrays at the given paths, handed to a callback one at a time as a
//! small JSON value and then dropped. Everything else is skipped without being built. A reader that needs
//! one part before another (an offer file's products before its terms) walks the file twice.

use super::read::{date_prefix, on_demand_rates, reserved_rate, wanted_product, Place, Rate, RiRate};
use super::{err, ImportError};
use crate::catalog::IsoDate;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// Opens a file's bytes, from its start at each call (an offer file is walked twice). The importer's binary
/// passes it (`std::fs::File::open` on the path it was given): the library reads what it is handed and opens
/// nothing itself.
pub type Open = dyn Fn() -> std::io::Result<Box<dyn std::io::Read>>;

/// Where a file's JSON is: text already in memory, or bytes read as they are walked.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    Text(&'a str),
    Reader(&'a Open),
}

/// A read buffer: large enough that a gigabyte file is a few thousand reads.
const READ_BUFFER_BYTES: usize = 1 << 20;

/// What one walk asks for: top-level keys whose text to keep, the paths whose children to hand over, and
/// which of an object's children (path index, key) are wanted at all: the others are skipped unread,
/// never built as JSON values (an offer file's terms of non-catalog SKUs are nearly all of it).
pub(super) struct Ask<'a> {
    pub(super) texts: &'a [&'a str],
    pub(super) paths: &'a [&'a [&'a str]],
    pub(super) wanted: &'a dyn Fn(usize, &str) -> bool,
}

/// Every child is wanted.
pub(super) fn every(_: usize, _: &str) -> bool {
    true
}

/// What one walk found: the kept texts (a key that was not a text is absent) and which paths were there.
pub(super) struct Found {
    pub(super) texts: BTreeMap<String, String>,
    pub(super) seen: Vec<bool>,
}

/// The callback: the path's index in `Ask::paths`, the child's key (an array element's index as text), the
/// child. An error stops the walk and is the walk's error.
pub(super) type Each<'f> = dyn FnMut(usize, String, Value) -> Result<(), ImportError> + 'f;

/// Walks the whole document of `src`; `file` names it in errors. Malformed JSON is "not JSON: …" with
/// serde's line and column; trailing text after the document is refused.
pub(super) fn walk(file: &str, src: Source, ask: &Ask, each: &mut Each) -> Result<Found, ImportError> {
    let mut state = State {
        ask,
        each,
        found: Found {
            texts: BTreeMap::new(),
            seen: vec![false; ask.paths.len()],
        },
        failure: None,
    };
    let result = match src {
        Source::Text(text) => {
            let mut de = serde_json::Deserializer::from_str(text);
            Level {
                s: &mut state,
                at: Vec::new(),
            }
            .deserialize(&mut de)
            .and_then(|()| de.end())
        }
        Source::Reader(open) => {
            let f = open().map_err(|e| err(file, e.to_string()))?;
            let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(READ_BUFFER_BYTES, f));
            Level {
                s: &mut state,
                at: Vec::new(),
            }
            .deserialize(&mut de)
            .and_then(|()| de.end())
        }
    };
    match (result, state.failure) {
        (_, Some(e)) => Err(e),
        (Err(e), None) => Err(err(file, format!("not JSON: {e}"))),
        (Ok(()), None) => Ok(state.found),
    }
}

struct State<'a, 'f> {
    ask: &'a Ask<'a>,
    each: &'a mut Each<'f>,
    found: Found,
    /// The callback's error (serde's error type cannot carry it).
    failure: Option<ImportError>,
}

/// The message a walk stops with when the callback refused a child (the real error is `failure`).
const STOPPED: &str = "stopped on a refused entry";

/// One object on the way down to the asked paths; `at` is its path from the top.
struct Level<'s, 'a, 'f> {
    s: &'s mut State<'a, 'f>,
    at: Vec<String>,
}

impl<'de> DeserializeSeed<'de> for Level<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Level<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.at.is_empty() {
            true => f.write_str("a JSON object (an AWS price file)"),
            false => write!(f, "an object at `{}`", self.at.join(".")),
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let s = self.s;
        while let Some(key) = map.next_key::<String>()? {
            let mut at = self.at.clone();
            at.push(key);
            let is = |p: &&[&str]| p.len() == at.len() && p.iter().zip(&at).all(|(a, b)| a == b);
            let under = |p: &&[&str]| p.len() > at.len() && p.iter().zip(&at).all(|(a, b)| a == b);
            if let Some(i) = s.ask.paths.iter().position(is) {
                if let Some(seen) = s.found.seen.get_mut(i) {
                    *seen = true;
                }
                map.next_value_seed(Children { s: &mut *s, path: i })?;
            } else if s.ask.paths.iter().any(under) {
                map.next_value_seed(Level { s: &mut *s, at })?;
            } else if at.len() == 1 && s.ask.texts.contains(&at[0].as_str()) {
                if let Value::String(t) = map.next_value::<Value>()? {
                    s.found.texts.insert(at.swap_remove(0), t);
                }
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// The object or array at an asked path: each child goes to the callback.
struct Children<'s, 'a, 'f> {
    s: &'s mut State<'a, 'f>,
    path: usize,
}

impl Children<'_, '_, '_> {
    fn hand<E: de::Error>(&mut self, key: String, child: Value) -> Result<(), E> {
        (self.s.each)(self.path, key, child).map_err(|e| {
            self.s.failure = Some(e);
            E::custom(STOPPED)
        })
    }
}

impl<'de> DeserializeSeed<'de> for Children<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Children<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let path = self.s.ask.paths.get(self.path).map(|p| p.join(".")).unwrap_or_default();
        write!(f, "an object or an array at `{path}`")
    }
    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if (self.s.ask.wanted)(self.path, &key) {
                let child: Value = map.next_value()?;
                self.hand(key, child)?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0usize;
        while let Some(child) = seq.next_element::<Value>()? {
            self.hand(i.to_string(), child)?;
            i += 1;
        }
        Ok(())
    }
}

/// Reads Linux, shared-tenancy, no-pre-installed-software instance rates of catalog instance types from
/// an offer file in two walks: the header and the catalog types' SKUs, then those SKUs' terms.
pub(super) fn parse_offer_stream(
    file: &str,
    src: Source,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<Rate>, Vec<RiRate>), ImportError> {
    let mut skus: BTreeMap<String, (String, String)> = BTreeMap::new();
    let header = Ask {
        texts: &["offerCode", "publicationDate"],
        paths: &[&["products"]],
        wanted: &every,
    };
    let found = walk(file, src, &header, &mut |_, sku, product| {
        if let Some(place) = wanted_product(&product, known) {
            skus.insert(sku, place);
        }
        Ok(())
    })?;
    if found.texts.get("offerCode").map(String::as_str) != Some("AmazonEC2") {
        return Err(err(
            file,
            "not an AmazonEC2 offer file (`offerCode` is not \"AmazonEC2\")",
        ));
    }
    let published = found
        .texts
        .get("publicationDate")
        .ok_or_else(|| err(file, "no `publicationDate`"))?;
    let published = date_prefix(file, published)?;
    if found.seen.first() != Some(&true) {
        return Err(err(file, "no `products` object"));
    }
    let (mut od, mut ri) = (Vec::new(), Vec::new());
    let catalog_sku = |_: usize, sku: &str| skus.contains_key(sku);
    let terms = Ask {
        texts: &[],
        paths: &[&["terms", "OnDemand"], &["terms", "Reserved"]],
        wanted: &catalog_sku,
    };
    let found = walk(file, src, &terms, &mut |kind, sku, offers| {
        let Some((inst, region)) = skus.get(&sku) else {
            return Ok(());
        };
        let at = Place {
            file,
            sku: &sku,
            inst,
            region,
        };
        for term in offers.as_object().into_iter().flat_map(|m| m.values()) {
            match kind {
                0 => on_demand_rates(&at, term, &mut od)?,
                _ => ri.extend(reserved_rate(&at, term)?),
            }
        }
        Ok(())
    })?;
    if !found.seen.iter().any(|s| *s) {
        return Err(err(file, "no `terms` object"));
    }
    Ok((published, od, ri))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (path index, key, child as JSON text) a walk handed over.
    type Handed = Vec<(usize, String, String)>;

    /// Walks `text`, returning the kept texts, the seen flags and every child handed over.
    fn walked(text: &str, ask: &Ask) -> Result<(Found, Handed), ImportError> {
        let mut got = Vec::new();
        let found = walk("t.json", Source::Text(text), ask, &mut |i, k, v| {
            got.push((i, k, v.to_string()));
            Ok(())
        })?;
        Ok((found, got))
    }

    #[test]
    fn a_walk_hands_over_the_children_of_each_asked_path_from_objects_and_arrays() {
        let text =
            r#"{"skip":{"a":[1,2]},"date":"2026-11-01","n":5,"p":{"x":{"k":1},"y":2},"q":{"r":[true,{"s":null}]}}"#;
        let ask = Ask {
            texts: &["date", "n"],
            paths: &[&["p"], &["q", "r"], &["absent"]],
            wanted: &every,
        };
        let Ok((found, got)) = walked(text, &ask) else {
            panic!("walk failed")
        };
        assert_eq!(found.texts.get("date").map(String::as_str), Some("2026-11-01"));
        assert_eq!(found.texts.get("n"), None, "a number is not a text");
        assert_eq!(found.seen, [true, true, false]);
        let want = [
            (0, "x".to_string(), r#"{"k":1}"#.to_string()),
            (0, "y".into(), "2".into()),
            (1, "0".into(), "true".into()),
            (1, "1".into(), r#"{"s":null}"#.into()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn children_not_wanted_are_skipped_unread() {
        let only_x = |_: usize, k: &str| k == "x";
        let ask = Ask {
            texts: &[],
            paths: &[&["p"]],
            wanted: &only_x,
        };
        let Ok((_, got)) = walked(r#"{"p":{"x":{"k":1},"y":[1,{"z":2}],"w":"s"}}"#, &ask) else {
            panic!("walk failed")
        };
        assert_eq!(got, [(0, "x".to_string(), r#"{"k":1}"#.to_string())]);
    }

    #[test]
    fn a_refusing_callback_stops_the_walk_with_its_own_error() {
        let ask = Ask {
            texts: &[],
            paths: &[&["p"]],
            wanted: &every,
        };
        let mut calls = 0;
        let r = walk("t.json", Source::Text(r#"{"p":[1,2,3]}"#), &ask, &mut |_, _, _| {
            calls += 1;
            Err(err("t.json", "no thanks"))
        });
        assert_eq!(r.err().map(|e| e.problem), Some("no thanks".to_string()));
        assert_eq!(calls, 1);
        let bad = walk("t.json", Source::Text(r#"{"p":5}"#), &ask, &mut |_, _, _| Ok(()));
        assert!(bad
            .err()
            .is_some_and(|e| e.problem.starts_with("not JSON") && e.problem.contains("`p`")));
    }
}
