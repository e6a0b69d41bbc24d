//! The Assumptions view: every default the estimates rest on, editable, with where it comes from (fields from one table; everything read-only, headings, source and note lines, the Savings Plan rates and the sources, as HTML text from `render::assumptions`).

use super::fields::number;
use super::Ctx;
use gpuplan::i18n::Msg;
use gpuplan::presentation::Presentation;
use gpuplan::render;
use gpuplan::render::assumptions::Piece::{self, Note, Source};
use gpuplan::scenario::Scenario;
use leptos::prelude::*;

/// One line of the Assumptions form.
enum Line {
    /// An editable assumption: its link key and label; `true` when empty means "the catalog's figure".
    Field(&'static str, Msg, bool),
    /// A read-only line (a source or a note), HTML text.
    Text(Piece),
}

use Line::{Field, Text};

const GENERAL: &[Line] = &[
    Field("mfu", Msg::Mfu, false),
    Text(Source("mfu", Msg::SrcMfu)),
    Text(Note(Msg::HintMfu)),
    Field("bweff", Msg::BwEff, false),
    Text(Source("bweff", Msg::SrcBw)),
    Field("usable", Msg::MemUsable, false),
    Text(Source("usable", Msg::SrcUsable)),
    Field("overhead", Msg::OverheadGib, false),
    Text(Source("overhead", Msg::SrcOverhead)),
    Field("budgetx", Msg::PerfBudget, false),
    Field("rank", Msg::LoraRank, false),
    Field("arlat", Msg::ArLat, false),
    Field("arhop", Msg::ArHop, false),
    Field("nvsar", Msg::NvsAr, false),
    Text(Source("nvsar", Msg::SrcNvsAr)),
    Field("stepms", Msg::StepMs, false),
    Field("pfmfu", Msg::PrefillMfu, false),
    Text(Source("pfmfu", Msg::SrcPrefill)),
    Field("fp4x", Msg::Fp4Speedup, false),
    Field("nmfu", Msg::NeuronMfu, false),
    Field("nhop", Msg::NeuronHop, false),
    Field("nstepms", Msg::NeuronStep, false),
    Text(Source("nmfu", Msg::SrcNeuronServing)),
    Field("moes", Msg::MoeServingBytes, false),
    Text(Source("moes", Msg::SrcMoeServing)),
    Field("readtps", Msg::ReadableTps, false),
    Text(Source("readtps", Msg::SrcReadable)),
    Field("speca", Msg::SpecAccept, false),
    Text(Source("speca", Msg::SrcSpec)),
    Field("seatuse", Msg::SeatUse, false),
    Text(Note(Msg::SrcServing)),
];

const PURCHASE: &[Line] = &[
    Field("cspdisc", Msg::CspDisc, true),
    Field("ispdisc", Msg::IspDisc, true),
    Text(Source("", Msg::SrcSp)),
    Field("spotdisc", Msg::SpotDisc, true),
    Field("irate", Msg::InterruptRate, true),
    Text(Source("", Msg::SrcSpot)),
    Field("ckpt", Msg::CkptInterval, false),
    Text(Source("ckpt", Msg::SrcCkpt)),
    Field("ckptw", Msg::CkptWrite, false),
    Field("restart", Msg::RestartMin, false),
    Field("reacq", Msg::ReacqMin, false),
    Field("fx", Msg::Fx, false),
    Text(Note(Msg::HoursMonthNote)),
];

const TRAINING: &[Line] = &[
    Field("teff", Msg::TrainMfu, false),
    Field("nteff", Msg::NeuronTrainMfu, false),
    Field("linkeff", Msg::LinkEff, false),
    Field("overlap", Msg::CommOverlap, false),
    Field("fp8x", Msg::Fp8Speedup, false),
    Field("moeb", Msg::MoeBytes, false),
    Text(Source("moeb", Msg::SrcMoe)),
    Field("moecap", Msg::MoeCap, false),
    Text(Source("moecap", Msg::SrcMoeCap)),
    Field("ggeff", Msg::GgEff, false),
    Text(Source("ggeff", Msg::SrcGgEff)),
    Field("a2aov", Msg::A2aOverlap, false),
    Text(Source("a2aov", Msg::SrcA2a)),
    Field("nogdr", Msg::NoGdr, false),
];

const TRAINING_MORE: &[Line] = &[
    Field("ppchunks", Msg::PpChunks, false),
    Field("a10g", Msg::A10gTflops, false),
    Field("rtx6000", Msg::Rtx6000Tflops, false),
    Field("gaudi", Msg::GaudiTflops, false),
];

/// Whether an assumption (a scenario key, or the rate `fx`) differs from its default (a link or an edit changed it).
fn is_changed(s: &Scenario, p: &Presentation, key: &str) -> bool {
    let value = |s, p: &Presentation| gpuplan::query::field_value(s, key).or_else(|| p.value(key));
    value(s, p) != value(&Scenario::default(), &Presentation::default())
}

/// The labels of the assumptions that differ from their defaults, in the order Assumptions lists them.
pub fn changed(s: &Scenario, p: &Presentation) -> Vec<Msg> {
    [GENERAL, PURCHASE, TRAINING, TRAINING_MORE]
        .iter()
        .flat_map(|lines| lines.iter())
        .filter_map(|l| match l {
            Field(key, label, _) if is_changed(s, p, key) => Some(*label),
            _ => None,
        })
        .collect()
}

/// On the Plan: a scenario whose assumptions differ from the defaults says which, a click from them
/// (HTML text from `render::controls`; the button acts through `acts`).
#[component]
pub fn ChangedNotice(ctx: Ctx) -> impl IntoView {
    // The notice as text: redrawn only when it changes, not on every edit of the scenario (an `inner_html`
    // string is set only when it differs from the last one, so no memo of its own is needed).
    let html = move || {
        let labels = ctx.state.with(|st| changed(&st.scenario, &st.presentation));
        if labels.is_empty() || ctx.embed.get() != gpuplan::state::Embed::No {
            return String::new();
        }
        let lang = ctx.lang();
        render::controls::changed_notice(lang, &gpuplan::explain::changed_assumptions(&labels, lang))
    };
    view! { <div class="contents" inner_html=html></div> }
}

/// A read-only part of the view as HTML text in the page's language: one view type for all of them.
fn text(ctx: Ctx, piece: &'static Piece) -> AnyView {
    let html = move || {
        ctx.catalog
            .with_value(|c| render::assumptions::piece(ctx.lang(), c, piece))
    };
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// A column of lines: one view per kind of line, compiled once.
fn column(ctx: Ctx, lines: &'static [Line]) -> impl IntoView {
    let lines = lines
        .iter()
        .map(|l| match l {
            Field(key, label, catalog) => {
                let placeholder = catalog.then_some(Msg::FromCatalog);
                let differs = move || ctx.state.with(|st| is_changed(&st.scenario, &st.presentation, key));
                view! {
                    <div class:changed=differs data-changed=move || differs().to_string()>
                        {number(ctx, key, *label, placeholder)}
                    </div>
                }
                .into_any()
            }
            Text(piece) => text(ctx, piece),
        })
        .collect_view();
    view! { <div>{lines}</div> }
}

#[component]
pub fn Assumptions(ctx: Ctx) -> impl IntoView {
    view! {
        <section class="card assumptions" data-testid="assumptions">
            {text(ctx, &Piece::Head)}
            <div class="grid2">{column(ctx, GENERAL)}{column(ctx, PURCHASE)}</div>
            {text(ctx, &Piece::Training)}
            <div class="grid2">{column(ctx, TRAINING)}{column(ctx, TRAINING_MORE)}</div>
            {text(ctx, &Piece::Tail)}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_names_the_assumptions_it_changes() {
        // Issue 24 #15: a link whose assumptions differ from the defaults says so.
        let c = gpuplan::catalog_static::catalog();
        let (s, p, _) = gpuplan::query::parse_link("v=1&mfu=0.35&ckpt=20&model=llama3.1-70b", &c);
        assert_eq!(changed(&s, &p), [Msg::Mfu, Msg::CkptInterval]);
        assert!(changed(&Scenario::default(), &Presentation::default()).is_empty());
        // The CNY rate is the presentation's, not the scenario's, and still an assumption the page names.
        let (s2, p2, _) = gpuplan::query::parse_link("v=1&fx=7.2", &c);
        assert_eq!(changed(&s2, &p2), [Msg::Fx]);
        let text = gpuplan::explain::changed_assumptions(&changed(&s, &p), gpuplan::scenario::Lang::Zh);
        assert_eq!(
            text,
            "此场景有 2 项假设不同于默认值：模型算力利用率（MFU）、检查点间隔（分钟）。"
        );
    }
}
