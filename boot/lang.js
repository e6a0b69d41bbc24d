// The first frame's language (index.html carries the pre-rendered default answer in English and then in Chinese, <html data-both>; zh.html
// beside it the Chinese one only, for hosts and the service worker that negotiate the language). Inlined
// atop <head> by scripts/inline_lang.py, so it runs on the document's first bytes, before any other file is asked for. Marks <html
// class="linked"> unless this visit opens the default scenario the build pre-rendered: the bare address with nothing else saved here, or the
// link the app writes for either default (<html data-default> lists them, English's first), and no edit of this tab awaiting its link. On
// index.html the answer in the visit's language is shown where it stands (the stylesheet hides the other by <html lang>), with its title (a
// link's frame brings its own language's); a
// visit to zh.html that opens the English default is sent to index.html before anything paints (this document's loading stopped, so its
// rest and its files do not share the link with the next one); the language is the app's (web/src/app/mod.rs, initial_state): the link's lang=, else the saved
// scenario's, else the browser's. zh.html opened bare stays Chinese: the Chinese default's link is put in its address, so the app reads it
// too. Any other link (`?lang=zh`, `?v=1&…`) stays where it is, for the wasm to draw, its loading text in the browser's language. A host may
// serve zh.html at the bare address for a Chinese-preferring browser (README: Hosting): a Chinese document found anywhere but at zh.html sends
// English to index.html by name, which a host never negotiates, so never loops.
// This tab's note of an unwritten edit counts only where the app reads it (url_sync::take_unwritten): a reload of the address it was to replace.
// A link (or a saved scenario) the build did not pre-render gets its first frame from the small wasm (web/src/bin/gpuplan-curve.rs, whose
// `frame` export is render::site::link_frame: the layout and HTML the app then draws over it), asked for here with the document's first
// bytes; scripts/inline_lang.py fills in its files' hashed names. `gpuplanFrame` settles once the frame is drawn (or cannot be: a view or
// an embed it does not lay out, a link with warnings, a file that fails), and only then does the page's loader (scripts/externalize_loader.py)
// ask for the page's own wasm, so the two do not share a slow link. The frame is in the link's language (a saved scenario's, else the
// browser's, as the app reads it), and the loading text leaves with the `linked` class.
(function () {
  var q = location.search.slice(1), root = document.documentElement, doc = /^zh/.test(root.lang), saved = null, unwritten = null;
  try { saved = localStorage.getItem('gpuplan:last'); unwritten = sessionStorage.getItem('gpuplan:unwritten'); } catch (e) { saved = null; }
  if (unwritten !== null && unwritten.split('\n')[0] !== q) unwritten = null;
  var defaults = (root.getAttribute('data-default') || '').split(' ');
  var pre = defaults[0] !== '' && unwritten === null && (q ? defaults.indexOf(q) >= 0 : saved === null || defaults.indexOf(saved) >= 0);
  var zh = /(^|&)lang=zh/.test(q || saved) || !/(^|&)lang=en/.test(q) && (!pre || !q) && /^zh/i.test(navigator.language);
  var both = root.hasAttribute('data-both');
  if (pre && doc && !zh && !q) history.replaceState(null, '', '?' + defaults[1]), zh = true;
  if (pre && zh !== doc && !both) return root.hidden = true, stop(), location.replace((zh ? 'zh.html' : /zh\.html$/.test(location.pathname) ? './' : 'index.html') + location.search);
  root.lang = zh ? 'zh-CN' : 'en';
  if (both && zh && pre) document.title = root.getAttribute('data-zh-title');
  if (pre) return;
  root.className += ' linked';
  var link = q || saved && saved + (zh && !/(^|&)lang=/.test(saved) ? '&lang=zh' : '');
  if (link && unwritten === null) window.gpuplanFrame = new Promise(function (done) {
    var wasm = fetch('__FRAME_WASM__'), glue = document.createElement('script');
    var draw = function () {
      try {
        var html = wasm_bindgen.frame(link), all = document.querySelectorAll('#boot [data-answer]'), el = all[0];
        if (html && el) {
          for (var i = 1; i < all.length; i++) all[i].remove();
          el.innerHTML = html;
          el.className = 'boot-answer';
          root.lang = el.lang = /(^|&)lang=zh/.test(link) ? 'zh-CN' : 'en';
          if (both && el.lang === 'zh-CN') document.title = root.getAttribute('data-zh-title');
          root.classList.remove('linked');
        }
      } finally {
        done();
      }
    };
    glue.src = '__FRAME_GLUE__';
    glue.onerror = done;
    glue.onload = function () {
      wasm_bindgen({ module_or_path: wasm }).then(function () {
        if (document.readyState === 'loading') addEventListener('DOMContentLoaded', draw); else draw();
      }).catch(done);
    };
    document.head.appendChild(glue);
  });
})();
