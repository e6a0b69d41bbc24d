// A small static server for the browser tests: serves dist/ at / and under a sub-path, on loopback,
// optionally with extra response headers (for the CSP tests), and as README's host would (scripts/bench-browser.mjs):
// compressed, content-hashed files cached, and the folder's address in the browser's language.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

// A content-hashed file name (Trunk's `name-<16 hex>`): its bytes never change, so a host may cache it for a year.
const HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/;

/** Starts a server for `root`, also under `subPath`; `mounts` maps other URL prefixes to folders.
 * `host`: serve as README's Hosting section tells a host: gzip when the browser accepts it, content-hashed files
 * cached for a year and the rest revalidated, and (`negotiate`) a folder's bare address (no query) as its
 * `zh.html` when the browser's first language is Chinese (`Vary: Accept-Language`). */
export async function serve({ root = 'dist', subPath = '/sub/path/', headers = {}, mounts = {}, host = false, negotiate = false } = {}) {
  const zipped = new Map();
  // Large enough for the 100 KB hostile-link test.
  const server = createServer({ maxHeaderSize: 1 << 20 }, async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      let path = decodeURIComponent(url.pathname);
      let base = resolve(root);
      const mount = Object.keys(mounts).find((m) => path.startsWith(m));
      if (mount) {
        base = resolve(mounts[mount]);
        path = '/' + path.slice(mount.length);
      } else if (path.startsWith(subPath)) path = '/' + path.slice(subPath.length);
      const extra = {};
      if (path.endsWith('/')) {
        // (`negotiate: 'always'` also with a query: a host set up against README's advice, which boot/lang.js must survive.)
        const zh = negotiate && (url.search === '' || negotiate === 'always') && /^zh\b/i.test(req.headers['accept-language'] ?? '');
        if (negotiate) extra.vary = 'Accept-Language';
        path += zh ? 'zh.html' : 'index.html';
      }
      const file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside root');
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      let body = await readFile(file);
      if (host) {
        extra['cache-control'] = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
        if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && extname(file) !== '.png') {
          if (!zipped.has(file)) zipped.set(file, gzipSync(body, { level: 9 }));
          body = zipped.get(file);
          extra['content-encoding'] = 'gzip';
          extra.vary = extra.vary ? `${extra.vary}, Accept-Encoding` : 'Accept-Encoding';
        }
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...extra, ...headers });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${subPath}`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}
