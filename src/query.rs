//! The public query format (v1): what links and the CLI carry. Parsed leniently into a Scenario plus warnings; encoded canonically with only non-default values.
//!
//! This is a compatibility boundary: keys and values never change meaning. New keys may be added;
//! an unknown key is a warning, never an error, and the rest of the query is kept.

use crate::catalog::{Catalog, IsoDate};
use crate::models;
use crate::presentation::{Presentation, PRESENTATION_AFTER, PRESENTATION_KEYS};
use crate::scenario::{Buy, ModelChoice, Scenario};
use crate::state::Column;

mod choice;
mod form;
mod quote;
mod slot;
pub(crate) use choice::choice;
pub use choice::{word_of, Choice};
pub use slot::{apply_slot, range_of, slot_text};
use slot::{values_text, warning};
pub use {form::form_pairs, quote::quote_link_text};

/// The version this build writes.
pub const VERSION: u32 = 1;

/// The AWS China regions (partition aws-cn: Beijing and Ningxia).
pub const CHINA_REGIONS: [&str; 2] = ["cn-north-1", "cn-northwest-1"];
/// The covered region nearest the China regions: Asia Pacific (Hong Kong), in the aws partition.
pub const NEAREST_TO_CHINA: &str = "ap-east-1";

/// What was wrong with one field.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    UnknownField,
    /// Not one of the allowed words or not a number.
    Invalid {
        expected: &'static str,
    },
    OutOfRange {
        min: f64,
        max: f64,
    },
    UnknownPreset,
    UnknownRegion,
    /// An AWS China region (a separate partition the catalog does not price): `NEAREST_TO_CHINA` is suggested.
    ChinaRegion,
    UnknownInstance,
    UnknownVersion,
    /// Not a field's warning: this many more were left out of the list.
    More(usize),
}

/// A field that could not be used as given; `used` says what the scenario holds instead.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub field: String,
    /// The value as given (truncated to 80 characters).
    pub value: String,
    pub problem: Problem,
    pub used: String,
}

/// Decodes `%XX` and `+`; invalid escapes are kept literally. Never fails.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes.get(i) {
            Some(b'+') => {
                out.push(b' ');
                i += 1;
            }
            Some(b'%') => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            Some(&b) => {
                out.push(b);
                i += 1;
            }
            None => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes everything but unreserved characters and the list comma.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b',') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn shorten(s: &str) -> String {
    quote_link_text(s, 80)
}

/// Splits a query (with or without a leading `?`) into decoded key-value pairs.
pub fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
}

// ---------------------------------------------------------------------------------------------
// One definition per link key. A `Key` names the key and points at its field through a `Slot`;
// the slot's kind carries the rule (range, words, a catalog check). Parsing, encoding, the
// default, the expected words and README's key table are all derived from these tables.
// ---------------------------------------------------------------------------------------------

/// Help text for the docs: kept natively (README's table, the CLI), left out of the wasm.
macro_rules! doc_text {
    ($s:expr) => {
        if cfg!(target_arch = "wasm32") {
            ""
        } else {
            $s
        }
    };
}
pub(crate) use doc_text;

/// One link key: its name, its field and rule (`slot`), and what it means.
pub struct Key<T: 'static> {
    pub name: &'static str,
    /// Where the value lives and how it is read and written.
    pub slot: for<'a> fn(&'a mut T) -> Slot<'a>,
    /// The values for the docs, where the slot cannot say (a unit, "comma-separated instance types").
    pub unit: &'static str,
    /// What the key means, for the docs.
    pub help: &'static str,
}

/// A key's field and its rule.
pub enum Slot<'a> {
    /// `v`: the format version.
    Version,
    /// A number within [min, max].
    Num(&'a mut f64, f64, f64),
    /// An optional number within [min, max] (unset: the catalog's figure).
    MaybeNum(&'a mut Option<f64>, f64, f64),
    /// A whole number within [min, max].
    Int(&'a mut u32, u32, u32),
    /// A yes/no with its two words (`0|1`, `page|transparent`).
    Bool(&'a mut bool, &'static str),
    Word(&'a mut dyn Choice),
    /// `model`, `params`, `active`: a preset, or a custom total and MoE active size.
    Model(&'a mut ModelChoice),
    Params(&'a mut ModelChoice),
    Active(&'a mut ModelChoice),
    /// A region of the catalog.
    Region(&'a mut String),
    /// Instance types of the catalog, comma-separated, at most this many.
    Instances(&'a mut Vec<String>, usize),
    /// A `YYYY-MM-DD` date.
    Date(&'a mut Option<IsoDate>),
    /// Free text the check accepts; `expected` says what it takes.
    Text(&'a mut String, fn(&str, &Catalog) -> bool, &'static str),
    /// Explore's sort: a column key, `-` first for descending.
    Sort(&'a mut Column, &'a mut bool),
    /// Explore's hidden columns, comma-separated.
    Columns(&'a mut Vec<Column>),
}

/// Billions of parameters: the range of `params` and `active`.
const MODEL_B: (f64, f64) = (0.001, 100_000.0);

/// Every scenario key, in the order links write them.
pub static KEYS: &[Key<Scenario>] = &[
    Key { name: "v", slot: |_| Slot::Version, unit: doc_text!("`1`"), help: doc_text!("format version") },
    Key { name: "task", slot: |s| Slot::Word(&mut s.task), unit: "", help: doc_text!("what to run") },
    Key { name: "mode", slot: |s| Slot::Word(&mut s.serving), unit: "", help: doc_text!("serving mode (online serving is never put on Spot); for graphics, online = interactive desktops (VDI, never on Spot), batch = a render farm") },
    Key { name: "method", slot: |s| Slot::Word(&mut s.method), unit: "", help: doc_text!("fine-tuning method") },
    Key { name: "model", slot: |s| Slot::Model(&mut s.model), unit: doc_text!("a preset id"), help: doc_text!("model preset") },
    Key { name: "params", slot: |s| Slot::Params(&mut s.model), unit: doc_text!("billions"), help: doc_text!("custom model size in billions of parameters (overrides `model`)") },
    Key { name: "active", slot: |s| Slot::Active(&mut s.model), unit: doc_text!("billions"), help: doc_text!("active parameters of a custom MoE model (below `params`)") },
    Key { name: "prec", slot: |s| Slot::Word(&mut s.precision), unit: "", help: doc_text!("precision") },
    Key { name: "ctx", slot: |s| Slot::Int(&mut s.context_tokens, 1, 4_194_304), unit: doc_text!("tokens"), help: doc_text!("context (inference) or sequence length (training)") },
    Key { name: "out", slot: |s| Slot::Int(&mut s.output_tokens, 0, 4_194_304), unit: doc_text!("tokens"), help: doc_text!("serving: output tokens per request, the end of `ctx` (the prompt is `ctx` less it; 0 = not stated)") },
    Key { name: "batch", slot: |s| Slot::Int(&mut s.batch, 1, 65_536), unit: doc_text!("sequences"), help: doc_text!("serving: concurrent users (sequences generated at once) in all, the planner derives the replicas; training: sequences per data-parallel replica per optimizer step (the planner splits them into micro-batch × accumulation)") },
    Key { name: "tokens", slot: |s| Slot::Num(&mut s.train_tokens_b, 0.000_001, 1_000_000.0), unit: doc_text!("billions"), help: doc_text!("training or fine-tuning tokens") },
    Key { name: "days", slot: |s| Slot::Num(&mut s.target_days, 0.01, 3650.0), unit: doc_text!("days"), help: doc_text!("target wall-clock of a training job or a batch inference job (sets how many instances)") },
    Key { name: "reqs", slot: |s| Slot::Num(&mut s.job_requests, 0.0, 1e12), unit: doc_text!("requests"), help: doc_text!("batch inference as a job (`mode=batch`, `out` stated): requests to process, the fleet sized to finish within `days` and priced per job (0 = a service)") },
    Key { name: "tps", slot: |s| Slot::Num(&mut s.target_tps, 0.0, 1e9), unit: doc_text!("tokens/s"), help: doc_text!("output tokens/s the whole fleet must serve (0 = what `batch` users need)") },
    Key { name: "seqtps", slot: |s| Slot::Num(&mut s.seq_tps, 0.0, 1e6), unit: doc_text!("tokens/s"), help: doc_text!("output tokens/s each user (sequence) must get (0 = no target); types that cannot are excluded naming the best they reach") },
    Key { name: "ttft", slot: |s| Slot::Num(&mut s.ttft_s, 0.0, 3600.0), unit: doc_text!("s"), help: doc_text!("seconds to the first token each request must get, prefill and the wait for a prefill slot at the stated load (0 = no target); types that cannot are excluded naming the best they reach") },
    Key { name: "spec", slot: |s| Slot::Word(&mut s.speculation.method), unit: "", help: doc_text!("serving: speculative decoding (off; an EAGLE-3 draft head; a smaller draft model of `specm` billions): each verify step yields (1 − α^(γ+1))/(1 − α) tokens") },
    Key { name: "specn", slot: |s| Slot::Int(&mut s.speculation.draft_tokens, 1, 16), unit: doc_text!("tokens"), help: doc_text!("speculative decoding: tokens drafted per verify step, γ") },
    Key { name: "specm", slot: |s| Slot::Num(&mut s.speculation.draft_params_b, 0.01, 1000.0), unit: doc_text!("billions"), help: doc_text!("speculative decoding: the draft model's parameters (`spec=draft`)") },
    Key { name: "speca", slot: |s| Slot::Num(&mut s.assumptions.spec_accept, 0.0, 1.0), unit: "", help: doc_text!("assumption: speculative decoding's per-token acceptance rate α (EAGLE-3's measured acceptance lengths)") },
    Key { name: "seats", slot: |s| Slot::Int(&mut s.needs.seats, 1, 100_000), unit: doc_text!("seats"), help: doc_text!("graphics: concurrent seats or streams") },
    Key { name: "gmem", slot: |s| Slot::Num(&mut s.needs.gpu_mem_gib, 0.01, 1e7), unit: doc_text!("GiB"), help: doc_text!("GPU memory per graphics seat, or for the whole HPC job") },
    Key { name: "vcpu", slot: |s| Slot::Num(&mut s.needs.vcpus, 0.0, 100_000.0), unit: doc_text!("vCPUs"), help: doc_text!("vCPUs per graphics seat or for the HPC job") },
    Key { name: "ram", slot: |s| Slot::Num(&mut s.needs.ram_gib, 0.0, 1e7), unit: doc_text!("GiB"), help: doc_text!("host RAM per graphics seat or for the HPC job") },
    Key { name: "fp64", slot: |s| Slot::Num(&mut s.needs.fp64_tflops, 0.001, 1e9), unit: doc_text!("TFLOPS"), help: doc_text!("HPC: FP64 throughput the job needs") },
    Key { name: "mfu", slot: |s| Slot::Num(&mut s.assumptions.mfu, 0.01, 1.0), unit: "", help: doc_text!("assumption: model-FLOPs utilisation (serving; times training end to end when teff is not set, as before the planner)") },
    Key { name: "bweff", slot: |s| Slot::Num(&mut s.assumptions.bw_efficiency, 0.01, 1.0), unit: "", help: doc_text!("assumption: memory-bandwidth efficiency of a decode step") },
    Key { name: "usable", slot: |s| Slot::Num(&mut s.assumptions.mem_usable, 0.5, 1.0), unit: "", help: doc_text!("assumption: usable share of accelerator memory") },
    Key { name: "overhead", slot: |s| Slot::Num(&mut s.assumptions.overhead_gib, 0.0, 100.0), unit: doc_text!("GiB"), help: doc_text!("assumption: runtime overhead per accelerator") },
    Key { name: "budgetx", slot: |s| Slot::Num(&mut s.assumptions.perf_budget_x, 1.0, 100.0), unit: doc_text!("×"), help: doc_text!("performance-first cost budget (× the cheapest)") },
    Key { name: "rank", slot: |s| Slot::Int(&mut s.assumptions.lora_rank, 1, 4096), unit: "", help: doc_text!("LoRA rank") },
    Key { name: "gbatch", slot: |s| Slot::Int(&mut s.global_batch, 0, 1_000_000), unit: doc_text!("sequences"), help: doc_text!("training: global batch per optimizer step over all replicas (0 = `batch` per replica)") },
    Key { name: "teff", slot: |s| Slot::Num(&mut s.assumptions.train_mfu, 0.01, 1.0), unit: "", help: doc_text!("assumption: training kernel efficiency (share of peak between communications)") },
    Key { name: "nteff", slot: |s| Slot::Num(&mut s.assumptions.neuron_train_mfu, 0.01, 1.0), unit: "", help: doc_text!("assumption: training kernel efficiency on Trainium (Neuron's published training tables; `teff` when only that is set)") },
    Key { name: "linkeff", slot: |s| Slot::Num(&mut s.assumptions.link_efficiency, 0.01, 1.0), unit: "", help: doc_text!("assumption: share of a link's bandwidth a collective achieves") },
    Key { name: "overlap", slot: |s| Slot::Num(&mut s.assumptions.comm_overlap, 0.0, 1.0), unit: "", help: doc_text!("assumption: share of a micro-batch's compute data-parallel communication hides behind") },
    Key { name: "fp8x", slot: |s| Slot::Num(&mut s.assumptions.fp8_speedup, 1.0, 2.0), unit: doc_text!("×"), help: doc_text!("assumption: FP8 speed over BF16, end to end (training; serving's prefill and decode compute)") },
    Key { name: "fp4x", slot: |s| Slot::Num(&mut s.assumptions.fp4_speedup, 1.0, 4.0), unit: doc_text!("×"), help: doc_text!("assumption: FP4 serving speed over BF16, end to end (prefill and decode compute)") },
    Key { name: "nogdr", slot: |s| Slot::Num(&mut s.assumptions.no_gdr_factor, 0.01, 1.0), unit: "", help: doc_text!("assumption: network share achieved without GPUDirect RDMA") },
    Key { name: "moeb", slot: |s| Slot::Num(&mut s.assumptions.moe_bytes_per_value, 0.0, 100_000.0), unit: doc_text!("B"), help: doc_text!("assumption: MoE training's routing work, bytes per routed activation value (calibrated on NVIDIA's MoE runs)") },
    Key { name: "moecap", slot: |s| Slot::Num(&mut s.assumptions.moe_capacity, 1.0, 4.0), unit: doc_text!("×"), help: doc_text!("assumption: MoE routing imbalance under expert parallelism (the most-loaded rank's multiple of the balanced share; Switch Transformer's capacity factor)") },
    Key { name: "ggeff", slot: |s| Slot::Num(&mut s.assumptions.grouped_gemm_eff, 0.05, 1.0), unit: "", help: doc_text!("assumption: speed of an MoE's grouped expert GEMMs as a share of dense GEMMs'") },
    Key { name: "a2aov", slot: |s| Slot::Num(&mut s.assumptions.a2a_overlap, 0.0, 1.0), unit: "", help: doc_text!("assumption: share of expert parallelism's all-to-all hidden behind compute") },
    Key { name: "moes", slot: |s| Slot::Num(&mut s.assumptions.moe_serving_bytes_per_value, 0.0, 100_000.0), unit: doc_text!("B"), help: doc_text!("assumption: MoE serving's routing work in decode and prefill, bytes per routed activation value (calibrated on published MoE serving runs)") },
    Key { name: "ppchunks", slot: |s| Slot::Num(&mut s.assumptions.pp_chunks, 1.0, 16.0), unit: "", help: doc_text!("assumption: interleaved pipeline chunks per stage") },
    Key { name: "a10g", slot: |s| Slot::Num(&mut s.assumptions.a10g_tflops, 1.0, 10_000.0), unit: doc_text!("TFLOPS"), help: doc_text!("assumption: A10G dense BF16 (no published figure)") },
    Key { name: "rtx6000", slot: |s| Slot::Num(&mut s.assumptions.rtx6000_tflops, 1.0, 10_000.0), unit: doc_text!("TFLOPS"), help: doc_text!("assumption: RTX PRO 6000 dense BF16 (from the 4,000 TOPS FP4 sparse headline)") },
    Key { name: "gaudi", slot: |s| Slot::Num(&mut s.assumptions.gaudi_tflops, 1.0, 10_000.0), unit: doc_text!("TFLOPS"), help: doc_text!("assumption: Gaudi HL-205 dense BF16 (no published figure)") },
    Key { name: "arlat", slot: |s| Slot::Num(&mut s.assumptions.tp_allreduce_us, 0.0, 10_000.0), unit: doc_text!("µs"), help: doc_text!("assumption: fixed latency of one tensor-parallel all-reduce when serving") },
    Key { name: "arhop", slot: |s| Slot::Num(&mut s.assumptions.tp_hop_us, 0.0, 10_000.0), unit: doc_text!("µs"), help: doc_text!("assumption: latency per ring hop of a serving all-reduce") },
    Key { name: "nvsar", slot: |s| Slot::Num(&mut s.assumptions.nvswitch_allreduce_us, 0.0, 10_000.0), unit: doc_text!("µs"), help: doc_text!("assumption: latency of one serving all-reduce over NVSwitch (one-shot: the same at any TP degree)") },
    Key { name: "stepms", slot: |s| Slot::Num(&mut s.assumptions.step_overhead_ms, 0.0, 1000.0), unit: doc_text!("ms"), help: doc_text!("assumption: fixed time of every decode step (sampling, scheduling, launches)") },
    Key { name: "pfmfu", slot: |s| Slot::Num(&mut s.assumptions.prefill_mfu, 0.01, 1.0), unit: "", help: doc_text!("assumption: share of the 16-bit peak a GPU's prefill reaches (time to first token)") },
    Key { name: "nmfu", slot: |s| Slot::Num(&mut s.assumptions.neuron_mfu, 0.01, 1.0), unit: "", help: doc_text!("assumption: share of the peak Neuron serving (prefill and decode compute) reaches") },
    Key { name: "nhop", slot: |s| Slot::Num(&mut s.assumptions.neuron_hop_us, 0.0, 10_000.0), unit: doc_text!("µs"), help: doc_text!("assumption: latency per ring hop of a serving all-reduce over NeuronLink") },
    Key { name: "readtps", slot: |s| Slot::Num(&mut s.assumptions.readable_tokens_per_s, 0.0, 1000.0), unit: doc_text!("tokens/s"), help: doc_text!("assumption: the least speed per user that online serving reads at (a notice below it; the room for more users counts none below it; 0 turns both off)") },
    Key { name: "nstepms", slot: |s| Slot::Num(&mut s.assumptions.neuron_step_ms, 0.0, 1000.0), unit: doc_text!("ms"), help: doc_text!("assumption: fixed time of every decode step on Neuron") },
    Key { name: "seatuse", slot: |s| Slot::Num(&mut s.assumptions.seat_mem_usable, 0.5, 1.0), unit: "", help: doc_text!("assumption: share of each GPU's frame buffer graphics seats may fill") },
    Key { name: "hours", slot: |s| Slot::Num(&mut s.hours_per_month, 0.0, 744.0), unit: doc_text!("hours per month"), help: doc_text!("usage per instance (730 = always on)") },
    Key { name: "months", slot: |s| Slot::Int(&mut s.months, 1, 120), unit: doc_text!("months"), help: doc_text!("planning horizon") },
    Key { name: "cuda", slot: |s| Slot::Bool(&mut s.cuda_only, "0|1"), unit: "", help: doc_text!("code needs CUDA or custom CUDA kernels (rules out Trainium/Inferentia/Gaudi)") },
    Key { name: "urgent", slot: |s| Slot::Bool(&mut s.urgent, "0|1"), unit: "", help: doc_text!("must launch without 1-2 weeks of Neuron porting") },
    Key { name: "multinode", slot: |s| Slot::Bool(&mut s.multinode, "0|1"), unit: "", help: doc_text!("allow jobs across instances (EFA types only)") },
    Key { name: "arch", slot: |s| Slot::Word(&mut s.architecture), unit: "", help: doc_text!("non-Transformer models rule out Neuron") },
    Key { name: "prio", slot: |s| Slot::Word(&mut s.priority), unit: "", help: doc_text!("ranking (see below)") },
    Key { name: "region", slot: |s| Slot::Region(&mut s.region), unit: doc_text!("an AWS region in the catalog"), help: doc_text!("prices and availability") },
    Key { name: "inst", slot: |s| Slot::Instances(&mut s.instances, usize::MAX), unit: doc_text!("comma-separated instance types"), help: doc_text!("rank only these (absent: all; ones that do not fit are shown, marked)") },
    Key { name: "buy", slot: |s| Slot::Word(&mut s.purchase.buy), unit: "", help: doc_text!("the purchase option headline figures follow (Compute / EC2 Instance Savings Plan, Reserved Instance, 1 or 3 years; Capacity Block)") },
    Key { name: "pay", slot: |s| Slot::Word(&mut s.purchase.payment), unit: "", help: doc_text!("upfront payment of commitments (partial = half upfront: an assumption)") },
    Key { name: "ricls", slot: |s| Slot::Word(&mut s.purchase.ri_class), unit: "", help: doc_text!("Reserved Instance class") },
    Key { name: "disc", slot: |s| Slot::Num(&mut s.purchase.reseller_pct, 0.0, 90.0), unit: doc_text!("percent"), help: doc_text!("reseller or negotiated discount on list prices (On-Demand, Capacity Blocks); the articles' 8.5折 = 15") },
    Key { name: "discall", slot: |s| Slot::Bool(&mut s.purchase.reseller_on_all, "0|1"), unit: "", help: doc_text!("apply `disc` on top of Spot and commitments too") },
    Key { name: "spotdisc", slot: |s| Slot::MaybeNum(&mut s.purchase.spot_discount_pct, 0.0, 95.0), unit: doc_text!("percent"), help: doc_text!("Spot discount off On-Demand, overriding observed Spot prices (needed where none was observed)") },
    Key { name: "irate", slot: |s| Slot::MaybeNum(&mut s.purchase.interrupt_pct_month, 0.0, 99.0), unit: doc_text!("percent per month"), help: doc_text!("Spot interruptions per instance per month (absent: from the Spot Advisor band, the worst band if unknown)") },
    Key { name: "cspdisc", slot: |s| Slot::MaybeNum(&mut s.purchase.compute_sp_pct, 0.0, 66.0), unit: doc_text!("percent"), help: doc_text!("override the Compute Savings Plan discount assumption") },
    Key { name: "ispdisc", slot: |s| Slot::MaybeNum(&mut s.purchase.instance_sp_pct, 0.0, 72.0), unit: doc_text!("percent"), help: doc_text!("override the EC2 Instance Savings Plan discount assumption") },
    Key { name: "ckpt", slot: |s| Slot::Num(&mut s.purchase.ckpt_interval_min, 1.0, 1440.0), unit: doc_text!("minutes"), help: doc_text!("Spot checkpoint interval (the articles: 15-30)") },
    Key { name: "ckptw", slot: |s| Slot::Num(&mut s.purchase.ckpt_write_min, 0.0, 600.0), unit: doc_text!("minutes"), help: doc_text!("time to write one checkpoint") },
    Key { name: "restart", slot: |s| Slot::Num(&mut s.purchase.restart_min, 0.0, 600.0), unit: doc_text!("minutes"), help: doc_text!("a job's start-up (boot, image pull, loading weights), counted once per job on every option, and each restart after a Spot interruption") },
    Key { name: "reacq", slot: |s| Slot::Num(&mut s.purchase.reacquire_min, 0.0, 10_080.0), unit: doc_text!("minutes"), help: doc_text!("time to get Spot capacity back after an interruption, before the restart (an assumption: AWS publishes none)") },
    Key { name: "spotmax", slot: |s| Slot::Int(&mut s.purchase.spot_max_instances, 1, 100_000), unit: doc_text!("instances"), help: doc_text!("most instances one Spot job that needs them together may count on where the catalog shows ample Spot capacity (one where it is scarce; an assumption)") },
    Key { name: "spotwin", slot: |s| Slot::Bool(&mut s.purchase.spot_in_window, "0|1"), unit: "", help: doc_text!("allow a job with a fixed `window` on Spot (off: On-Demand, a commitment or a Capacity Block)") },
    Key { name: "burst", slot: |s| Slot::Int(&mut s.purchase.burst_instances, 0, 100_000), unit: doc_text!("instances"), help: doc_text!("burst instances on top of the steady baseline") },
    Key { name: "bursth", slot: |s| Slot::Num(&mut s.purchase.burst_hours, 0.0, 744.0), unit: doc_text!("hours per month"), help: doc_text!("hours a month the bursts run") },
    Key { name: "growth", slot: |s| Slot::Num(&mut s.purchase.growth_pct, -50.0, 100.0), unit: doc_text!("percent per month"), help: doc_text!("a service's demand (users and any tps target; other fleets, their count) grows (or shrinks) by this much each month; the plan commits the level worth committing to") },
    Key { name: "window", slot: |s| Slot::Int(&mut s.purchase.window_days, 0, 182), unit: doc_text!("days"), help: doc_text!("a job must finish within this window (Capacity Blocks: 1-14 days or weeks up to 182)") },
];

/// The definition of a scenario key.
pub fn key(name: &str) -> Option<&'static Key<Scenario>> {
    KEYS.iter().find(|k| k.name == name)
}

/// At most this many warnings are listed; the rest are counted in one last "and N more".
pub const MAX_WARNINGS: usize = 12;

/// Adds a warning, keeping at most one per field (later values of the same field are appended to
/// its value) and at most `MAX_WARNINGS`, then one `Problem::More`. Constant time per call.
pub fn push_warning(warnings: &mut Vec<Warning>, w: Warning) {
    if let Some(same) = warnings.iter_mut().find(|x| x.field == w.field) {
        if same.value.len() < 80 {
            same.value = shorten(&format!("{}, {}", same.value, w.value));
        }
        return;
    }
    let full = warnings.len() >= MAX_WARNINGS;
    match warnings.last_mut() {
        Some(Warning {
            problem: Problem::More(n),
            ..
        }) => *n += 1,
        _ if full => warnings.push(Warning {
            field: String::new(),
            value: String::new(),
            problem: Problem::More(1),
            used: String::new(),
        }),
        _ => warnings.push(w),
    }
}

/// Appends `&key=value` for every key of `table` whose value differs from the default's.
pub fn encode_keys<T: Clone>(out: &mut String, table: &[Key<T>], value: &T, default: &T) {
    let (mut v, mut d) = (value.clone(), default.clone());
    for k in table {
        let text = slot_text((k.slot)(&mut v));
        let always = matches!((k.slot)(&mut d), Slot::Version);
        if always || text != slot_text((k.slot)(&mut d)) {
            if let Some(text) = text {
                push_key(out, k.name, &text);
            }
        }
    }
}

/// Appends `&key=value` (no `&` first in an empty query), the value percent-encoded.
fn push_key(out: &mut String, name: &str, text: &str) {
    if !out.is_empty() {
        out.push('&');
    }
    out.push_str(name);
    out.push('=');
    out.push_str(&percent_encode(text));
}

/// Parses a query (with or without a leading `?`) against the catalog's regions and instances: the
/// scenario alone, for what shows nothing (its presentation keys are read and set aside: `parse_link`).
pub fn parse(query: &str, catalog: &Catalog) -> (Scenario, Vec<Warning>) {
    let (s, _, w) = parse_link(query, catalog);
    (s, w)
}

/// Parses a query into what it asks and how its answer is shown.
pub fn parse_link(query: &str, catalog: &Catalog) -> (Scenario, Presentation, Vec<Warning>) {
    let mut p = Presentation::default();
    let (s, w) = parse_with(query, catalog, |k, v, w| p.apply(k, v, catalog, w));
    (s, p, w)
}

/// Parses the scenario keys of a query; `other` applies the rest (`false`: unknown, a warning).
/// Warnings are bounded (`push_warning`); the whole parse is linear in the query's length.
pub fn parse_with(
    query: &str,
    catalog: &Catalog,
    mut other: impl FnMut(&str, &str, &mut Vec<Warning>) -> bool,
) -> (Scenario, Vec<Warning>) {
    let mut s = Scenario::default();
    let mut warnings = Vec::new();
    // A link's model size does not depend on the order of `params` and `active`: both are applied last.
    let (mut params, mut active) = (None, None);
    for (key, value) in pairs(query) {
        match key.as_str() {
            "params" => params = Some(value),
            "active" => active = Some(value),
            _ => {
                if !apply_pair(&mut s, &key, &value, catalog, &mut warnings) && !other(&key, &value, &mut warnings) {
                    push_warning(&mut warnings, warning(&key, &value, Problem::UnknownField, "(ignored)"));
                }
            }
        }
    }
    if let Some(p) = params {
        apply_pair(&mut s, "params", &p, catalog, &mut warnings);
    }
    if let Some(a) = active {
        apply_pair(&mut s, "active", &a, catalog, &mut warnings);
    }
    (s, warnings)
}

/// Applies one field to a scenario, as a link or an input on the page sets it. A bad value leaves the
/// field as it was and adds a warning. Returns `false` if `key` is not a scenario field.
pub fn apply_pair(s: &mut Scenario, key: &str, value: &str, catalog: &Catalog, warnings: &mut Vec<Warning>) -> bool {
    match self::key(key) {
        Some(k) => {
            apply_slot((k.slot)(s), key, value, catalog, warnings);
            true
        }
        None => false,
    }
}

fn preset_label(m: &ModelChoice) -> String {
    match m {
        ModelChoice::Preset(id) => id.clone(),
        ModelChoice::Custom { params_b, .. } => format!("{}B", crate::num::shortest(*params_b)),
    }
}

/// The `buy` key's word for a purchase option.
pub fn buy_key(b: Buy) -> &'static str {
    word_of(&b)
}

/// A field's value as a link writes it; `None` where it does not apply (`params` of a preset, an unset override) or no such key.
pub fn field_value(s: &Scenario, key: &str) -> Option<String> {
    let k = self::key(key)?;
    slot_text((k.slot)(&mut s.clone()))
}

/// Writes the scenario as a canonical query: `v=1` then only the fields that differ from the defaults, in `KEYS` order.
pub fn encode(s: &Scenario) -> String {
    encode_link(s, &Presentation::default())
}

/// Writes a link's canonical query: `v=1` then only the fields that differ from the defaults, in `KEYS`
/// order with each presentation key where v1 wrote it (`presentation::PRESENTATION_AFTER`).
pub fn encode_link(s: &Scenario, p: &Presentation) -> String {
    let (mut out, mut rest) = (String::new(), KEYS);
    let (ds, dp) = (Scenario::default(), Presentation::default());
    for (key, after) in PRESENTATION_KEYS.iter().zip(PRESENTATION_AFTER) {
        let at = rest.iter().position(|k| k.name == after).map_or(rest.len(), |i| i + 1);
        let (head, tail) = rest.split_at(at);
        encode_keys(&mut out, head, s, &ds);
        // Through the presentation's own reader, not `encode_keys`: one generic copy fewer in the page.
        if let Some(text) = p.value(key.name).filter(|t| Some(t) != dp.value(key.name).as_ref()) {
            push_key(&mut out, key.name, &text);
        }
        rest = tail;
    }
    encode_keys(&mut out, rest, s, &ds);
    out
}

/// README's table of `table`'s keys: name, values, default, meaning (native only).
pub fn keys_markdown<T: Clone + Default>(table: &[Key<T>]) -> String {
    let mut d = T::default();
    let mut out = String::from("| key | values | default | meaning |\n|---|---|---|---|\n");
    for k in table {
        let default = slot_text((k.slot)(&mut d))
            .map_or_else(|| "—".to_string(), |t| if t.is_empty() { "(empty)".into() } else { t });
        let values = values_text((k.slot)(&mut d), k.unit);
        out.push_str(&format!("| `{}` | {values} | {default} | {} |\n", k.name, k.help));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Precision, Task};

    #[test]
    fn percent_coding_round_trips_and_tolerates_junk() {
        assert_eq!(percent_decode("a%20b+c%2C"), "a b c,");
        assert_eq!(percent_decode("%zz%"), "%zz%");
        assert_eq!(percent_decode("%E4%B8%AD"), "中");
        assert_eq!(percent_decode(&percent_encode("<script>中 &=")), "<script>中 &=");
    }

    #[test]
    fn one_word_per_variant_of_the_one_list() {
        fn check<T: Choice + Copy + PartialEq + std::fmt::Debug>(all: &[T]) {
            assert_eq!(all[0].words().split('|').count(), all.len(), "{all:?}");
            for (i, v) in all.iter().enumerate() {
                let mut x = all[0];
                x.set_index(i);
                assert_eq!((x, v.index()), (*v, i));
            }
        }
        check(&Buy::ALL);
        check(&Task::ALL);
        check(&Precision::ALL);
        check(&crate::scenario::Speculation::ALL);
        assert_eq!(word_of(&Buy::CapacityBlock), "cb");
    }
}
