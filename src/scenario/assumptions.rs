//! The estimates' labelled assumptions: efficiencies, overheads and the defaults they start from (each with
//! its source or its calibration), every one a link key the Assumptions view edits.

use super::SPEC_ACCEPT;

/// The least speed a reader follows, output tokens/s per user: Brysbaert (2019, "How many words do we read
/// per minute?", J. Memory and Language 109, 104047) puts adults' silent reading of English at 238 words
/// a minute, most between 175 and 300 (≈ 4–7 tokens/s at 0.75 words a token); Oracle's OCI Generative AI
/// benchmark notes take 5 tokens/s as the average reading speed and 15 for chat. 10 keeps the text ahead of
/// a fast reader. The default of `Assumptions::readable_tokens_per_s` (link key `readtps`).
pub const READABLE_TOKENS_PER_S: f64 = 10.0;

/// The default of `Assumptions::moe_bytes_per_value` (link key `moeb`), calibrated once with one figure
/// on NVIDIA Megatron-Bridge's seven MoE pre-training rows (DeepSeek-V3, Qwen3 30B-A3B and 235B-A22B,
/// gpt-oss-120b; H100 and B200; tests/published_runs.rs). Method: with the physical MoE terms in place
/// (expert parallelism's memory and all-to-all on the links, `moecap`, `ggeff`, the experts' weight reads),
/// the figure, to 5 B, whose largest error over the seven rows but the known miss is least: 245 B (six
/// within ±19 %, median −5 %; 258 B before those terms, median −6 %). The planner keeps EP 1 on these
/// clusters (the imbalance an EP group pays costs more than the memory it frees), so the physical terms
/// explain little of what this figure absorbs.
pub const MOE_BYTES_PER_VALUE: f64 = 245.0;

/// The default of `Assumptions::moe_serving_bytes_per_value` (link key `moes`), calibrated with one figure
/// on the ledger's 14 MoE serving rows (TensorRT-LLM 1.0's maximum-load Qwen3, Llama 4 rows on H100, H200
/// and B200; Baseten's Mixtral on A100): 10 within ±25 % and median +12 %, where decode and prefill as a
/// dense model of the active parameters gave 4 and +36 % (tests/published_serving.rs). A forward pass's
/// share of training's `moeb` (a third, 86 B) makes every Blackwell row −50 % or slower.
pub const MOE_SERVING_BYTES_PER_VALUE: f64 = 26.0;

/// FP4 serving speed over the 16-bit peak, end to end (the `fp4x` default): FP8's end-to-end speed-up over
/// BF16 (`fp8x`, 1.4) times FP4's measured end-to-end speed-up over FP8 on the same GPU and model: SemiAnalysis
/// InferenceX, "B200: FP4 vs FP8 Precision Comparison", Llama 3.3 70B, 1k/1k, at 76 tokens/s per user FP4
/// delivers 5,971 tokens/s per GPU and FP8 4,431 (+35 %; +13 % at 108 and 139 tokens/s per user, where
/// memory rather than compute limits both),
/// <https://inferencex.semianalysis.com/compare-precision/llama-3-3-70b-b200-fp4-vs-fp8> (read 2026-12-04).
/// 1.4 × 1.35 = 1.89, not the FP4 ÷ BF16 peak ratio (4×): attention, norms and the activations'
/// quantization stay in 8/16-bit.
pub const FP4_SPEEDUP: f64 = 1.89;

/// Editable assumptions, with the defaults the page shows and cites.
#[derive(Clone, Debug, PartialEq)]
pub struct Assumptions {
    /// Model-FLOPs utilisation: share of the dense peak a real run achieves (DOMAIN.md: 30-50 %). Serving's
    /// decode compute cap takes it of the end-to-end peak: in FP8/INT8 at most `fp8_speedup`, in FP4
    /// `fp4_speedup` times the 16-bit peak, as prefill (the same GEMMs, run at a large batch).
    pub mfu: f64,
    /// Share of peak memory bandwidth a decode step achieves (DOMAIN.md §10: ~90 % copy ceiling on H200).
    pub bw_efficiency: f64,
    /// Share of accelerator memory usable after the serving engine's reserve (DOMAIN.md: keep ~10 % headroom).
    pub mem_usable: f64,
    /// Runtime overhead per accelerator, GiB (CUDA context and workspace; DOMAIN.md: 0.65-1 GB).
    pub overhead_gib: f64,
    /// Performance-first ranking considers options up to this multiple of the cheapest.
    pub perf_budget_x: f64,
    /// LoRA rank for adapter size.
    pub lora_rank: u32,
    /// Latency of one tensor-parallel all-reduce in a serving engine over a ring (PCIe, NVLink mesh, NeuronLink),
    /// microseconds: a fixed part (kernel launch and synchronisation) and one per ring hop (assumptions; the Neuron runtime docs give 1-2 µs per hop for
    /// the link alone; these values reproduce the published serving runs of tests/published_serving.rs as a whole).
    pub tp_allreduce_us: f64,
    pub tp_hop_us: f64,
    /// Latency of one tensor-parallel all-reduce over NVSwitch, microseconds, whatever the group's size: the
    /// serving engines' one-shot (or two-shot) kernels synchronise twice, not once per ring hop (TensorRT-LLM's
    /// MultiShot blog, 2024-11). PyTorch issue #131739 (2024-07-25) measured the one-shot intra-node
    /// all-reduce at ~17 µs on 8 GPUs (6-15 µs in its PR #114001); SGLang PR #2904 (2025-01) 5.7-11.8 µs for
    /// 4-32 KB on 8 × H100 without CUDA graphs, flat from TP 2 to 8; NCCL on 8 × H100 ~20-25 µs for 4 B-1 MiB
    /// (marin-community/marin issue #6736, 2026-06). Assumption: 17 µs, the measured one-shot figure.
    pub nvswitch_allreduce_us: f64,
    /// Fixed time of every decode step besides reading weights and computing: sampling, scheduling and kernel
    /// launches, milliseconds (assumption, fitted with the two above to the published runs as a whole).
    pub step_overhead_ms: f64,
    /// Share of the 16-bit dense peak a prompt's prefill reaches on a GPU (FP8/INT8 run at most `fp8_speedup`
    /// times faster, FP4 `fp4_speedup`). Assumption held against TensorRT-LLM's first-token tables (A100 FP16 and H100 FP8,
    /// LLaMA 7B/70B at 128 and 2,048 tokens: tests/published_serving.rs).
    pub prefill_mfu: f64,
    /// Serving on Neuron (Trainium, Inferentia2): share of the chip's peak prefill and the decode compute cap
    /// reach. AWS Neuron 2.18 Trn1 decoder table: Llama 2/3 8B-70B time to first token at 1-4K tokens imply
    /// ~20 % of the BF16 peak once the weight read and collectives are counted.
    pub neuron_mfu: f64,
    /// Latency per ring hop of an all-reduce over NeuronLink, microseconds (the fixed part is `tp_allreduce_us`);
    /// with `neuron_step_ms` it reproduces Neuron 2.18's Trn1 time per output token of 8B and 70B at TP 32.
    pub neuron_hop_us: f64,
    /// Fixed time of every Neuron decode step (runtime, sampling, host round trip), milliseconds.
    pub neuron_step_ms: f64,
    /// The least speed a reader follows, output tokens/s per user (`READABLE_TOKENS_PER_S` by default):
    /// online serving below it carries a notice and the room figure counts no user below it; 0 turns both off.
    pub readable_tokens_per_s: f64,
    /// Speculative decoding's per-token acceptance rate α (`speca`, `SPEC_ACCEPT` by default).
    pub spec_accept: f64,
    /// Share of each GPU's frame buffer graphics seats may fill; the rest is driver and display headroom (assumption).
    pub seat_mem_usable: f64,
    /// Training: share of the dense peak the matrix math reaches between communications, before
    /// recomputation, pipeline bubbles and waiting on links (issue 13; one value for every published run).
    pub train_mfu: f64,
    /// Training kernel efficiency on Neuron chips (Trainium, Trainium2), in place of `train_mfu`: AWS
    /// Neuron's Trn1 training tables state 28.4-33.1 % end-to-end MFU for GPT-3 23B/46B/175B on 32
    /// trn1.32xlarge (Neuron 2.13) and 22 % for Llama 2 7B (2.13.1); 0.33 holds the planner to the nine
    /// published Trn1 runs of `accuracy::training_runs`. No Trn2 training table is published: its value
    /// is Trn1's until one is (issue 23).
    pub neuron_train_mfu: f64,
    /// Share of a link's stated one-way bandwidth a collective achieves (nccl-tests: p4d 231 of 300 GB/s
    /// in one instance = 0.77; p4de over EFA ≈ 0.84 of the model's figure).
    pub link_efficiency: f64,
    /// Share of one micro-batch's compute that data-parallel communication can hide behind (assumption:
    /// Megatron-LM and FSDP overlap gradient reduce-scatter with backward and weight all-gather with forward).
    pub comm_overlap: f64,
    /// FP8 training speed over BF16, end to end (assumption: attention, norms and communication stay in
    /// 16/32-bit, so not the FP8 peak's 2×); capped by the chip's FP8 ÷ BF16 peak.
    pub fp8_speedup: f64,
    /// FP4 (NVFP4) serving speed over the 16-bit peak, end to end (`FP4_SPEEDUP`, its source there): an FP4
    /// prefill and the decode compute cap run at most this many times the BF16 peak, as FP8 at `fp8_speedup`.
    pub fp4_speedup: f64,
    /// Network throughput without GPUDirect RDMA, as a share of the instance's figure (g6e: a user measured
    /// ~3 GB/s with nccl-tests where the instance offers 6.25 GB/s per GPU: ~0.5).
    pub no_gdr_factor: f64,
    /// Pipeline model chunks per stage (interleaved 1F1B, Megatron-LM's virtual pipeline), at most the
    /// layers per stage: divides the bubble. Assumption.
    pub pp_chunks: f64,
    /// MoE training's routing work, bytes of memory traffic per routed activation value
    /// (`ModelArch::routed_values_per_token`) per token, at the accelerator's memory bandwidth: the
    /// permutation, gating, small grouped GEMMs and their launches that a dense model of the same active
    /// size does not pay. An effective figure, calibrated on NVIDIA Megatron-Bridge's seven published MoE
    /// pre-training rows (H100 and B200; `gpuplan accuracy`), not a measured byte count.
    pub moe_bytes_per_value: f64,
    /// MoE routing imbalance under expert parallelism: the most-loaded EP rank computes and receives this
    /// multiple of the balanced share of routed tokens, and the step waits for it (1 = perfectly balanced).
    /// Default: the capacity factor 1.25 Switch Transformer trains at (Fedus et al. 2021, JMLR 23(120),
    /// §2.2 and Table 1: 1.0-1.25; GShard, Lepikhin et al. 2020, uses 2.0 for top-2). Assumption.
    pub moe_capacity: f64,
    /// Speed of an MoE's expert GEMMs (grouped GEMMs over many small matrices) as a share of the dense
    /// GEMMs' at the kernel efficiency. Default 0.9: a grouped MoE kernel reaches up to 91 % of the H800's
    /// Tensor Core peak (Li et al. 2025, arXiv 2501.16103, "Static Batching of Irregular Workloads on
    /// GPUs"), about what a dense GEMM reaches. Assumption.
    pub grouped_gemm_eff: f64,
    /// Share of expert parallelism's all-to-all (token dispatch and combine) hidden behind compute. Default
    /// 0: Megatron-Bridge's EP overlap (`overlap_moe_expert_parallel_comm`, its communication-overlap docs)
    /// is an opt-in the standard all-to-all dispatcher runs without. Assumption.
    pub a2a_overlap: f64,
    /// MoE serving's routing work, bytes of memory traffic per routed activation value per token of a
    /// decode step or a prefill, at the replica's memory bandwidth (× `bw_efficiency`): gating, the
    /// tokens' permutation to and from the experts and the grouped GEMMs' inefficiency that a dense model
    /// of the same active size does not pay. An effective figure, calibrated on the published MoE serving
    /// rows (`gpuplan accuracy`), not a measured byte count.
    pub moe_serving_bytes_per_value: f64,
    /// Assumed dense BF16 TFLOPS where no source gives a figure (labelled on the page; editable).
    pub a10g_tflops: f64,
    pub rtx6000_tflops: f64,
    pub gaudi_tflops: f64,
}

impl Assumptions {
    /// The training kernel efficiency on a Neuron chip: `nteff`, or `teff` where a link sets `teff` and
    /// not `nteff` (links made before `nteff` meant `teff` for every chip).
    pub fn neuron_kernel_eff(&self) -> f64 {
        let d = Assumptions::default();
        if self.neuron_train_mfu == d.neuron_train_mfu && self.train_mfu != d.train_mfu {
            self.train_mfu
        } else {
            self.neuron_train_mfu
        }
    }

    /// Links made before the training planner (issue 13) set `mfu` for training as the run's end-to-end
    /// share of peak. While `teff` keeps its default and `mfu` does not, training keeps that meaning:
    /// the planner still chooses the plan, and the step is timed at this MFU.
    pub fn end_to_end_train_mfu(&self) -> Option<f64> {
        let d = Assumptions::default();
        (self.mfu != d.mfu && self.train_mfu == d.train_mfu).then_some(self.mfu)
    }
}

impl Default for Assumptions {
    fn default() -> Self {
        Assumptions {
            mfu: 0.4,
            bw_efficiency: 0.7,
            mem_usable: 0.9,
            overhead_gib: 1.0,
            perf_budget_x: 3.0,
            lora_rank: 16,
            tp_allreduce_us: 12.0,
            tp_hop_us: 4.0,
            nvswitch_allreduce_us: 17.0,
            step_overhead_ms: 0.75,
            seat_mem_usable: 0.95,
            prefill_mfu: 0.6,
            neuron_mfu: 0.2,
            neuron_hop_us: 1.25,
            neuron_step_ms: 3.0,
            readable_tokens_per_s: READABLE_TOKENS_PER_S,
            spec_accept: SPEC_ACCEPT,
            train_mfu: 0.55,
            neuron_train_mfu: 0.33,
            link_efficiency: 0.8,
            comm_overlap: 0.8,
            fp8_speedup: 1.4,
            fp4_speedup: FP4_SPEEDUP,
            no_gdr_factor: 0.5,
            pp_chunks: 4.0,
            moe_bytes_per_value: MOE_BYTES_PER_VALUE,
            moe_capacity: 1.25,
            grouped_gemm_eff: 0.9,
            a2a_overlap: 0.0,
            moe_serving_bytes_per_value: MOE_SERVING_BYTES_PER_VALUE,
            a10g_tflops: 62.5,
            rtx6000_tflops: 500.0,
            gaudi_tflops: 100.0,
        }
    }
}
