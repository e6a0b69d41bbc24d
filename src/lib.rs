//! gpuplan: choose AWS accelerated instances and plan what they cost. The pure crate: modules in reading order; none knows the web (the page is the `web/` crate).

pub mod accuracy;
pub mod catalog;
pub mod catalog_static;
pub mod chart;
pub mod compare;
pub mod engine;
pub mod explain;
pub mod explore;
pub mod export;
pub mod format;
pub mod i18n;
pub mod import;
#[cfg(target_arch = "wasm32")]
mod js_number;
pub mod message;
pub mod models;
pub mod num;
pub mod order;
pub mod presentation;
pub mod query;
pub mod render;
pub mod scenario;
pub mod site_text;
pub mod state;
