// Embedding for documentation sites: the result message (figures equal to the CLI's), a host page that
// quotes and drives the embed, messages from other windows ignored, the one-line mode, themes, and the
// Markdown example's raw HTML blocks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { newPage } from './browser.mjs';
import { start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start({ mounts: { '/app/': 'dist', '/host/': 'examples/embed' } })));
after(() => stop(browser, server));

const cli = (q) => JSON.parse(execFileSync('cargo', ['run', '-q', '--bin', 'gpuplan', '--', q], { encoding: 'utf8' }));

/** A page that records every message the top window receives, with the iframe it came from. */
async function hostPage(path, options = {}) {
  const page = await newPage(browser, options);
  await page.addInitScript(() => {
    window.__messages = [];
    window.addEventListener('message', (e) => {
      const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === e.source);
      window.__messages.push({ from: frame?.dataset.testid ?? null, data: e.data });
    });
  });
  await page.goto(`${server.origin}${path}`);
  return page;
}

/** Waits for a result message from `frame` whose query matches `re`, and returns it. */
async function resultFrom(page, frame, re) {
  const handle = await page.waitForFunction(
    ([f, src]) => window.__messages.find((m) => m.from === f && m.data?.gpuplan === 'result' && new RegExp(src).test(m.data.query))?.data,
    [frame, re.source],
  );
  return handle.jsonValue();
}

/** The figures the issue names, from the CLI's JSON: the first fitting recommendation and its plan. */
function cliFigures(native) {
  const top = native.recommendations.find((r) => r.fits) ?? native.recommendations[0];
  const pick = (o, keys) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  return {
    query: native.query,
    catalog_as_of: native.catalog_as_of,
    top: pick(top, ['instance', 'n_instances', 'n_accelerators', 'fits', 'hourly_usd', 'monthly_usd', 'job_usd', 'job_hours', 'tokens_per_s', 'usd_per_million_tokens']),
    // The plan's rates with their dates: the CLI's summary is the message object, built by the same function.
    plan: { ...pick(native.plan, ['horizon_usd', 'savings_vs_od_usd']), rates: native.summary.plan.rates },
    warnings: native.warnings.map((w) => ({ field: w.field, message: w.message })),
  };
}

/** Equal, numbers to 1e-9 relative (the wasm and native maths libraries may differ in the last bit). */
function assertSameFigures(got, want, path = 'message') {
  if (typeof want === 'number' && typeof got === 'number') {
    assert.ok(Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)), `${path}: ${got} vs ${want}`);
  } else if (want && typeof want === 'object') {
    assert.deepEqual(Object.keys(got ?? {}).sort(), Object.keys(want).sort(), path);
    for (const k of Object.keys(want)) assertSameFigures(got[k], want[k], `${path}.${k}`);
  } else {
    assert.equal(got, want, path);
  }
}

test('the host page quotes the result message, which carries the CLI\'s figures, and resizes both embeds', async () => {
  const page = await hostPage('/host/host.html');
  const q = 'v=1&model=llama3.1-8b&prio=cost';
  const msg = await resultFrom(page, 'embed-card', /^v=1&prio=cost$/);
  assert.equal(msg.gpuplan, 'result');
  assert.equal(msg.v, 1);
  const native = cli(q);
  // (Self-hosting against managed services is its own part of the message: held to the CLI's summary below.)
  const want = cliFigures(native);
  const shownTop = Object.fromEntries(Object.keys(want.top).map((k) => [k, msg.top?.[k]]));
  assertSameFigures({ ...msg, top: shownTop, gpuplan: undefined, v: undefined, managed: undefined }, { ...want, gpuplan: undefined, v: undefined, managed: undefined });
  // The CLI's summary is the same builder's output.
  assertSameFigures(msg, native.summary);
  // The host's own prose, from the message.
  const asOf = JSON.parse(await readFile('catalog.json', 'utf8')).as_of;
  await page.waitForFunction((d) => document.querySelector('[data-testid="host-as-of"]').textContent === d, asOf);
  const top = native.summary.top;
  assert.equal(await page.getByTestId('host-instance').textContent(), `${top.n_instances} × ${top.instance}`);
  assert.equal(await page.getByTestId('host-monthly').textContent(), `$${Math.round(top.monthly_usd).toLocaleString('en-US')}`);
  // Heights: the card grows to its content, the line stays one line; each equals what its page reported.
  await page.waitForFunction(() => parseFloat(document.querySelector('[data-testid="embed-card"]').style.height) > 300);
  const heights = await page.evaluate(() => {
    const last = (f) => window.__messages.filter((m) => m.from === f && m.data?.gpuplan === 'height').at(-1)?.data.height;
    return ['embed-card', 'embed-line'].map((f) => [parseFloat(document.querySelector(`[data-testid="${f}"]`).style.height), Math.ceil(last(f))]);
  });
  for (const [shown, reported] of heights) assert.equal(shown, reported);
  assert.ok(heights[1][0] <= 32, `line iframe ${heights[1][0]} px`);
  assert.deepEqual(page.problems, []);
});

test('the host\'s select box drives both embeds; each answers with a new result; nothing is stored or pushed', async () => {
  const page = await hostPage('/host/host.html');
  await resultFrom(page, 'embed-line', /^v=1&prio=cost$/);
  const historyBefore = await page.evaluate(() => history.length);
  await page.selectOption('[data-testid="host-model"]', 'v=1&model=llama3.1-70b&prio=cost');
  const q = 'v=1&model=llama3.1-70b&prio=cost';
  const msg = await resultFrom(page, 'embed-card', /model=llama3\.1-70b/);
  assertSameFigures(msg, cli(q).summary);
  await resultFrom(page, 'embed-line', /model=llama3\.1-70b/);
  const card = page.frameLocator('[data-testid="embed-card"]');
  await card.getByTestId('top-instance').filter({ hasText: msg.top.instance }).waitFor();
  const line = page.frameLocator('[data-testid="embed-line"]').getByTestId('line');
  await line.filter({ hasText: /^Llama 3\.1 70B, serving 8 sequences: / }).waitFor();
  await page.getByTestId('host-instance').filter({ hasText: `${msg.top.n_instances} × ${msg.top.instance}` }).waitFor();
  // The embeds wrote neither the shared history, nor their address, nor storage.
  assert.equal(await page.evaluate(() => history.length), historyBefore);
  for (const f of page.frames().slice(1)) {
    assert.match(f.url(), /model=llama3\.1-8b&prio=cost&embed=/);
  }
  assert.equal(await page.evaluate(() => localStorage.getItem('gpuplan:last')), null);
  assert.deepEqual(page.problems, []);
});

test('a query message from any window other than the parent, or a malformed one, changes nothing', async () => {
  const page = await hostPage('/host/host.html');
  await resultFrom(page, 'embed-card', /^v=1&prio=cost$/);
  await resultFrom(page, 'embed-line', /^v=1&prio=cost$/);
  const seen = await page.evaluate(() => window.__messages.length);
  const rogue = { gpuplan: 'query', query: 'v=1&task=hpc&fp64=40' };
  // From the sibling iframe, from the card itself, and malformed messages from the parent.
  await page.frame({ url: /embed=line/ }).evaluate((m) => {
    parent.document.querySelector('[data-testid="embed-card"]').contentWindow.postMessage(m, '*');
  }, rogue);
  await page.frame({ url: /embed=1/ }).evaluate((m) => window.postMessage(m, '*'), rogue);
  await page.evaluate((m) => {
    const card = document.querySelector('[data-testid="embed-card"]').contentWindow;
    card.postMessage({ gpuplan: 'query', query: 42 }, '*');
    card.postMessage('gpuplan:query v=1&task=hpc', '*');
    card.postMessage({ gpuplan: 'nonsense', query: m.query }, '*');
    // Then one real query, so the test knows when the others have been handled.
    card.postMessage({ gpuplan: 'query', query: 'v=1&model=qwen2.5-32b&prio=cost&lang=zh&ctx=bogus' }, '*');
  }, rogue);
  const msg = await resultFrom(page, 'embed-card', /model=qwen2\.5-32b/);
  const after = await page.evaluate((n) => window.__messages.slice(n).filter((m) => m.data?.gpuplan === 'result').map((m) => m.data.query), seen);
  assert.deepEqual(after, [msg.query], 'only the parent\'s well-formed query was applied');
  assert.doesNotMatch(msg.query, /hpc/);
  // Parsed like a link: the bad field is a warning, in the language the query asked for.
  assert.deepEqual(msg.warnings.map((w) => w.field), ['ctx']);
  assert.match(msg.warnings[0].message, /^`ctx` = “bogus” 无效/);
  const card = page.frameLocator('[data-testid="embed-card"]');
  await card.getByTestId('warning').filter({ hasText: /ctx/ }).waitFor();
  assert.deepEqual(page.problems, []);
});

test('embed=line is one line in English and Chinese, in the page currency, with a link to the full plan', async () => {
  const cases = [
    // The sentences are the native engine's for the same link (src/explain/line.rs pins their wording).
    ['v=1&model=llama3.1-8b&prio=cost', null, 'Open the full plan'],
    ['v=1&model=llama3.1-8b&prio=cost&lang=zh&cur=cny', null, '打开完整方案'],
    ['v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&lang=zh', null, '打开完整方案'],
  ];
  for (const [q, want, linkName] of cases) {
    const page = await newPage(browser, { viewport: { width: 900, height: 200 } });
    await page.goto(`${server.url}?${q}&embed=line`);
    const line = page.getByTestId('line');
    await line.waitFor();
    const text = await line.textContent();
    assert.equal(text, want ?? cli(q).line, q);
    const box = await page.locator('p.line').boundingBox();
    const lineHeight = await page.locator('p.line').evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
    assert.ok(box.height < lineHeight * 1.5, `${q}: ${box.height} px for a line of ${lineHeight} px`);
    const link = page.getByRole('link', { name: linkName });
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener');
    const href = await link.getAttribute('href');
    // The same scenario without the embed keys (llama3.1-8b is the default model, so not written).
    assert.ok(href.startsWith('?v=1') && !/embed=/.test(href) && href.includes(q.split('&').at(-1)), href);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('theme=light|dark overrides the reader\'s system setting; auto follows it', async () => {
  const colour = async (q, colorScheme) => {
    const page = await newPage(browser, { colorScheme });
    await page.goto(`${server.url}?v=1&embed=line&${q}`);
    await page.getByTestId('line').waitFor();
    const c = await page.evaluate(() => getComputedStyle(document.body).color);
    await page.context().close();
    return c;
  };
  const light = 'rgb(23, 32, 42)';
  const dark = 'rgb(230, 237, 243)';
  assert.equal(await colour('theme=dark', 'light'), dark);
  assert.equal(await colour('theme=light', 'dark'), light);
  assert.equal(await colour('theme=auto', 'dark'), dark);
  assert.equal(await colour('', 'light'), light);
});

test('the Markdown example\'s raw HTML blocks embed, resize and link to the full plan', async () => {
  // A minimal CommonMark reading: blocks that start with a tag pass through, the rest are paragraphs.
  const md = await readFile('examples/embed/markdown.md', 'utf8');
  const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const blocks = md.split(/\n\s*\n/).map((b) => (/^<[a-z]/.test(b.trimStart()) ? b : `<p>${escape(b)}</p>`));
  const html = `<!doctype html><meta charset="utf-8"><body>${blocks.join('\n')}</body>`;
  const page = await newPage(browser);
  await page.route('**/host/from-markdown.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${server.origin}/host/from-markdown.html`);
  await page.frameLocator('[data-testid="md-line"]').getByTestId('line').filter({ hasText: /^Llama 3\.1 8B, serving 8 sequences: / }).waitFor();
  await page.waitForFunction(() => parseFloat(document.querySelector('[data-testid="md-card"]').style.height) > 300
    && parseFloat(document.querySelector('[data-testid="md-line"]').style.height) <= 32);
  const open = page.frameLocator('[data-testid="md-card"]').getByTestId('open-full');
  assert.equal(await open.getAttribute('target'), '_blank');
  assert.equal(await open.getAttribute('rel'), 'noopener');
  assert.equal(await open.textContent(), 'Open the full plan ↗');
  assert.deepEqual(page.problems, []);
});
