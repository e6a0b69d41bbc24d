// A small static server for the browser tests: serves dist/ at / and under a sub-path, on loopback,
// optionally with extra response headers (for the CSP tests).
import { createServer } from 'node:http';
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

/** Starts a server for `root`, also under `subPath`; `mounts` maps other URL prefixes to folders. */
export async function serve({ root = 'dist', subPath = '/sub/path/', headers = {}, mounts = {} } = {}) {
  // Large enough for the 100 KB hostile-link test.
  const server = createServer({ maxHeaderSize: 1 << 20 }, async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let base = resolve(root);
      const mount = Object.keys(mounts).find((m) => path.startsWith(m));
      if (mount) {
        base = resolve(mounts[mount]);
        path = '/' + path.slice(mount.length);
      } else if (path.startsWith(subPath)) path = '/' + path.slice(subPath.length);
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside root');
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
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
