//! The Leptos page: a thin view over the catalog and engine; owns no numbers of its own.

// A panic in WASM kills the page: nothing a user or a URL can influence may unwrap here.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod catalog_table;

use crate::catalog::Catalog;
use leptos::prelude::*;

pub use catalog_table::CatalogTable;

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

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let catalog = StoredValue::new(Catalog::bundled());
    let as_of = catalog.with_value(|c| c.as_of.to_string());
    view! {
        <div data-testid="app" class="app">
            <header class="masthead">
                <h1>"gpuplan"</h1>
                <p class="tagline">"AWS accelerated instances: what fits, and what it costs."</p>
            </header>
            <main>
                <CatalogTable catalog=catalog />
            </main>
            <footer class="foot">
                <p>"Catalog as of " <time data-testid="as-of">{as_of}</time> ". Every figure carries its source."</p>
            </footer>
        </div>
    }
}
