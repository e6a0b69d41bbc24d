// The page's Content-Security-Policy as README's Hosting section writes it, with the hash of the one inline script of the built
// index.html (boot/lang.js, put there by scripts/inline_lang.py) computed here, apart from the build, in place of README's 'sha256-…'.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

/** The text of every inline <script> (one with no src) of `html`. */
export function inlineScripts(html) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

/** CSP's source expression for a script's text: 'sha256-<base64 of its SHA-256>'. */
export const hashSource = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** README's policy line, its 'sha256-…' replaced by the hash of the built `dist/index.html`'s one inline script. */
export function policy(dist = 'dist') {
  const readme = readFileSync('README.md', 'utf8').split('## Hosting')[1] ?? '';
  const line = readme.match(/^\s*Content-Security-Policy: (default-src [^\n]*)$/m);
  if (!line) throw new Error("README's Hosting section has no Content-Security-Policy line");
  const scripts = inlineScripts(readFileSync(`${dist}/index.html`, 'utf8'));
  if (scripts.length !== 1) throw new Error(`dist/index.html has ${scripts.length} inline scripts, expected one (boot/lang.js)`);
  return line[1].replace("'sha256-…'", hashSource(scripts[0]));
}

/** Records the page's Content-Security-Policy violations (directive and blocked URI) from its first script on, for `violations`. */
export async function recordViolations(page) {
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

/** The violations recorded on the page's current document since `recordViolations`. */
export const violations = (page) => page.evaluate(() => window.__csp);
