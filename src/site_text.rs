//! The Chinese words of the build's static pages (`render::site`, `render::front` and `render::ledger`, whose English is the key): kept outside `src/render/`, where no Chinese text is written.

/// The language switch's label on an English page.
pub const CHINESE: &str = "中文";

/// The Chinese of one of `render::site`'s English texts; a text without one stays English (a test
/// holds that every text the pages use has one).
pub fn zh(en: &'static str) -> &'static str {
    match en {
        "This link's answer, computed in your browser while the planner loads. Loading the planner to edit it…" => "这是此链接的答案，已在你的浏览器中算出，规划器仍在加载。正在加载规划器以便修改……",
        "The default scenario's answer, computed when this page was built. Loading the planner to edit it… (Editing needs JavaScript and WebAssembly.)" => "这是构建页面时为默认场景算好的答案。正在加载规划器以便修改……（修改需要 JavaScript 和 WebAssembly。）",
        "per device" => "每卡显存",
        "On-Demand from" => "按需价最低",
        "Prices in every region, every purchase option, and which models it serves or fine-tunes." => "各区域价格、每种购买方式，以及能部署或微调哪些模型。",
        "specs, prices, what it fits" => "规格、价格与能跑什么",
        "Specs" => "规格",
        "Family" => "系列",
        "Accelerator" => "加速器",
        "Memory per device" => "每卡显存",
        "Accelerator memory in all" => "显存合计",
        "Memory" => "内存",
        "Network" => "网络",
        "Regions" => "区域",
        "Prices by region" => "各区域价格",
        "* derived from a regional multiplier, not a published price." => "* 由区域系数推算，并非公布价格。",
        "Every purchase option, serving" => "每种购买方式：部署",
        "at the planner's starting values" => "（规划器的初始取值）",
        "Edit this scenario in the planner →" => "在规划器中修改这个场景 →",
        "What it fits" => "能跑什么",
        "Each model preset at the planner's starting values (serving: 8K context, the default concurrency; fine-tuning: LoRA defaults), the instances of this type it needs and their On-Demand cost." => "每个模型预设按规划器的初始取值（部署：8K 上下文、默认并发；微调：默认设置），所需本类型实例数及其按需费用。",
        "Model" => "模型",
        "Serving, per month" => "部署（每月）",
        "Fine-tuning, per job" => "微调（每次任务）",
        "does not fit" => "放不下",
        "nothing fits" => "没有放得下的实例",
        " per job" => "/次",
        " per month" => "/月",
        "on AWS: which instances serve and fine-tune it, and what it costs" => "在 AWS 上：用哪些实例部署和微调，花多少钱",
        "parameters" => "参数",
        "serving" => "部署",
        "fine-tuning" => "微调",
        "Serving at the planner's starting values" => "部署（规划器的初始取值）",
        "Fine-tuning at the planner's starting values" => "微调（规划器的初始取值）",
        "Training" => "训练",
        "MoE training" => "MoE 训练",
        "Serving" => "推理",
        "MoE serving" => "MoE 推理",
        "Each family's record" => "各系列的记录",
        "Runs of" => "实测类型",
        "Runs" => "实测数",
        "Median error" => "误差中位数",
        "Worst error" => "最大误差",
        "runs" => "个实测",
        "Run" => "实测",
        "Setup, as the source states it" => "设置（按来源原文）",
        "Published" => "公布值",
        "Estimate" => "估算",
        "Error" => "误差",
        "Source" => "来源",
        "The accuracy ledger" => "准确度记录",
        "Accuracy ledger" => "准确度记录",
        "Every published training and serving run the planner is held to, by accelerator family: setup, published figure, estimate, error, source and date." => "规划器对照的每个公开训练与推理实测，按加速器系列列出：设置、公布值、估算、误差、来源与日期。",
        "Every published training and serving run the planner is held to, estimated with the default assumptions: one set for every run, never a constant per case. Error is the estimated speed ÷ the published speed − 1: positive means the estimate is faster than the run. The tests hold each run within ±25 % and the median within ±15 %; a miss that stays is kept with its reason, not tuned away." => "规划器对照的每个公开训练与推理实测，均用默认假设估算：所有实测共用一套假设，从不为单个案例调参。误差 = 估算速度 ÷ 公布速度 − 1，为正表示估算比实测快。测试要求每个实测在 ±25 % 以内、中位数在 ±15 % 以内；仍未达标的保留并注明原因，不调参掩盖。",
        "gpuplan: AWS GPU and accelerator instance planner" => "gpuplan：AWS GPU 与加速器实例规划器",
        "Choose AWS accelerated instances (G, P, Trainium, Inferentia) and plan what they cost under every purchase option." => "选择 AWS 加速实例（G、P、Trainium、Inferentia），并规划每种购买方式下的成本。",
        _ => en,
    }
}

/// Every English text `render::site` and `render::ledger` translate (read from its source by the test below).
#[cfg(test)]
mod tests {
    #[test]
    fn every_static_page_text_has_its_chinese() {
        let sources: [&'static str; 2] = [include_str!("render/site.rs"), include_str!("render/ledger.rs")];
        let more: [&'static str; 4] = [
            crate::render::front::TEXTS[0],
            crate::render::front::TEXTS[1],
            crate::render::site::LOADING,
            crate::render::site::LINK_LOADING,
        ];
        for en in more {
            assert_ne!(super::zh(en), en, "no Chinese for {en:?}");
        }
        let mut n = 0;
        for part in sources.iter().flat_map(|src| src.split("tr(lang, \"").skip(1)) {
            let en = part.split('"').next().unwrap_or_default();
            assert_ne!(super::zh(en), en, "no Chinese for {en:?}");
            n += 1;
        }
        assert!(n > 20, "{n} texts found");
    }
}
