//! The Chinese words of the build's static pages (`render::site`, whose English is the key): kept outside `src/render/`, where no Chinese text is written.

/// The language switch's label on an English page.
pub const CHINESE: &str = "中文";

/// The Chinese of one of `render::site`'s English texts; a text without one stays English (a test
/// holds that every text the pages use has one).
pub fn zh(en: &'static str) -> &'static str {
    match en {
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
        _ => en,
    }
}

/// Every English text `render::site` translates (read from its source by the test below).
#[cfg(test)]
mod tests {
    #[test]
    fn every_static_page_text_has_its_chinese() {
        let src = include_str!("render/site.rs");
        let mut n = 0;
        for part in src.split("tr(lang, \"").skip(1) {
            let en = part.split('"').next().unwrap_or_default();
            assert_ne!(super::zh(en), en, "no Chinese for {en:?}");
            n += 1;
        }
        assert!(n > 20, "{n} texts found");
    }
}
