//! `ManagedPrice`: a managed service's published price (Amazon Bedrock, SageMaker AI, ECS Managed Instances).

use super::IsoDate;
use serde::Deserialize;

/// A managed service's published price (issue 26): Amazon Bedrock per million input and output tokens
/// (`tier` on-demand, latency, batch) or per model unit-hour of provisioned throughput (pt-0, pt-1, pt-6:
/// no commitment, 1 or 6 months) for a model preset (`model`); a SageMaker AI instance rate (`offer` the
/// ml. type, `tier` its use: realtime, training); an ECS Managed Instances fee (`tier` fee, `offer` the
/// type) or fee cut (`tier` fee-cut, `model` the vCPU quota family whose instance families it applies to,
/// `pct`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ManagedPrice {
    /// bedrock, sagemaker or ecs.
    pub service: String,
    pub model: String,
    /// The model or type as the source names it.
    pub offer: String,
    pub region: String,
    pub tier: String,
    pub in_usd_m: Option<f64>,
    pub out_usd_m: Option<f64>,
    pub usd_hr: Option<f64>,
    pub pct: Option<f64>,
    /// The model's end of life on the service, where the source states one.
    pub until: Option<IsoDate>,
    pub source: String,
    pub as_of: IsoDate,
    /// The source's condition ("on-demand, Standard", an end of life; catalog.json `note`); left out of the
    /// page's copy (build.rs), which never reads it.
    #[serde(rename = "note")]
    pub terms_note: String,
}
