// The first frame's language (index.html is English, zh.html beside it Chinese, each with one language's pre-rendered default answer). Runs before
// the stylesheet: a visit that would see the other language's answer is sent to that document before anything paints. Else marks <html class="linked">
// unless this visit opens the default scenario the build pre-rendered (no link but the language, nothing else saved here, no edit of this tab awaiting
// its link; <html data-default> lists its saved forms). The language is the app's (src/app/mod.rs, initial_state): the link's lang=, else the saved
// scenario's, else the browser's; zh.html opened bare stays Chinese (lang=zh is added to its address, so the app reads it too).
(function () {
  var q = location.search.slice(1), root = document.documentElement, doc = /^zh/.test(root.lang), saved = null, unwritten = null;
  try { saved = localStorage.getItem('gpuplan:last'); unwritten = sessionStorage.getItem('gpuplan:unwritten'); } catch (e) { saved = null; }
  var defaults = (root.getAttribute('data-default') || '').split(' ');
  var pre = defaults[0] !== '' && unwritten === null && /^(lang=(en|zh))?$/.test(q) && (q !== '' || saved === null || defaults.indexOf(saved) >= 0);
  var zh = /(^|&)lang=zh/.test(q) || !/(^|&)lang=en/.test(q) && (/^zh/i.test(navigator.language) || !q && /(^|&)lang=zh/.test(saved));
  if (pre && doc && !zh && !q) history.replaceState(null, '', '?lang=zh'), zh = true;
  if (pre && zh !== doc) return root.hidden = true, location.replace((zh ? 'zh.html' : './') + location.search);
  root.lang = zh ? 'zh-CN' : 'en';
  if (!pre) root.className += ' linked';
})();
