// gpuplan's service worker: the page works offline after one visit. src/bin/prerender.rs writes it into dist/ with this build's id and files
// (a new deploy is a new sw.js, so the browser installs it beside the old one and boot/sw-register.js says the open copy is older).
// Cache first: a page opens at once from the copy of the build it came with; the app's link queries all open the cached index.html (or zh.html).
const BUILD = '__BUILD__';
const CORE = __CORE__;
const PAGES = __PAGES__;
const CACHE = 'gpuplan-' + BUILD;

self.addEventListener('install', (event) => {
  // The page, wasm, js and css first; then the pre-rendered pages, without failing the install over one of them.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(CORE).then(() =>
    Promise.all(PAGES.map((p) => cache.add(p).catch(() => undefined))))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gpuplan-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The page asks the new build's worker to take over when the visitor chooses to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'gpuplan:update') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  const navigate = request.mode === 'navigate';
  // A Chinese-preferring browser's visit to the bare address (no query) opens the cached zh.html at once, as a host that negotiates the
  // language does (README: Hosting), instead of index.html and boot/lang.js's hop: there the language is the browser's unless the saved
  // scenario names one, and boot/lang.js in zh.html sends a visit that is English to index.html by name. Never index.html by name, never a query.
  const url = new URL(request.url);
  const zh = navigate && url.search === '' && url.href === new URL('./', self.location).href && /^zh/i.test(self.navigator.language);
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(zh ? './zh.html' : request, { ignoreSearch: navigate });
    if (hit) return hit;
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const page = navigate && await cache.match('./');
      if (page) return page;
      throw error;
    }
  }));
});
