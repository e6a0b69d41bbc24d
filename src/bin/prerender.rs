//! The build's pre-render step (Trunk's post_build hook, after the loader and CSS hooks): writes the default scenario's answer into the front documents' first frame (index.html in English, zh.html in Chinese), a page per instance type and per model preset, the accuracy ledger (a/accuracy/), sitemap.xml, llms.txt and the service worker (boot/sw.js with this build's id and files) into the staging dir. Usage: `prerender <dist dir>` (Trunk passes TRUNK_STAGING_DIR).
#![cfg_attr(all(unix, not(test)), no_main)]

// The tools' edge with the shell; this step takes a path, not text, so `text_args` goes unused here.
#[allow(dead_code)]
#[path = "common/edge.rs"]
mod edge;

use gpuplan::catalog::Catalog;
use gpuplan::models::PRESETS;
use gpuplan::render::{front, site};
use gpuplan::scenario::Lang;
use std::fs;
use std::path::{Path, PathBuf};

edge::entry_point!(run_main);

/// The step as a Trunk hook runs it; its line goes to stdout through the tools' edge (`edge::write_stdout`),
/// so a closed or full stdout is a message and a status, not a panic.
fn run_main() -> u8 {
    // A path need not be UTF-8: taken as the OS gives it.
    let dir = std::env::args_os()
        .nth(1)
        .or_else(|| std::env::var_os("TRUNK_STAGING_DIR"))
        .map(PathBuf::from);
    let Some(dir) = dir else {
        edge::say("prerender: give the built dist/ directory (or run as a Trunk hook)");
        return 1;
    };
    match run(&dir) {
        Ok(pages) => {
            let line = format!(
                "prerender: index.html's and zh.html's first frames and {pages} pages in {}\n",
                dir.display()
            );
            edge::exit_for("prerender", edge::write_stdout(&line))
        }
        Err(e) => {
            edge::say(&format!("prerender: {e}"));
            1
        }
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(dir: &Path) -> Result<usize, String> {
    let c = Catalog::bundled();
    let index_path = dir.join("index.html");
    let index = fs::read_to_string(&index_path).map_err(|e| format!("{}: {e}", index_path.display()))?;
    // One language's answer per document: index.html English, zh.html Chinese (boot/lang.js sends a
    // Chinese visit there before the first paint).
    let [index, zh] = front::front_documents(&c, &index)?;
    write(&index_path, &index)?;
    write(&dir.join(front::ZH_FILE), &zh)?;
    let css = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.ends_with(".css"))
        .ok_or("no stylesheet in the built dir")?;
    let mut pages = 0;
    let ledger = gpuplan::accuracy::ledger(&c);
    let records = gpuplan::accuracy::records_of(&ledger);
    for lang in [Lang::En, Lang::Zh] {
        let html = gpuplan::render::ledger::accuracy_page(&c, &ledger, &records, lang, &css);
        write(&dir.join(site::page_path("a", "accuracy", lang)), &html)?;
        pages += 1;
        let answers = site::Answers::compute(&c, lang);
        for i in &c.instances {
            if let Some(html) = site::instance_page(&c, &i.id, lang, &answers, &css) {
                write(&dir.join(site::page_path("i", &i.id, lang)), &html)?;
                pages += 1;
            }
        }
        for m in PRESETS {
            if let Some(html) = site::model_page(&c, m, lang, &answers, &css) {
                write(&dir.join(site::page_path("m", m.id, lang)), &html)?;
                pages += 1;
            }
        }
    }
    write(&dir.join("sw.js"), &service_worker(dir, &[&index, &zh], &c)?)?;
    let base = std::env::var("GPUPLAN_BASE_URL").unwrap_or_else(|_| "./".to_string());
    write(&dir.join("sitemap.xml"), &site::sitemap(&c, &base))?;
    write(&dir.join("llms.txt"), &site::llms_txt(&c))?;
    Ok(pages)
}

/// boot/sw.js with this build's id (a hash of the final front documents, which name every content-hashed
/// file) and the files it caches: the page in both languages, wasm, js and css, then every pre-rendered page.
fn service_worker(dir: &Path, fronts: &[&str], c: &Catalog) -> Result<String, String> {
    let mut core = vec!["./".to_string(), format!("./{}", front::ZH_FILE)];
    let names: Vec<String> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "sw.js" && [".wasm", ".js", ".css"].iter().any(|x| n.ends_with(x)))
        .collect();
    let names = gpuplan::order::sorted(names, &|a, b| a.cmp(b));
    core.extend(names.into_iter().map(|n| format!("./{n}")));
    let mut pages = Vec::new();
    for lang in [Lang::En, Lang::Zh] {
        for i in &c.instances {
            pages.push(format!("./{}", site::page_path("i", &i.id, lang)));
        }
        for m in PRESETS {
            pages.push(format!("./{}", site::page_path("m", m.id, lang)));
        }
        pages.push(format!("./{}", site::page_path("a", "accuracy", lang)));
    }
    let list = |v: &[String]| serde_json::to_string(v).unwrap_or_else(|_| "[]".into());
    // FNV-1a, 64 bits: an id, not a defence.
    let build = fronts
        .iter()
        .flat_map(|d| d.bytes())
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    Ok(include_str!("../../boot/sw.js")
        .replace("__BUILD__", &format!("{build:016x}"))
        .replace("__CORE__", &list(&core))
        .replace("__PAGES__", &list(&pages)))
}
