//! gpuplan: choose AWS accelerated instances and plan what they cost. Modules in reading order; only `app` knows the web.

pub mod catalog;
pub mod engine;
pub mod explain;
pub mod format;
pub mod import;
pub mod models;
pub mod query;
pub mod scenario;

pub mod app;
