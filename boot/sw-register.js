// Registers the service worker (sw.js) that keeps this page working offline, and says when the copy on screen is older than the one
// deployed: a new build's worker waits until the visitor reloads through the notice. A classic (blocking) script after the stylesheet
// (index.html says why); it does nothing until the page has loaded and the app has started (Trunk's loader says so with
// `TrunkApplicationStarted`): its install fetches every file the page has and the pre-rendered pages, which must not share a slow
// link with the page's own wasm, nor with a link's first frame (boot/lang.js), before the first answer.
(function () {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  var zh = /^zh/.test(document.documentElement.lang);
  function tell(worker) {
    if (document.querySelector('.sw-update')) return;
    var note = document.createElement('div');
    note.className = 'sw-update';
    note.setAttribute('role', 'status');
    note.setAttribute('data-testid', 'sw-update');
    note.textContent = zh ? '这是本机保存的旧版本：已有更新的 gpuplan 发布。' : 'This is the copy saved on this device: a newer gpuplan has been deployed. ';
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'small primary';
    button.textContent = zh ? '重新加载' : 'Reload';
    button.addEventListener('click', function () { worker.postMessage('gpuplan:update'); });
    note.appendChild(button);
    document.body.appendChild(note);
  }
  var reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (document.querySelector('.sw-update') && !reloaded) { reloaded = true; location.reload(); }
  });
  var loaded = new Promise(function (done) { window.addEventListener('load', done); });
  var started = new Promise(function (done) { window.addEventListener('TrunkApplicationStarted', done); });
  Promise.all([loaded, started]).then(function () {
    navigator.serviceWorker.register('./sw.js').then(function (reg) {
      if (reg.waiting && navigator.serviceWorker.controller) tell(reg.waiting);
      reg.addEventListener('updatefound', function () {
        var worker = reg.installing;
        if (!worker) return;
        worker.addEventListener('statechange', function () {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) tell(worker);
        });
      });
    }, function () { /* no worker (private mode, file://): the page works online as before */ });
  });
})();
