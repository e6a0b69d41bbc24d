//! The Leptos page: a thin view over the engine. One `RwSignal<AppState>` holds the state; everything shown is a `Memo` of it.

// A panic in WASM kills the page: nothing a user or a URL can influence may unwrap here.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod acts;
mod assumptions;
mod compare;
mod curve;
mod embed;
mod explore;
mod export_bar;
mod fields;
mod form;
mod results;
mod since;
mod url_sync;

use gpuplan::catalog::Catalog;
use gpuplan::engine::{recommend, Outcome};
use gpuplan::i18n::{t, Msg};
use gpuplan::presentation::Presentation;
use gpuplan::query::{apply_pair, Warning};
use gpuplan::scenario::{Lang, Scenario};
use gpuplan::state::{apply_state_pair, encode_state, parse_state, AppState, Embed, View};
use leptos::prelude::*;

/// Replaces the default panic output with a readable message on the page (and the console),
/// so a bug never leaves a blank page.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let document = gloo::utils::document();
        if let Ok(div) = document.create_element("div") {
            div.set_id("panic");
            let _ = div.set_attribute("role", "alert");
            div.set_text_content(Some(&format!(
                "gpuplan hit an internal error and stopped. Reload the page; if it happens again, please report it with this text: {info}"
            )));
            if let Some(body) = document.body() {
                let _ = body.prepend_with_node_1(&div);
            }
        }
    }));
}

/// Handles every component shares: the state, the catalog and what is derived from them.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub state: RwSignal<AppState>,
    pub catalog: StoredValue<&'static Catalog>, // leaked, kept for the page's life: no drop code in the wasm
    pub scenario: Memo<Scenario>,
    pub outcome: Memo<Outcome>,
    pub warnings: RwSignal<Vec<Warning>>,
    /// The page language alone, so labels re-render on a language switch and not on every input.
    pub lang: Memo<Lang>,
    /// The view shown and the embed mode alone: what decides which parts of the page exist, so those
    /// parts are rebuilt when these change and not on every edit of the scenario.
    pub view: Memo<View>,
    pub embed: Memo<Embed>,
    /// False until the first frame, with the form and the top recommendation, has been painted; what
    /// lies below the fold (option table, charts, ranking, guidance) renders right after it.
    pub full: RwSignal<bool>,
    /// The ranked list shows every recommendation, not the first twelve (until it is drawn again).
    pub show_all: RwSignal<bool>,
    /// The cost-versus-latency curve is open (drawn then by its worker: `curve`).
    pub curve: RwSignal<bool>,
    /// What the last strategy button changed, in the form's own labels.
    pub strategy_changed: RwSignal<Option<Vec<Msg>>>,
    /// The number fields' typing: the value waiting for a pause, the values refused.
    pub typing: StoredValue<fields::Typing>,
}

impl Ctx {
    /// The page language (reactive).
    pub fn lang(&self) -> Lang {
        self.lang.get()
    }

    /// A label in the page language (reactive).
    pub fn t(&self, m: Msg) -> &'static str {
        t(self.lang(), m)
    }

    /// A label that follows the page language, for a view. Every label shares this one closure type, so
    /// the view code that renders and updates it is compiled once, not once per label.
    pub fn tx(self, m: Msg) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        move || t(self.lang.get(), m)
    }

    /// How figures are written: the language and display currency (reactive: it follows the page state,
    /// not the scenario, so a switch of either redraws figures and runs no engine). No memo of its own: a
    /// new memo type costs the page ~1 KB of wasm, and what reads it reads the scenario or the state anyway.
    pub fn fmt(&self) -> Presentation {
        self.state.with(|s| s.presentation)
    }

    /// Money in the chosen display currency (reactive).
    pub fn money(&self, usd: f64) -> String {
        self.fmt().money(usd)
    }

    /// Sets one field by its link key, exactly as a link would; a bad value keeps the old one and warns.
    pub fn set(&self, key: &str, value: &str) {
        let mut w = Vec::new();
        let catalog = self.catalog;
        self.state.update(|st| {
            let job = st.scenario.task.is_job();
            catalog.with_value(|c| {
                // The serving form's prompt and output edit `ctx` and `out` together.
                for (k, v) in gpuplan::query::form_pairs(&st.scenario, key, value) {
                    if !apply_pair(&mut st.scenario, &k, &v, c, &mut w) {
                        apply_state_pair(st, &k, &v, c, &mut w);
                    }
                }
            });
            // A problem is said at the field the user typed in, with the value that field keeps.
            for x in &mut w {
                x.field = key.to_string();
                if key == "prompt" {
                    x.used = st.scenario.prompt_tokens().to_string();
                }
            }
            // Serving's concurrent sequences are not a training micro-batch: a new kind of task starts from the default.
            if st.scenario.task.is_job() != job {
                new_kind_of_task(&mut st.scenario);
            }
        });
        self.warnings.update(|ws| {
            ws.retain(|x| x.field != key);
            ws.extend(w);
        });
    }

    /// Changes the state with a method of `AppState`.
    pub fn update(&self, f: impl FnOnce(&mut AppState)) {
        self.state.update(f);
    }
}

use form::{fresh_state, new_kind_of_task};

/// The state to start from: the link, else the last scenario on this browser, else defaults in the browser's language.
fn initial_state(catalog: &Catalog) -> (AppState, Vec<Warning>) {
    // A reload right after an edit: the edit's link, which the address had not caught up with.
    let query = url_sync::take_unwritten().unwrap_or_else(url_sync::read_query);
    let from_link = !query.is_empty();
    let has_lang = gpuplan::query::pairs(&query).any(|(k, _)| k == "lang");
    let source = if from_link { Some(query) } else { url_sync::load_last() };
    let (mut st, warnings) = source.map_or_else(|| (fresh_state(), Vec::new()), |q| parse_state(&q, catalog));
    if !from_link {
        // How the page is shown belongs to the link that asked for it: a stored embed mode (from an older
        // version, or written by hand) must never turn the bare address into an embed without its Reset.
        st.embed = Embed::No;
        st.transparent = false;
    }
    if !from_link && !has_lang && st.presentation.lang == Lang::En && url_sync::prefers_chinese() {
        st.presentation.lang = Lang::Zh;
    }
    // A stored scenario that no longer parses cleanly is dropped silently.
    (st, if from_link { warnings } else { Vec::new() })
}

/// Shows the first recommendation sooner: the rest of the page renders in the task after the first
/// paint (an animation frame runs just before a paint, so a timeout queued there runs just after it).
/// Hidden tabs run no animation frames, hence the fallback timeout.
fn render_rest_after_first_paint(ctx: Ctx) {
    let show = move || {
        if !ctx.full.get_untracked() {
            ctx.full.set(true);
            if ctx.embed.get_untracked() != Embed::No {
                request_animation_frame(url_sync::post_content_height);
            }
        }
    };
    request_animation_frame(move || set_timeout(show, std::time::Duration::ZERO));
    set_timeout(show, std::time::Duration::from_millis(250));
}

/// How many times the page has run the engine (`run_engine`); read by the browser tests through
/// `engine_runs` (a language or currency switch must not add to it).
static ENGINE_RUNS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Runs an engine computation, counted.
pub(crate) fn run_engine<T>(f: impl FnOnce() -> T) -> T {
    ENGINE_RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    f()
}

/// Test hook (tests/e2e): how many engine computations the page has run. Not used by the page.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn engine_runs() -> u32 {
    ENGINE_RUNS.load(std::sync::atomic::Ordering::Relaxed)
}

/// A memo's "changed" test that does not compare: the value is recomputed only when its inputs
/// changed, and then it is taken as new.
pub(crate) fn changed<T>(_: Option<&T>, _: Option<&T>) -> bool {
    true
}

/// Keeps the address bar and storage in step with the state, and the state with back/forward.
fn keep_link_in_step(ctx: Ctx) {
    // A new view is a new history entry at
    // once; other edits are written 120 ms after the last one (browsers throttle history writes, and
    // replaceState on every keystroke cost ~9 ms of each update).
    let last_view = StoredValue::new(ctx.state.with_untracked(|s| s.view));
    let pending = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let (q, view, embed) = ctx.state.with(|s| (encode_state(s), s.view, s.embed));
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        if embed == Embed::No {
            url_sync::save_last(&q);
        } else {
            // Tell the host page our height once the new content is laid out. An embedded page never
            // writes storage or history (its history is the host's too).
            request_animation_frame(url_sync::post_content_height);
            return;
        }
        if last_view.get_value() != view {
            last_view.set_value(view);
            url_sync::write_query(&q, true);
            url_sync::clear_unwritten();
        } else {
            // A reload within the 120 ms reads this tab's note (`initial_state`), so the edit is not lost.
            url_sync::note_unwritten(&q);
            let write = move || {
                url_sync::write_query(&q, false);
                url_sync::clear_unwritten();
            };
            pending.set_value(set_timeout_with_handle(write, std::time::Duration::from_millis(120)).ok());
        }
    });
    // Leaving the page (a reload, a closed tab) before the effect above has run, or within its 120 ms:
    // the tab's note is written from the state itself, so the next load of this tab reads the edit.
    let _ = window_event_listener(leptos::ev::pagehide, move |_| {
        let (q, embed) = ctx.state.with_untracked(|s| (encode_state(s), s.embed));
        if embed == Embed::No && q != url_sync::read_query() {
            url_sync::note_unwritten(&q);
        }
    });
    let _ = window_event_listener(leptos::ev::popstate, move |_| {
        let (st, w) = ctx.catalog.with_value(|c| parse_state(&url_sync::read_query(), c));
        last_view.set_value(st.view);
        ctx.state.set(st);
        ctx.warnings.set(w);
    });
}

/// The page language as an HTML `lang` tag.
fn lang_tag(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en",
    }
}

/// Keeps `<html lang>` on the page language, the root's `data-theme` and the body's `transparent` class on
/// an embed's theme and transparent background, and the number fields on the state (`fields::follow_state`).
fn follow_in_the_document(ctx: Ctx) {
    // The number fields, the theme and the transparent background all follow the state: one effect (each
    // effect is code of its own in the page).
    Effect::new(move |_| {
        ctx.state.with(|st| {
            fields::follow_state(ctx, st);
            embed::show_theme(st.theme);
            let transparent = st.transparent && st.embed != Embed::No;
            if let Some(body) = gloo::utils::document().body() {
                let _ = body.class_list().toggle_with_force("transparent", transparent);
            }
        });
    });
    Effect::new(move |_| {
        let l = lang_tag(ctx.lang());
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("lang", l);
        }
    });
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let catalog = StoredValue::new(&*Box::leak(Box::new(Catalog::bundled())));
    let (mut st, warnings) = catalog.with_value(|c| initial_state(c));
    let as_of = catalog.with_value(|c| c.as_of);
    let link_date = st.catalog_date.filter(|d| *d != as_of);
    // Links made here record this catalog's date.
    st.catalog_date = Some(as_of);
    let state = RwSignal::new(st);
    // Over the pre-rendered answer, the page draws everything at once (the same HTML, so nothing moves).
    let pre_rendered = url_sync::take_first_frame();
    let scenario = Memo::new(move |_| state.with(|s| s.scenario.duplicate()));
    // A new scenario is a new outcome: no comparison of the old one (its derived `PartialEq` would be
    // compiled into the page for nothing; BENCHMARKS.md).
    let outcome = Memo::new_with_compare(
        move |_| run_engine(|| catalog.with_value(|c| scenario.with(|s| recommend(c, s)))),
        changed,
    );
    let ctx = Ctx {
        state,
        catalog,
        scenario,
        outcome,
        warnings: RwSignal::new(warnings),
        lang: Memo::new(move |_| state.with(|s| s.presentation.lang)),
        full: RwSignal::new(pre_rendered),
        view: Memo::new(move |_| state.with(|s| s.view)),
        embed: Memo::new(move |_| state.with(|s| s.embed)),
        show_all: RwSignal::new(false),
        curve: RwSignal::new(false),
        strategy_changed: RwSignal::new(None),
        typing: StoredValue::new(fields::Typing::default()),
    };
    render_rest_after_first_paint(ctx);
    embed::connect(ctx);
    let catalog_note = link_date.map(|d| since::catalog_note(ctx, d));
    keep_link_in_step(ctx);
    follow_in_the_document(ctx);
    let embedded = move || ctx.embed.get() != Embed::No;
    if state.with_untracked(|s| s.embed == Embed::Line) {
        return view! { <embed::LineSummary ctx=ctx /> }.into_any();
    }
    view! {
        <div data-testid="app" class="app" class:embed=embedded data-embed=move || embedded().to_string() lang=move || lang_tag(ctx.lang())
            on:click=move |ev| acts::on_click(ctx, ev) on:change=move |ev| acts::on_change(ctx, ev) on:input=move |ev| fields::on_input(ctx, &ev)>
            {move || (!embedded()).then(|| view! {
                <a class="skip" href=move || if ctx.view.get() == View::Plan { "#result" } else { "#main" } data-testid="skip-to-result">{ctx.tx(Msg::SkipToResult)}</a>
                <Header ctx=ctx />
            })}
            {catalog_note.map(|n| view! { <since::CatalogNotice ctx=ctx note=n /> })}
            <WarningList ctx=ctx />
            <main id="main" tabindex="-1">
                {move || match ctx.view.get() {
                    View::Plan => view! { <PlanView ctx=ctx /> }.into_any(),
                    View::Explore => view! { <explore::Explore ctx=ctx /> }.into_any(),
                    View::Compare => view! { <compare::Compare ctx=ctx /> }.into_any(),
                    View::Assumptions => view! { <assumptions::Assumptions ctx=ctx /> }.into_any(),
                }}
            </main>
            <Footer ctx=ctx />
        </div>
    }
    .into_any()
}

/// Phones: the form folds away under a sticky button, so the answer comes first and the inputs are one
/// tap away. The button opens or folds it (the `open` class on `.plan`; CSS shows the form under 900 px
/// only then) and scrolls to the form or back to the answer. Plain DOM, no signal: the fold is layout,
/// not state, and a reactive label and attributes cost ~1 KB of wasm.
fn toggle_inputs(ctx: Ctx, ev: leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let Some(button) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return;
    };
    let Some(plan) = button.parent_element() else { return };
    let open = plan.class_list().toggle("open").unwrap_or(false);
    let _ = button.set_attribute("aria-expanded", if open { "true" } else { "false" });
    let target = if open { "inputs" } else { "result" };
    if let Some(el) = gloo::utils::document().get_element_by_id(target) {
        el.scroll_into_view();
    }
    // An embedded calculator grows or shrinks with the form: the host resizes its iframe.
    if ctx.embed.get_untracked() != Embed::No {
        url_sync::post_content_height();
    }
}

/// Workload on one side, results on the other; the card embed shows results only.
#[component]
fn PlanView(ctx: Ctx) -> impl IntoView {
    let embed = move || ctx.embed.get();
    // The articles' advice, below the fold of the full page only.
    let guidance = move || {
        if embed() == Embed::No && ctx.full.get() {
            gpuplan::render::notes::guidance(ctx.lang())
        } else {
            String::new()
        }
    };
    view! {
        <div class="plan" class:embed-plan=move || embed() == Embed::Card>
            {move || (embed() != Embed::Card).then(|| view! {
                <button type="button" class="primary edit-inputs" data-testid="edit-inputs" aria-controls="inputs"
                    aria-expanded="false" on:click=move |ev| toggle_inputs(ctx, ev)>
                    <span class="closed">{ctx.tx(Msg::EditInputs)}</span>
                    <span class="opened">{ctx.tx(Msg::ShowResult)}</span>
                </button>
                <form::WorkloadForm ctx=ctx />
            })}
            <div class="results-col" id="result" tabindex="-1">
                <assumptions::ChangedNotice ctx=ctx />
                <results::Results ctx=ctx />
                <div class="contents" inner_html=guidance></div>
            </div>
        </div>
    }
}

fn langs(_: Ctx) -> Vec<(String, String)> {
    let name = |l| t(l, Msg::LanguageName).into();
    vec![("en".into(), name(Lang::En)), ("zh".into(), name(Lang::Zh))]
}

fn currencies(_: Ctx) -> Vec<(String, String)> {
    vec![("usd".into(), "USD $".into()), ("cny".into(), "CNY ¥".into())]
}

/// The masthead: title, view tabs, language and currency, and the copy and reset buttons (HTML text
/// from `render`; their clicks go through `acts`).
#[component]
fn Header(ctx: Ctx) -> impl IntoView {
    let tabs = move || gpuplan::render::notes::tabs(ctx.lang(), ctx.view.get());
    let buttons = move || gpuplan::render::controls::header_buttons(ctx.lang());
    view! {
        <header class="masthead">
            <div class="brand">
                <h1>"gpuplan"</h1>
                <p class="tagline">{ctx.tx(Msg::Tagline)}</p>
            </div>
            <nav class="tabs" aria-label="views" inner_html=tabs></nav>
            <div class="tools">
                {fields::lines(ctx, &[fields::Line::One(fields::Field::Select("lang", Msg::Language, langs)), fields::Line::One(fields::Field::Select("cur", Msg::Currency, currencies))])}
                <span class="contents" inner_html=buttons></span>
            </div>
        </header>
    }
}

/// The link's warnings (HTML text from `render::notes`).
#[component]
fn WarningList(ctx: Ctx) -> impl IntoView {
    let html = move || ctx.warnings.with(|ws| gpuplan::render::notes::warnings(ctx.lang(), ws));
    view! { <div class="contents" inner_html=html></div> }
}

/// The footer: in an embed, the link to the full page; then the catalog's date (HTML text from `render::notes`).
#[component]
fn Footer(ctx: Ctx) -> impl IntoView {
    let as_of = ctx.catalog.with_value(|c| c.as_of);
    let stale = url_sync::today().is_some_and(|d| ctx.catalog.with_value(|c| c.age_days(d)) > 180);
    let html = move || ctx.state.with(|st| gpuplan::render::notes::footer(st, as_of, stale));
    view! { <footer class="foot" inner_html=html></footer> }
}

/// Benchmark hook (scripts/bench-browser.mjs): milliseconds per recompute of recommendations, every
/// option and the plan for a link, averaged over `runs`. Not used by the page.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_recompute(query: &str, runs: u32) -> f64 {
    let catalog: &'static Catalog = Box::leak(Box::new(Catalog::bundled())); // as the page's (Ctx)
    let (st, _) = parse_state(query, catalog);
    let start = url_sync::now_ms();
    for _ in 0..runs.max(1) {
        let o = recommend(catalog, &st.scenario);
        if let Some(r) = o.recommendations.first() {
            let _ = gpuplan::engine::option_costs(catalog, &st.scenario, r);
            let _ = gpuplan::engine::plan(catalog, &st.scenario, r);
        }
    }
    (url_sync::now_ms() - start) / f64::from(runs.max(1))
}
