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
    /// The letters that begin the name of every instance family counted against this quota (AWS names a
    /// quota by them; rule `quota_families_named`); also its key in `quota_families` and in an ECS fee
    /// cut's `model` (rule `ecs_fee_cuts_name_quota_families`).
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

/// The instance families of the catalog listed under the vCPU quota each counts against, and where AWS
/// lists the quotas.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct QuotaFamilies {
    pub p: Vec<String>,
    /// "G and VT".
    pub g: Vec<String>,
    pub inf: Vec<String>,
    pub trn: Vec<String>,
    pub dl: Vec<String>,
    pub source: String,
    pub as_of: IsoDate,
}

impl QuotaFamilies {
    /// Each quota with the families listed under it.
    pub fn lists(&self) -> [(QuotaFamily, &[String]); 5] {
        [
            (QuotaFamily::P, &self.p),
            (QuotaFamily::GAndVt, &self.g),
            (QuotaFamily::Inf, &self.inf),
            (QuotaFamily::Trn, &self.trn),
            (QuotaFamily::Dl, &self.dl),
        ]
    }
}

impl super::Catalog {
    /// The Savings Plan assumption for `instance`'s type: a row for its quota family where there is one (P types'
    /// Compute SP), else the all-type row.
    pub fn sp_assumption(
        &self,
        instance: &str,
        plan: super::SavingsPlan,
        term_years: u32,
        payment: super::Payment,
    ) -> Option<&super::SavingsPlanAssumption> {
        let letters = self
            .instance(instance)
            .and_then(|i| self.quota_family(&i.family))
            .map(QuotaFamily::letters);
        let rows = || {
            self.savings_plan_assumptions
                .iter()
                .filter(move |a| a.plan == plan && a.term_years == term_years && a.payment == payment)
        };
        rows()
            .find(|a| a.family.is_some() && a.family.as_deref() == letters)
            .or_else(|| rows().find(|a| a.family.is_none()))
    }

    /// The vCPU quota an instance family counts against; `None` for a family the table does not list
    /// (rule `quota_families_named` lists every family of the catalog).
    pub fn quota_family(&self, family: &str) -> Option<QuotaFamily> {
        let lists = self.quota_families.lists();
        lists
            .into_iter()
            .find(|(_, l)| l.iter().any(|f| f == family))
            .map(|(q, _)| q)
    }
}
