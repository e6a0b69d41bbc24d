//! Plain words for the engine's reasons, exclusions and query warnings, in English and Chinese. Pure: the page and the CLI share them.

use crate::catalog::Stack;
use crate::engine::cost::NotOffered;
use crate::engine::recommend::{Exclusion, Figure, Why};
use crate::format::{number, usd};
use crate::query::{Problem, Warning};
use crate::scenario::{Buy, Lang, Precision};

fn gib(v: f64) -> String {
    format!("{} GiB", number(v, 1))
}

fn stack_name(s: Stack) -> &'static str {
    match s {
        Stack::Cuda => "CUDA",
        Stack::Neuron => "AWS Neuron (Trainium/Inferentia)",
        Stack::Synapse => "Habana SynapseAI (Gaudi)",
    }
}

/// A count with its noun in English: "1 instance", "3 instances".
fn count(n: impl std::fmt::Display + PartialEq<u32>, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Lower-case precision name as written in links.
pub fn precision_name(p: Precision) -> &'static str {
    match p {
        Precision::Fp32 => "FP32",
        Precision::Bf16 => "BF16",
        Precision::Fp16 => "FP16",
        Precision::Fp8 => "FP8",
        Precision::Int8 => "INT8",
        Precision::Int4 => "INT4",
    }
}

/// One reason of a recommendation, as a sentence.
pub fn why(w: &Why, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match w {
        Why::Fits {
            needed_gib,
            available_gib,
            devices,
        } => {
            if zh {
                format!(
                    "需要 {}，{} 个加速器共有 {}：放得下。",
                    gib(*needed_gib),
                    devices,
                    gib(*available_gib)
                )
            } else {
                format!(
                    "Needs {}; {} {} {}: it fits.",
                    gib(*needed_gib),
                    count(*devices, "accelerator", "accelerators"),
                    if *devices == 1 { "has" } else { "have" },
                    gib(*available_gib)
                )
            }
        }
        Why::CannotRun { reason } => exclusion(reason, lang),
        Why::DoesNotFit {
            needed_gib,
            available_gib,
        } => {
            if zh {
                format!("需要 {}，但只有 {}：放不下。", gib(*needed_gib), gib(*available_gib))
            } else {
                format!(
                    "Needs {} but has only {}: it does not fit.",
                    gib(*needed_gib),
                    gib(*available_gib)
                )
            }
        }
        Why::TensorParallel {
            degree,
            replicas_per_instance,
        } => {
            if zh {
                format!("每个副本张量并行跨 {degree} 个加速器；每台实例可放 {replicas_per_instance} 个副本。")
            } else {
                format!(
                    "Each replica is split across {} (tensor parallel); {} per instance.",
                    count(*degree, "accelerator", "accelerators"),
                    count(*replicas_per_instance, "replica", "replicas")
                )
            }
        }
        Why::Replicas {
            replicas,
            tokens_per_s_each,
        } => {
            if zh {
                format!(
                    "为达到目标吞吐需要 {replicas} 个副本，每个约 {} token/s。",
                    number(*tokens_per_s_each, 0)
                )
            } else {
                format!(
                    "{replicas} replicas reach the target throughput, about {} tokens/s each.",
                    number(*tokens_per_s_each, 0)
                )
            }
        }
        Why::MultiNode { instances } => {
            if zh {
                format!("跨 {instances} 台实例运行，通过 EFA 互联。")
            } else {
                format!("Runs across {instances} instances linked by EFA.")
            }
        }
        Why::SlowerThanTarget { days, target_days } => {
            if zh {
                format!(
                    "无法横向扩展：作业约需 {} 天，超过目标 {} 天。",
                    number(*days, 1),
                    number(*target_days, 1)
                )
            } else {
                format!(
                    "Cannot scale out: the job takes about {} days, past the {}-day target.",
                    number(*days, 1),
                    number(*target_days, 1)
                )
            }
        }
        Why::Fp16Instead => {
            if zh {
                "该 GPU 不支持 BF16，以 FP16 运行（权重大小相同；训练需要损失缩放）。".into()
            } else {
                "This GPU has no BF16: it runs in FP16 (same size; training needs loss scaling).".into()
            }
        }
        Why::NeuronPorting => {
            if zh {
                "需要 Neuron SDK 适配与提前编译，上手约 1-2 周；仅适合标准 Transformer 模型。".into()
            } else {
                "Needs the Neuron SDK and ahead-of-time compilation: plan 1-2 weeks to port; standard Transformer models only.".into()
            }
        }
        Why::MixtureOfExperts { active_b, total_b } => {
            if zh {
                format!(
                    "MoE：显存按全部 {}B 参数计，计算与带宽按每 token 激活的 {}B 计。",
                    number(*total_b, 1),
                    number(*active_b, 1)
                )
            } else {
                format!("Mixture of experts: memory holds all {}B parameters; compute and bandwidth use the {}B active per token.", number(*total_b, 1), number(*active_b, 1))
            }
        }
        Why::EstimatedArch => {
            if zh {
                "自定义模型：层数、隐藏维度和 KV 头数按参数量估算（类 Llama 结构，8 个 KV 头）。".into()
            } else {
                "Custom model: layers, hidden size and KV heads are estimated from the parameter count (Llama-like shape, 8 KV heads).".into()
            }
        }
        Why::FractionalGpu { fraction } => {
            if zh {
                format!("分数 GPU：每台实例只有一块 L4 的 {}。", number(*fraction, 3))
            } else {
                format!("Fractional GPU: the instance gets {} of one L4.", number(*fraction, 3))
            }
        }
        Why::NoComputeCap => {
            if zh {
                "该芯片未公布张量算力：仅按显存带宽估算解码速度，未计算预填充时间。".into()
            } else {
                "No published tensor TFLOPS for this chip: decode is estimated from memory bandwidth only, and prefill is not estimated.".into()
            }
        }
        Why::NoPublicPrice { region } => {
            if zh {
                format!("{region} 没有公开的按需价格：可通过 Capacity Blocks 或预留获得。")
            } else {
                format!("No public On-Demand price in {region}: available through Capacity Blocks or reservations.")
            }
        }
        Why::DerivedPrice { multiplier } => {
            if zh {
                format!(
                    "该区域价格为推算值：us-east-1 价格 × 同系列区域系数 {}。",
                    number(*multiplier, 4)
                )
            } else {
                format!(
                    "Regional price derived: the us-east-1 price × the family's regional multiplier {}.",
                    number(*multiplier, 4)
                )
            }
        }
        Why::Seats { per_instance } => {
            if zh {
                format!("每台实例可容纳 {per_instance} 个席位（按 GPU 显存、vCPU 与内存中最紧者）。")
            } else {
                format!(
                    "{} per instance (the tightest of GPU memory, vCPUs and RAM).",
                    count(*per_instance, "seat", "seats")
                )
            }
        }
        Why::Fp64 { tflops } => {
            if zh {
                format!("FP64 峰值合计 {} TFLOPS。", number(*tflops, 1))
            } else {
                format!("{} FP64 TFLOPS at peak in all.", number(*tflops, 1))
            }
        }
        Why::Legacy => {
            if zh {
                "上一代实例，正逐步退役。".into()
            } else {
                "An older generation that AWS is retiring.".into()
            }
        }
        Why::BuyNotOffered { buy, reason } => {
            if zh {
                format!(
                    "所选购买方式“{}”不可用（{}），显示按需价格。",
                    buy_name(*buy, lang),
                    not_offered(reason, lang)
                )
            } else {
                format!(
                    "The chosen option “{}” is not available ({}); figures are On-Demand.",
                    buy_name(*buy, lang),
                    not_offered(reason, lang)
                )
            }
        }
        Why::MicroBatchExcludes {
            micro_batch,
            context_tokens,
            families,
        } => {
            let ctx = number(f64::from(*context_tokens), 0);
            let list = families.join(", ");
            if zh {
                format!("{micro_batch} × {ctx} token 的微批使 {list} 被排除：其加速器放不下该微批的激活值，加实例也没用。减小微批（梯度累积可保持全局批大小）可能让它们入选，详见“为什么不选其他”。")
            } else {
                format!("A micro-batch of {micro_batch} × {ctx} tokens rules out {list}: their accelerators cannot hold its activations, however many instances. A smaller micro-batch (gradient accumulation keeps the global batch) may let them in: see \"Why not the others\".")
            }
        }
        Why::ContextBeyondModel { context, max } => {
            if zh {
                format!(
                    "上下文 {} token 超过该模型的最大上下文 {}：估算照算，但模型本身不支持。",
                    number(f64::from(*context), 0),
                    number(f64::from(*max), 0)
                )
            } else {
                format!("A {}-token context is longer than the model's maximum of {}: estimated anyway, but the model does not support it.", number(f64::from(*context), 0), number(f64::from(*max), 0))
            }
        }
        Why::RankCheapest => {
            if zh {
                "在所有放得下的选项中成本最低。".into()
            } else {
                "The lowest cost of every option that fits.".into()
            }
        }
        Why::RankFastestWithinBudget { budget_x } => {
            if zh {
                format!("在成本不超过最便宜选项 {} 倍的选项中速度最快。", number(*budget_x, 1))
            } else {
                format!(
                    "The fastest of the options costing at most {}× the cheapest.",
                    number(*budget_x, 1)
                )
            }
        }
        Why::RankBestBalance => {
            if zh {
                "成本与速度的最佳平衡（两者相对最优值之比的几何平均）。".into()
            } else {
                "The best balance of cost and speed (geometric mean of each relative to the best).".into()
            }
        }
    }
}

/// A growing fleet's path over the horizon, as a sentence ("Fleet: 1 → 9 instances over 24 months
/// (+10 % a month)"); `None` for a steady fleet.
pub fn fleet_path(fleet: &[u32], growth_pct: f64, lang: Lang) -> Option<String> {
    // Compounding at a constant rate is monotone: the ends are the least and the most.
    let (first, last) = (fleet.first()?, fleet.last()?);
    let months = fleet.len();
    let sign = if growth_pct > 0.0 { "+" } else { "" };
    let g = format!("{sign}{}", crate::num::shortest(growth_pct));
    Some(match lang {
        // A no-break space keeps the rate and its % sign on one line.
        Lang::Zh => format!("实例数：{months} 个月内从 {first} 台到 {last} 台（每月 {g}\u{a0}%）"),
        Lang::En => format!("Fleet: {first} → {last} instances over {months} months ({g}\u{a0}% a month)"),
    })
}

/// Under the purchase options of a growing fleet: their figures are for the first month's fleet.
pub fn steady_fleet_note(n_instances: u32, lang: Lang) -> String {
    match (lang, n_instances) {
        (Lang::Zh, n) => format!("以下为固定 {n} 台实例的费用；上面的方案已计入增长。"),
        (Lang::En, n) => format!(
            "These figures are for a steady fleet of {}; the plan above includes the growth.",
            count(n, "instance", "instances")
        ),
    }
}

/// That a type fits, and on how many instances ("Fits on 1 instance", "3 台实例可放下").
pub fn fits_on(n_instances: u32, lang: Lang) -> String {
    match (lang, n_instances) {
        (Lang::Zh, n) => format!("{n} 台实例可放下"),
        (Lang::En, n) => format!("Fits on {}", count(n, "instance", "instances")),
    }
}

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
                    number(super::engine::recommend::HPC_MIN_FP64_TFLOPS, 2)
                )
            } else {
                format!(
                    "FP64 is only {f} TFLOPS per chip, under the {} TFLOPS bar for real double precision.",
                    number(super::engine::recommend::HPC_MIN_FP64_TFLOPS, 2)
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
                    "Each accelerator must hold {need} for itself (activations of a micro-batch of {micro_batch} × {ctx} tokens, and the runtime) but has {have} usable; even a micro-batch of 1 does not fit at this context length."
                ),
                (true, Some(b)) => format!(
                    "每个加速器自身需要 {need}（{micro_batch} × {ctx} token 微批的激活值及运行时），可用只有 {have}，加实例也没用。微批不超过 {b} 时可以放下，梯度累积可保持全局批大小。"
                ),
                (true, None) => format!(
                    "每个加速器自身需要 {need}（{micro_batch} × {ctx} token 微批的激活值及运行时），可用只有 {have}；在此上下文长度下微批为 1 也放不下。"
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

/// A query warning, naming the field, the value and what is used instead.
pub fn warning(w: &Warning, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let (f, v, used) = (&w.field, &w.value, &w.used);
    match (&w.problem, zh) {
        (Problem::UnknownField, false) => format!("Unknown field `{f}` (value “{v}”) ignored."),
        (Problem::UnknownField, true) => format!("未知字段 `{f}`（值“{v}”）已忽略。"),
        (Problem::Invalid { expected }, false) => {
            format!("`{f}` = “{v}” is not valid (expected {expected}); using {used}.")
        }
        (Problem::Invalid { expected }, true) => format!("`{f}` = “{v}” 无效（应为 {expected}）；改用 {used}。"),
        (Problem::OutOfRange { min, max }, zh) => {
            let (min, max) = (crate::num::shortest(*min), crate::num::shortest(*max));
            if zh {
                format!("`{f}` = “{v}” 超出 {min} 到 {max} 的范围；改用 {used}。")
            } else {
                format!("`{f}` = “{v}” is outside {min} to {max}; using {used}.")
            }
        }
        (Problem::UnknownPreset, false) => format!("`{f}` = “{v}” is not a known model preset; using {used}."),
        (Problem::UnknownPreset, true) => format!("`{f}` = “{v}” 不是已知的模型预设；改用 {used}。"),
        (Problem::UnknownRegion, false) => format!("`{f}` = “{v}” is not a region in the catalog; using {used}."),
        (Problem::UnknownRegion, true) => format!("`{f}` = “{v}” 不是目录中的区域；改用 {used}。"),
        (Problem::UnknownInstance, false) => format!("`{f}`: “{v}” is not an instance type in the catalog; left out."),
        (Problem::UnknownInstance, true) => format!("`{f}`：“{v}” 不是目录中的实例类型；已略去。"),
        (Problem::UnknownVersion, false) => format!("`{f}` = “{v}”: unknown link version; read as version {used}."),
        (Problem::UnknownVersion, true) => format!("`{f}` = “{v}”：未知的链接版本；按版本 {used} 读取。"),
    }
}

/// A purchase option's name.
pub fn buy_name(b: Buy, lang: Lang) -> &'static str {
    match (b, lang) {
        (Buy::OnDemand, Lang::En) => "On-Demand",
        (Buy::OnDemand, Lang::Zh) => "按需",
        (Buy::Spot, Lang::En) => "Spot",
        (Buy::Spot, Lang::Zh) => "Spot 竞价",
        (Buy::ComputeSp1, Lang::En) => "Compute Savings Plan, 1 year",
        (Buy::ComputeSp1, Lang::Zh) => "Compute Savings Plans 1 年",
        (Buy::ComputeSp3, Lang::En) => "Compute Savings Plan, 3 years",
        (Buy::ComputeSp3, Lang::Zh) => "Compute Savings Plans 3 年",
        (Buy::InstanceSp1, Lang::En) => "EC2 Instance Savings Plan, 1 year",
        (Buy::InstanceSp1, Lang::Zh) => "EC2 Instance Savings Plans 1 年",
        (Buy::InstanceSp3, Lang::En) => "EC2 Instance Savings Plan, 3 years",
        (Buy::InstanceSp3, Lang::Zh) => "EC2 Instance Savings Plans 3 年",
        (Buy::Ri1, Lang::En) => "Reserved Instance, 1 year",
        (Buy::Ri1, Lang::Zh) => "预留实例 1 年",
        (Buy::Ri3, Lang::En) => "Reserved Instance, 3 years",
        (Buy::Ri3, Lang::Zh) => "预留实例 3 年",
        (Buy::CapacityBlock, Lang::En) => "Capacity Block",
        (Buy::CapacityBlock, Lang::Zh) => "Capacity Block 容量块",
    }
}

/// Why a purchase option is not available, as a short phrase.
pub fn not_offered(n: &NotOffered, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match n {
        NotOffered::NoOnDemandPrice if zh => "该区域没有公开按需价格".into(),
        NotOffered::NoOnDemandPrice => "no public On-Demand price in the region".into(),
        NotOffered::NoSpotPrice if zh => "没有观测到的 Spot 价格；可在假设中设置 Spot 折扣".into(),
        NotOffered::NoSpotPrice => "no observed Spot price; set a Spot discount in the assumptions".into(),
        NotOffered::NonInterruptible if zh => "在线服务不可中断".into(),
        NotOffered::NonInterruptible => "online serving must not be interrupted".into(),
        NotOffered::NoPublishedRi if zh => "没有公开的预留实例价格".into(),
        NotOffered::NoPublishedRi => "no published Reserved Instance rate".into(),
        NotOffered::CbNotSupported if zh => "该系列不支持 Capacity Blocks".into(),
        NotOffered::CbNotSupported => "the family has no Capacity Blocks".into(),
        NotOffered::CbNoRate if zh => "没有公开的 Capacity Block 价格".into(),
        NotOffered::CbNoRate => "no published Capacity Block rate".into(),
        NotOffered::CbNotForServices if zh => "Capacity Blocks 用于固定时间窗口，不适合常驻服务".into(),
        NotOffered::CbNotForServices => "Capacity Blocks are for fixed windows, not always-on services".into(),
        NotOffered::CbTooLong { days } if zh => format!("需要 {days} 天，超过 182 天上限"),
        NotOffered::CbTooLong { days } => format!("needs {days} days, past the 182-day limit"),
        NotOffered::SpotNeverFinishes if zh => "中断过于频繁，作业无法完成".into(),
        NotOffered::SpotNeverFinishes => "interruptions outpace progress: the job would never finish".into(),
    }
}

/// The formulas behind a recommendation's numbers, each with its inputs filled in.
pub fn formulas(
    scenario: &crate::scenario::Scenario,
    arch: &crate::models::ModelArch,
    rec: &crate::engine::Recommendation,
    lang: Lang,
) -> Vec<String> {
    use crate::engine::memory::{cached_tokens, kv_bytes_per_token};
    use crate::scenario::Task;
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    let b = scenario.precision.weight_bytes();
    let n_b = arch.total_params / 1e9;
    if scenario.task.uses_model() {
        out.push(if zh {
            format!(
                "权重 = N × b = {}B × {} 字节 = {}",
                number(n_b, 2),
                number(b, 4),
                gib(rec.memory.weights_gib)
            )
        } else {
            format!(
                "weights = N × b = {}B × {} bytes = {}",
                number(n_b, 2),
                number(b, 4),
                gib(rec.memory.weights_gib)
            )
        });
    }
    match scenario.task {
        Task::Inference => {
            let per_tok = kv_bytes_per_token(arch, scenario.precision);
            out.push(format!(
                "KV = 2·L·n_kv·d_head·b_kv × s × B = {} B/token × {} × {} = {}",
                number(per_tok, 0),
                number(cached_tokens(arch, scenario.context_tokens), 0),
                scenario.batch,
                gib(rec.memory.kv_cache_gib)
            ));
            if let Some(t) = rec.tokens_per_s_per_seq {
                out.push(format!(
                    "t_step = (N_act·b + B·KV_seq) / (BW·η), η = {} → {} {}",
                    number(scenario.assumptions.bw_efficiency, 2),
                    number(t, 1),
                    if zh {
                        "token/秒（每序列）"
                    } else {
                        "tokens/s per sequence"
                    }
                ));
            }
        }
        Task::Training | Task::Finetune => {
            out.push(format!(
                "{} = {} GiB ({})",
                if zh {
                    "梯度 + 优化器"
                } else {
                    "gradients + optimizer"
                },
                number(rec.memory.gradients_gib + rec.memory.optimizer_gib, 1),
                if zh {
                    "Adam 混合精度 16 字节/参数，FSDP 分片"
                } else {
                    "Adam mixed precision, 16 B/param, FSDP-sharded"
                }
            ));
            out.push(format!(
                "{} = 2·s·B·h·L + 34·s·B·h, s = {}, B = {}, h = {}, L = {} → {} ({})",
                if zh {
                    "激活值/加速器"
                } else {
                    "activations per accelerator"
                },
                number(f64::from(scenario.context_tokens), 0),
                scenario.batch.max(1),
                arch.hidden,
                arch.layers,
                gib(rec.memory.activations_gib),
                if zh {
                    "完全重计算；随微批线性增长，不随实例数减少"
                } else {
                    "full recomputation; grows with the micro-batch, not divided by more instances"
                }
            ));
            if let (Some(g), Some(j)) = (rec.gpu_hours, rec.job_hours) {
                out.push(format!(
                    "C = k·N_act·D + 12·L·h·s·D; {} = C / (P·MFU·3600) = {}, MFU = {}",
                    if zh { "加速器小时" } else { "accelerator-hours" },
                    number(g, 0),
                    number(scenario.assumptions.mfu, 2)
                ));
                out.push(format!(
                    "{} = {} / {} = {}",
                    if zh { "时长" } else { "wall clock" },
                    number(g, 0),
                    rec.n_accelerators,
                    crate::format::hours(j, lang)
                ));
            }
        }
        Task::Hpc => {
            if let (Some(tf), Some(c)) = (
                crate::engine::recommend::fp64_tflops(rec),
                crate::engine::recommend::usd_per_fp64_tflops_hour(rec),
            ) {
                out.push(format!(
                    "{} = {}/h ÷ {} TFLOPS = {}",
                    if zh {
                        "每 FP64 TFLOPS·小时成本"
                    } else {
                        "cost per FP64 TFLOPS-hour"
                    },
                    usd(rec.hourly_usd.unwrap_or(0.0)),
                    number(tf, 1),
                    usd(c)
                ));
            }
        }
        Task::Graphics => {}
    }
    if let Some(h) = rec.hourly_usd {
        out.push(if zh {
            format!(
                "每月 = {}/小时 × {} 小时 = {}",
                usd(h),
                number(scenario.hours_per_month, 0),
                usd(h * scenario.hours_per_month)
            )
        } else {
            format!(
                "monthly = {}/h × {} h = {}",
                usd(h),
                number(scenario.hours_per_month, 0),
                usd(h * scenario.hours_per_month)
            )
        });
    }
    // Serving: a million output tokens at the fleet's throughput, running flat out.
    if let (Some(h), Some(t), Some(m)) = (rec.hourly_usd, rec.tokens_per_s, rec.usd_per_mtok) {
        out.push(if zh {
            format!(
                "每百万 token = {}/小时 ÷ ({} token/秒 × 3600 秒) × 10⁶ = {}（满负荷运行）",
                usd(h),
                number(t, 0),
                usd(m)
            )
        } else {
            format!(
                "per million tokens = {}/h ÷ ({} tokens/s × 3,600 s) × 10⁶ = {} (at full load)",
                usd(h),
                number(t, 0),
                usd(m)
            )
        });
    }
    // A growing service fleet: the commitment level the plan chooses.
    let g = scenario.purchase.growth_pct;
    if rec.job_hours.is_none() && g != 0.0 && scenario.months > 1 {
        let g = crate::num::shortest(g / 100.0);
        out.push(if zh {
            format!(
                "第 m 月实例数 n_m = ⌈{} × (1 + {g})^m⌉（首月 m = 0）；承诺 k 台使 k·C + Σ max(0, n_m − k)·R 最小（C：一台实例在规划周期内的承诺费用；R：一台实例每月按需或 Spot 的费用）",
                rec.n_instances
            )
        } else {
            format!(
                "fleet in month m: n_m = ⌈{} × (1 + {g})^m⌉ (m = 0 in the first month); commit the k that minimises k·C + Σ max(0, n_m − k)·R (C: one instance's commitment over the horizon; R: one instance-month On-Demand or Spot)",
                rec.n_instances
            )
        });
    }
    if let Some(e) = rec.energy_kwh {
        out.push(format!(
            "{} = TDP × {} = {} kWh",
            if zh { "能耗" } else { "energy" },
            if zh { "加速器小时" } else { "accelerator-hours" },
            number(e, 0)
        ));
    }
    out
}

/// How an option's figures were computed, with the numbers, for a tooltip.
pub fn option_formula(o: &crate::engine::cost::OptionCost, n_instances: u32, lang: Lang) -> String {
    use crate::scenario::Buy;
    let zh = lang == Lang::Zh;
    let per_inst = o.hourly_usd / f64::from(n_instances.max(1));
    let mut parts = vec![if zh {
        format!(
            "每小时 = {}/小时 × {} 台 = {}/小时",
            usd(per_inst),
            n_instances,
            usd(o.hourly_usd)
        )
    } else {
        format!(
            "per hour = {}/h × {} = {}/h",
            usd(per_inst),
            count(n_instances, "instance", "instances"),
            usd(o.hourly_usd)
        )
    }];
    if let Some(s) = &o.spot {
        parts.push(format!(
            "{} {} %/{}{}; F = (1 + C/τ) / (1 − Λ·(R + (τ + C)/2)) = {}",
            if zh { "中断率" } else { "interruptions" },
            number(s.interrupt_pct_month, 1),
            if zh { "月" } else { "month" },
            s.band
                .as_deref()
                .map_or(String::new(), |b| format!(" (Spot Advisor {b} %)")),
            number(s.overhead_factor, 3)
        ));
    }
    if let Some(u) = o.breakeven_utilization {
        parts.push(if zh {
            format!("盈亏平衡使用率 = 有效费率 / 按需费率 = {} %", number(u * 100.0, 1))
        } else {
            format!(
                "break-even utilisation = effective rate / On-Demand rate = {} %",
                number(u * 100.0, 1)
            )
        });
    }
    if let Some(m) = o.breakeven_month {
        parts.push(if zh {
            format!("回本月数 = 预付 / (按需月费 − 月度经常费用) = {}", number(m, 1))
        } else {
            format!(
                "break-even month = upfront / (On-Demand monthly − recurring monthly) = {}",
                number(m, 1)
            )
        });
    }
    if let Some(c) = &o.cb {
        parts.push(format!(
            "{}/h × {} × {} {} × 24 h = {} ({} {})",
            usd(c.rate_usd_hr),
            n_instances,
            c.days,
            if zh { "天" } else { "days" },
            usd(o.upfront_usd),
            c.source,
            c.as_of
        ));
        // Booking rules: how many blocks, and how far ahead.
        parts.push(if zh {
            format!(
                "需 {} 个容量块（每块最多 {} 台实例）；最早可提前 {} 周预订，费用在预订时一次付清。",
                c.blocks, c.max_instances_per_block, c.max_lead_weeks
            )
        } else {
            format!(
                "{} (at most {} instances each); a block can start up to {} weeks after booking and is paid in full when booked.",
                count(c.blocks, "block", "blocks"),
                c.max_instances_per_block,
                c.max_lead_weeks
            )
        });
    }
    if o.buy.term_years().is_some() && o.job_usd.is_some() {
        parts.push(if zh {
            "作业按整个承诺期计费：其余时间只有用于其他工作才划算。".into()
        } else {
            "A job pays the whole commitment term: the rest only pays off if other work uses it.".into()
        });
    }
    if o.assumption && o.buy != Buy::Spot {
        parts.push(if zh {
            "费率为假设或推算值（见“假设”）。".into()
        } else {
            "The rate is an assumption or derived (see Assumptions).".into()
        });
    }
    parts.join("\n")
}

/// The estimate at both ends of the efficiency range (`engine::sensitivity`), each end in full because a
/// fleet sized to a target can change with it (then a better efficiency may mean fewer instances and a
/// longer job): "If efficiency is 25 % better than assumed (MFU 0.5, memory bandwidth 0.88): 14.7 days,
/// $X per job; 25 % worse (MFU 0.3, memory bandwidth 0.52): 24.5 days, $Y per job." `money` writes an
/// amount in the page's currency. `None` when the task has neither a job time nor a token rate.
pub fn range(s: &crate::engine::sensitivity::Sensitivity, lang: Lang, money: &dyn Fn(f64) -> String) -> Option<String> {
    use crate::engine::sensitivity::Bound;
    let zh = lang == Lang::Zh;
    let (lo, hi) = (&s.low, &s.high);
    let instances_differ = lo.n_instances != hi.n_instances;
    let describe = |b: &Bound| -> Option<String> {
        let mut parts: Vec<String> = Vec::new();
        if instances_differ {
            parts.push(if zh {
                format!("{} 台实例", b.n_instances)
            } else {
                count(b.n_instances, "instance", "instances")
            });
        }
        match (b.job_hours, b.tokens_per_s) {
            (Some(h), _) => {
                parts.push(crate::format::hours(h, lang));
                if let Some(c) = b.job_usd {
                    parts.push(if zh {
                        format!("每次作业 {}", money(c))
                    } else {
                        format!("{} per job", money(c))
                    });
                }
            }
            (None, Some(t)) => {
                parts.push(if zh {
                    format!("{} token/秒", number(t, 0))
                } else {
                    format!("{} tokens/s", number(t, 0))
                });
                if let Some(c) = b.monthly_usd.filter(|_| instances_differ) {
                    parts.push(if zh {
                        format!("每月 {}", money(c))
                    } else {
                        format!("{} a month", money(c))
                    });
                }
            }
            (None, None) => return None,
        }
        Some(parts.join(if zh { "，" } else { ", " }))
    };
    let (better, worse) = (describe(hi)?, describe(lo)?);
    let pct = number(crate::engine::sensitivity::SPREAD * 100.0, 0);
    let (mfu_hi, bw_hi, mfu_lo, bw_lo) = (
        number(hi.mfu, 2),
        number(hi.bw_efficiency, 2),
        number(lo.mfu, 2),
        number(lo.bw_efficiency, 2),
    );
    Some(if zh {
        format!(
            "效率比假设高 {pct} %（MFU {mfu_hi}，显存带宽效率 {bw_hi}）时：{better}；低 {pct} %（MFU {mfu_lo}，显存带宽效率 {bw_lo}）时：{worse}。"
        )
    } else {
        format!(
            "If efficiency is {pct} % better than assumed (MFU {mfu_hi}, memory bandwidth {bw_hi}): {better}; {pct} % worse (MFU {mfu_lo}, memory bandwidth {bw_lo}): {worse}."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_on_counts_instances_in_both_languages() {
        assert_eq!(fits_on(1, Lang::En), "Fits on 1 instance");
        assert_eq!(fits_on(3, Lang::En), "Fits on 3 instances");
        assert_eq!(fits_on(2, Lang::Zh), "2 台实例可放下");
    }

    #[test]
    fn fleet_path_names_both_ends_and_the_rate() {
        assert_eq!(
            fleet_path(&[1, 2, 2, 3], 25.0, Lang::En).as_deref(),
            Some("Fleet: 1 → 3 instances over 4 months (+25\u{a0}% a month)")
        );
        assert_eq!(
            fleet_path(&[11, 10, 9], -10.0, Lang::Zh).as_deref(),
            Some("实例数：3 个月内从 11 台到 9 台（每月 -10\u{a0}%）")
        );
        assert_eq!(fleet_path(&[], 10.0, Lang::En), None);
    }
}
