//! The serving model held against published inference measurements with stated setups: one set of
//! assumptions (the defaults) for every row, no constant per case. Each estimate must land within ±25 %
//! of the measurement and the median ratio within ±15 %; a miss that stays is listed in `KNOWN_MISSES`
//! with its measured error and reason. README's "How accurate it is" shows this table.
//!
//! The runs (`runs()`, plain rows: family, setup quote, published figure, source, date) and their scoring
//! live in the library, `gpuplan::accuracy::serving`, which the product's accuracy ledger, `gpuplan
//! accuracy` and the pre-rendered ledger page read; this file is their oracle.

use gpuplan::accuracy::serving::{measured_text, rates, runs};
use gpuplan::catalog::Catalog;

/// Runs the model misses by more than 25 % with the current assumptions: the measured error and why.
/// Not tuned away; a miss that comes within ±25 % must leave the list (the test says so).
const KNOWN_MISSES: &[(&str, &str)] = &[
    ("A100 Llama 2 70B TGI TP8 1 users", "measured +96 %; TGI 1.0.3 (2023) on p4d (A100 40GB) at one user took 41 ms per token where the weight read is ~16 ms: NCCL's ring all-reduce without CUDA graphs; gpuplan charges today's one-shot all-reduce over NVSwitch (nvsar 17 µs; +40 % when every link was a ring of 68 µs at TP8), not a latency per engine"),
    ("A100 Llama 2 70B TGI TP8 20 users", "measured +43 %; the same TGI 1.0.3 stack at 20 users (+13 % when NVSwitch was charged as a ring): its NCCL all-reduces cost more than the one-shot kernels today's engines run over NVSwitch"),
    ("A100 Llama 2 70B TP8 1 user (PyTorch)", "measured +83 %; PyTorch 2023 (torch.compile) reduces through NCCL's ring: 29 ms per token against 12.3 ms of weight read, where the one-shot all-reduce over NVSwitch (nvsar) that TensorRT-LLM, vLLM and SGLang run gives ~16 ms; held at +21 % when every link was a ring. SGLang's CUDA-graph TP8 decode (8B, 2024) is held (+24 %)"),
    ("A100 NeMo 7B TP8 batch 1", "measured +108 %; NeMo's TensorRT-LLM Llama 2 7B at TP8 and batch 1 took ~6.8 ms a token where the weights take 1.2 ms: per-layer overhead of that benchmark's static engine (held at +3 % with the ring's 68 µs per all-reduce); SGLang's CUDA-graph TP8 decode of an 8B on H100 runs 3.35 ms a token and is held (+24 %)"),
    ("H100 NeMo 7B TP8 batch 1", "measured +79 %; as the A100 row: ~4.9 ms a token for 7B at TP8 where SGLang's CUDA-graph 8B TP8 decode on the same GPUs takes 3.35 ms (held, +24 %)"),
    ("A10G Llama 2 7B TGI TP4 1 users", "measured +28 %; one user of 7B over four A10Gs on PCIe: TGI's 16.8 ms per token is above what the weight read (3.2 ms) and the PCIe ring latency give; the 13B at one user and both at 20 users on the same instance are held"),
    ("H100 LLaMA 70B TP2 batch 64 2048/2048", "measured +87 %; 70B decode at large static batches with long outputs: the source's step is ~3× its weight and KV read and its FLOPs reach ~12-15 % of the FP8 peak; the decode compute cap (mfu 0.4 of fp8x × the BF16 peak) is one value for every run, and the 7B/13B large-batch rows are held"),
    ("H100 LLaMA 70B TP4 batch 480 128/2048", "measured +103 % (+163 % with the decode cap at mfu × the FP8 peak rather than fp8x × the BF16 peak); as the TP2 2048/2048 row: 70B at 480 sequences decodes at ~12 % of the FP8 peak in TensorRT-LLM v0.6.1; not tuned"),
    ("H200 llama_70b TP4 batch 512 128/2048", "measured +84 % (+138 % with the decode cap at mfu × the FP8 peak); as the H100 TP4 row: 70B at 512 sequences decodes at ~12 % of the FP8 peak in TensorRT-LLM v0.5.0 (a preliminary figure); not tuned"),
    ("H100 LLaMA 70B TP4 first token at 128", "measured +51 %; a 128-token prefill over TP4 has a floor (26 ms) above one weight read, its all-reduces and the step time (~17 ms with the one-shot all-reduce over NVSwitch); the 2,048-token row is held (−6 %)"),
    ("L40S LLaMA 7B TP1 first token at 2048", "measured −31 %; the L40S's FP8 prefill ran at 1.09× its BF16 dense peak; every GPU's FP8 prefill is capped at fp8_speedup × prefill_mfu = 0.84× the BF16 peak (the H100 FP8 row is held at −6 %)"),
    ("Trainium Llama-3-8B 128/8064 TP32 TTFT", "measured +56 %; Neuron's time to first token at a 128-token prompt has a floor (17 ms for 8B) above one step and the collectives; the 4,096-token row is held (+8 %)"),
    ("Trainium Llama-2-13b 8192/8192 TP32 TTFT", "measured +408 %; Neuron 2.18.0's Llama-2-13b prefills 8,192 tokens in 2.37 s, ~4 % of the chips' BF16 peak, where the same table's Llama-3-8B prefills 4,096 at ~20 % (held, +8 %): the prefill rate is one nmfu for every model. The planner's long-prompt TTFT on Trainium is optimistic by this much for models run the way this row was"),
    ("Trainium Llama-2-13b 4096/4096 TP32 TTFT", "measured +281 %; as the 8,192-token row: 0.86 s for a 4,096-token prompt of a 13B, ~3.8 × the time per FLOP of the table's Llama-3-8B row"),
    ("Inferentia2 Llama-2-70b 256/256 TP24 batch 1", "measured +281 %; Neuron 2.16.0's Llama-2-70b at TP24 and batch 1 takes 27.8 s for 512 tokens (18.4 tokens/s over the sequence, ~108 ms per generated token) where its weights read in ~15 ms: ~3.8× the time per weight byte of the same table's Llama-2-13b rows (held, +1 % and -0 %); Neuron's decode efficiency is one value for every model, not tuned to either"),
    ("Inferentia2 Llama-2-70b 256/2048 TP24 batch 1", "measured +288 %; as the 256/256 row: 223.7 s for 2,304 tokens (10.3 tokens/s over the sequence) at batch 1 on 12 Inferentia2 devices"),
    ("B200 Llama 3.3 70B FP4 TP1 max load 2048/128", "measured −26 % (−47 % before the FP8 KV cache of an FP4 model and `fp4x`); prefill-heavy (2,048 in, 128 out) at maximum load: an FP4 prefill runs at pfmfu × fp4x (1.89) × the BF16 peak, 2,551 TFLOPS, where this row needs ~3,500; the same prompt length on the 1.0 table's 405B and Qwen3-30B-A3B rows is held (−20 %, −20 %) and the 5000/500 row too (−13 %)"),
    ("B200 Llama 3.3 70B FP4 TP8 max load 1000/1000", "measured +61 % (+41 % with a 16-bit KV cache and the decode cap at mfu × the FP4 peak); the source's TP8 is 2.9× its TP1 on 8× the GPUs (19,992 against 6,867 tokens/s), so its batch is held well below what 8 B200s' memory holds (~4,000 sequences with the FP8 cache): trtllm-bench's batch and token limits are not stated; TP1 at the same lengths is held (+4 %)"),
    // Issue 23 item 4 (2026-12-03): the families the ledger lacked. Measured with the defaults, none tuned.
    ("MoE H100 Llama 4 Maverick FP8 TP8 max load 1000/1000", "measured +120 % with the MoE serving term (`moes`; +131 % before it); 400 GB of FP8 weights on 8 × 80 GB: the source's 9,677 tokens/s is a third of its H200 figure (31,782, held at +18 %) on the same TP8, so its batch is held down by memory gpuplan does not charge (expert-parallel buffers, attention DP's per-rank KV, CUDA-graph workspaces)"),
    ("MoE H100 Llama 4 Scout FP8 TP4 max load 1000/1000", "measured +47 % with the MoE serving term (`moes`; +71 % before it); as Maverick on H100: 109 GB of FP8 weights on 4 × 80 GB leave a KV room the source's batch does not reach (its H200 TP4 row, with room to spare, is held at +16 %); B200 TP1 FP4 is held (−25 %)"),
    ("A10G Llama 2 7b TGI TP1 5 users (g5.2xlarge)", "measured −31 %; 50 output tokens a request make this row prefill-heavy: the catalog has no A10G tensor TFLOPS (not found in the sources read), the engine's fallback prefills the assumed 512-token prompt in 0.22 s, and ShareGPT prompts are shorter than 512 on average (the source does not state them); the 1-user row is held (−18 %)"),
    ("A10G Llama 2 7b TGI TP1 20 users (g5.2xlarge)", "measured −47 %; as the 5-user row: 20 prefills of an assumed 512-token prompt at the fallback rate take 4.4 s per 50-token round against 1.3 s of decode"),
    ("A10G Llama 2 7b TGI TP8 1 users (g5.48xlarge)", "measured +74 %; eight A10Gs on g5.48xlarge: the source's TP8 decode (17.9 ms a token) is slower than its TP4 on g5.12xlarge (16.8 ms), where gpuplan's PCIe ring (arlat + 7 hops of arhop) makes TP8 faster; g5.48xlarge's GPUs sit under two CPU sockets, so its all-reduces cross the socket link, which the catalog's one PCIe link kind does not say"),
    ("A10G Llama 2 7b TGI TP8 20 users (g5.48xlarge)", "measured +141 %; as the 1-user row, at 20 users: the source's TP8 gives 293 tokens/s against 450 on TP4 (g5.12xlarge), the all-reduce payload grows with the batch over the cross-socket PCIe path"),
    ("A10G Llama 2 13b TGI TP8 1 users (g5.48xlarge)", "measured +46 %; TP8 over g5.48xlarge's two-socket PCIe, as the 7B rows (its TP4 row on g5.12xlarge is held, −4 %)"),
    ("A10G Llama 2 13b TGI TP8 20 users (g5.48xlarge)", "measured +119 %; as the 7B 20-user row: 195 tokens/s on TP8 against 296 on TP4"),
    ("A10G Llama 2 70b TGI TP8 20 users (g5.48xlarge)", "measured +109 %; the 70B's one-user row is held (−2 %, the 140 GB weight read dominates), at 20 users the cross-socket all-reduces of a batch do not"),
    ("Trainium2 Llama-3.3-70B 10000/1500 TP64 batch 1 ITL", "measured +28 %; 19.7 ms a token on 16 Trainium2 chips where the weights read in ~3 ms: per-layer step and collective cost (nstepms, nhop) are one Neuron value set from Trn1/Inf2, and the same tutorial family's 405B on the same instance is held (−7 %): the 70B's 80 layers cost 0.25 ms each measured against 0.19 ms estimated"),
    ("Trainium2 Llama-3.1-405B 10000/1500 TP64 batch 1 TTFT", "measured −44 %; the 405B prefills 10,000 tokens in 2.44 s, ~32 % of 16 Trainium2 chips' BF16 peak, where the same tutorials' 70B prefills at ~16 % (held, −2 %): one nmfu for every model, as the Trn1 table's Llama-2-13b rows miss the other way"),
    ("B200 Llama 3.3 70B FP4 TP8 max load 5000/500", "measured +33 % (+2 % with a 16-bit KV cache, held); as the TP8 1000/1000 row: the source's TP8 is 3.3× the 1.0 table's TP1 (4,810 against 1,459 tokens/s) on 8× the GPUs, so its batch is below what memory holds with the FP8 cache NVIDIA's FP4 checkpoint runs; TP1 5000/500 is held (−13 %)"),
    ("MoE B200 Llama 4 Scout FP4 TP1 max load 1000/1000", "measured +28 % (−25 % with a 16-bit KV cache and the FP4 prefill at fp8x); the FP8 KV cache doubles the batch one B200 holds beside Scout's 61 GB of FP4 weights, and the source's batch is held below it, as the Hopper Scout and Maverick rows (H100 +47 %, +120 %): memory gpuplan does not charge (expert-parallel buffers, attention DP's per-rank KV, CUDA-graph workspaces); Maverick on 8 B200s is held (−1 %)"),
    ("H200 Llama 3.3 70B FP8 TP1 max load 2048/128 (1.0)", "measured −25 % (0.75 to two places; −24 % with the decode compute cap at mfu × the FP8 peak, before it took fp8x × the BF16 peak as prefill does); prefill-heavy at maximum load: the H200's FP8 prefill runs faster than pfmfu × fp8x × the BF16 peak (831 TFLOPS), as the L40S's 2,048-token first token (−31 %); the same table's 1000/1000 and 128/2048 rows are held (−20 %, −14 %)"),
];

/// Every run's estimate ÷ measurement (> 1: the model is faster than the source) and the printed table.
fn ratios_and_report(catalog: &Catalog) -> (Vec<f64>, String) {
    let mut ratios = Vec::new();
    let mut report =
        String::from("| run | family | setup | published | estimate ÷ published |\n|---|---|---|---|---|\n");
    for run in runs() {
        let (est, meas) = rates(catalog, run).unwrap_or_else(|| {
            panic!(
                "{} on {}: the link warns or the type cannot hold it",
                run.query, run.instance
            )
        });
        let ratio = est / meas;
        let seqs = gpuplan::accuracy::serving::seqs_of(catalog, run).unwrap_or(run.seqs);
        report.push_str(&format!(
            "| {} | {} | {} {} TP{} ×{} | {} | {:+.0} % |\n",
            run.id,
            run.family,
            run.query,
            run.instance,
            run.tp,
            seqs,
            measured_text(run.measured),
            (ratio - 1.0) * 100.0
        ));
        ratios.push(ratio);
    }
    (ratios, report)
}

#[test]
fn every_run_states_its_source_and_setup() {
    let mut ids: Vec<&str> = Vec::new();
    for run in runs() {
        assert!(
            !run.source.is_empty() && run.url.starts_with("https://") && !run.date.is_empty(),
            "{}",
            run.id
        );
        assert!(!run.setup.is_empty() && !run.family.is_empty(), "{}", run.id);
        assert!(!ids.contains(&run.id), "duplicate id {}", run.id);
        ids.push(run.id);
    }
    for (id, why) in KNOWN_MISSES {
        assert!(ids.contains(id), "KNOWN_MISSES names no run: {id}");
        assert!(!why.is_empty(), "{id}: a known miss needs its reason");
    }
}

#[test]
fn published_serving_runs_within_25_percent_median_within_15() {
    let catalog = Catalog::bundled();
    let (ratios, report) = ratios_and_report(&catalog);
    let all = gpuplan::order::sorted(ratios.clone(), &|a: &f64, b: &f64| a.total_cmp(b));
    println!(
        "{report}\n{} runs, median of all {:+.0} %",
        all.len(),
        (all[all.len() / 2] - 1.0) * 100.0
    );
    for (run, r) in runs().zip(&ratios) {
        let known = KNOWN_MISSES.iter().any(|(id, _)| *id == run.id);
        let within = (0.75..=1.25).contains(r);
        if known {
            assert!(
                !within,
                "{} is now within ±25 % ({r:.2}): take it off KNOWN_MISSES\n{report}",
                run.id
            );
        } else {
            assert!(within, "{} outside ±25 % ({r:.2}):\n{report}", run.id);
        }
    }
    let kept: Vec<f64> = runs()
        .zip(&ratios)
        .filter(|(run, _)| !KNOWN_MISSES.iter().any(|(id, _)| *id == run.id))
        .map(|(_, r)| *r)
        .collect();
    let kept = gpuplan::order::sorted(kept, &|a: &f64, b: &f64| a.total_cmp(b));
    let median = kept[kept.len() / 2];
    assert!((0.85..=1.15).contains(&median), "median {median:.2}:\n{report}");
}
