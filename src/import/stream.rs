//! An offer file read as a stream in two passes (its header and products, then its terms), so memory stays
//! bounded by the catalog's own SKUs, whatever the file's size (AWS's AmazonEC2 files run to gigabytes) and
//! whatever order its keys come in.
//!
//! Pass 1 keeps `offerCode`, `publicationDate` and the SKUs of catalog types sold for Linux on shared
//! tenancy; every other product is read and dropped one at a time. Pass 2 keeps the On-Demand and Reserved
//! terms of those SKUs only. Neither pass builds the file's JSON tree.

use super::read::{date_prefix, on_demand_rates, reserved_rate, wanted_product, Place, Rate, RiRate};
use super::{err, ImportError};
use crate::catalog::IsoDate;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// Where an offer file's JSON is: text already in memory, or a file read twice from disk.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    Text(&'a str),
    File(&'a Path),
}

/// A read buffer: large enough that a gigabyte file is a few thousand reads.
const READ_BUFFER_BYTES: usize = 1 << 20;

/// Runs `seed` over the whole document of `src`, refusing trailing text. An error is a message: serde's
/// (with its line and column) or, where the seed stopped on a rule of ours, the `stopped` one.
fn run<S, T>(src: Source, seed: S) -> Result<T, String>
where
    S: for<'de> DeserializeSeed<'de, Value = T>,
{
    match src {
        Source::Text(text) => {
            let mut de = serde_json::Deserializer::from_str(text);
            let out = seed.deserialize(&mut de).map_err(|e| e.to_string())?;
            de.end().map_err(|e| e.to_string())?;
            Ok(out)
        }
        Source::File(path) => {
            let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
            let reader = std::io::BufReader::with_capacity(READ_BUFFER_BYTES, file);
            let mut de = serde_json::Deserializer::from_reader(reader);
            let out = seed.deserialize(&mut de).map_err(|e| e.to_string())?;
            de.end().map_err(|e| e.to_string())?;
            Ok(out)
        }
    }
}

/// What pass 1 keeps: the header's two texts and the wanted SKUs (SKU -> (instance type, region)).
#[derive(Default)]
pub(super) struct Header {
    pub(super) offer_code: Option<String>,
    pub(super) publication_date: Option<String>,
    pub(super) skus: Option<BTreeMap<String, (String, String)>>,
}

struct HeaderPass<'k> {
    known: &'k dyn Fn(&str) -> bool,
}

impl<'de> DeserializeSeed<'de> for HeaderPass<'_> {
    type Value = Header;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Header, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for HeaderPass<'_> {
    type Value = Header;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an AWS Price List offer file (a JSON object)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Header, A::Error> {
        let mut h = Header::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "offerCode" => h.offer_code = map.next_value::<Value>()?.as_str().map(str::to_string),
                "publicationDate" => h.publication_date = map.next_value::<Value>()?.as_str().map(str::to_string),
                "products" => h.skus = Some(map.next_value_seed(ProductsPass { known: self.known })?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(h)
    }
}

struct ProductsPass<'k> {
    known: &'k dyn Fn(&str) -> bool,
}

impl<'de> DeserializeSeed<'de> for ProductsPass<'_> {
    type Value = BTreeMap<String, (String, String)>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ProductsPass<'_> {
    type Value = BTreeMap<String, (String, String)>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a `products` object (SKU -> product)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut skus = BTreeMap::new();
        while let Some(sku) = map.next_key::<String>()? {
            // One product at a time: a few hundred bytes, dropped unless it is a catalog type's.
            let product: Value = map.next_value()?;
            if let Some(place) = wanted_product(&product, self.known) {
                skus.insert(sku, place);
            }
        }
        Ok(skus)
    }
}

/// What pass 2 gathers, and the first rule of ours a term broke (serde's error cannot carry it).
struct Gathered<'s> {
    file: &'s str,
    skus: &'s BTreeMap<String, (String, String)>,
    od: Vec<Rate>,
    ri: Vec<RiRate>,
    saw_terms: bool,
    failure: Option<ImportError>,
}

impl Gathered<'_> {
    /// Reads one wanted SKU's terms of one kind; a broken term is kept as the failure.
    fn take(&mut self, kind: &str, sku: &str, terms: &Map<String, Value>) -> Result<(), ()> {
        let Some((inst, region)) = self.skus.get(sku) else {
            return Ok(());
        };
        let at = Place {
            file: self.file,
            sku,
            inst,
            region,
        };
        let mut step = |term: &Value| -> Result<(), ImportError> {
            if kind == "OnDemand" {
                on_demand_rates(&at, term, &mut self.od)
            } else {
                self.ri.extend(reserved_rate(&at, term)?);
                Ok(())
            }
        };
        for term in terms.values() {
            if let Err(e) = step(term) {
                self.failure = Some(e);
                return Err(());
            }
        }
        Ok(())
    }
}

/// The message a seed stops with when a term broke one of our rules (the real error is `failure`).
const STOPPED: &str = "stopped on a refused term";

struct TermsPass<'g, 's> {
    g: &'g mut Gathered<'s>,
    /// 0: the document, 1: `terms`, 2: one kind's SKUs.
    depth: u8,
    kind: &'static str,
}

impl<'de> DeserializeSeed<'de> for TermsPass<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TermsPass<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self.depth {
            0 => "an AWS Price List offer file (a JSON object)",
            1 => "a `terms` object (OnDemand, Reserved)",
            _ => "an object of SKU -> terms",
        })
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let g = self.g;
        while let Some(key) = map.next_key::<String>()? {
            let inner = match (self.depth, key.as_str()) {
                (0, "terms") => {
                    g.saw_terms = true;
                    Some((1, ""))
                }
                (1, "OnDemand") => Some((2, "OnDemand")),
                (1, "Reserved") => Some((2, "Reserved")),
                _ => None,
            };
            if let Some((depth, kind)) = inner {
                map.next_value_seed(TermsPass { g, depth, kind })?;
            } else if self.depth == 2 && g.skus.contains_key(&key) {
                let terms: Map<String, Value> = map.next_value()?;
                if g.take(self.kind, &key, &terms).is_err() {
                    return Err(de::Error::custom(STOPPED));
                }
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// Reads Linux, shared-tenancy, no-pre-installed-software instance rates of catalog instance types from
/// an offer file, in two streaming passes. Errors name `file`.
pub(super) fn parse_offer_stream(
    file: &str,
    src: Source,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<Rate>, Vec<RiRate>), ImportError> {
    let not_json = |e: String| err(file, format!("not JSON: {e}"));
    let header = run(src, HeaderPass { known }).map_err(not_json)?;
    if header.offer_code.as_deref() != Some("AmazonEC2") {
        return Err(err(
            file,
            "not an AmazonEC2 offer file (`offerCode` is not \"AmazonEC2\")",
        ));
    }
    let published = header
        .publication_date
        .ok_or_else(|| err(file, "no `publicationDate`"))?;
    let published = date_prefix(file, &published)?;
    let skus = header.skus.ok_or_else(|| err(file, "no `products` object"))?;
    let mut g = Gathered {
        file,
        skus: &skus,
        od: Vec::new(),
        ri: Vec::new(),
        saw_terms: false,
        failure: None,
    };
    let pass = TermsPass {
        g: &mut g,
        depth: 0,
        kind: "",
    };
    if let Err(e) = run(src, pass) {
        return Err(g.failure.take().unwrap_or_else(|| not_json(e)));
    }
    if !g.saw_terms {
        return Err(err(file, "no `terms` object"));
    }
    Ok((published, g.od, g.ri))
}
