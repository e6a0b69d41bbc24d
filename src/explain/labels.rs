//! Short labels built from parts, in both languages: what Explore's prices are per, a speed per sequence, the fields a strategy changed.

use crate::format::number;
use crate::i18n::{t, Msg};
use crate::scenario::Lang;

/// What every price in Explore's table is per: "prices per vCPU per hour", "价格单位：vCPU · 小时".
pub fn price_basis(per: &str, unit: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("价格单位：{per} · {unit}"),
        Lang::En => format!("prices per {per} per {unit}"),
    }
}

/// The assumptions a scenario changes from their defaults: "This scenario changes 2 assumptions from
/// their defaults: MFU, Checkpoint interval (minutes)."
pub fn changed_assumptions(labels: &[crate::i18n::Msg], lang: Lang) -> String {
    let names: Vec<&str> = labels.iter().map(|m| crate::i18n::t(lang, *m)).collect();
    match lang {
        Lang::Zh => format!("此场景有 {} 项假设不同于默认值：{}。", labels.len(), names.join("、")),
        Lang::En if labels.len() == 1 => format!(
            "This scenario changes 1 assumption from its default: {}.",
            names.join(", ")
        ),
        Lang::En => format!(
            "This scenario changes {} assumptions from their defaults: {}.",
            labels.len(),
            names.join(", ")
        ),
    }
}

/// Whose price history a card shows when the catalog has none for the plan's region.
pub fn history_elsewhere(shown: &str, plan_region: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{shown}；目录中没有 {plan_region} 的记录"),
        Lang::En => format!("{shown}; none recorded for {plan_region}"),
    }
}

/// What a table of list prices says under a reseller's discount (`disc`), so an undiscounted price is
/// never read as the price paid: Explore lists prices, Compare's On-Demand row is one, its options are not.
pub fn list_prices(discount_pct: f64, compare: bool, lang: Lang) -> String {
    if discount_pct <= 0.0 {
        return String::new();
    }
    let pct = number(discount_pct, 2);
    match (lang, compare) {
        (Lang::Zh, false) => format!("均为公开价目表价格，未扣除 {pct}% 代理商折扣"),
        (Lang::Zh, true) => format!("“按需”一行为公开价目表价格，未扣除 {pct}% 代理商折扣；下方各购买方式已计入折扣。"),
        (Lang::En, false) => format!("list prices, before the {pct} % reseller discount"),
        (Lang::En, true) => {
            format!("The On-Demand row is the list price, before the {pct} % reseller discount; the purchase options below include it.")
        }
    }
}

/// The speed of one sequence after the total: " (18 per sequence)"; Chinese puts the measure first,
/// "（每序列 18 token/秒）".
pub fn per_sequence(tokens_per_s: f64, lang: Lang) -> String {
    let n = number(tokens_per_s, 1);
    match lang {
        Lang::Zh => format!("（每序列 {n} token/秒）"),
        Lang::En => format!(" ({n} {})", t(lang, Msg::PerSeq)),
    }
}

/// A latency in seconds to 3 decimals: "0.024 s", "0.024 秒".
pub fn latency(t_s: f64, lang: Lang) -> String {
    number(t_s, 3) + if lang == Lang::Zh { " 秒" } else { " s" }
}

/// A ranked row's time to first token after its speed: " · TTFT 0.42 s" (the acronym in both languages).
pub fn ttft_short(ttft_s: f64, lang: Lang) -> String {
    " · TTFT ".to_string() + &latency(ttft_s, lang)
}

/// The room a serving fleet leaves beyond its users, its own figure: more users at the most a replica
/// serves (memory, or the per-sequence target), and the speed each user would then get.
pub fn room(load: &crate::engine::outcome::ServingLoad, lang: Lang) -> String {
    let (n, each) = (
        number(f64::from(load.room_users), 0),
        number(load.room_tokens_per_s_per_seq, 1),
    );
    match (lang, load.room_users) {
        (Lang::Zh, 0) => "已满：每个副本已达上限".to_string(),
        (Lang::En, 0) => "none: every replica is at its most".to_string(),
        (Lang::Zh, _) => format!("还可再容纳约 {n} 个用户（届时每个约 {each} token/秒）"),
        (Lang::En, _) => format!("room for ~{n} more users (each then ~{each} tokens/s)"),
    }
}

/// The fields a strategy chip changed ("Changed: Region, Purchase"), or that it changed nothing.
pub fn changed_fields(changed: &[Msg], lang: Lang) -> String {
    if changed.is_empty() {
        return t(lang, Msg::StrategyNoChange).to_string();
    }
    let names: Vec<&str> = changed.iter().map(|m| t(lang, *m)).collect();
    let sep = if lang == Lang::Zh { "、" } else { ", " };
    format!("{}{}", t(lang, Msg::StrategyChanged), names.join(sep))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_prices_are_said_only_under_a_discount() {
        assert_eq!(list_prices(0.0, false, Lang::En), "");
        assert_eq!(
            list_prices(15.0, false, Lang::En),
            "list prices, before the 15 % reseller discount"
        );
        assert!(list_prices(15.0, true, Lang::Zh).contains("未扣除 15% 代理商折扣"));
    }

    #[test]
    fn labels_read_naturally_in_both_languages() {
        assert_eq!(price_basis("vCPU", "hour", Lang::En), "prices per vCPU per hour");
        assert_eq!(price_basis("vCPU", "小时", Lang::Zh), "价格单位：vCPU · 小时");
        assert_eq!(per_sequence(18.04, Lang::En), " (18 per sequence)");
        assert_eq!(per_sequence(18.26, Lang::Zh), "（每序列 18.3 token/秒）");
    }

    #[test]
    fn time_to_first_token_names_its_parts_in_both_languages() {
        let f = crate::engine::outcome::FirstToken {
            prefill_s: 0.35,
            slot_busy: 0.4,
            wait_s: 0.0704,
            ttft_s: 0.4204,
        };
        assert_eq!(latency(f.ttft_s, Lang::En), "0.42 s");
        assert_eq!(latency(f.ttft_s, Lang::Zh), "0.42 秒");
        assert_eq!(ttft_short(2.5, Lang::En), " · TTFT 2.5 s");
        assert_eq!(ttft_short(2.5, Lang::Zh), " · TTFT 2.5 秒");
    }

    #[test]
    fn the_room_is_its_own_labelled_figure_in_both_languages() {
        let load = crate::engine::outcome::ServingLoad {
            room_users: 1200,
            room_tokens_per_s_per_seq: 9.26,
            ..Default::default()
        };
        assert_eq!(
            room(&load, Lang::En),
            "room for ~1,200 more users (each then ~9.3 tokens/s)"
        );
        assert_eq!(
            room(&load, Lang::Zh),
            "还可再容纳约 1,200 个用户（届时每个约 9.3 token/秒）"
        );
        let full = crate::engine::outcome::ServingLoad::default();
        assert!(room(&full, Lang::En).starts_with("none"));
    }

    #[test]
    fn a_strategy_names_what_it_changed() {
        let two = [Msg::Region, Msg::BuyOption];
        let (en, zh) = (t(Lang::En, Msg::Region), t(Lang::Zh, Msg::BuyOption));
        assert!(changed_fields(&two, Lang::En).starts_with(t(Lang::En, Msg::StrategyChanged)));
        assert!(changed_fields(&two, Lang::En).contains(&format!("{en}, ")));
        assert!(changed_fields(&two, Lang::Zh).ends_with(&format!("、{zh}")));
        assert_eq!(changed_fields(&[], Lang::Zh), t(Lang::Zh, Msg::StrategyNoChange));
    }
}
