//! Query warnings (a bad link or form value), as plain words naming the field.

use crate::query::{Problem, Warning};
use crate::scenario::Lang;

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
        // The China partition (AWS docs, docs.amazonaws.cn: a separate partition with its own price list).
        (Problem::ChinaRegion, false) => format!(
            "`{f}` = “{v}” is an AWS China region: a separate partition (aws-cn) operated by local partners (Sinnet in Beijing, NWCD in Ningxia), with its own accounts, list prices in CNY and its own instance families. The catalog has no China prices: the plan below uses {used} in USD; the nearest covered region is {near} (Hong Kong).",
            near = crate::query::NEAREST_TO_CHINA
        ),
        (Problem::ChinaRegion, true) => format!(
            "`{f}` = “{v}” 是亚马逊云科技中国区域：独立分区（aws-cn），由本地合作伙伴运营（北京：光环新网；宁夏：西云数据），账户独立，以人民币标价，实例系列也不同。目录不含中国区价格：下方方案按 {used} 的美元价格计算；最近的已覆盖区域为 {near}（香港）。",
            near = crate::query::NEAREST_TO_CHINA
        ),
        (Problem::UnknownInstance, false) => format!("`{f}`: “{v}” is not an instance type in the catalog; left out."),
        (Problem::UnknownInstance, true) => format!("`{f}`：“{v}” 不是目录中的实例类型；已略去。"),
        (Problem::UnknownVersion, false) => format!("`{f}` = “{v}”: unknown link version; read as version {used}."),
        (Problem::UnknownVersion, true) => format!("`{f}` = “{v}”：未知的链接版本；按版本 {used} 读取。"),
        (Problem::More(n), false) => format!("…and {n} more."),
        (Problem::More(n), true) => format!("……另有 {n} 条。"),
    }
}

/// A value typed in the form that cannot be used, in the words of the field's label: shown at the field.
pub fn field_error(w: &Warning, label: &str, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let used = &w.used;
    match (&w.problem, zh) {
        (Problem::OutOfRange { min, max }, _) => {
            let (min, max) = (crate::num::shortest(*min), crate::num::shortest(*max));
            if zh {
                format!("{label}须在 {min} 到 {max} 之间；仍用 {used}。")
            } else {
                format!("{label} must be from {min} to {max}; still using {used}.")
            }
        }
        (Problem::Invalid { expected }, false) => format!("{label} must be {expected}; still using {used}."),
        (Problem::Invalid { expected }, true) => {
            let e = if expected.contains("whole") { "整数" } else { "数字" };
            format!("{label}须为{e}；仍用 {used}。")
        }
        _ => warning(w, lang),
    }
}
