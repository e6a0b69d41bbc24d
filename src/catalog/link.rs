//! `Link`: how one instance type's accelerators reach each other and other instances, every figure sourced.

use super::{Interconnect, IsoDate};
use serde::Deserialize;

/// How one instance type's accelerators reach each other and other instances (issue 13). Every figure
/// names its source; `link_gbs` is `None` where no source gives it (the engine then uses a labelled assumption).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Link {
    pub instance: String,
    /// The technology inside the instance (`pcie` on G types: no NVLink; `nvswitch` where the domain's source
    /// states an NVSwitch, which makes a serving all-reduce one-shot rather than a ring).
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
    /// catalog.json `note`; left out of the page's copy (build.rs), which never reads it.
    #[serde(default, rename = "note")]
    pub link_note: String,
}
