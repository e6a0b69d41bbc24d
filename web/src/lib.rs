//! The gpuplan page: the Leptos app (`app`) over the pure `gpuplan` crate. Only this crate knows the web.

pub mod app;
