// Quality budgets that tests can hold: strict CSP, no injection, accessibility, keyboard use.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve } from './server.mjs';
import { newPage } from './browser.mjs';
import { Gpuplan, start, stop } from './gpuplan.mjs';

import { policy, recordViolations, violations } from './policy.mjs';

// README's policy, with the hash of the built index.html's one inline script (boot/lang.js).
export const CSP = policy();

let server, strict, browser;
before(async () => {
  ({ server, browser } = await start());
  strict = await serve({ headers: { 'content-security-policy': CSP } });
});
after(() => stop(browser, server, strict));

test('the built site works under a strict Content-Security-Policy with no violation', async () => {
  const page = await newPage(browser);
  await recordViolations(page);
  const g = new Gpuplan(page, strict.url);
  await g.goto('v=1&cuda=1&prio=cost&mode=batch');
  await g.recs().first().waitFor();
  await g.press('prio', 'perf');
  await page.waitForFunction(() => location.search.includes('prio=perf'));
  for (const v of ['explore', 'compare', 'assumptions', 'plan']) await g.view(v);
  await page.getByTestId('chart-cumulative').waitFor();
  assert.deepEqual(await violations(page), []);
  g.assertClean();
});

test('the page carries the same policy as a <meta> and runs under it alone, with no violation', async () => {
  const page = await newPage(browser);
  await recordViolations(page);
  // The plain server sends no CSP header: what protects the page here is index.html's own <meta>.
  const g = new Gpuplan(page, server.url);
  await g.goto('v=1&prio=cost');
  await g.recs().first().waitFor();
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.equal(meta, CSP);
  for (const v of ['explore', 'compare', 'assumptions', 'plan']) await g.view(v);
  assert.deepEqual(await violations(page), []);
  g.assertClean();
  // The policy is live: an inline script added now is refused, and says so (in the console too).
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = 1';
    document.body.append(s);
  });
  await page.waitForFunction(() => window.__csp.length > 0);
  assert.equal(await page.evaluate(() => window.__ran), undefined);
  assert.deepEqual(await violations(page), ['script-src-elem inline']);
  await page.context().close();
});

const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=1"><circle r=1></circle></svg>',
];
const TEXT_KEYS = ['model', 'region', 'inst', 'cmp', 'xfam', 'xacc', 'xstack', 'xsort', 'xhide', 'lang', 'cur', 'task', 'prec', 'buy', 'params', 'ctx', 'embed', 'cat', 'view', 'unknownkey'];

test('payloads in every text-bearing field stay inert text', async () => {
  for (const payload of PAYLOADS) {
    const q = 'v=1&' + TEXT_KEYS.map((k) => `${k}=${encodeURIComponent(payload)}`).join('&');
    const g = await Gpuplan.open(browser, server.url, q);
    await g.recs().first().waitFor();
    const warnings = await g.page.getByTestId('warning').allTextContents();
    // At most 12 are listed (query::MAX_WARNINGS), then one line counts the rest.
    assert.ok(warnings.length <= 13, `${warnings.length} warnings listed`);
    const more = /^…and (\d+) more\.$/.exec(warnings.at(-1).trim());
    const total = more ? warnings.length - 1 + Number(more[1]) : warnings.length;
    assert.ok(total >= TEXT_KEYS.length - 3, `${total} warnings`);
    assert.ok(warnings.some((w) => w.includes(payload.slice(0, 12))), 'the payload shows as text');
    assert.equal(await g.page.evaluate(() => window.__pwned), undefined);
    assert.equal(await g.page.locator('body script, .app img, .warnings svg').count(), 0);
    g.assertClean();
    await g.page.context().close();
  }
});

test('a hostile stored scenario is dropped or kept as inert text', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url + '?v=1');
  await page.evaluate((p) => localStorage.setItem('gpuplan:last', `v=1&model=${encodeURIComponent(p)}&xfam=${encodeURIComponent(p)}`), PAYLOADS[1]);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.getByTestId('rec').first().waitFor();
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(errors, []);
  await context.close();
});

async function axe(page) {
  // axe is added as an inline script, which the page's own CSP <meta> refuses: evaluate its source instead
  // (Playwright's evaluate runs in the page without a script element).
  await page.evaluate(readFileSync('node_modules/axe-core/axe.min.js', 'utf8'));
  const result = await page.evaluate(async () =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('axe: no serious or critical violations on any view, language or colour scheme; no label used twice', async () => {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    for (const lang of ['en', 'zh']) {
      for (const view of ['plan', 'explore', 'compare', 'assumptions']) {
        const page = await newPage(browser, { colorScheme: scheme });
        // A growing fleet, so the Plan view also shows the fleet chart and the steady-fleet note.
        await page.goto(`${server.url}?v=1&lang=${lang}&view=${view}&cmp=p5.48xlarge,g6e.xlarge&mode=batch&growth=10`);
        await page.getByTestId('app').waitFor();
        await page.locator('main section').first().waitFor();
        // The Plan view renders below the fold after the first paint: check the whole page.
        if (view === 'plan') {
          await page.locator('[data-testid="rec"]').first().waitFor();
          await page.getByTestId('chart-fleet').waitFor();
        }
        for (const v of await axe(page)) found.push(`${scheme}/${lang}/${view}: ${v}`);
        // No two controls of a view share a label: a screen reader could not tell them apart.
        const labels = await page.evaluate(() => [...document.querySelectorAll('main .field .label, main legend')].map((l) => l.textContent.trim()));
        const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
        if (twice.length) found.push(`${scheme}/${lang}/${view}: labels used twice: ${twice.join(', ')}`);
        await page.context().close();
      }
    }
  }
  assert.deepEqual(found, []);
});

test('keyboard only: set a workload, read the top result, copy the link', async () => {
  const page = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
  const g = new Gpuplan(page, server.url);
  await g.goto('v=1&cuda=1&prio=cost&model=llama2-7b&ctx=2048&batch=1');
  await g.recs().first().waitFor();
  const focusOn = async (selector, max = 80) => {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    }
    assert.fail(`could not reach ${selector} with Tab`);
  };
  // Every focused element shows a visible focus ring.
  await focusOn('[data-key="task"] button[data-value="finetune"]');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.search.includes('task=finetune'));
  // An edit updates the page in place: the control just used keeps the focus, so the keyboard user
  // carries on from where they were.
  const stillFocused = (s) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, s);
  assert.ok(await stillFocused('[data-key="task"] button[data-value="finetune"]'), 'focus stays on the task button');
  await focusOn('[data-key="prio"] button[data-value="perf"]');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => location.search.includes('prio=perf'));
  assert.ok(await stillFocused('[data-key="prio"] button[data-value="perf"]'), 'focus stays on the priority button');
  const top = await page.getByTestId('top-instance').innerText();
  assert.match(top, /×/);
  await page.keyboard.press('Shift+Tab');
  await page.evaluate(() => document.body.focus());
  await focusOn('[data-testid="copy-link"]', 200);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="copy-status"]')?.textContent);
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /task=finetune.*prio=perf/);
  // The embed code for the same scenario, as a card.
  await page.getByTestId('copy-embed').click();
  await page.waitForFunction(() => /mbed|嵌入/.test(document.querySelector('[data-testid="copy-status"]')?.textContent ?? ''));
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^<!-- gpuplan card: theme=auto[^\n]*360-960 px wide\. -->\n<iframe src="http:\/\/127\.0\.0\.1:\d+\/sub\/path\/\?v=1&amp;task=finetune.*&amp;embed=1.*&amp;theme=auto" title="gpuplan"[^>]*max-width:960px[\s\S]*<script>\n  window\.addEventListener/);
  g.assertClean();
});
