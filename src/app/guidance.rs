//! Guidance from the articles: the environment to launch with and the cost-hygiene checklist.

use super::Ctx;
use crate::i18n::Msg;
use leptos::prelude::*;

#[component]
pub fn Guidance(ctx: Ctx) -> impl IntoView {
    let item = move |m: Msg| view! { <li>{ctx.tx(m)}</li> };
    view! {
        <section class="card guidance" data-testid="guidance">
            <h2>{ctx.tx(Msg::Guidance)}</h2>
            <ul>{item(Msg::GuideAmi)}{item(Msg::GuideEcs)}{item(Msg::GuideNeuron)}{item(Msg::GuideSpot)}</ul>
            <h3>{ctx.tx(Msg::Hygiene)}</h3>
            <ul class="checklist">{item(Msg::HygieneStop)}{item(Msg::HygieneCb)}{item(Msg::HygieneEip)}</ul>
        </section>
    }
}
