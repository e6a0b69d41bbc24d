//! Why an instance type was left out, as plain words.

use super::*;
use crate::engine::outcome::{Exclusion, Figure};
use crate::format::number;
use crate::scenario::{Lang, Precision};

/// Why a family (or some sizes) was left out, as a sentence.
pub fn exclusion(e: &Exclusion, lang: Lang) -> String {
    // Every variant belongs to one topic (the match keeps it so).
    let topic: fn(&Exclusion, Lang) -> Option<String> = match e {
        Exclusion::UnknownCount
        | Exclusion::NoPublicOffer
        | Exclusion::NotInRegion { .. }
        | Exclusion::PriceNotCollected { .. }
        | Exclusion::NoGraphics
        | Exclusion::WeakFp64 { .. } => exclusion_offer,
        Exclusion::CudaOnly { .. }
        | Exclusion::NotTransformer { .. }
        | Exclusion::NeedsPorting { .. }
        | Exclusion::InferenceOnlyChip
        | Exclusion::NoLlmDecode => exclusion_stack,
        Exclusion::TooSlowPerSequence { .. }
        | Exclusion::SlowFirstToken { .. }
        | Exclusion::HostRamTooSmall { .. }
        | Exclusion::NoPrecision { .. }
        | Exclusion::MissingFigure { .. }
        | Exclusion::ActivationsTooLarge { .. } => exclusion_fit,
        Exclusion::TooSmall { .. }
        | Exclusion::NeedsMultinode { .. }
        | Exclusion::TooMany { .. }
        | Exclusion::NoEfa { .. } => exclusion_fleet,
    };
    topic(e, lang).unwrap_or_default()
}

/// The catalog's facts: counts, offers, regions, graphics, FP64.
fn exclusion_offer(e: &Exclusion, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match e {
        Exclusion::UnknownCount => {
            if zh {
                "收集到的资料中没有芯片数量，暂不作为整体规划。".into()
            } else {
                "The collected sources give no chip count, so it is not planned as a unit yet.".into()
            }
        }
        Exclusion::NoPublicOffer => {
            if zh {
                "没有公开价格或区域数据（仅通过 Capacity Blocks 或预留）。".into()
            } else {
                "No public price or region data (Capacity Blocks or reservations only).".into()
            }
        }
        Exclusion::NotInRegion { region } => {
            if zh {
                format!("{region} 不提供按需实例（据目录的价格来源）。")
            } else {
                format!("Not offered On-Demand in {region} (per the catalog's price source).")
            }
        }
        Exclusion::PriceNotCollected { region } => {
            if zh {
                format!("{region} 的价格未收集：目录的来源未覆盖该系列在此区域的价格，它可能有售（请查 AWS 价格表）。")
            } else {
                format!("Price not collected for {region}: the catalog's sources do not cover this family there; it may be sold (check AWS's price list).")
            }
        }
        Exclusion::NoGraphics => {
            if zh {
                "没有显示/编码引擎，不适合图形渲染、VDI 或视频转码。".into()
            } else {
                "No display or encode engines: not for rendering, VDI or transcoding.".into()
            }
        }
        Exclusion::WeakFp64 { fp64_tflops } => {
            let bar = number(crate::engine::HPC_MIN_FP64_TFLOPS, 2);
            match (fp64_tflops, zh) {
                (Some(f), true) => format!("FP64 仅 {} TFLOPS/芯片，不足 {bar} TFLOPS 的双精度门槛。", number(*f, 2)),
                (Some(f), false) => format!(
                    "FP64 is only {} TFLOPS per chip, under the {bar} TFLOPS bar for real double precision.",
                    number(*f, 2)
                ),
                (None, true) => format!("该芯片没有公布 FP64 性能（并非为双精度设计），达不到 {bar} TFLOPS 的双精度门槛。"),
                (None, false) => format!(
                    "No FP64 figure is published for this chip (it is not built for double precision), so it cannot meet the {bar} TFLOPS bar."
                ),
            }
        }
        _ => return None,
    })
}

/// The software stack: CUDA, architecture, porting, training, decoding.
fn exclusion_stack(e: &Exclusion, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match e {
        Exclusion::CudaOnly { stack } => {
            if zh {
                format!(
                    "代码依赖 CUDA 或自定义 CUDA 算子，无法运行在 {} 上。",
                    stack_name(*stack)
                )
            } else {
                format!(
                    "The code depends on CUDA or custom CUDA kernels, which do not run on {}.",
                    stack_name(*stack)
                )
            }
        }
        Exclusion::NotTransformer { stack } => {
            if zh {
                format!(
                    "非标准 Transformer（多模态、语音等）：{} 支持有限。",
                    stack_name(*stack)
                )
            } else {
                format!(
                    "Not a standard Transformer (multimodal, speech…): {} support is limited.",
                    stack_name(*stack)
                )
            }
        }
        Exclusion::NeedsPorting { stack } => {
            if zh {
                format!("需要立即上线：{} 需要 1-2 周的适配与编译。", stack_name(*stack))
            } else {
                format!(
                    "Must launch now: {} needs 1-2 weeks of porting and compilation.",
                    stack_name(*stack)
                )
            }
        }
        Exclusion::InferenceOnlyChip => {
            if zh {
                "Inferentia 仅用于推理，不能训练。".into()
            } else {
                "Inferentia is for inference only, not training.".into()
            }
        }
        Exclusion::NoLlmDecode => {
            if zh {
                "第一代 Inferentia（NeuronCore-v1）的工具链不支持生成式 LLM 解码：AWS 的 LLM 推理库（transformers-neuronx、NxD Inference、vLLM）只面向 Inf2、Trn1、Trn2。Inf1 适合视觉、BERT 类等经典模型（模型类型选“其他”）。".into()
            } else {
                "First-generation Inferentia (NeuronCore-v1) has no toolchain for generative LLM decoding: AWS's LLM libraries (transformers-neuronx, NxD Inference, vLLM) target Inf2, Trn1 and Trn2. Inf1 suits classic models such as vision and BERT-class (model family Other).".into()
            }
        }
        _ => return None,
    })
}

/// What the workload needs: speed, host RAM, precision, figures, activations.
fn exclusion_fit(e: &Exclusion, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match e {
        Exclusion::TooSlowPerSequence {
            best_tokens_per_s,
            target,
        } => too_slow_text(best_tokens_per_s, target, zh),
        Exclusion::SlowFirstToken { best_s, target_s } => slow_first_token_text(best_s, target_s, zh),
        Exclusion::HostRamTooSmall { needed_gib, ram_gib } => host_ram_text(needed_gib, ram_gib, zh),
        Exclusion::NoPrecision {
            precision: Precision::Fp4,
        } => {
            if zh {
                "不做 FP4 规划：FP4（NVFP4/MXFP4）仅用于推理服务，且仅限有公开 FP4 峰值的芯片（Blackwell：B200、B300、RTX PRO 6000/4500）。".into()
            } else {
                "No FP4 plan: FP4 (NVFP4/MXFP4) is planned for serving only, on chips with a published FP4 peak (Blackwell: B200, B300, RTX PRO 6000/4500).".into()
            }
        }
        Exclusion::NoPrecision {
            precision: Precision::Int4,
        } => {
            if zh {
                "不做 INT4 规划：Neuron 只公布 INT8 和 FP8 权重量化。".into()
            } else {
                "No INT4 plan: Neuron documents INT8 and FP8 weight quantization only.".into()
            }
        }
        Exclusion::NoPrecision { precision } => {
            if zh {
                format!("该芯片不支持 {}。", precision_name(*precision))
            } else {
                format!("The chip has no {} support.", precision_name(*precision))
            }
        }
        Exclusion::MissingFigure { what } => match (what, zh) {
            (Figure::MemoryBandwidth, true) => "资料中没有该芯片的显存带宽，无法估算速度。".into(),
            (Figure::MemoryBandwidth, false) => {
                "No published memory bandwidth for this chip: speed cannot be estimated.".into()
            }
            (Figure::TensorTflops, true) => "资料中没有该芯片在此精度下的张量算力，无法估算训练时间。".into(),
            (Figure::TensorTflops, false) => {
                "No published tensor TFLOPS at this precision: training time cannot be estimated.".into()
            }
        },
        Exclusion::ActivationsTooLarge {
            per_accelerator_gib,
            usable_gib,
            micro_batch,
            context_tokens,
        } => activations_text(per_accelerator_gib, usable_gib, micro_batch, context_tokens, zh),
        _ => return None,
    })
}

/// A per-sequence target no layout of the type reaches, with the best it does.
fn too_slow_text(best_tokens_per_s: &f64, target: &f64, zh: bool) -> String {
    if zh {
        format!(
            "每个序列最快约 {} token/s（张量并行跨整台实例、每副本 1 个序列），达不到要求的 {} token/s。",
            number(*best_tokens_per_s, 1),
            number(*target, 1)
        )
    } else {
        format!(
            "At best about {} tokens/s per sequence (tensor-parallel over the whole instance, one sequence per replica), short of the {} asked for.",
            number(*best_tokens_per_s, 1),
            number(*target, 1)
        )
    }
}

/// A time-to-first-token target the type misses at this load, with the best it reaches when estimated.
fn slow_first_token_text(best_s: &Option<f64>, target_s: &f64, zh: bool) -> String {
    let t = number(*target_s, 2);
    match (best_s, zh) {
        (Some(b), true) => format!("按此负载首 token 最快约 {} 秒，达不到要求的 {t} 秒。", number(*b, 2)),
        (Some(b), false) => {
            format!("At best about {} s to the first token at this load, short of the {t} s asked for.", number(*b, 2))
        }
        // Without a compute figure the time is not estimated: say so, not a dash.
        (None, true) => format!("此类型没有公开的算力数据，无法估算首 token 时间，不能确认达到 {t} 秒。"),
        (None, false) => format!("No published compute figure for this type: its time to first token is not estimated, so the {t} s asked for cannot be confirmed."),
    }
}

/// Host RAM too small to load the weights with the OS and runtime's reserve.
fn host_ram_text(needed_gib: &f64, ram_gib: &f64, zh: bool) -> String {
    if zh {
        format!(
            "主机内存 {} 装不下加载的权重加 {} GiB 系统与运行时预留（共需 {}）。",
            gib(*ram_gib),
            number(crate::engine::HOST_RAM_RESERVE_GIB, 0),
            gib(*needed_gib)
        )
    } else {
        format!(
            "Host RAM of {} cannot load the weights plus {} GiB for the OS and runtime ({} needed).",
            gib(*ram_gib),
            number(crate::engine::HOST_RAM_RESERVE_GIB, 0),
            gib(*needed_gib)
        )
    }
}

/// Activations that do not fit one accelerator even at the smallest micro-batch.
fn activations_text(
    per_accelerator_gib: &f64,
    usable_gib: &f64,
    micro_batch: &u32,
    context_tokens: &u32,
    zh: bool,
) -> String {
    let (need, have, ctx) = (
        gib(*per_accelerator_gib),
        gib(*usable_gib),
        number(f64::from(*context_tokens), 0),
    );
    if zh {
        format!(
            "每个加速器自身需要 {need}（{micro_batch} × {ctx} token 微批的激活值及运行时），可用只有 {have}；在此上下文长度下，即使微批为 1、完全重计算并拆分到实例的全部加速器上也放不下。缩短序列长度或换用显存更大的加速器才行。"
        )
    } else {
        format!(
            "Each accelerator must hold {need} for itself (activations of a micro-batch of {micro_batch} × {ctx} tokens, and the runtime) but has {have} usable; even a micro-batch of 1 with full recomputation, split over every accelerator of the instance, does not fit at this context length. A shorter sequence length or accelerators with more memory would."
        )
    }
}

/// The fleet: too small, several instances, too many, no EFA.
fn exclusion_fleet(e: &Exclusion, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match e {
        Exclusion::TooSmall {
            needed_gib,
            available_gib,
        } => {
            if zh {
                format!("放不下：需要 {}，最多只有 {}。", gib(*needed_gib), gib(*available_gib))
            } else {
                format!(
                    "Too small: needs {}, has at most {}.",
                    gib(*needed_gib),
                    gib(*available_gib)
                )
            }
        }
        Exclusion::NeedsMultinode { instances } => {
            if zh {
                format!("需要 {instances} 台实例，但未允许多节点。")
            } else {
                format!("Needs {instances} instances, and multi-node is not allowed.")
            }
        }
        Exclusion::TooMany { instances } => {
            if zh {
                format!(
                    "需要约 {} 台实例，超过单个方案 {} 台的上限。",
                    number(*instances as f64, 0),
                    number(crate::engine::MAX_INSTANCES as f64, 0)
                )
            } else {
                format!(
                    "Would need about {} instances, past the {} a single plan holds.",
                    number(*instances as f64, 0),
                    number(crate::engine::MAX_INSTANCES as f64, 0)
                )
            }
        }
        Exclusion::NoEfa { instances } => {
            if zh {
                format!("需要 {instances} 台实例协同，但该规格没有 EFA。")
            } else {
                format!("Needs {instances} instances working together, and this size has no EFA.")
            }
        }
        _ => return None,
    })
}
