//! The catalog's published Savings Plan rates, Capacity Block rules, rates and known price changes, and the carbon figures
//! (grid intensity per region, PUE), with the lookups the engine uses.

use super::*;

/// A published Savings Plan rate, effective per instance-hour (upfront spread over the term), for one
/// type in one region. `payment` is `None` where the source does not state the payment option.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct SavingsPlanRate {
    pub instance: String,
    pub region: String,
    pub plan: SavingsPlan,
    pub term_years: u32,
    pub payment: Option<Payment>,
    pub effective_usd_hr: f64,
    /// The upfront payment the source gives, where it gives one.
    pub upfront_usd: Option<f64>,
    pub source: String,
    pub as_of: IsoDate,
}

/// A known change of Capacity Block prices: a rate dated before `from` predates it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct CbChange {
    pub from: IsoDate,
    pub source: String,
    /// What changed (catalog.json `note`); left out of the page's copy (build.rs), which never reads it.
    #[serde(rename = "note")]
    pub change_note: String,
}

/// The grid's carbon intensity in one region: a location-based annual average.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct GridIntensity {
    pub region: String,
    pub gco2e_per_kwh: f64,
    /// The year of the electricity data, where the source says ("" where not).
    pub data_year: String,
    /// How the source states the figure (catalog.json `basis`); left out of the page's copy (build.rs).
    #[serde(rename = "basis")]
    pub grid_basis: String,
    pub source: String,
    pub as_of: IsoDate,
}

/// The data-centre power usage effectiveness applied to accelerator energy (a labelled assumption).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Pue {
    pub value: f64,
    pub source: String,
    pub as_of: IsoDate,
    /// How the source states it (catalog.json `basis`); left out of the page's copy (build.rs).
    #[serde(rename = "basis")]
    pub pue_basis: String,
}

impl Catalog {
    /// The published Savings Plan rate of a type in a region for a plan and term: the one for `payment`,
    /// else one whose payment option the source does not state.
    pub fn sp_rate(
        &self,
        instance: &str,
        region: &str,
        plan: SavingsPlan,
        term_years: u32,
        payment: Payment,
    ) -> Option<&SavingsPlanRate> {
        let of = |r: &&SavingsPlanRate| {
            r.instance == instance && r.region == region && r.plan == plan && r.term_years == term_years
        };
        let rates = || self.savings_plan_rates.iter().filter(of);
        rates()
            .find(|r| r.payment == Some(payment))
            .or_else(|| rates().find(|r| r.payment.is_none()))
    }

    /// The grid intensity of a region, if the catalog has one.
    pub fn grid(&self, region: &str) -> Option<&GridIntensity> {
        self.grid_intensity.iter().find(|g| g.region == region)
    }
}

/// A Capacity Block rate per instance-hour. Region `*` means "most regions" per its source.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct CapacityBlockRate {
    pub instance: String,
    pub region: String,
    pub usd_hr: f64,
    pub as_of: IsoDate,
    pub source: String,
    /// The source's wording (catalog.json `note`); left out of the page's copy (build.rs), which never reads it.
    #[serde(default, rename = "note")]
    pub rate_note: String,
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
    /// The regions a rate stated for a group of regions (`region` "*") is stated for (the sources quote US
    /// regions); elsewhere such a rate is applied and derived (rule `cb_group_rate_regions_priced`).
    pub group_rate_regions: Vec<String>,
    pub source: String,
    pub as_of: IsoDate,
    pub rates: Vec<CapacityBlockRate>,
    /// Known price changes, oldest first.
    pub changes: Vec<CbChange>,
}

impl CapacityBlocks {
    /// The newest known price change after `as_of`, if a rate of that date predates one.
    pub fn change_after(&self, as_of: IsoDate) -> Option<&CbChange> {
        self.changes
            .iter()
            .filter(|c| c.from > as_of)
            .max_by(|a, b| a.from.cmp(&b.from))
    }
}
