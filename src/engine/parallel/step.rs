//! A training plan's step time: compute, recomputation and dequantisation (the busy time), the pipeline
//! bubble, and the tensor-, pipeline-, expert- and data-parallel traffic over the catalog's links. Pure.

use super::{Hardware, Job};
use crate::engine::outcome::{Recompute, StepTerms};
use crate::num::Within;
use crate::scenario::Assumptions;

/// One candidate's layout: parallel degrees, micro-batch, gradient accumulation, recomputation and,
/// under `Recompute::Full`, the share of layers recomputed in full.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Layout {
    pub tp: u32,
    pub pp: u32,
    pub ep: u32,
    pub dp: u32,
    pub mb: u32,
    pub ga: u32,
    pub rc: Recompute,
    pub full: f64,
}

impl Layout {
    /// The share of layers recomputed in full (0 unless `Recompute::Full`).
    pub fn full_share(&self) -> f64 {
        if self.rc == Recompute::Full {
            self.full
        } else {
            0.0
        }
    }
}

/// Ring all-reduce time of `bytes` over `n` ranks at `bw` bytes/s each way: `2·(n−1)/n · bytes / bw`.
pub(super) fn all_reduce_s(bytes: f64, n: f64, bw: f64) -> f64 {
    if n <= 1.0 {
        0.0
    } else {
        2.0 * (n - 1.0) / n * bytes / bw
    }
}

/// Where one step's time goes for `l`, with `tokens_per_step` over all replicas.
pub(super) fn terms(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout, tokens_per_step: f64) -> StepTerms {
    let Busy {
        compute_s,
        recompute_s,
        dequant_s,
        moe_s,
        expert_s,
    } = busy_terms(job, hw, a, l, tokens_per_step);
    let busy = compute_s + recompute_s + dequant_s + moe_s + expert_s;
    let (dp_total_s, dp_exposed_s) = dp_s(job, hw, a, l, busy);
    StepTerms {
        compute_s,
        recompute_s,
        dequant_s,
        moe_s,
        expert_s,
        bubble_s: bubble_s(job, a, l, busy),
        tp_s: tp_s(job, hw, a, l),
        pp_s: pp_s(job, hw, a, l),
        a2a_s: a2a_s(job, hw, a, l),
        dp_exposed_s,
        dp_total_s,
    }
}

/// What keeps an accelerator busy in one step, seconds.
struct Busy {
    compute_s: f64,
    recompute_s: f64,
    dequant_s: f64,
    moe_s: f64,
    expert_s: f64,
}

/// The routing imbalance a layout pays: the most-loaded rank's multiple of the balanced share of routed
/// tokens (`moecap`) once experts are spread over ranks (EP > 1); 1 when every rank holds every expert.
fn imbalance(a: &Assumptions, l: &Layout) -> f64 {
    if l.ep > 1 {
        a.moe_capacity.max(1.0)
    } else {
        1.0
    }
}

/// Compute, recomputation, dequantisation and an MoE's routing work per accelerator per step (every
/// device does 1/N of the work). An MoE's expert FLOPs (share `f_e`) run as grouped GEMMs at `ggeff` of
/// the dense rate and wait for the most-loaded rank (`imbalance`): compute × `1 + f_e·(c/g − 1)`.
fn busy_terms(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout, tokens_per_step: f64) -> Busy {
    let devices = f64::from(l.tp * l.pp * l.dp);
    let flops_rate = hw.peak_flops * hw.kernel_eff;
    let experts = job.expert_flops_share * (imbalance(a, l) / a.grouped_gemm_eff.max(0.01) - 1.0);
    let compute_s = job.flops_per_token * (1.0 + experts) * tokens_per_step / devices / flops_rate;
    let f = l.full_share();
    let extra = match l.rc {
        Recompute::None => 0.0,
        Recompute::Selective => job.attn_fwd_flops_per_token,
        Recompute::Full => f * job.fwd_flops_per_token + (1.0 - f) * job.attn_fwd_flops_per_token,
    };
    let recompute_s = extra * tokens_per_step / devices / flops_rate;
    let passes = 2.0 + f;
    let dequant_s = job.dequant_bytes_per_pass / f64::from(l.tp * l.pp) * passes * f64::from(l.ga)
        / (hw.mem_bw_bytes_s * a.bw_efficiency);
    // MoE routing: memory-bound work on every token a device processes.
    let moe_s = job.moe_bytes_per_token * tokens_per_step / devices / hw.mem_bw_bytes_s;
    let expert_s = expert_wait_s(job, hw, a, l, flops_rate, passes);
    Busy {
        compute_s,
        recompute_s,
        dequant_s,
        moe_s,
        expert_s,
    }
}

/// The expert GEMMs' roofline per micro-batch: each pass (forward, data and weight gradients, a
/// recomputed forward) reads the accelerator's routed experts, `W_e/(t·pp·ep)` bytes, at the memory
/// bandwidth; their math is the micro-batch's expert FLOPs at the grouped-GEMM rate. What the read takes
/// beyond the math is waiting (few tokens per expert: memory-bound), × the accumulation steps.
fn expert_wait_s(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout, flops_rate: f64, passes: f64) -> f64 {
    if job.expert_share <= 0.0 {
        return 0.0;
    }
    let mp = f64::from(l.tp * l.pp);
    let read = (passes + 1.0) * job.weight_bytes * job.expert_share
        / (mp * f64::from(l.ep))
        / (hw.mem_bw_bytes_s * a.bw_efficiency);
    let tokens = f64::from(l.mb) * job.seq;
    let math = job.flops_per_token * job.expert_flops_share * tokens / mp * imbalance(a, l)
        / (flops_rate * a.grouped_gemm_eff.max(0.01));
    (read - math).max(0.0) * f64::from(l.ga)
}

/// Interleaved 1F1B (Megatron-LM virtual pipeline): each stage holds `v` chunks of layers, which divides
/// the bubble `(pp−1)/m` by `v` and multiplies the stage-to-stage sends by `v`.
fn bubble_s(job: &Job, a: &Assumptions, l: &Layout, busy: f64) -> f64 {
    let ppf = f64::from(l.pp);
    let v = if l.pp > 1 {
        (job.layers / ppf).floor().within(1.0, a.pp_chunks.max(1.0))
    } else {
        1.0
    };
    busy * (ppf - 1.0) / (f64::from(l.ga) * v)
}

/// Bytes of one micro-batch's activations `b·s·h`.
fn act_msg(job: &Job, l: &Layout) -> f64 {
    f64::from(l.mb) * job.seq * job.hidden * job.act_bytes
}

/// TP: inside one fast domain; 4 all-reduces per layer per micro-batch (2 forward, 2 backward), 2 more
/// when the forward is recomputed; each of the micro-batch's activations.
fn tp_s(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout) -> f64 {
    let tp_bw = if l.tp <= hw.domain {
        hw.link_bytes_s
    } else {
        hw.net_bytes_s
    } * a.link_efficiency;
    let ar_per_layer = 4.0 + 2.0 * l.full_share();
    all_reduce_s(act_msg(job, l), f64::from(l.tp), tp_bw) * ar_per_layer * job.layers / f64::from(l.pp)
        * f64::from(l.ga)
}

/// PP: each micro-batch's activations cross each stage boundary forward and back, over the network
/// once the stages outnumber an instance's.
fn pp_s(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout) -> f64 {
    let stages_per_instance = (hw.count / l.tp).max(1);
    let pp_bw = if l.pp > stages_per_instance {
        hw.net_bytes_s
    } else {
        hw.link_bytes_s
    } * a.link_efficiency;
    if l.pp > 1 {
        2.0 * act_msg(job, l) / f64::from(l.tp) / pp_bw * f64::from(l.ga)
    } else {
        0.0
    }
}

/// EP: per MoE layer a micro-batch's tokens go to their experts and come back (dispatch and combine),
/// forward and backward (2 more with the forward recomputed): 4 all-to-alls a layer, each rank sending
/// its `b·s/t` tokens (sequence parallelism splits them over TP) × `k·h` values × 2 B × the imbalance
/// `c`. Of the `ep` ranks, `g = min(ep, count/t)` share the instance: `(g−1)/ep` of the bytes cross the
/// link, `(ep−g)/ep` the network, at the same time (the slower sets the pace). `a2aov` of it hides
/// behind compute.
fn a2a_s(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout) -> f64 {
    if l.ep <= 1 || job.dispatch_values_per_token <= 0.0 {
        return 0.0;
    }
    let ep = f64::from(l.ep);
    let g = f64::from((hw.count / l.tp).clamp(1, l.ep));
    let bytes =
        f64::from(l.mb) * job.seq / f64::from(l.tp) * job.dispatch_values_per_token * job.act_bytes * imbalance(a, l);
    let eff = a.link_efficiency;
    let one = (bytes * (g - 1.0) / ep / (hw.link_bytes_s * eff)).max(bytes * (ep - g) / ep / (hw.net_bytes_s * eff));
    let per_layer = 4.0 + 2.0 * l.full_share();
    one * per_layer * job.layers / f64::from(l.pp) * f64::from(l.ga) * (1.0 - a.a2a_overlap.within(0.0, 1.0))
}

/// DP: reduce-scatter gradients + all-gather weights of this rank's 1/(tp·pp) share, hierarchical: `k`
/// replicas inside one instance share the fast link, the rest goes over the network per accelerator.
/// Overlap hides it behind the compute of the last micro-batch (gradients) and the first (weights).
/// Returns (the whole, the part not hidden).
fn dp_s(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout, busy: f64) -> (f64, f64) {
    let eff = a.link_efficiency;
    // Expert gradients: each rank's 1/ep of the experts (reduced over the dp/ep replicas holding them).
    let share = job.sync_bytes * super::expert_split(job, l.ep) / f64::from(l.tp * l.pp);
    let k = (hw.count / (l.tp * l.pp)).clamp(1, l.dp);
    let nodes = f64::from(l.dp / k);
    let intra = all_reduce_s(share, f64::from(k), hw.link_bytes_s * eff);
    let inter = if nodes > 1.0 {
        2.0 * (nodes - 1.0) / nodes * share / f64::from(k) / (hw.net_bytes_s * eff)
    } else {
        0.0
    };
    let total = intra.max(inter);
    let window = busy / f64::from(l.ga) * a.comm_overlap;
    (total, (total - window).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small job: 1 GFLOP a token, 8 layers of width 1000, 1 MB of gradients to sync, 1 MB to
    /// dequantise a pass.
    fn job() -> Job {
        Job {
            layers: 8.0,
            hidden: 1000.0,
            seq: 100.0,
            flops_per_token: 1e9,
            fwd_flops_per_token: 3e8,
            attn_fwd_flops_per_token: 1e8,
            weight_bytes: 0.0,
            sharded_bytes: 0.0,
            sync_bytes: 1e6,
            dequant_bytes_per_pass: 1e6,
            act_bytes: 2.0,
            moe_bytes_per_token: 0.0,
            experts: 0,
            expert_share: 0.0,
            expert_flops_share: 0.0,
            dispatch_values_per_token: 0.0,
            seqs_per_replica: 1,
            global_batch: None,
            overhead_gib: 0.0,
            heads: 0,
            kv_heads: 0,
        }
    }

    /// 4 accelerators an instance at 1 PFLOP/s, 1 TB/s memory, 100 GB/s links, 10 GB/s network.
    fn hw() -> Hardware {
        Hardware {
            peak_flops: 1e15,
            kernel_eff: 1.0,
            usable_gib: 80.0,
            mem_bw_bytes_s: 1e12,
            link_bytes_s: 1e11,
            domain: 4,
            count: 4,
            net_bytes_s: 1e10,
        }
    }

    /// Every link and compute efficiency 1, no overlap, one chunk per stage.
    fn ideal() -> Assumptions {
        Assumptions {
            train_mfu: 1.0,
            bw_efficiency: 1.0,
            link_efficiency: 1.0,
            comm_overlap: 0.0,
            pp_chunks: 1.0,
            ..Assumptions::default()
        }
    }

    fn layout(tp: u32, pp: u32, dp: u32, rc: Recompute) -> Layout {
        Layout {
            tp,
            pp,
            ep: 1,
            dp,
            mb: 1,
            ga: 4,
            rc,
            full: 0.5,
        }
    }

    fn near(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1e-9)
    }

    #[test]
    fn the_busy_time_is_the_work_over_the_devices() {
        let l = layout(1, 1, 8, Recompute::Full);
        // 1e6 tokens × 1 GFLOP over 8 PFLOP/s; half the layers re-run their forward, half the attention.
        let b = busy_terms(&job(), &hw(), &ideal(), &l, 1e6);
        let (c, r, d) = (b.compute_s, b.recompute_s, b.dequant_s);
        assert!(near(c, 0.125), "{c}");
        assert!(near(r, 0.5 * (3e8 + 1e8) * 1e6 / 8e15), "{r}");
        // 1 MB per pass, 2.5 passes (forward, backward, half a recomputed forward), 4 micro-batches.
        assert!(near(d, 1e6 * 2.5 * 4.0 / 1e12), "{d}");
        assert_eq!(b.moe_s, 0.0);
        // An MoE's 1 MB a token of routing work: 1e6 tokens × 1 MB over 8 devices at 1 TB/s = 0.125 s.
        let moe = Job {
            moe_bytes_per_token: 1e6,
            ..job()
        };
        let m = busy_terms(&moe, &hw(), &ideal(), &l, 1e6).moe_s;
        assert!(near(m, 0.125), "{m}");
        assert_eq!(layout(1, 1, 8, Recompute::Selective).full_share(), 0.0);
    }

    #[test]
    fn expert_parallel_all_to_all_crosses_the_link_inside_an_instance_and_the_network_beyond() {
        // An MoE of top-2 routing: each token sends k·h = 2,000 values a layer each way.
        let j = Job {
            experts: 64,
            expert_share: 0.5,
            dispatch_values_per_token: 2000.0,
            ..job()
        };
        let a = Assumptions {
            moe_capacity: 1.0,
            ..ideal()
        };
        let ep = |ep: u32| Layout {
            ep,
            ..layout(1, 1, 8, Recompute::None)
        };
        // EP 8 on 4-GPU instances: a rank sends 100 tokens × 2,000 values × 2 B = 400 kB an all-to-all; 3/8
        // of it to the other 3 ranks of its instance (100 GB/s), 4/8 to the 4 of the other (10 GB/s):
        // the network's 20 µs sets the pace; 4 all-to-alls a layer, 8 layers, 4 micro-batches = 2.56 ms.
        let across = a2a_s(&j, &hw(), &a, &ep(8));
        assert!(near(across, 4e5 * 4.0 / 8.0 / 1e10 * 4.0 * 8.0 * 4.0), "{across}");
        assert!(near(across, 2.56e-3), "{across}");
        // EP 4 stays inside the instance: 3/4 of 400 kB at 100 GB/s, 3 µs an all-to-all.
        let inside = a2a_s(&j, &hw(), &a, &ep(4));
        assert!(near(inside, 4e5 * 0.75 / 1e11 * 128.0), "{inside}");
        // The imbalance scales the bytes; the overlap hides its share; EP 1 and a dense model move nothing.
        let skewed = Assumptions {
            moe_capacity: 1.25,
            a2a_overlap: 0.5,
            ..a
        };
        assert!(near(a2a_s(&j, &hw(), &skewed, &ep(8)), across * 1.25 * 0.5));
        assert_eq!(a2a_s(&j, &hw(), &a, &ep(1)), 0.0);
        assert_eq!(a2a_s(&job(), &hw(), &a, &ep(8)), 0.0);
    }

    #[test]
    fn expert_gemms_pay_the_imbalance_and_the_grouped_gemm_rate_and_wait_on_their_weights() {
        // Half the FLOPs in the experts at 0.8 of the dense rate, imbalance 1.2 at EP > 1.
        let j = Job {
            experts: 64,
            expert_share: 0.5,
            expert_flops_share: 0.5,
            weight_bytes: 2e9,
            ..job()
        };
        let a = Assumptions {
            moe_capacity: 1.2,
            grouped_gemm_eff: 0.8,
            ..ideal()
        };
        let l = |ep: u32| Layout {
            ep,
            ..layout(1, 1, 8, Recompute::None)
        };
        let base = busy_terms(&job(), &hw(), &a, &l(1), 1e6).compute_s;
        let ep1 = busy_terms(&j, &hw(), &a, &l(1), 1e6).compute_s;
        let ep8 = busy_terms(&j, &hw(), &a, &l(8), 1e6).compute_s;
        assert!(near(ep1, base * (1.0 + 0.5 * (1.0 / 0.8 - 1.0))), "{ep1}");
        assert!(near(ep8, base * (1.0 + 0.5 * (1.2 / 0.8 - 1.0))), "{ep8}");
        // 1 GB of experts read 3 times a micro-batch at 1 TB/s (3 ms) against 100 tokens × 0.5 GFLOP
        // at 0.8 PFLOP/s (62.5 ns, × 1.2 at EP 8): memory-bound, × 4 micro-batches; EP 8 reads an eighth.
        let wait = |ep: u32| busy_terms(&j, &hw(), &a, &l(ep), 1e6).expert_s;
        assert!(
            near(wait(1), (3.0 * 1e9 / 1e12 - 100.0 * 0.5e9 / 0.8e15) * 4.0),
            "{}",
            wait(1)
        );
        assert!(
            near(wait(8), (3.0 * 1e9 / 8.0 / 1e12 - 1.2 * 100.0 * 0.5e9 / 0.8e15) * 4.0),
            "{}",
            wait(8)
        );
    }

    #[test]
    fn the_bubble_is_pp_minus_one_over_the_micro_batches_and_chunks() {
        let a = ideal();
        assert_eq!(bubble_s(&job(), &a, &layout(1, 1, 8, Recompute::None), 1.0), 0.0);
        assert!(near(
            bubble_s(&job(), &a, &layout(1, 4, 2, Recompute::None), 1.0),
            3.0 / 4.0
        ));
        let two = Assumptions { pp_chunks: 2.0, ..a };
        assert!(near(
            bubble_s(&job(), &two, &layout(1, 4, 2, Recompute::None), 1.0),
            3.0 / 8.0
        ));
    }

    #[test]
    fn traffic_takes_the_link_inside_an_instance_and_the_network_beyond() {
        let (j, h, a) = (job(), hw(), ideal());
        // TP 4: a ring of 4 over the 100 GB/s link, 4 all-reduces of 200 kB a layer, 8 layers, 4 micro-batches.
        let tp = tp_s(&j, &h, &a, &layout(4, 1, 1, Recompute::None));
        assert!(near(tp, all_reduce_s(2e5, 4.0, 1e11) * 4.0 * 8.0 * 4.0), "{tp}");
        assert!(near(all_reduce_s(2e5, 4.0, 1e11), 1.5 * 2e5 / 1e11));
        assert_eq!(all_reduce_s(2e5, 1.0, 1e11), 0.0);
        // PP 2 fits in one instance (link); PP 8 crosses the network, 10× slower.
        let inside = pp_s(&j, &h, &a, &layout(1, 2, 1, Recompute::None));
        let across = pp_s(&j, &h, &a, &layout(1, 8, 1, Recompute::None));
        assert!(
            near(inside, 2.0 * 2e5 / 1e11 * 4.0) && near(across, inside * 10.0),
            "{inside} {across}"
        );
        // DP 8 on 4-GPU instances: 2 nodes over the network; an overlap window hides part of it.
        let (total, exposed) = dp_s(&j, &h, &a, &layout(1, 1, 8, Recompute::None), 1.0);
        assert!(near(total, 2.0 * 0.5 * 1e6 / 4.0 / 1e10) && total == exposed, "{total}");
        let hidden = Assumptions { comm_overlap: 1.0, ..a };
        assert_eq!(dp_s(&j, &h, &hidden, &layout(1, 1, 8, Recompute::None), 1.0).1, 0.0);
    }
}
