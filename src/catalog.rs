//! The bundled catalog: typed instances, accelerators, prices and their sources; `Catalog::parse` checks every invariant once, so the engine can trust it.

use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The catalog file as shipped. The page does not carry this text: it uses the same data compiled in
/// by build.rs (`crate::catalog_static`), which tests/catalog.rs checks equals this file's validated parse.
#[cfg(not(target_arch = "wasm32"))]
pub const BUNDLED_JSON: &str = include_str!("../catalog.json");

/// The only schema version this build reads.
pub const SCHEMA_VERSION: u32 = 1;

/// A calendar date, `YYYY-MM-DD`, as the catalog writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IsoDate {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl IsoDate {
    /// Parses `YYYY-MM-DD`; `None` for anything else, including impossible days.
    pub fn parse(s: &str) -> Option<IsoDate> {
        let mut it = s.split('-');
        let (y, m, d) = (it.next()?, it.next()?, it.next()?);
        if it.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let date = IsoDate {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0);
        let days_in_month = match date.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (date.day >= 1 && date.day <= days_in_month).then_some(date)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    pub fn days_since_epoch(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// Whole days from `self` to `later` (negative if `later` is earlier).
    pub fn days_until(self, later: IsoDate) -> i64 {
        later.days_since_epoch() - self.days_since_epoch()
    }
}

impl fmt::Display for IsoDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl<'de> Deserialize<'de> for IsoDate {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        IsoDate::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a YYYY-MM-DD date")))
    }
}

/// Where a figure comes from.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Source {
    pub id: String,
    pub title: String,
    pub publisher: String,
    #[serde(rename = "where")]
    pub location: String,
    pub date: IsoDate,
}

impl Source {
    /// A web address for the source when its location is one (`https://…`, or a host name followed by
    /// a path such as `aws.amazon.com/savingsplans/faqs`); `None` for files in a repository or here.
    pub fn url(&self) -> Option<String> {
        let first = self.location.split_whitespace().next()?;
        if first.starts_with("https://") || first.starts_with("http://") {
            return Some(first.to_string());
        }
        let host = first.split('/').next()?;
        let is_host = host.contains('.')
            && !host.starts_with('.')
            && !host.ends_with('.')
            && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
        // A file name such as `build_catalog.py` is no host: a host has a path after it or a known ending.
        (is_host && first.contains('/')).then(|| format!("https://{first}"))
    }
}

/// The software stack code must target to run on an accelerator.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Stack {
    Cuda,
    Neuron,
    Synapse,
}

/// One accelerator chip model. Peaks are dense (no sparsity); `None` where no source gives the figure.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Accelerator {
    pub id: String,
    pub name: String,
    pub vendor: String,
    pub stack: Stack,
    pub arch: String,
    /// Nominal memory per chip in GB as marketed; instances carry what AWS reports.
    pub mem_gb: Option<f64>,
    /// Peak memory bandwidth, GB/s (10^9 bytes per second).
    pub mem_bw_gbs: Option<f64>,
    pub bf16_tflops: Option<f64>,
    pub fp16_tflops: Option<f64>,
    pub fp8_tflops: Option<f64>,
    pub int8_tops: Option<f64>,
    /// Vector (non-tensor) FP64 peak.
    pub fp64_tflops: Option<f64>,
    pub tdp_w: Option<f64>,
    /// Has display/encode engines for rendering, VDI and transcoding.
    pub graphics: bool,
    /// Whether the accelerator's toolchain runs generative LLM decoding (first-generation Inferentia's does not),
    /// and the source that says so.
    pub llm_decode: bool,
    pub llm_decode_source: String,
    pub source: String,
    pub as_of: IsoDate,
    #[serde(default)]
    pub note: String,
}

/// How the accelerators inside one instance talk to each other.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Interconnect {
    Nvlink,
    Neuronlink,
    Pcie,
    Roce,
}

/// One instance size (or an UltraServer sold as a unit).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Instance {
    pub id: String,
    pub family: String,
    pub accelerator: String,
    /// Accelerator devices (or slices) in one instance; `None` where no source gives it (some UltraServers).
    pub count: Option<f64>,
    /// Share of one physical accelerator each device is (g6f: 0.125 of an L4); 1 for whole chips.
    pub fraction: f64,
    /// Memory per device in GiB, as the EC2 API reports it.
    pub accel_mem_gib: f64,
    pub vcpus: Option<f64>,
    pub ram_gib: Option<f64>,
    /// Baseline network bandwidth, Gbit/s.
    pub net_gbps: Option<f64>,
    /// Maximum EFA interfaces; 0 means no EFA, `None` unknown.
    pub efa_interfaces: Option<f64>,
    pub interconnect: Interconnect,
    pub nvme_gb: Option<f64>,
    pub neuron_cores: Option<f64>,
    pub legacy: bool,
    pub ultraserver: bool,
    pub regions: Vec<String>,
    pub source: String,
    pub as_of: IsoDate,
    #[serde(default)]
    pub note: String,
}

impl Instance {
    /// Total accelerator memory of one instance, GiB.
    pub fn total_accel_mem_gib(&self) -> Option<f64> {
        self.count.map(|n| n * self.accel_mem_gib)
    }

    /// Whether the instance has Elastic Fabric Adapter for multi-node training.
    pub fn has_efa(&self) -> bool {
        self.efa_interfaces.is_some_and(|n| n > 0.0)
    }
}

/// An On-Demand Linux price for one instance in one region.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct OnDemandPrice {
    pub instance: String,
    pub region: String,
    pub usd_hr: f64,
    pub source: String,
    pub as_of: IsoDate,
    /// Computed from a regional multiplier rather than read from a source.
    pub derived: bool,
    #[serde(default)]
    pub multiplier: Option<f64>,
}

/// Observed Spot prices across a region's availability zones.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct SpotPrice {
    pub instance: String,
    pub region: String,
    pub median_usd_hr: f64,
    pub min_usd_hr: Option<f64>,
    pub max_usd_hr: Option<f64>,
    /// Zones behind the median (a Spot price below On-Demand); 0 where the source gives an average over
    /// zones without counting them.
    pub n_az: u32,
    /// Zones that listed Spot at the On-Demand price: no Spot capacity or discount there.
    #[serde(default)]
    pub n_az_at_od: u32,
    pub source: String,
    pub as_of: IsoDate,
    /// Spot Instance Advisor interruption band ("<5", "5-10", ...), where known.
    #[serde(default)]
    pub interruption_band: Option<String>,
    #[serde(default)]
    pub band_source: Option<String>,
}

/// Reserved Instance class.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum RiClass {
    Standard,
    Convertible,
}

/// How much of a commitment is paid at purchase.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Payment {
    No,
    Partial,
    All,
}

/// A published Reserved Instance rate, effective hourly (upfront amortised over the term).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ReservedRate {
    pub instance: String,
    pub region: String,
    pub class: RiClass,
    pub term_years: u32,
    pub payment: Payment,
    pub effective_usd_hr: f64,
    pub source: String,
    pub as_of: IsoDate,
}

/// Savings Plan type.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum SavingsPlan {
    Compute,
    Ec2instance,
}

/// A default Savings Plan discount: an assumption, since AWS publishes no per-type GPU rate.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct SavingsPlanAssumption {
    pub plan: SavingsPlan,
    pub term_years: u32,
    pub payment: Payment,
    pub discount_pct: f64,
    pub assumption: bool,
    pub source: String,
    pub as_of: IsoDate,
    pub basis: String,
}

/// A Capacity Block rate per instance-hour. Region `*` means "most regions" per its source.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct CapacityBlockRate {
    pub instance: String,
    pub region: String,
    pub usd_hr: f64,
    pub as_of: IsoDate,
    pub source: String,
    #[serde(default)]
    pub note: String,
}

/// Capacity Block rules and rates.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct CapacityBlocks {
    pub families: Vec<String>,
    pub min_days: u32,
    pub max_daily_days: u32,
    pub weekly_step_days: u32,
    pub max_days: u32,
    pub max_instances: u32,
    pub max_lead_weeks: u32,
    pub source: String,
    pub as_of: IsoDate,
    pub rates: Vec<CapacityBlockRate>,
}

/// Spot rules from AWS documentation.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct SpotRules {
    pub notice_minutes: u32,
    pub max_discount_pct: f64,
    pub bands: Vec<String>,
    pub source: String,
    pub as_of: IsoDate,
}

/// Where the catalog's sources list every size priced: a type of these families without a price in one of
/// these regions is not offered On-Demand there; elsewhere a missing price was simply not collected.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct PriceCoverage {
    pub families: Vec<String>,
    pub regions: Vec<String>,
    pub source: String,
    pub as_of: IsoDate,
}

impl PriceCoverage {
    /// Whether the sources list every priced size of `family` in `region`.
    pub fn covers(&self, family: &str, region: &str) -> bool {
        self.families.iter().any(|f| f == family) && self.regions.iter().any(|r| r == region)
    }
}

/// One level of a price over time.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct PricePoint {
    pub instance: String,
    pub region: String,
    pub from: IsoDate,
    pub usd_hr: f64,
    pub source: String,
}

/// A price quoted in a source article, and how it relates to the catalog.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ArticleQuote {
    pub source: String,
    pub quote: String,
    pub instance: String,
    /// What the figure is: od, od_monthly, od_per_accel, spot, spot_per_accel, cb_per_accel, cb_monthly, ri-CLASS-TERM-PAYMENT.
    pub kind: String,
    pub usd: f64,
    /// match | price_cut | different_size | other
    pub status: String,
    #[serde(default)]
    pub note_en: String,
    #[serde(default)]
    pub note_zh: String,
}

/// How one instance type's accelerators reach each other and other instances (issue 13). Every figure
/// names its source; `link_gbs` is `None` where no source gives it (the engine then uses a labelled assumption).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Link {
    pub instance: String,
    /// The technology inside the instance (`pcie` on G types: no NVLink).
    pub kind: Interconnect,
    /// Shown name: "NVLink 4 (NVSwitch)", "PCIe Gen4 x16", "NeuronLink-v2".
    pub name: String,
    /// Intra-instance bandwidth per accelerator, one direction, GB/s.
    pub link_gbs: Option<f64>,
    /// How `link_gbs` follows from the source's figure (e.g. "900 GB/s two-way per GPU / 2").
    pub link_basis: String,
    pub source: String,
    pub as_of: IsoDate,
    /// Accelerators sharing that link: one NVLink/NeuronLink domain, or the instance's PCIe.
    pub domain: u32,
    pub domain_source: String,
    /// Instance network bandwidth per accelerator, Gbit/s: `net_gbps / count`, derived (source: the instance's).
    pub net_gbps_per_accel: Option<f64>,
    #[serde(default)]
    pub net_basis: String,
    /// GPUDirect RDMA over EFA (network traffic skips host memory); `None` unknown.
    pub gdr: Option<bool>,
    pub gdr_source: Option<String>,
    #[serde(default)]
    pub note: String,
}

/// The whole catalog, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalog {
    pub schema_version: u32,
    pub as_of: IsoDate,
    pub sources: Vec<Source>,
    pub accelerators: Vec<Accelerator>,
    pub instances: Vec<Instance>,
    pub on_demand: Vec<OnDemandPrice>,
    pub spot: Vec<SpotPrice>,
    pub reserved: Vec<ReservedRate>,
    pub savings_plan_assumptions: Vec<SavingsPlanAssumption>,
    pub capacity_blocks: CapacityBlocks,
    pub spot_rules: SpotRules,
    pub price_coverage: PriceCoverage,
    pub price_history: Vec<PricePoint>,
    pub article_quotes: Vec<ArticleQuote>,
    /// Interconnect per instance type (at most one entry each).
    pub links: Vec<Link>,
}

/// Why a catalog was refused: always names the entry and the field.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CatalogError {
    #[error("catalog is not JSON: {0}")]
    Json(String),
    #[error("catalog: {entry}: {message}")]
    Entry { entry: String, message: String },
}

fn entry_err(entry: impl Into<String>, message: impl Into<String>) -> CatalogError {
    CatalogError::Entry {
        entry: entry.into(),
        message: message.into(),
    }
}

/// The file as written, deserialised in one pass (one code path for every entry type keeps the wasm small).
#[derive(Deserialize)]
struct RawCatalog {
    schema_version: u32,
    as_of: IsoDate,
    sources: Vec<Source>,
    accelerators: Vec<Accelerator>,
    instances: Vec<Instance>,
    on_demand: Vec<OnDemandPrice>,
    spot: Vec<SpotPrice>,
    reserved: Vec<ReservedRate>,
    savings_plan_assumptions: Vec<SavingsPlanAssumption>,
    capacity_blocks: CapacityBlocks,
    spot_rules: SpotRules,
    price_coverage: PriceCoverage,
    price_history: Vec<PricePoint>,
    article_quotes: Vec<ArticleQuote>,
    links: Vec<Link>,
}

/// The JSON key written last before `column` on `line`: the field a deserialisation error is about.
fn field_before(json: &str, line: usize, column: usize) -> Option<String> {
    let text = json.lines().nth(line.checked_sub(1)?)?;
    let head = text.get(..column.min(text.len()))?;
    let colon = head.rfind("\":")?;
    let key = head.get(..colon)?;
    key.rfind('"').and_then(|i| key.get(i + 1..)).map(str::to_owned)
}

/// Names the entry on a line of the catalog: the top-level field it belongs to and its id, if any.
fn entry_at_line(json: &str, line: usize) -> String {
    let lines: Vec<&str> = json.lines().collect();
    let text = lines.get(line.saturating_sub(1)).copied().unwrap_or("");
    // The section is the last `"key":[` opened at or before this line.
    let section = lines
        .iter()
        .take(line)
        .rev()
        .find_map(|l| {
            let l = l.trim_end();
            let i = l.strip_suffix("\":[").map(str::len)?;
            let head = l.get(..i)?;
            head.rfind('"').and_then(|j| head.get(j + 1..)).map(str::to_owned)
        })
        .unwrap_or_else(|| "catalog".into());
    let id = ["\"id\":\"", "\"instance\":\""].iter().find_map(|k| {
        let i = text.find(k)? + k.len();
        let rest = text.get(i..)?;
        rest.get(..rest.find('"')?).map(str::to_owned)
    });
    match id {
        Some(id) => format!("{section} entry ({id}), line {line}"),
        None => format!("{section}, line {line}"),
    }
}

fn positive(entry: &str, field: &str, v: f64) -> Result<(), CatalogError> {
    if v.is_finite() && v > 0.0 {
        Ok(())
    } else {
        Err(entry_err(
            entry,
            format!("field `{field}` must be a positive number, got {v}"),
        ))
    }
}

fn positive_opt(entry: &str, field: &str, v: Option<f64>) -> Result<(), CatalogError> {
    v.map_or(Ok(()), |v| positive(entry, field, v))
}

impl Catalog {
    /// The catalog bundled into this build: natively parsed and validated from catalog.json (backed by a
    /// test, so it cannot fail at run time); in the page, the same data compiled in by build.rs.
    #[cfg(not(target_arch = "wasm32"))]
    #[allow(clippy::expect_used)]
    pub fn bundled() -> Catalog {
        Catalog::parse(BUNDLED_JSON).expect("bundled catalog.json is validated by tests/catalog.rs")
    }

    /// The catalog bundled into this build (the data compiled in by build.rs from the validated catalog.json).
    #[cfg(target_arch = "wasm32")]
    pub fn bundled() -> Catalog {
        crate::catalog_static::catalog()
    }

    /// Parses and validates a catalog.
    pub fn parse(json: &str) -> Result<Catalog, CatalogError> {
        if !json.trim_start().starts_with('{') {
            return Err(CatalogError::Json("top level is not an object".into()));
        }
        let raw: RawCatalog = serde_json::from_str(json).map_err(|e| {
            if e.is_syntax() || e.is_eof() || e.line() == 0 {
                CatalogError::Json(e.to_string())
            } else {
                let named = e.to_string().starts_with("missing field");
                let field = (!named)
                    .then(|| field_before(json, e.line(), e.column()))
                    .flatten()
                    .map_or_else(String::new, |f| format!("field `{f}`: "));
                entry_err(entry_at_line(json, e.line()), format!("{field}{e}"))
            }
        })?;
        if raw.schema_version != SCHEMA_VERSION {
            return Err(entry_err(
                "schema_version",
                format!(
                    "this build reads version {SCHEMA_VERSION}, the file is version {}",
                    raw.schema_version
                ),
            ));
        }
        let catalog = Catalog {
            schema_version: raw.schema_version,
            as_of: raw.as_of,
            sources: raw.sources,
            accelerators: raw.accelerators,
            instances: raw.instances,
            on_demand: raw.on_demand,
            spot: raw.spot,
            reserved: raw.reserved,
            savings_plan_assumptions: raw.savings_plan_assumptions,
            capacity_blocks: raw.capacity_blocks,
            spot_rules: raw.spot_rules,
            price_coverage: raw.price_coverage,
            price_history: raw.price_history,
            article_quotes: raw.article_quotes,
            links: raw.links,
        };
        catalog.validate()?;
        Ok(catalog)
    }

    /// Checks the invariants the engine relies on.
    fn validate(&self) -> Result<(), CatalogError> {
        let mut source_ids = HashSet::new();
        for s in &self.sources {
            if !source_ids.insert(s.id.as_str()) {
                return Err(entry_err(format!("sources ({})", s.id), "duplicate id"));
            }
        }
        let known_source = |entry: &str, id: &str| -> Result<(), CatalogError> {
            if source_ids.contains(id) {
                Ok(())
            } else {
                Err(entry_err(entry, format!("field `source` names unknown source `{id}`")))
            }
        };

        let mut accels = HashMap::new();
        for a in &self.accelerators {
            let e = format!("accelerators ({})", a.id);
            if accels.insert(a.id.as_str(), a).is_some() {
                return Err(entry_err(e, "duplicate id"));
            }
            known_source(&e, &a.source)?;
            known_source(&e, &a.llm_decode_source)?;
            positive_opt(&e, "mem_gb", a.mem_gb)?;
            positive_opt(&e, "mem_bw_gbs", a.mem_bw_gbs)?;
            positive_opt(&e, "bf16_tflops", a.bf16_tflops)?;
            positive_opt(&e, "fp16_tflops", a.fp16_tflops)?;
            positive_opt(&e, "fp8_tflops", a.fp8_tflops)?;
            positive_opt(&e, "int8_tops", a.int8_tops)?;
            positive_opt(&e, "fp64_tflops", a.fp64_tflops)?;
            positive_opt(&e, "tdp_w", a.tdp_w)?;
        }

        let mut instances = HashMap::new();
        for i in &self.instances {
            let e = format!("instances ({})", i.id);
            if instances.insert(i.id.as_str(), i).is_some() {
                return Err(entry_err(e, "duplicate id"));
            }
            let Some(acc) = accels.get(i.accelerator.as_str()) else {
                return Err(entry_err(
                    e,
                    format!("field `accelerator` names unknown accelerator `{}`", i.accelerator),
                ));
            };
            known_source(&e, &i.source)?;
            positive_opt(&e, "count", i.count)?;
            positive(&e, "accel_mem_gib", i.accel_mem_gib)?;
            positive_opt(&e, "vcpus", i.vcpus)?;
            positive_opt(&e, "ram_gib", i.ram_gib)?;
            if !(i.fraction > 0.0 && i.fraction <= 1.0) {
                return Err(entry_err(
                    e,
                    format!("field `fraction` must be in (0, 1], got {}", i.fraction),
                ));
            }
            // Reported GiB never exceeds the marketed GB of the share of the chip (GiB > GB).
            if let Some(gb) = acc.mem_gb {
                if i.accel_mem_gib > gb * i.fraction * 1.001 {
                    return Err(entry_err(
                        e,
                        format!(
                            "field `accel_mem_gib` {} exceeds {} GB x fraction {}",
                            i.accel_mem_gib, gb, i.fraction
                        ),
                    ));
                }
            }
        }
        let instance = |entry: &str, id: &str| -> Result<&Instance, CatalogError> {
            instances
                .get(id)
                .copied()
                .ok_or_else(|| entry_err(entry, format!("field `instance` names unknown instance `{id}`")))
        };

        let mut od = HashMap::new();
        for p in &self.on_demand {
            let e = format!("on_demand ({} {})", p.instance, p.region);
            instance(&e, &p.instance)?;
            known_source(&e, &p.source)?;
            positive(&e, "usd_hr", p.usd_hr)?;
            if od.insert((p.instance.as_str(), p.region.as_str()), p.usd_hr).is_some() {
                return Err(entry_err(e, "duplicate price"));
            }
        }
        for s in &self.spot {
            let e = format!("spot ({} {})", s.instance, s.region);
            instance(&e, &s.instance)?;
            known_source(&e, &s.source)?;
            positive(&e, "median_usd_hr", s.median_usd_hr)?;
            positive_opt(&e, "min_usd_hr", s.min_usd_hr)?;
            positive_opt(&e, "max_usd_hr", s.max_usd_hr)?;
            if let Some(o) = od.get(&(s.instance.as_str(), s.region.as_str())) {
                if s.median_usd_hr >= *o {
                    return Err(entry_err(
                        e,
                        format!("field `median_usd_hr` {} is not below On-Demand {o}", s.median_usd_hr),
                    ));
                }
            }
            if let Some(b) = &s.interruption_band {
                if !self.spot_rules.bands.contains(b) {
                    return Err(entry_err(
                        e,
                        format!("field `interruption_band` `{b}` is not a Spot Advisor band"),
                    ));
                }
            }
        }
        for r in &self.reserved {
            let e = format!(
                "reserved ({} {:?} {}y {:?})",
                r.instance, r.class, r.term_years, r.payment
            );
            instance(&e, &r.instance)?;
            known_source(&e, &r.source)?;
            positive(&e, "effective_usd_hr", r.effective_usd_hr)?;
            if r.term_years != 1 && r.term_years != 3 {
                return Err(entry_err(
                    e,
                    format!("field `term_years` must be 1 or 3, got {}", r.term_years),
                ));
            }
        }
        for s in &self.savings_plan_assumptions {
            let e = format!(
                "savings_plan_assumptions ({:?} {}y {:?})",
                s.plan, s.term_years, s.payment
            );
            known_source(&e, &s.source)?;
            let cap = match s.plan {
                SavingsPlan::Compute => 66.0,
                SavingsPlan::Ec2instance => 72.0,
            };
            if !(s.discount_pct > 0.0 && s.discount_pct <= cap) {
                return Err(entry_err(
                    e,
                    format!("field `discount_pct` must be in (0, {cap}], got {}", s.discount_pct),
                ));
            }
        }
        let cb = &self.capacity_blocks;
        known_source("capacity_blocks", &cb.source)?;
        for r in &cb.rates {
            let e = format!("capacity_blocks.rates ({} {})", r.instance, r.region);
            let inst = instance(&e, &r.instance)?;
            known_source(&e, &r.source)?;
            positive(&e, "usd_hr", r.usd_hr)?;
            if !cb.families.contains(&inst.family) {
                return Err(entry_err(
                    e,
                    format!("family `{}` does not support Capacity Blocks", inst.family),
                ));
            }
        }
        known_source("spot_rules", &self.spot_rules.source)?;
        known_source("price_coverage", &self.price_coverage.source)?;
        for p in &self.price_history {
            let e = format!("price_history ({} {})", p.instance, p.from);
            instance(&e, &p.instance)?;
            known_source(&e, &p.source)?;
            positive(&e, "usd_hr", p.usd_hr)?;
        }
        for q in &self.article_quotes {
            let e = format!("article_quotes ({} {})", q.instance, q.kind);
            instance(&e, &q.instance)?;
            known_source(&e, &q.source)?;
            positive(&e, "usd", q.usd)?;
            if q.status != "match" && q.note_en.is_empty() {
                return Err(entry_err(
                    e,
                    "field `note_en` must say why a quote that does not match differs",
                ));
            }
        }
        self.validate_links(&instances, &known_source)
    }

    /// Interconnect entries: one per known instance, sourced, positive, a domain no smaller than one.
    fn validate_links(
        &self,
        instances: &HashMap<&str, &Instance>,
        known_source: &dyn Fn(&str, &str) -> Result<(), CatalogError>,
    ) -> Result<(), CatalogError> {
        let mut seen = HashSet::new();
        for l in &self.links {
            let e = format!("links ({})", l.instance);
            let Some(inst) = instances.get(l.instance.as_str()) else {
                return Err(entry_err(
                    e,
                    format!("field `instance` names unknown instance `{}`", l.instance),
                ));
            };
            if !seen.insert(l.instance.as_str()) {
                return Err(entry_err(e, "duplicate entry"));
            }
            known_source(&e, &l.source)?;
            known_source(&e, &l.domain_source)?;
            if let Some(g) = &l.gdr_source {
                known_source(&e, g)?;
            }
            positive_opt(&e, "link_gbs", l.link_gbs)?;
            positive_opt(&e, "net_gbps_per_accel", l.net_gbps_per_accel)?;
            let count = inst.count.unwrap_or(f64::INFINITY);
            if l.domain == 0 || (!inst.ultraserver && f64::from(l.domain) > count) {
                return Err(entry_err(
                    e,
                    format!("field `domain` {} must be in 1..=count ({count})", l.domain),
                ));
            }
        }
        Ok(())
    }

    /// The interconnect entry of an instance type, if the catalog has one.
    pub fn link(&self, instance: &str) -> Option<&Link> {
        self.links.iter().find(|l| l.instance == instance)
    }

    /// The instance with this id.
    pub fn instance(&self, id: &str) -> Option<&Instance> {
        self.instances.iter().find(|i| i.id == id)
    }

    /// The accelerator with this id.
    pub fn accelerator(&self, id: &str) -> Option<&Accelerator> {
        self.accelerators.iter().find(|a| a.id == id)
    }

    /// The source with this id.
    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.id == id)
    }

    /// On-Demand Linux price of an instance in a region.
    pub fn on_demand(&self, instance: &str, region: &str) -> Option<&OnDemandPrice> {
        self.on_demand
            .iter()
            .find(|p| p.instance == instance && p.region == region)
    }

    /// Observed Spot prices of an instance in a region.
    pub fn spot(&self, instance: &str, region: &str) -> Option<&SpotPrice> {
        self.spot.iter().find(|p| p.instance == instance && p.region == region)
    }

    /// The us-east-1 On-Demand price levels of an instance, oldest first.
    pub fn price_history_of(&self, instance: &str) -> Vec<&PricePoint> {
        let points = self
            .price_history
            .iter()
            .filter(|p| p.instance == instance && p.region == "us-east-1")
            .collect();
        crate::order::sorted(points, &|a, b| a.from.cmp(&b.from))
    }

    /// Days from the catalog's as-of date to `today`.
    pub fn age_days(&self, today: IsoDate) -> i64 {
        self.as_of.days_until(today)
    }
}

#[cfg(test)]
mod source_tests {
    use super::*;

    fn at(location: &str) -> Option<String> {
        Source {
            id: "x".into(),
            title: "x".into(),
            publisher: "x".into(),
            location: location.into(),
            date: IsoDate {
                year: 2026,
                month: 1,
                day: 1,
            },
        }
        .url()
    }

    #[test]
    fn web_locations_become_links_and_files_do_not() {
        assert_eq!(
            at("aws.amazon.com/savingsplans/faqs").as_deref(),
            Some("https://aws.amazon.com/savingsplans/faqs")
        );
        assert_eq!(
            at("aws.amazon.com/ec2/capacityblocks/pricing (mirror)").as_deref(),
            Some("https://aws.amazon.com/ec2/capacityblocks/pricing")
        );
        assert_eq!(at("https://example.com/a").as_deref(), Some("https://example.com/a"));
        for file in [
            "pkg/providers/pricing/zz_generated.pricing_aws.go",
            "../shared/reference/accelerators.csv",
            "scripts/build_catalog.py",
            "catalogs/v8/aws/vms.csv @ 00148f2a",
            "build_catalog.py",
            "",
            "javascript:alert(1)",
        ] {
            assert_eq!(at(file), None, "{file}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_strictly() {
        assert_eq!(
            IsoDate::parse("2026-07-20").map(|d| d.to_string()),
            Some("2026-07-20".into())
        );
        for bad in [
            "2026-7-20",
            "2026-02-30",
            "2025-02-29",
            "20260720",
            "2026-13-01",
            "",
            "2026-07-20-1",
        ] {
            assert_eq!(IsoDate::parse(bad), None, "{bad}");
        }
        assert!(IsoDate::parse("2024-02-29").is_some());
    }

    #[test]
    fn day_arithmetic() {
        let d = |s| IsoDate::parse(s).unwrap_or_else(|| panic!("{s}"));
        assert_eq!(d("1970-01-01").days_since_epoch(), 0);
        assert_eq!(d("2026-07-20").days_until(d("2026-11-29")), 132);
        assert_eq!(d("2024-01-01").days_until(d("2025-01-01")), 366);
    }
}
