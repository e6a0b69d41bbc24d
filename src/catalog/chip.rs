//! What a chip can do, as catalog data: its `Generation` (which number formats its tensor units have, which
//! stack runs it) and the `AssumedPeak` that stands in for a 16-bit peak no source gives. Rules
//! `generation_matches_arch`, `peaks_within_generation` and `assumed_peaks_where_unpublished` hold them.

use super::Stack;
use serde::Deserialize;

/// An accelerator's architecture generation (catalog field `generation`; its `arch` text names it, rule
/// `generation_matches_arch`). The engine asks the generation what the chip can do, never the chip's id.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Generation {
    Volta,
    Turing,
    #[default]
    Ampere,
    /// Ada Lovelace.
    Ada,
    Hopper,
    /// Blackwell and Blackwell Ultra.
    Blackwell,
    /// Habana Gaudi (first generation, HL-205).
    Gaudi,
    /// AWS NeuronCore-v1 (Inferentia).
    Neuron1,
    /// NeuronCore-v2 (Trainium, Inferentia2).
    Neuron2,
    /// NeuronCore-v3 (Trainium2).
    Neuron3,
    /// NeuronCore-v4 (Trainium3).
    Neuron4,
}

impl Generation {
    /// Every generation, in the order build.rs numbers them for the page's copy of the catalog.
    pub const ALL: [Generation; 11] = [
        Generation::Volta,
        Generation::Turing,
        Generation::Ampere,
        Generation::Ada,
        Generation::Hopper,
        Generation::Blackwell,
        Generation::Gaudi,
        Generation::Neuron1,
        Generation::Neuron2,
        Generation::Neuron3,
        Generation::Neuron4,
    ];

    /// FP8 tensor math: Hopper, Ada and Blackwell (NVIDIA's architecture pages), NeuronCore-v2 and later
    /// (Trainium's cFP8, Inferentia2; the Neuron architecture pages). Where the generation has it but the
    /// catalog gives no FP8 peak, the peak is unknown, not unsupported.
    pub fn fp8(self) -> bool {
        use Generation::*;
        matches!(self, Ada | Hopper | Blackwell | Neuron2 | Neuron3 | Neuron4)
    }

    /// FP4 (NVFP4/MXFP4) tensor math: Blackwell only.
    pub fn fp4(self) -> bool {
        self == Generation::Blackwell
    }

    /// BF16 tensor math: every generation but Volta and Turing (FP16 tensor cores only; BF16 runs in FP16).
    pub fn bf16(self) -> bool {
        !matches!(self, Generation::Volta | Generation::Turing)
    }

    /// The software stack the generation's chips run.
    pub fn stack(self) -> Stack {
        use Generation::*;
        match self {
            Gaudi => Stack::Synapse,
            Neuron1 | Neuron2 | Neuron3 | Neuron4 => Stack::Neuron,
            Volta | Turing | Ampere | Ada | Hopper | Blackwell => Stack::Cuda,
        }
    }

    /// How an accelerator's `arch` text begins for this generation (rule `generation_matches_arch`).
    pub fn arch_prefix(self) -> &'static str {
        use Generation::*;
        match self {
            Volta => "Volta",
            Turing => "Turing",
            Ampere => "Ampere",
            Ada => "Ada Lovelace",
            Hopper => "Hopper",
            Blackwell => "Blackwell",
            Gaudi => "Gaudi",
            Neuron1 => "NeuronCore-v1 ",
            Neuron2 => "NeuronCore-v2 ",
            Neuron3 => "NeuronCore-v3 ",
            Neuron4 => "NeuronCore-v4 ",
        }
    }
}

/// The labelled assumption (a link key of the Assumptions view) that stands in for a chip's 16-bit dense
/// peak where no source gives one (catalog field `assumed_peak`, rule `assumed_peaks_where_unpublished`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum AssumedPeak {
    /// `a10g`: the A10G's dense BF16.
    A10g,
    /// `rtx6000`: the RTX PRO 6000's dense BF16.
    Rtx6000,
    /// `gaudi`: Gaudi HL-205's dense BF16.
    Gaudi,
}

impl AssumedPeak {
    /// Every assumed peak, in the order build.rs numbers them for the page's copy of the catalog.
    pub const ALL: [AssumedPeak; 3] = [AssumedPeak::A10g, AssumedPeak::Rtx6000, AssumedPeak::Gaudi];
}
