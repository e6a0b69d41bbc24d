//! Why an instance type was left out, as plain words.

use super::*;
use crate::engine::recommend::{Exclusion, Figure};
use crate::format::number;
use crate::scenario::Lang;

/// Why a family (or some sizes) was left out, as a sentence.
pub fn exclusion(e: &Exclusion, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match e {
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
                format!("目录中 {region} 不提供。")
            } else {
                format!("Not offered in {region} (per the catalog).")
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
            let f = fp64_tflops.map_or_else(|| "?".to_string(), |f| number(f, 2));
            if zh {
                format!(
                    "FP64 仅 {f} TFLOPS/芯片，不足 {} TFLOPS 的双精度门槛。",
                    number(crate::engine::recommend::HPC_MIN_FP64_TFLOPS, 2)
                )
            } else {
                format!(
                    "FP64 is only {f} TFLOPS per chip, under the {} TFLOPS bar for real double precision.",
                    number(crate::engine::recommend::HPC_MIN_FP64_TFLOPS, 2)
                )
            }
        }
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
            fits_micro_batch,
        } => {
            let (need, have, ctx) = (
                gib(*per_accelerator_gib),
                gib(*usable_gib),
                number(f64::from(*context_tokens), 0),
            );
            match (zh, fits_micro_batch) {
                (false, Some(b)) => format!(
                    "Each accelerator must hold {need} for itself (activations of a micro-batch of {micro_batch} × {ctx} tokens, and the runtime) but has {have} usable, so more instances do not help. With a micro-batch of {b} or less it can fit; gradient accumulation keeps the global batch."
                ),
                (false, None) => format!(
                    "Each accelerator must hold {need} for itself (activations of a micro-batch of {micro_batch} × {ctx} tokens, and the runtime) but has {have} usable; even a micro-batch of 1 with full recomputation, split over every accelerator of the instance, does not fit at this context length. A shorter sequence length or accelerators with more memory would."
                ),
                (true, Some(b)) => format!(
                    "每个加速器自身需要 {need}（{micro_batch} × {ctx} token 微批的激活值及运行时），可用只有 {have}，加实例也没用。微批不超过 {b} 时可以放下，梯度累积可保持全局批大小。"
                ),
                (true, None) => format!(
                    "每个加速器自身需要 {need}（{micro_batch} × {ctx} token 微批的激活值及运行时），可用只有 {have}；在此上下文长度下，即使微批为 1、完全重计算并拆分到实例的全部加速器上也放不下。缩短序列长度或换用显存更大的加速器才行。"
                ),
            }
        }
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
                    number(crate::engine::recommend::MAX_INSTANCES as f64, 0)
                )
            } else {
                format!(
                    "Would need about {} instances, past the {} a single plan holds.",
                    number(*instances as f64, 0),
                    number(crate::engine::recommend::MAX_INSTANCES as f64, 0)
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
    }
}
