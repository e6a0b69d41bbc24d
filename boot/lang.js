// The first frame's language (index.html is English, zh.html beside it Chinese, each with one language's pre-rendered default answer). Inlined
// atop <head> by scripts/inline_lang.py, so it runs on the document's first bytes, before any other file is asked for. Marks <html
// class="linked"> unless this visit opens the default scenario the build pre-rendered: the bare address with nothing else saved here, or the
// link the app writes for either default (<html data-default> lists them, English's first), and no edit of this tab awaiting its link. A visit
// that opens it in the other document's language is sent there before anything paints (this document's loading stopped, so its rest and its
// files do not share the link with the next one); the language is the app's (web/src/app/mod.rs, initial_state): the link's lang=, else the saved
// scenario's, else the browser's. zh.html opened bare stays Chinese: the Chinese default's link is put in its address, so the app reads it
// too. Any other link (`?lang=zh`, `?v=1&…`) stays where it is, for the wasm to draw, its loading text in the browser's language. A host may
// serve zh.html at the bare address for a Chinese-preferring browser (README: Hosting): a Chinese document found anywhere but at zh.html sends
// English to index.html by name, which a host never negotiates, so never loops.
// This tab's note of an unwritten edit counts only where the app reads it (url_sync::take_unwritten): a reload of the address it was to replace.
(function () {
  var q = location.search.slice(1), root = document.documentElement, doc = /^zh/.test(root.lang), saved = null, unwritten = null;
  try { saved = localStorage.getItem('gpuplan:last'); unwritten = sessionStorage.getItem('gpuplan:unwritten'); } catch (e) { saved = null; }
  if (unwritten !== null && unwritten.split('\n')[0] !== q) unwritten = null;
  var defaults = (root.getAttribute('data-default') || '').split(' ');
  var pre = defaults[0] !== '' && unwritten === null && (q ? defaults.indexOf(q) >= 0 : saved === null || defaults.indexOf(saved) >= 0);
  var zh = /(^|&)lang=zh/.test(q || saved) || !/(^|&)lang=en/.test(q) && (!pre || !q) && /^zh/i.test(navigator.language);
  if (pre && doc && !zh && !q) history.replaceState(null, '', '?' + defaults[1]), zh = true;
  if (pre && zh !== doc) return root.hidden = true, stop(), location.replace((zh ? 'zh.html' : /zh\.html$/.test(location.pathname) ? './' : 'index.html') + location.search);
  root.lang = zh ? 'zh-CN' : 'en';
  if (!pre) root.className += ' linked';
})();
