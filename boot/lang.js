// First frame (index.html): shows it in the browser's language until the app mounts, and marks <html class="linked"> unless this visit opens
// the default scenario the build pre-rendered (no link but the language, nothing else saved here, no edit of this tab awaiting its link; <html data-default> lists its saved forms).
(function () {
  var q = location.search.slice(1), root = document.documentElement;
  if (/(^|&)lang=zh/.test(q) || (!/(^|&)lang=en/.test(q) && /^zh/i.test(navigator.language || ''))) root.lang = 'zh-CN';
  var saved = null;
  var unwritten = null;
  try { saved = localStorage.getItem('gpuplan:last'); unwritten = sessionStorage.getItem('gpuplan:unwritten'); } catch (e) { saved = null; }
  var defaults = (root.getAttribute('data-default') || '').split(' ');
  var pre = defaults[0] !== '' && unwritten === null && (/^(lang=(en|zh))?$/.test(q)) && (q !== '' || saved === null || defaults.indexOf(saved) >= 0);
  if (!pre) root.className += ' linked';
})();
