//! Entry point of the page: installs the panic hook and mounts the app; nothing else.

#[cfg(target_arch = "wasm32")]
fn main() {
    gpuplan_web::app::install_panic_hook();
    leptos::mount::mount_to_body(gpuplan_web::app::App);
}

// Natively the page has nothing to run; the engine is used through the library, tests and CLI.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
