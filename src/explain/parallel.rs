//! The training plan in words and as a formula line: how the job spreads over accelerators and what each step waits for.

use super::*;
use crate::engine::outcome::{Parallelism, Recompute, StepTerms};
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
    let rc = match (p.recompute_layers, zh) {
        (Some(k), false) => format!(
            "full recomputation of {k} of {} layers per stage (selective on the rest)",
            p.stage_layers
        ),
        (Some(k), true) => format!("每级 {} 层中 {k} 层完全重计算（其余选择性重计算）", p.stage_layers),
        (None, _) => recompute_name(p.recompute, zh).to_string(),
    };
    if zh {
        let mut s = if p.tp > 1 {
            format!("张量并行跨 {} 个加速器（{link}）", p.tp)
        } else {
            "不做张量并行（每个加速器运行完整的层）".to_string()
        };
        if p.pp > 1 {
            s.push_str(&format!(" × {} 级流水线", p.pp));
        }
        if p.ep > 1 {
            s.push_str(&format!("，专家并行 {}（专家分布在 {} 个副本上）", p.ep, p.ep));
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
        if p.ep > 1 {
            s.push_str(&format!(
                ", expert-parallel {} (experts spread over {} replicas)",
                p.ep, p.ep
            ));
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
    // An MoE's terms only where there are: a dense model's formula is unchanged.
    let mut moe_name = String::new();
    let mut moe_value = String::new();
    for (name, v) in [(" + MoE", t.moe_s), (" + experts", t.expert_s), (" + A2A", t.a2a_s)] {
        if v > 0.0 {
            moe_name.push_str(name);
            moe_value.push_str(&format!(" + {}", s(v)));
        }
    }
    format!(
        "{head} = compute + recompute + dequant{moe_name} + bubble + TP + PP + max(0, DP − {overlap}·compute/m) = {} + {} + {}{moe_value} + {} + {} + {} + {} = {} s; compute = FLOPs/(N·P·{train_mfu}); bubble = busy·(pp−1)/m, pp = {}, m = {}; TP = 2·(t−1)/t·b·s·h·2 B/(link·η) × {}·L/pp·m, t = {}; DP = 2·(d−1)/d·2 B·N/(t·pp) {}, d = {}{}",
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
        match (p.recompute, p.recompute_layers) {
            (Recompute::Full, Some(k)) => number(4.0 + 2.0 * f64::from(k) / f64::from(p.stage_layers.max(1)), 2),
            (Recompute::Full, None) => "6".into(),
            _ => "4".into(),
        },
        p.tp,
        if zh { "经 NVLink/PCIe 或 EFA" } else { "over NVLink/PCIe or EFA" },
        p.dp,
        if zh {
            format!("（重叠前 {} s）", s(t.dp_total_s))
        } else {
            format!(" (before overlap {} s)", s(t.dp_total_s))
        },
        overlap = number(overlap, 2),
        train_mfu = number(train_mfu, 2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_full_recomputation_is_said_with_its_layers_in_both_languages() {
        let p = Parallelism {
            tp: 8,
            pp: 16,
            ep: 1,
            dp: 64,
            micro_batch: 1,
            grad_accum: 32,
            recompute: Recompute::Full,
            recompute_layers: Some(1),
            stage_layers: 7,
            comm_share: 0.11,
            effective_mfu: 0.41,
        };
        let t = StepTerms::default();
        let en = plan_words(&p, &t, "NVLink 4 (NVSwitch)", true, true, Lang::En);
        assert!(
            en.contains("full recomputation of 1 of 7 layers per stage (selective on the rest)"),
            "{en}"
        );
        let zh = plan_words(&p, &t, "NVLink 4 (NVSwitch)", true, true, Lang::Zh);
        assert!(zh.contains("每级 7 层中 1 层完全重计算（其余选择性重计算）"), "{zh}");
        // TP all-reduces per layer: 4, and 2 more on the 1 of 7 layers recomputed: 4 + 2/7.
        assert!(plan_formula(&p, &t, 0.55, 0.8, Lang::En).contains("× 4.29·L/pp·m"));
    }
}
