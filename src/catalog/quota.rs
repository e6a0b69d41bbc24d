//! The EC2 vCPU quota each instance family counts against, as catalog data (`quota_families`), with the
//! source that lists the quotas; rule `quota_families_named` holds one per family, named by its letters.

use super::IsoDate;
use serde::Deserialize;

/// The EC2 vCPU quota an instance family counts against (EC2 User Guide: On-Demand Instance quotas and
/// "Spot Instance quotas"; Spot has one of its own per family).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum QuotaFamily {
    P,
    /// "G and VT".
    #[serde(rename = "g")]
    GAndVt,
    Inf,
    Trn,
    Dl,
}

impl QuotaFamily {
    /// Every quota family, in the order build.rs numbers them for the page's copy of the catalog.
    pub const ALL: [QuotaFamily; 5] = [
        QuotaFamily::P,
        QuotaFamily::GAndVt,
        QuotaFamily::Inf,
        QuotaFamily::Trn,
        QuotaFamily::Dl,
    ];

    /// The letters that begin the name of every instance family counted against this quota (AWS names a
    /// quota by them; rule `quota_families_named`).
    pub fn letters(self) -> &'static str {
        match self {
            QuotaFamily::P => "p",
            QuotaFamily::GAndVt => "g",
            QuotaFamily::Inf => "inf",
            QuotaFamily::Trn => "trn",
            QuotaFamily::Dl => "dl",
        }
    }
}

/// One instance family's quota.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct FamilyQuota {
    pub family: String,
    pub quota: QuotaFamily,
}

/// The quota of every instance family of the catalog, and where AWS lists them.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct QuotaFamilies {
    pub families: Vec<FamilyQuota>,
    pub source: String,
    pub as_of: IsoDate,
}

impl super::Catalog {
    /// The vCPU quota an instance family counts against; `None` for a family the table does not list
    /// (rule `quota_families_named` lists every family of the catalog).
    pub fn quota_family(&self, family: &str) -> Option<QuotaFamily> {
        let families = &self.quota_families.families;
        families.iter().find(|f| f.family == family).map(|f| f.quota)
    }
}
