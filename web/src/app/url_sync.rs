//! The page's edge to the browser: the URL (location, history), the clipboard, localStorage, downloads and the clock. The only file that touches them; every call fails soft.

use gpuplan::catalog::IsoDate;
use wasm_bindgen::JsCast;

/// The current query string without the leading `?`, decoded by the caller.
pub fn read_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|s| s.trim_start_matches('?').to_string())
        .unwrap_or_default()
}

/// Writes the query into the address bar: `push` adds a history entry (view changes), otherwise replaces it.
pub fn write_query(query: &str, push: bool) {
    let Some(w) = web_sys::window() else { return };
    let path = w.location().pathname().unwrap_or_default();
    let url = format!("{path}?{query}");
    if let Ok(h) = w.history() {
        let _ = if push {
            h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        } else {
            h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        };
    }
}

/// This page's address without a query.
pub fn page_base() -> String {
    web_sys::window()
        .map(|w| w.location())
        .map(|l| format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default()))
        .unwrap_or_default()
}

/// The full address of this page with `query`.
pub fn page_url_for(query: &str) -> String {
    format!("{}?{query}", page_base())
}

/// Today on the user's clock (UTC date).
pub fn today() -> Option<IsoDate> {
    let d = js_sys::Date::new_0();
    let iso: String = d.to_iso_string().into();
    iso.get(..10).and_then(IsoDate::parse)
}

/// Milliseconds since the epoch on the user's clock (the benchmark hook's timer).
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// The browser's preferred language starts with "zh".
pub fn prefers_chinese() -> bool {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .is_some_and(|l| l.to_ascii_lowercase().starts_with("zh"))
}

const STORAGE_KEY: &str = "gpuplan:last";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The last scenario saved on this browser, if storage works and holds one.
pub fn load_last() -> Option<String> {
    storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
}

/// Saves the scenario; quietly does nothing when storage is unavailable (private mode, quota, disabled).
pub fn save_last(query: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, query);
    }
}

/// This tab's note of an edit whose link is not written yet: "the address it replaces\nthe new link".
const UNWRITTEN_KEY: &str = "gpuplan:unwritten";

fn session() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// Notes, for this tab only, that the address is about to become `query` (the history write waits
/// 120 ms): a reload before then reads the note instead of the older address.
pub fn note_unwritten(query: &str) {
    if let Some(s) = session() {
        let _ = s.set_item(UNWRITTEN_KEY, &format!("{}\n{query}", read_query()));
    }
}

/// The link is written: nothing is pending.
pub fn clear_unwritten() {
    if let Some(s) = session() {
        let _ = s.remove_item(UNWRITTEN_KEY);
    }
}

/// The link this tab's last edit had not yet written, if the address is still the one it was to replace
/// (a reload within the 120 ms); taken once.
pub fn take_unwritten() -> Option<String> {
    let note = session()?.get_item(UNWRITTEN_KEY).ok().flatten()?;
    clear_unwritten();
    let (from, to) = note.split_once('\n')?;
    (from == read_query()).then(|| to.to_string())
}

pub fn forget_last() {
    if let Some(s) = storage() {
        let _ = s.remove_item(STORAGE_KEY);
    }
}

/// Copies text, then tells `done` whether it worked: one future type for every copy button.
pub fn copy_then(text: String, done: Box<dyn FnOnce(bool)>) {
    leptos::task::spawn_local(async move { done(copy_text(text).await) });
}

/// Copies text: the Clipboard API where available, else a hidden textarea and `execCommand("copy")`.
async fn copy_text(text: String) -> bool {
    if let Some(w) = web_sys::window() {
        let clipboard = w.navigator().clipboard();
        let promise = clipboard.write_text(&text);
        if wasm_bindgen_futures::JsFuture::from(promise).await.is_ok() {
            return true;
        }
    }
    copy_with_textarea(&text)
}

fn copy_with_textarea(text: &str) -> bool {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let Ok(el) = doc.create_element("textarea") else {
        return false;
    };
    let Ok(area) = el.dyn_into::<web_sys::HtmlTextAreaElement>() else {
        return false;
    };
    area.set_value(text);
    let _ = area.set_attribute("readonly", "");
    let _ = area.set_attribute("class", "offscreen");
    let Some(body) = doc.body() else { return false };
    let _ = body.append_child(&area);
    area.select();
    let ok = doc
        .dyn_ref::<web_sys::HtmlDocument>()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    let _ = body.remove_child(&area);
    ok
}

/// Offers `text` as a file download.
pub fn download(filename: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        if let Ok(a) = doc
            .create_element("a")
            .map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>())
        {
            a.set_href(&url);
            a.set_download(filename);
            a.click();
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Posts the document's content height to the parent frame: the body's own height (the root's
/// scroll height never falls below the frame's, so a card that shrinks would keep its old height).
pub fn post_content_height() {
    let height = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .map_or(0.0, |b| f64::from(b.offset_height()));
    post_height(height);
}

/// Tells the parent page (when embedded in an iframe) the height of the content:
/// `{ gpuplan: "height", height: <px> }`, to any origin (it carries nothing but a number).
pub fn post_height(height: f64) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"gpuplan".into(), &"height".into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &height.into());
    let _ = parent.post_message(&msg, "*");
}

/// Removes index.html's first frame (the app mounts in its place) and says whether it showed the
/// build's pre-rendered answer (boot/lang.js marks `<html class="linked">` where it did not).
pub fn take_first_frame() -> bool {
    let d = gloo::utils::document();
    let Some(boot) = d.get_element_by_id("boot") else {
        return false;
    };
    boot.remove();
    d.document_element()
        .is_some_and(|e| !e.class_name().split(' ').any(|c| c == "linked"))
}
