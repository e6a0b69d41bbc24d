//! The whole page state as plain data: the scenario plus the view, Compare picks and Explore settings, with their link keys. The one source of truth the UI holds in a signal.

use crate::catalog::{Catalog, IsoDate, Stack};
use crate::query::{self, Problem, Warning};
use crate::scenario::Scenario;

/// Which view is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Plan,
    Explore,
    Compare,
    Assumptions,
}

impl View {
    pub const ALL: [View; 4] = [View::Plan, View::Explore, View::Compare, View::Assumptions];

    pub fn key(self) -> &'static str {
        match self {
            View::Plan => "plan",
            View::Explore => "explore",
            View::Compare => "compare",
            View::Assumptions => "assumptions",
        }
    }
}

/// The time unit Explore shows prices in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PriceUnit {
    Hour,
    Day,
    Month,
    Year,
}

impl PriceUnit {
    pub const ALL: [PriceUnit; 4] = [PriceUnit::Hour, PriceUnit::Day, PriceUnit::Month, PriceUnit::Year];

    pub fn hours(self) -> f64 {
        match self {
            PriceUnit::Hour => 1.0,
            PriceUnit::Day => 24.0,
            PriceUnit::Month => 730.0,
            PriceUnit::Year => 8760.0,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            PriceUnit::Hour => "h",
            PriceUnit::Day => "d",
            PriceUnit::Month => "mo",
            PriceUnit::Year => "y",
        }
    }
}

/// What Explore divides prices by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PricePer {
    Instance,
    Accelerator,
    AcceleratorGib,
    /// Per vCPU: what the host side costs, for CPU-heavy preprocessing, rendering and HPC.
    Vcpu,
    /// Per GiB of host RAM.
    RamGib,
}

impl PricePer {
    pub const ALL: [PricePer; 5] = [
        PricePer::Instance,
        PricePer::Accelerator,
        PricePer::AcceleratorGib,
        PricePer::Vcpu,
        PricePer::RamGib,
    ];

    pub fn key(self) -> &'static str {
        match self {
            PricePer::Instance => "inst",
            PricePer::Accelerator => "accel",
            PricePer::AcceleratorGib => "gib",
            PricePer::Vcpu => "vcpu",
            PricePer::RamGib => "ram",
        }
    }
}

/// Explore's columns; each can be sorted on and hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    Instance,
    Accelerator,
    Count,
    MemGib,
    TotalMemGib,
    Vcpus,
    RamGib,
    NetGbps,
    Efa,
    OnDemand,
    Spot,
}

impl Column {
    pub const ALL: [Column; 11] = [
        Column::Instance,
        Column::Accelerator,
        Column::Count,
        Column::MemGib,
        Column::TotalMemGib,
        Column::Vcpus,
        Column::RamGib,
        Column::NetGbps,
        Column::Efa,
        Column::OnDemand,
        Column::Spot,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Column::Instance => "id",
            Column::Accelerator => "acc",
            Column::Count => "n",
            Column::MemGib => "mem",
            Column::TotalMemGib => "tmem",
            Column::Vcpus => "cpu",
            Column::RamGib => "ram",
            Column::NetGbps => "net",
            Column::Efa => "efa",
            Column::OnDemand => "od",
            Column::Spot => "spot",
        }
    }

    fn from_key(k: &str) -> Option<Column> {
        Column::ALL.iter().copied().find(|c| c.key() == k)
    }
}

/// Explore's filters, sort, units and columns.
#[derive(Clone, Debug, PartialEq)]
pub struct ExploreState {
    /// Family prefix filter, e.g. "g6" (empty = all).
    pub family: String,
    /// Accelerator id filter (empty = all).
    pub accelerator: String,
    pub min_mem_gib: f64,
    pub efa_only: bool,
    pub stack: Option<Stack>,
    /// Only types offered in the scenario's region.
    pub in_region: bool,
    pub sort: Column,
    pub descending: bool,
    pub unit: PriceUnit,
    pub per: PricePer,
    pub hidden: Vec<Column>,
}

impl Default for ExploreState {
    fn default() -> Self {
        ExploreState {
            family: String::new(),
            accelerator: String::new(),
            min_mem_gib: 0.0,
            efa_only: false,
            stack: None,
            in_region: false,
            sort: Column::OnDemand,
            descending: false,
            unit: PriceUnit::Hour,
            per: PricePer::Instance,
            hidden: vec![Column::NetGbps],
        }
    }
}

/// How the page is embedded in another site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Embed {
    /// The full page.
    No,
    /// A compact, read-only result card (`embed=1`).
    Card,
    /// The calculator without the page chrome (`embed=calc`).
    Calculator,
    /// One sentence for an inline iframe (`embed=line`).
    Line,
}

/// Light or dark colours (`theme`): the reader's system setting, or what the host site uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub fn key(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// Everything the page shows, as one value.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub scenario: Scenario,
    pub view: View,
    /// Instance types picked for Compare.
    pub compare: Vec<String>,
    pub explore: ExploreState,
    /// Compact modes for an iframe in documentation.
    pub embed: Embed,
    /// Transparent background when embedded (`bg=transparent`).
    pub transparent: bool,
    pub theme: Theme,
    /// The catalog date the link was made with (`cat`); the page writes its own.
    pub catalog_date: Option<IsoDate>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            scenario: Scenario::default(),
            view: View::Plan,
            compare: Vec::new(),
            explore: ExploreState::default(),
            embed: Embed::No,
            transparent: false,
            theme: Theme::Auto,
            catalog_date: None,
        }
    }
}

impl AppState {
    /// Adds or removes an instance type from Compare (at most 6).
    pub fn toggle_compare(&mut self, id: &str) {
        if let Some(i) = self.compare.iter().position(|x| x == id) {
            self.compare.remove(i);
        } else if self.compare.len() < 6 {
            self.compare.push(id.to_string());
        }
    }

    /// Sorts Explore by a column, flipping the direction when it is already the sort column.
    pub fn sort_by(&mut self, c: Column) {
        if self.explore.sort == c {
            self.explore.descending = !self.explore.descending;
        } else {
            self.explore.sort = c;
            self.explore.descending = false;
        }
    }

    pub fn toggle_column(&mut self, c: Column) {
        if let Some(i) = self.explore.hidden.iter().position(|x| *x == c) {
            self.explore.hidden.remove(i);
        } else if c != Column::Instance {
            self.explore.hidden.push(c);
        }
    }
}

fn warn(warnings: &mut Vec<Warning>, field: &str, value: &str, problem: Problem, used: &str) {
    warnings.push(Warning {
        field: field.to_string(),
        value: value.chars().take(80).collect(),
        problem,
        used: used.to_string(),
    });
}

/// Applies one page-state field (not a scenario field); `false` if the key is not one.
pub fn apply_state_pair(
    st: &mut AppState,
    key: &str,
    value: &str,
    catalog: &Catalog,
    warnings: &mut Vec<Warning>,
) -> bool {
    let x = &mut st.explore;
    let bad = |w: &mut Vec<Warning>, expected: &'static str, used: &str| {
        warn(w, key, value, Problem::Invalid { expected }, used);
    };
    match key {
        "view" => match View::ALL.iter().find(|v| v.key() == value) {
            Some(v) => st.view = *v,
            None => bad(warnings, "plan|explore|compare|assumptions", st.view.key()),
        },
        "embed" => match value {
            "1" | "card" => st.embed = Embed::Card,
            "calc" => st.embed = Embed::Calculator,
            "line" => st.embed = Embed::Line,
            "0" => st.embed = Embed::No,
            _ => bad(warnings, "0|1|calc|line", "0"),
        },
        "theme" => match Theme::ALL.iter().find(|t| t.key() == value) {
            Some(t) => st.theme = *t,
            None => bad(warnings, "light|dark|auto", "auto"),
        },
        "bg" => match value {
            "transparent" => st.transparent = true,
            "" | "page" => st.transparent = false,
            _ => bad(warnings, "transparent", "page"),
        },
        "cat" => match IsoDate::parse(value) {
            Some(d) => st.catalog_date = Some(d),
            None => warn(
                warnings,
                key,
                value,
                Problem::Invalid {
                    expected: "a YYYY-MM-DD date",
                },
                "(none)",
            ),
        },
        "cmp" => {
            st.compare.clear();
            for id in value.split(',').filter(|s| !s.is_empty()) {
                if catalog.instance(id).is_some() && !st.compare.iter().any(|c| c == id) && st.compare.len() < 6 {
                    st.compare.push(id.to_string());
                } else if catalog.instance(id).is_none() {
                    warn(warnings, key, id, Problem::UnknownInstance, "(left out)");
                }
            }
        }
        "xfam" => {
            if value.len() <= 20 && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                x.family = value.to_string();
            } else {
                bad(warnings, "a family such as g6e", "(all)");
            }
        }
        "xacc" => {
            if value.is_empty() || catalog.accelerator(value).is_some() {
                x.accelerator = value.to_string();
            } else {
                bad(warnings, "an accelerator id of the catalog", "(all)");
            }
        }
        "xmem" => match crate::num::parse(value) {
            Some(v) if v.is_finite() && (0.0..=100_000.0).contains(&v) => x.min_mem_gib = v,
            _ => warn(
                warnings,
                key,
                value,
                Problem::OutOfRange {
                    min: 0.0,
                    max: 100_000.0,
                },
                "0",
            ),
        },
        "xefa" => match value {
            "1" => x.efa_only = true,
            "0" => x.efa_only = false,
            _ => bad(warnings, "0|1", "0"),
        },
        "xreg" => match value {
            "1" => x.in_region = true,
            "0" => x.in_region = false,
            _ => bad(warnings, "0|1", "0"),
        },
        "xstack" => match value {
            "cuda" => x.stack = Some(Stack::Cuda),
            "neuron" => x.stack = Some(Stack::Neuron),
            "" | "all" => x.stack = None,
            _ => bad(warnings, "cuda|neuron|all", "all"),
        },
        "xsort" => {
            let (name, desc) = value.strip_prefix('-').map_or((value, false), |n| (n, true));
            match Column::from_key(name) {
                Some(c) => {
                    x.sort = c;
                    x.descending = desc;
                }
                None => bad(warnings, "a column key, - for descending", "od"),
            }
        }
        "xunit" => match PriceUnit::ALL.iter().find(|u| u.key() == value) {
            Some(u) => x.unit = *u,
            None => bad(warnings, "h|d|mo|y", "h"),
        },
        "xper" => match PricePer::ALL.iter().find(|u| u.key() == value) {
            Some(u) => x.per = *u,
            None => bad(warnings, "inst|accel|gib", "inst"),
        },
        "xhide" => {
            x.hidden = value
                .split(',')
                .filter_map(Column::from_key)
                .filter(|c| *c != Column::Instance)
                .collect();
        }
        _ => return false,
    }
    true
}

/// Parses a whole link: scenario fields and page-state fields; anything else is a warning.
pub fn parse_state(query_str: &str, catalog: &Catalog) -> (AppState, Vec<Warning>) {
    let (scenario, mut warnings) = query::parse(query_str, catalog);
    // The scenario parser reported page-state keys as unknown: apply them here and drop those warnings.
    let mut st = AppState {
        scenario,
        ..AppState::default()
    };
    let mut own = Vec::new();
    let mut handled = Vec::new();
    for (key, value) in query::pairs(query_str) {
        if apply_state_pair(&mut st, &key, &value, catalog, &mut own) {
            handled.push(key);
        }
    }
    warnings.retain(|w| !(w.problem == Problem::UnknownField && handled.contains(&w.field)));
    warnings.extend(own);
    (st, warnings)
}

/// Writes the whole state as a canonical link query: the scenario, then page-state fields that differ from the defaults.
pub fn encode_state(st: &AppState) -> String {
    let mut q = query::encode(&st.scenario);
    let d = ExploreState::default();
    let x = &st.explore;
    let mut put = |k: &str, v: &str| {
        q.push('&');
        q.push_str(k);
        q.push('=');
        q.push_str(&query::percent_encode(v));
    };
    if st.view != View::Plan {
        put("view", st.view.key());
    }
    if !st.compare.is_empty() {
        put("cmp", &st.compare.join(","));
    }
    if x.family != d.family {
        put("xfam", &x.family);
    }
    if x.accelerator != d.accelerator {
        put("xacc", &x.accelerator);
    }
    if x.min_mem_gib != d.min_mem_gib {
        put("xmem", &crate::num::shortest(x.min_mem_gib));
    }
    if x.efa_only {
        put("xefa", "1");
    }
    if x.in_region {
        put("xreg", "1");
    }
    match x.stack {
        Some(Stack::Cuda) => put("xstack", "cuda"),
        Some(Stack::Neuron) => put("xstack", "neuron"),
        _ => {}
    }
    if x.sort != d.sort || x.descending != d.descending {
        put(
            "xsort",
            &format!("{}{}", if x.descending { "-" } else { "" }, x.sort.key()),
        );
    }
    if x.unit != d.unit {
        put("xunit", x.unit.key());
    }
    if x.per != d.per {
        put("xper", x.per.key());
    }
    if x.hidden != d.hidden {
        put("xhide", &x.hidden.iter().map(|c| c.key()).collect::<Vec<_>>().join(","));
    }
    match st.embed {
        Embed::Card => put("embed", "1"),
        Embed::Calculator => put("embed", "calc"),
        Embed::Line => put("embed", "line"),
        Embed::No => {}
    }
    if st.theme != Theme::Auto {
        put("theme", st.theme.key());
    }
    if st.transparent {
        put("bg", "transparent");
    }
    if let Some(d) = st.catalog_date {
        put("cat", &d.to_string());
    }
    q
}

/// HTML to paste into a documentation page: an iframe with the scenario as a read-only card, and the
/// script that resizes it to the height the card reports. `page_url` is this page's address without a query.
pub fn embed_snippet(st: &AppState, page_url: &str) -> String {
    let mut card = st.clone();
    card.embed = Embed::Card;
    card.view = View::Plan;
    let src = format!("{page_url}?{}", encode_state(&card))
        .replace('&', "&amp;")
        .replace('"', "&quot;");
    format!("<iframe src=\"{src}\" title=\"gpuplan\" loading=\"lazy\" style=\"width:100%;border:0;height:480px\"></iframe>\n{RESIZE_SCRIPT}")
}

/// The host-page script that resizes gpuplan iframes to the height they report (also in README).
const RESIZE_SCRIPT: &str = r#"<script>
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || d.gpuplan !== 'height' || typeof d.height !== 'number') return;
    document.querySelectorAll('iframe').forEach(function (f) {
      if (f.contentWindow === e.source) f.style.height = Math.ceil(d.height) + 'px';
    });
  });
</script>
"#;

/// A price a link relies on that changed after the link's catalog date.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceChange {
    pub instance: String,
    pub before_usd_hr: f64,
    pub now_usd_hr: f64,
    pub date: IsoDate,
}

/// Changes in us-east-1 On-Demand prices of `instances` between `since` and the catalog's date.
pub fn price_changes_since(catalog: &Catalog, since: IsoDate, instances: &[String]) -> Vec<PriceChange> {
    instances
        .iter()
        .filter_map(|id| {
            let points = catalog.price_history_of(id);
            let then = points.iter().rev().find(|p| p.from <= since)?;
            let last = points.last()?;
            (last.from > since && (last.usd_hr - then.usd_hr).abs() > 1e-9).then(|| PriceChange {
                instance: id.clone(),
                before_usd_hr: then.usd_hr,
                now_usd_hr: last.usd_hr,
                date: last.from,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_state_round_trips_and_bad_fields_warn() {
        let c = Catalog::bundled();
        let mut st = AppState {
            view: View::Explore,
            ..AppState::default()
        };
        st.toggle_compare("p5.48xlarge");
        st.toggle_compare("g6e.xlarge");
        st.explore.family = "g6".into();
        st.sort_by(Column::MemGib);
        st.sort_by(Column::MemGib);
        st.toggle_column(Column::Spot);
        let q = encode_state(&st);
        assert_eq!(parse_state(&q, &c), (st, vec![]));
        let (st2, w) = parse_state("v=1&view=nope&cmp=p5.48xlarge,zz&xsort=bogus&xmem=-1&task=train", &c);
        assert_eq!(st2.view, View::Plan);
        assert_eq!(st2.compare, vec!["p5.48xlarge".to_string()]);
        assert_eq!(st2.scenario.task, crate::scenario::Task::Training);
        let fields: Vec<_> = w.iter().map(|x| x.field.as_str()).collect();
        assert_eq!(fields, ["view", "cmp", "xsort", "xmem"]);
    }

    #[test]
    fn the_embed_snippet_is_a_card_of_the_same_scenario() {
        let c = Catalog::bundled();
        let (st, _) = parse_state("v=1&task=hpc&view=explore&fp64=40", &c);
        let html = embed_snippet(&st, "https://docs.example/gpuplan/");
        assert!(
            html.starts_with("<iframe src=\"https://docs.example/gpuplan/?v=1&amp;task=hpc&amp;fp64=40&amp;embed=1\""),
            "{html}"
        );
        assert!(html.contains("d.gpuplan !== 'height'"));
    }

    #[test]
    fn links_carry_the_catalog_date_and_embed_modes() {
        let c = Catalog::bundled();
        let (st, w) = parse_state("v=1&embed=calc&bg=transparent&cat=2025-01-15", &c);
        assert!(w.is_empty());
        assert_eq!((st.embed, st.transparent), (Embed::Calculator, true));
        assert_eq!(parse_state(&encode_state(&st), &c).0, st);
        let (line, w) = parse_state("v=1&embed=line&theme=dark", &c);
        assert!(w.is_empty());
        assert_eq!((line.embed, line.theme), (Embed::Line, Theme::Dark));
        assert_eq!(encode_state(&line), "v=1&embed=line&theme=dark");
        let (bad, w) = parse_state("v=1&theme=pink&embed=inline", &c);
        assert_eq!((bad.embed, bad.theme), (Embed::No, Theme::Auto));
        assert_eq!(
            w.iter().map(|w| w.field.as_str()).collect::<Vec<_>>(),
            ["theme", "embed"]
        );
        let changes = price_changes_since(
            &c,
            IsoDate::parse("2025-01-15").unwrap_or(c.as_of),
            &["p5.48xlarge".into(), "g6.xlarge".into()],
        );
        assert_eq!(changes.len(), 1);
        assert_eq!((changes[0].before_usd_hr, changes[0].now_usd_hr), (98.32, 55.04));
        assert!(price_changes_since(&c, c.as_of, &["p5.48xlarge".into()]).is_empty());
    }
}
