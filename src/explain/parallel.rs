//! The training plan in words and as a formula line: how the job spreads over accelerators and what each step waits for.

use super::*;
use crate::engine::parallel::{Parallelism, Recompute, StepTerms};
use crate::scenario::Lang;

fn pct(share: f64) -> String {
    format!("{} %", number(share * 100.0, 0))
}

fn recompute_name(r: Recompute, zh: bool) -> &'static str {
    match (r, zh) {
        (Recompute::None, false) => "no recomputation",
        (Recompute::Selective, false) => "selective recomputation",
        (Recompute::Full, false) => "full recomputation",
        (Recompute::None, true) => "不重计算",
        (Recompute::Selective, true) => "选择性重计算",
        (Recompute::Full, true) => "完全重计算",
    }
}

/// "Tensor-parallel over 8 accelerators on NVLink 4 (NVSwitch) × 16 data-parallel replicas over EFA,
/// micro-batch 1 × 8 accumulation steps, full recomputation: 18 % of each step waits on the network."
pub fn plan_words(p: &Parallelism, t: &StepTerms, link: &str, across: bool, efa: bool, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let link = if link.is_empty() { "PCIe" } else { link };
    let net = match (across, efa, zh) {
        (false, _, false) => "inside one instance".to_string(),
        (false, _, true) => "在同一实例内".to_string(),
        (true, true, false) => "over EFA".to_string(),
        (true, true, true) => "经 EFA".to_string(),
        (true, false, false) => "over the host network".to_string(),
        (true, false, true) => "经主机网络".to_string(),
    };
    let step = t.step_s().max(1e-12);
    let bubble = t.bubble_s / step;
    let rc = recompute_name(p.recompute, zh);
    if zh {
        let mut s = if p.tp > 1 {
            format!("张量并行跨 {} 个加速器（{link}）", p.tp)
        } else {
            "不做张量并行（每个加速器运行完整的层）".to_string()
        };
        if p.pp > 1 {
            s.push_str(&format!(" × {} 级流水线", p.pp));
        }
        s.push_str(&format!(
            " × {} 个数据并行副本（{net}；ZeRO-2：梯度与优化器状态在副本间分片），微批 {} × 梯度累积 {} 步，{rc}：每步 {} 的时间在等待通信",
            p.dp,
            p.micro_batch,
            p.grad_accum,
            pct(p.comm_share)
        ));
        if bubble > 0.005 {
            s.push_str(&format!("，{} 是流水线气泡", pct(bubble)));
        }
        s.push_str(&format!("；有效 MFU {}。", pct(p.effective_mfu)));
        s
    } else {
        let mut s = if p.tp > 1 {
            format!("Tensor-parallel over {} accelerators on {link}", p.tp)
        } else {
            "No tensor parallelism (each accelerator runs whole layers)".to_string()
        };
        if p.pp > 1 {
            s.push_str(&format!(" × {} pipeline stages", p.pp));
        }
        s.push_str(&format!(
            " × {} {net} (ZeRO-2: gradients and optimizer states sharded across replicas), micro-batch {} × {}, {rc}: {} of each step waits on communication",
            count(p.dp, "data-parallel replica", "data-parallel replicas"),
            p.micro_batch,
            count(p.grad_accum, "accumulation step", "accumulation steps"),
            pct(p.comm_share)
        ));
        if bubble > 0.005 {
            s.push_str(&format!(", {} is pipeline bubble", pct(bubble)));
        }
        s.push_str(&format!("; effective MFU {}.", pct(p.effective_mfu)));
        s
    }
}

/// The step-time formula with its terms filled in, seconds per optimizer step.
pub fn plan_formula(p: &Parallelism, t: &StepTerms, train_mfu: f64, overlap: f64, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let s = |v: f64| number(v, 3);
    let head = if zh { "每步时间" } else { "step" };
    format!(
        "{head} = compute + recompute + dequant + bubble + TP + PP + max(0, DP − {overlap}·compute/m) = {} + {} + {} + {} + {} + {} + {} = {} s; compute = FLOPs/(N·P·{train_mfu}); bubble = busy·(pp−1)/m, pp = {}, m = {}; TP = 2·(t−1)/t·b·s·h·2 B/(link·η) × {}·L/pp·m, t = {}; DP = 2·(d−1)/d·2 B·N/(t·pp) over NVLink/PCIe or EFA, d = {} (before overlap {} s)",
        s(t.compute_s),
        s(t.recompute_s),
        s(t.dequant_s),
        s(t.bubble_s),
        s(t.tp_s),
        s(t.pp_s),
        s(t.dp_exposed_s),
        s(t.step_s()),
        p.pp,
        p.grad_accum,
        if p.recompute == Recompute::Full { 6 } else { 4 },
        p.tp,
        p.dp,
        s(t.dp_total_s),
        overlap = number(overlap, 2),
        train_mfu = number(train_mfu, 2),
    )
}
