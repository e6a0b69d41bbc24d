//! A training plan's step time: compute, recomputation and dequantisation (the busy time), the pipeline
//! bubble, and the tensor-, pipeline- and data-parallel traffic over the catalog's links. Pure.

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
    } = busy_terms(job, hw, a, l, tokens_per_step);
    let busy = compute_s + recompute_s + dequant_s + moe_s;
    let (dp_total_s, dp_exposed_s) = dp_s(job, hw, a, l, busy);
    StepTerms {
        compute_s,
        recompute_s,
        dequant_s,
        moe_s,
        bubble_s: bubble_s(job, a, l, busy),
        tp_s: tp_s(job, hw, a, l),
        pp_s: pp_s(job, hw, a, l),
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
}

/// Compute, recomputation, dequantisation and an MoE's routing work per accelerator per step (every
/// device does 1/N of the work).
fn busy_terms(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout, tokens_per_step: f64) -> Busy {
    let devices = f64::from(l.tp * l.pp * l.dp);
    let flops_rate = hw.peak_flops * hw.kernel_eff;
    let compute_s = job.flops_per_token * tokens_per_step / devices / flops_rate;
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
    Busy {
        compute_s,
        recompute_s,
        dequant_s,
        moe_s,
    }
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

/// DP: reduce-scatter gradients + all-gather weights of this rank's 1/(tp·pp) share, hierarchical: `k`
/// replicas inside one instance share the fast link, the rest goes over the network per accelerator.
/// Overlap hides it behind the compute of the last micro-batch (gradients) and the first (weights).
/// Returns (the whole, the part not hidden).
fn dp_s(job: &Job, hw: &Hardware, a: &Assumptions, l: &Layout, busy: f64) -> (f64, f64) {
    let eff = a.link_efficiency;
    let share = job.sync_bytes / f64::from(l.tp * l.pp);
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
