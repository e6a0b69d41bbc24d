//! The bundled catalog: typed instances, accelerators, prices and their sources; `Catalog::parse` checks every invariant once, so the engine can trust it.

use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::fmt;

mod chip;
mod date;
mod entries;
mod history;
mod json_error;
mod link;
mod managed;
mod quota;
mod rates;
mod rules;
mod source;
pub use chip::{AssumedPeak, Generation};
pub use date::IsoDate;
pub use history::{Buy, PriceChange, PricePoint, Rate, RateFilter, RateKey};
use json_error::{entry_at_line, field_before};
pub use link::Link;
pub use managed::ManagedPrice;
pub use quota::{QuotaFamilies, QuotaFamily};
pub use rates::{CapacityBlockRate, CapacityBlocks, CbChange, GridIntensity, Pue, SavingsPlanRate};
pub use rules::RULES;
pub use source::{Source, SourceKind};

/// The catalog file as shipped. The page does not carry this text: it uses the same data compiled in
/// by build.rs (`crate::catalog_static`), which tests/catalog.rs checks equals this file's validated parse.
#[cfg(not(target_arch = "wasm32"))]
pub const BUNDLED_JSON: &str = include_str!("../catalog.json");

/// The only schema version this build reads.
pub const SCHEMA_VERSION: u32 = 1;

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
    /// The architecture as its maker names it ("Ada Lovelace", "NeuronCore-v2 x2"); the catalog's and the
    /// CLI's, not the page's (left out of its copy): what the chip can do is its `generation`'s.
    #[serde(rename = "arch")]
    pub arch_name: String,
    pub generation: Generation,
    /// Nominal memory per chip in GB as marketed; instances carry what AWS reports.
    pub mem_gb: Option<f64>,
    /// Peak memory bandwidth, GB/s (10^9 bytes per second).
    pub mem_bw_gbs: Option<f64>,
    pub bf16_tflops: Option<f64>,
    pub fp16_tflops: Option<f64>,
    pub fp8_tflops: Option<f64>,
    /// Dense FP4 (NVFP4/MXFP4) tensor peak, where a source gives one (Blackwell).
    pub fp4_tflops: Option<f64>,
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
    /// Whether the accelerator's toolchain trains models (Inferentia's is for inference only), and the
    /// source that says so.
    pub trains: bool,
    pub trains_source: String,
    pub source: String,
    pub as_of: IsoDate,
    #[serde(default)]
    pub note: String,
    /// The labelled assumption standing in for the 16-bit peak where no source gives one.
    #[serde(default)]
    pub assumed_peak: Option<AssumedPeak>,
}

/// How the accelerators inside one instance talk to each other.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Interconnect {
    /// NVLink point to point (V100's hybrid cube-mesh: pairs without a link go over PCIe).
    Nvlink,
    /// NVLink through NVSwitch (HGX A100/H100/H200/B200/B300, NVL72): every pair at full bandwidth, as its
    /// `links` entry's domain source states; the engines' small all-reduces are one-shot there, not rings.
    Nvswitch,
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
    /// Accelerator devices (or slices) in one instance, a whole number in catalog.json; read through
    /// `Instance::count`, the one accessor.
    pub(crate) count: Option<u32>,
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
    /// Accelerator devices in one instance, or slices of one where `fraction` < 1 (g6f.large: 1 slice of
    /// 1/8 L4); at least 1 (rule `positive_figures`). `None` where no source gives it (some UltraServers):
    /// such a type is listed but never planned (`Exclusion::UnknownCount`).
    pub fn count(&self) -> Option<u32> {
        self.count
    }

    /// Total accelerator memory of one instance, GiB.
    pub fn total_accel_mem_gib(&self) -> Option<f64> {
        self.count().map(|n| f64::from(n) * self.accel_mem_gib)
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

/// A default Savings Plan discount: an assumption, used where no published per-type rate was imported.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct SavingsPlanAssumption {
    pub plan: SavingsPlan,
    pub term_years: u32,
    pub payment: Payment,
    pub discount_pct: f64,
    pub assumption: bool,
    pub source: String,
    pub as_of: IsoDate,
    /// How the discount was derived (catalog.json; not in the page's copy).
    #[serde(rename = "basis")]
    pub sp_basis: String,
    /// The quota family (`QuotaFamily::letters`) this row is for, else every type (`Catalog::sp_assumption`).
    #[serde(default)]
    pub family: Option<String>,
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
    pub savings_plan_rates: Vec<SavingsPlanRate>,
    pub capacity_blocks: CapacityBlocks,
    pub spot_rules: SpotRules,
    pub price_coverage: PriceCoverage,
    pub price_history: Vec<PricePoint>,
    pub article_quotes: Vec<ArticleQuote>,
    /// Interconnect per instance type (at most one entry each).
    pub links: Vec<Link>,
    pub grid_intensity: Vec<GridIntensity>,
    pub pue: Pue,
    /// Managed services' prices (Bedrock, SageMaker AI, ECS Managed Instances).
    pub managed: Vec<ManagedPrice>,
    /// The vCPU quota each instance family counts against.
    pub quota_families: QuotaFamilies,
}

/// Why a catalog was refused: always names the entry and the field.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CatalogError {
    #[error("catalog is not JSON: {0}")]
    Json(String),
    #[error("catalog: {entry}: {message}")]
    Entry { entry: String, message: String },
    /// One of `rules::RULES` does not hold.
    #[error("catalog: {entry}: {message}")]
    Broken {
        rule: &'static str,
        entry: String,
        message: String,
    },
}

impl CatalogError {
    /// The name of the rule the catalog breaks, when it parsed but broke one.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            CatalogError::Broken { rule, .. } => Some(rule),
            _ => None,
        }
    }
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
    savings_plan_rates: Vec<SavingsPlanRate>,
    capacity_blocks: CapacityBlocks,
    spot_rules: SpotRules,
    price_coverage: PriceCoverage,
    price_history: Vec<PricePoint>,
    article_quotes: Vec<ArticleQuote>,
    links: Vec<Link>,
    grid_intensity: Vec<GridIntensity>,
    pue: Pue,
    managed: Vec<ManagedPrice>,
    quota_families: QuotaFamilies,
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
        if let Some((line, code)) = json_error::control_escape(json) {
            return Err(entry_err(
                entry_at_line(json, line),
                format!(
                    "line {line}: a text carries the control character U+{code:04X}, which no catalog text may hold"
                ),
            ));
        }
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
            savings_plan_rates: raw.savings_plan_rates,
            capacity_blocks: raw.capacity_blocks,
            spot_rules: raw.spot_rules,
            price_coverage: raw.price_coverage,
            price_history: raw.price_history,
            article_quotes: raw.article_quotes,
            links: raw.links,
            grid_intensity: raw.grid_intensity,
            pue: raw.pue,
            managed: raw.managed,
            quota_families: raw.quota_families,
        };
        rules::check(&catalog)?;
        Ok(catalog)
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
        let key = (instance, region);
        let at = self
            .on_demand
            .binary_search_by(|p| (p.instance.as_str(), p.region.as_str()).cmp(&key));
        self.on_demand.get(at.ok()?)
    }

    /// When the catalog's sources last looked at Spot in `region`: the newest date of its Spot prices there
    /// (a type with none was not observed on that look); `None` where no Spot price of the region is held.
    pub fn spot_looked(&self, region: &str) -> Option<IsoDate> {
        self.spot.iter().filter(|p| p.region == region).map(|p| p.as_of).max()
    }

    /// Observed Spot prices of an instance in a region (sorted like On-Demand: rule `prices_in_order`).
    pub fn spot(&self, instance: &str, region: &str) -> Option<&SpotPrice> {
        let key = (instance, region);
        let at = self
            .spot
            .binary_search_by(|p| (p.instance.as_str(), p.region.as_str()).cmp(&key));
        self.spot.get(at.ok()?)
    }

    /// Days from the catalog's as-of date to `today`.
    pub fn age_days(&self, today: IsoDate) -> i64 {
        self.as_of.days_until(today)
    }
}
