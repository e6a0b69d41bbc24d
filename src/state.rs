//! The whole page state as plain data: the scenario, how it is shown (language, currency), the view, Compare picks and Explore settings, with their link keys. The one source of truth the UI holds in a signal.

use crate::catalog::{Catalog, IsoDate};
use crate::presentation::Presentation;
use crate::query::{self, choice, doc_text, word_of, Choice, Key, Slot, Warning};
use crate::scenario::Scenario;

mod explore;
mod host;
pub use explore::{Column, ExploreState, PricePer, PriceUnit};
pub use host::host_query;

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
        word_of(&self)
    }
}

choice!(
    View,
    "plan|explore|compare|assumptions",
    [View::Plan, View::Explore, View::Compare, View::Assumptions]
);

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

impl Choice for Theme {
    fn words(&self) -> &'static str {
        "auto|light|dark"
    }
    fn index(&self) -> usize {
        *self as usize
    }
    fn set_index(&mut self, i: usize) {
        *self = Theme::ALL.get(i).copied().unwrap_or(Theme::Auto);
    }
}

impl Choice for Embed {
    fn words(&self) -> &'static str {
        "0|1|calc|line"
    }
    fn index(&self) -> usize {
        *self as usize
    }
    fn set_index(&mut self, i: usize) {
        *self = [Embed::No, Embed::Card, Embed::Calculator, Embed::Line]
            .get(i)
            .copied()
            .unwrap_or(Embed::No);
    }
    fn alias(&self, value: &str) -> Option<usize> {
        (value == "card").then_some(1)
    }
}

/// Every page-state key (not a scenario key), in the order links write them after the scenario's.
pub static PAGE_KEYS: &[Key<AppState>] = &[
    Key {
        name: "view",
        slot: |st| Slot::Word(&mut st.view),
        unit: "",
        help: doc_text!("the view shown"),
    },
    Key {
        name: "cmp",
        slot: |st| Slot::Instances(&mut st.compare, 6),
        unit: doc_text!("comma-separated instance types (at most 6)"),
        help: doc_text!("Compare picks"),
    },
    Key {
        name: "pick",
        slot: |st| {
            Slot::Text(
                &mut st.pick,
                |v, c| v.is_empty() || c.instance(v).is_some(),
                "an instance type of the catalog",
            )
        },
        unit: doc_text!("an instance type of the catalog"),
        help: doc_text!("Plan: the recommendation shown instead of the best"),
    },
    Key {
        name: "xfam",
        slot: |st| {
            Slot::Text(
                &mut st.explore.family,
                |v, _| v.len() <= 20 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "a family such as g6e",
            )
        },
        unit: doc_text!("a family such as `g6e`"),
        help: doc_text!("Explore: family filter"),
    },
    Key {
        name: "xacc",
        slot: |st| {
            Slot::Text(
                &mut st.explore.accelerator,
                |v, c| v.is_empty() || c.accelerator(v).is_some(),
                "an accelerator id of the catalog",
            )
        },
        unit: doc_text!("an accelerator id of the catalog"),
        help: doc_text!("Explore: accelerator filter"),
    },
    Key {
        name: "xmem",
        slot: |st| Slot::Num(&mut st.explore.min_mem_gib, 0.0, 100_000.0),
        unit: doc_text!("GB"),
        help: doc_text!("Explore: minimum accelerator memory, in GB as sold (a 48 GB card reports 44.7 GiB)"),
    },
    Key {
        name: "xefa",
        slot: |st| Slot::Bool(&mut st.explore.efa_only, "0|1"),
        unit: "",
        help: doc_text!("Explore: EFA types only"),
    },
    Key {
        name: "xreg",
        slot: |st| Slot::Bool(&mut st.explore.in_region, "0|1"),
        unit: "",
        help: doc_text!("Explore: only types offered in `region`"),
    },
    Key {
        name: "xstack",
        slot: |st| Slot::Word(&mut st.explore.stack),
        unit: "",
        help: doc_text!("Explore: software stack"),
    },
    Key {
        name: "xsort",
        slot: |st| Slot::Sort(&mut st.explore.sort, &mut st.explore.descending),
        unit: doc_text!("a column key (`xhide`'s words), `-` first for descending"),
        help: doc_text!("Explore: sort column"),
    },
    Key {
        name: "xunit",
        slot: |st| Slot::Word(&mut st.explore.unit),
        unit: "",
        help: doc_text!("Explore: prices per hour, day, month or year"),
    },
    Key {
        name: "xper",
        slot: |st| Slot::Word(&mut st.explore.per),
        unit: "",
        help: doc_text!("Explore: prices per instance, accelerator, accelerator-GiB, vCPU or GiB of RAM"),
    },
    Key {
        name: "xhide",
        slot: |st| Slot::Columns(&mut st.explore.hidden),
        unit: doc_text!("comma-separated column keys: `id` `acc` `n` `mem` `tmem` `cpu` `ram` `net` `efa` `od` `spot`"),
        help: doc_text!("Explore: hidden columns"),
    },
    Key {
        name: "embed",
        slot: |st| Slot::Word(&mut st.embed),
        unit: "",
        help: doc_text!("embedded: `1` a read-only result card, `calc` the calculator without the page chrome, `line` one sentence for an inline iframe"),
    },
    Key {
        name: "theme",
        slot: |st| Slot::Word(&mut st.theme),
        unit: "",
        help: doc_text!("colours: the reader's system setting (`auto`), or `light`/`dark` to match the host site"),
    },
    Key {
        name: "bg",
        slot: |st| Slot::Bool(&mut st.transparent, "page|transparent"),
        unit: "",
        help: doc_text!("background when embedded"),
    },
    Key {
        name: "cat",
        slot: |st| Slot::Date(&mut st.catalog_date),
        unit: doc_text!("YYYY-MM-DD"),
        help: doc_text!("the catalog date the link was made with (the page writes its own)"),
    },
];

/// Everything the page shows, as one value.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// What is asked: the engine's whole input.
    pub scenario: Scenario,
    /// How the answer is shown: language, display currency and its rate (`query::PRESENTATION_KEYS`).
    pub presentation: Presentation,
    pub view: View,
    /// Instance types picked for Compare.
    pub compare: Vec<String>,
    /// The recommendation whose details are shown when it is not the best (`pick`); empty: the best.
    pub pick: String,
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
            presentation: Presentation::default(),
            view: View::Plan,
            compare: Vec::new(),
            pick: String::new(),
            explore: ExploreState::default(),
            embed: Embed::No,
            transparent: false,
            theme: Theme::Auto,
            catalog_date: None,
        }
    }
}

/// A chat request as a newcomer would first ask for it: a 2,000-token prompt (the question with its
/// system prompt and some history) and a 500-token answer. A labelled starting value, editable; links
/// keep `Scenario::default()`'s meaning (a link without `ctx`/`out` is an 8K context, as ever).
pub const CHAT_PROMPT_TOKENS: u32 = 2000;
pub const CHAT_OUTPUT_TOKENS: u32 = 500;

/// Starts a newly chosen kind of task (serving after a job, a job after serving) from its own starting
/// values: the default batch, for serving a chat request, for a job the default sequence length.
pub fn new_kind_of_task(s: &mut Scenario) {
    let d = Scenario::default();
    s.batch = d.batch;
    (s.context_tokens, s.output_tokens) = if s.task.is_job() {
        (d.context_tokens, d.output_tokens)
    } else {
        (CHAT_PROMPT_TOKENS + CHAT_OUTPUT_TOKENS, CHAT_OUTPUT_TOKENS)
    };
}

impl AppState {
    /// A new visitor's state (no link, nothing stored, or Reset): the defaults with a chat request. The page
    /// and the pre-rendered first frame start from it.
    pub fn fresh() -> AppState {
        let mut st = AppState::default();
        new_kind_of_task(&mut st.scenario);
        st
    }

    /// The picks for Compare as their link text (`a,b`).
    pub fn picks_text(&self) -> String {
        self.compare.join(",")
    }

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

/// Applies one page-state field (a presentation or page key, not a scenario field); `false` if the key is not one.
pub fn apply_state_pair(
    st: &mut AppState,
    key: &str,
    value: &str,
    catalog: &Catalog,
    warnings: &mut Vec<Warning>,
) -> bool {
    if st.presentation.apply(key, value, catalog, warnings) {
        return true;
    }
    match PAGE_KEYS.iter().find(|k| k.name == key) {
        Some(k) => {
            query::apply_slot((k.slot)(st), key, value, catalog, warnings);
            true
        }
        None => false,
    }
}

/// The value of a page-state field (presentation or page key) as the link writes it (`None` for a
/// scenario key or an unset one).
pub fn page_value(st: &AppState, key: &str) -> Option<String> {
    if let Some(v) = st.presentation.value(key) {
        return Some(v);
    }
    let k = PAGE_KEYS.iter().find(|k| k.name == key)?;
    query::slot_text((k.slot)(&mut st.clone()))
}

/// Parses a whole link: scenario fields and page-state fields; anything else is a warning.
pub fn parse_state(query_str: &str, catalog: &Catalog) -> (AppState, Vec<Warning>) {
    let mut st = AppState::default();
    let (scenario, warnings) = query::parse_with(query_str, catalog, |k, v, w| {
        apply_state_pair(&mut st, k, v, catalog, w)
    });
    st.scenario = scenario;
    (st, warnings)
}

/// Writes the whole state as a canonical link query: the scenario and its presentation, then page-state fields that differ from the defaults.
pub fn encode_state(st: &AppState) -> String {
    let mut q = query::encode_link(&st.scenario, &st.presentation);
    query::encode_keys(&mut q, PAGE_KEYS, st, &AppState::default());
    q
}

/// The link to the full page for the same scenario, from an embedded mode: `?` and the state's query
/// without the embed mode and the transparent background.
pub fn full_page_href(st: &AppState) -> String {
    let mut full = st.clone();
    full.embed = Embed::No;
    full.transparent = false;
    format!("?{}", encode_state(&full))
}

/// HTML to paste into a documentation page: an iframe with the scenario as a read-only card, and the
/// script that resizes it to the height the card reports. `page_url` is this page's address without a query.
pub fn embed_snippet(st: &AppState, page_url: &str) -> String {
    let mut card = st.clone();
    card.embed = Embed::Card;
    card.view = View::Plan;
    // The theme is always written, so the host sees the key to set to its site's colours.
    let mut q = encode_state(&card);
    if !q.contains("theme=") {
        q.push_str("&theme=");
        q.push_str(card.theme.key());
    }
    let src = format!("{page_url}?{q}").replace('&', "&amp;").replace('"', "&quot;");
    format!(
        "<!-- gpuplan card: theme=auto follows the reader's system; light or dark matches your site. Reads best 360-960 px wide. -->\n<iframe src=\"{src}\" title=\"gpuplan\" loading=\"lazy\" style=\"width:100%;max-width:960px;min-width:320px;border:0;height:480px\"></iframe>\n{RESIZE_SCRIPT}"
    )
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
            html.contains(
                "<iframe src=\"https://docs.example/gpuplan/?v=1&amp;task=hpc&amp;fp64=40&amp;embed=1&amp;theme=auto\""
            ),
            "{html}"
        );
        // Issue 24 #21: the host is told the theme key and the width the card reads best at.
        assert!(
            html.contains("max-width:960px") && html.contains("360-960 px"),
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
    }
}
