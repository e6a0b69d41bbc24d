// Issue 27: a shared link's first answer. A link (or a saved scenario) the build did not pre-render gets its first frame from the small
// wasm (render::site::link_frame, the curve worker's `frame` export), asked for by boot/lang.js with the document's first bytes; the
// page's own wasm is asked for only once that frame is drawn. The frame is the HTML the app then draws for the same link, in its language
// and currency, with the notices the app shows above the answer; the app mounts over it without moving the answer; a link the frame does
// not lay out keeps the loading text; a frame that cannot load leaves the page to the app; all under the strict policy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './browser.mjs';
import { start, stop } from './gpuplan.mjs';
import { serve } from './server.mjs';
import { policy, recordViolations, violations } from './policy.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

// Leptos leaves empty comments where a view may go; they are not drawn.
const drawn = (html) => html.replace(/<!---->/g, '');
// The page's own wasm (the frame's is gpuplan-curve-*).
const PAGE_WASM = /gpuplan-web-[0-9a-f]+_bg\.wasm$/;
const FRAME = 'html:not(.linked) #boot [data-testid="top-instance"]';

// Links a team would share: serving with a changed assumption made on an older catalog; training in Chinese and yuan; a pick and
// compare picks; fine-tuning on a phone-sized answer.
const LINKS = [
  'v=1&model=llama3.1-70b&ctx=8192&batch=16&mfu=0.35&cat=2025-01-01',
  'v=1&task=train&params=70&tokens=2000&prio=cost&lang=zh&cur=cny',
  'v=1&model=llama3.1-8b&pick=g6e.xlarge&cmp=g5.xlarge,g6.xlarge',
  'v=1&task=finetune&model=llama3.1-8b&lang=zh',
];

/** Waits until `ok()` holds, failing after ~30 s rather than hanging (no time is asserted). */
async function expectSoon(ok) {
  for (let i = 0; !ok(); i++) {
    if (i > 1500) throw new Error('waited ~30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A page whose own wasm never arrives: what a visitor sees until it does. */
async function frameOnly(options = {}) {
  const page = await newPage(browser, options);
  await page.route(PAGE_WASM, () => {});
  return page;
}

test("a link's first frame answers before the page's wasm is asked for, and is the HTML the app then draws for it", async () => {
  for (const q of LINKS) {
    // The page's wasm held back, and whether the frame was drawn when it was asked for.
    const frame = await newPage(browser, { locale: 'zh-CN' });
    const drawnWhenAsked = [];
    await frame.route(PAGE_WASM, async () => drawnWhenAsked.push(await frame.locator(FRAME).count()));
    await frame.goto(`${server.url}?${q}`, { waitUntil: 'commit' });
    await frame.locator(FRAME).waitFor();
    const zh = /lang=zh/.test(q);
    assert.equal(await frame.evaluate(() => document.documentElement.lang), zh ? 'zh-CN' : 'en', q);
    // The title in the frame's language, whatever the browser prefers (index.html carries both).
    assert.equal(/^gpuplan：/.test(await frame.title()), zh, `${q}: ${await frame.title()}`);
    assert.equal(await frame.locator('#boot .boot-loading').last().isVisible(), true, 'the note says the planner is loading');
    const html = drawn(await frame.locator('#boot .results-col').innerHTML());
    const note = await frame.locator('#boot > .boot-answer > .app > .contents').count();
    await frame.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /gpuplan-web-[0-9a-f]+\.js$/.test(e.name)));
    await expectSoon(() => drawnWhenAsked.length === 1);
    assert.deepEqual(drawnWhenAsked, [1], `${q}: the page's wasm is asked for once the frame is drawn`);
    await frame.context().close();

    const app = await newPage(browser);
    const seen = [];
    app.on('request', (r) => seen.push(r.url()));
    await app.goto(`${server.url}?${q}`);
    await app.getByTestId('app').waitFor();
    await app.locator('#result [data-testid="rec"]').first().waitFor();
    assert.equal(await app.locator('#boot').count(), 0, 'the frame is gone once the app mounts');
    assert.equal(drawn(await app.locator('#result').innerHTML()), html, `${q}: the frame's results column is the app's`);
    // The older catalog's notice is above the answer in both.
    assert.equal(note, /cat=2025/.test(q) ? 1 : 0, q);
    if (note) assert.match(await app.locator('[data-testid="app"] > .contents').first().innerText(), /2025-01-01/);
    const frameWasm = seen.findIndex((u) => /gpuplan-curve-[0-9a-f]+_bg\.wasm$/.test(u));
    assert.ok(frameWasm >= 0 && seen.findIndex((u) => PAGE_WASM.test(u)) > frameWasm, "the frame's wasm is asked for first");
    assert.deepEqual(app.problems, [], q);
    await app.context().close();
  }
});

test('the app mounts over a link\'s frame without moving the answer, on a phone and a wide screen', async () => {
  const top = async (page, sel) => page.locator(sel).first().evaluate((e) => Math.round(e.getBoundingClientRect().y));
  for (const [q, width] of [[LINKS[0], 390], [LINKS[1], 390], [LINKS[0], 1280], [LINKS[1], 1280]]) {
    const frame = await frameOnly({ viewport: { width, height: 800 } });
    await frame.goto(`${server.url}?${q}`, { waitUntil: 'commit' });
    await frame.locator(FRAME).waitFor();
    const before = await top(frame, FRAME);
    await frame.context().close();
    const app = await newPage(browser, { viewport: { width, height: 800 } });
    await app.goto(`${server.url}?${q}`);
    await app.locator('#result [data-testid="top-instance"]').waitFor();
    assert.equal(await top(app, '#result [data-testid="top-instance"]'), before, `${q} at ${width} px`);
    await app.context().close();
  }
});

test('a saved scenario opened at the bare address gets its frame, in the language the app gives it', async () => {
  for (const locale of ['en-US', 'zh-CN']) {
    const frame = await frameOnly({ locale });
    await frame.addInitScript(() => localStorage.setItem('gpuplan:last', 'v=1&task=train&params=13&tokens=300'));
    await frame.goto(server.url, { waitUntil: 'commit' });
    await frame.locator(FRAME).waitFor();
    assert.match(await frame.locator('#boot [data-testid="scenario-line"]').innerText(), /13B/);
    assert.equal(await frame.evaluate(() => document.documentElement.lang), locale === 'zh-CN' ? 'zh-CN' : 'en');
    await frame.context().close();
  }
});

test("a link the frame does not lay out keeps the loading text, and the app draws it once its wasm arrives", async () => {
  for (const q of ['v=1&view=compare&cmp=g5.xlarge,g6.xlarge', 'v=1&embed=1', 'v=1&ctx=banana']) {
    const page = await newPage(browser);
    let release;
    const held = new Promise((r) => (release = r));
    await page.route(PAGE_WASM, async (route) => { await held; await route.continue(); });
    await page.goto(`${server.url}?${q}`, { waitUntil: 'commit' });
    // The frame's wasm answered (nothing to draw), and the page then asked for its own: held here.
    await page.waitForFunction(() => document.documentElement.classList.contains('linked') && window.gpuplanFrame);
    await page.evaluate(() => window.gpuplanFrame);
    assert.equal(await page.locator(FRAME).count(), 0, q);
    release();
    await page.getByTestId('app').waitFor();
    assert.deepEqual(page.problems, [], q);
    await page.context().close();
  }
});

test("when the frame's files fail, the page's own wasm still loads and answers the link", async () => {
  const page = await newPage(browser);
  await page.route(/gpuplan-curve-/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(`${server.url}?${LINKS[0]}`);
  await page.getByTestId('app').waitFor();
  await page.locator('#result [data-testid="top-instance"]').waitFor();
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource|404/.test(p)), []);
  await page.context().close();
});

test("under the strict policy a link's frame is drawn with no violation, as a header and as the <meta> alone", async () => {
  const strict = await serve({ headers: { 'content-security-policy': policy() } });
  for (const srv of [strict, server]) {
    const page = await frameOnly();
    await recordViolations(page);
    await page.goto(`${srv.url}?${LINKS[1]}`, { waitUntil: 'commit' });
    await page.locator(FRAME).waitFor();
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
  await strict.close();
});
