// Issue 27: the answers the build pre-renders. The default page answers with scripts blocked, one language per document (index.html English,
// zh.html Chinese; a Chinese-preferring browser is sent to zh.html by boot/lang.js alone, inline atop <head> under the policy's hash, or gets
// zh.html at the bare address from a host or the service worker that negotiates the language); what the build wrote is what the wasm draws
// (the default page in both languages, instance and model pages against the app on the same link); the pages work offline after one visit
// (service worker); screenshots of an instance and a model page at 1280 and 390 px in both languages (tests/e2e/artifacts/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { newPage, ARTIFACTS } from './browser.mjs';
import { start, stop } from './gpuplan.mjs';
import { serve } from './server.mjs';
import { policy, inlineScripts, hashSource, recordViolations, violations } from './policy.mjs';
// README's policy with the inline script's hash (quality.test.mjs holds the same; importing that file would run its tests here).
const CSP = policy();

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

// Leptos leaves empty comments where a view may go; they are not drawn.
const drawn = (html) => html.replace(/<!---->/g, '');

test('with scripts blocked the default page shows the recommendation, its price and the plan, each document in its own language', async () => {
  for (const [locale, file, scenario, label] of [['en-US', '', /^Llama 3\.1 8B/, 'On-Demand'], ['zh-CN', 'zh.html', /个并发序列/, '按需']]) {
    const page = await newPage(browser, { javaScriptEnabled: false, locale });
    await page.goto(server.url + file);
    const top = page.locator('[data-testid="top-instance"]:visible');
    assert.equal(await top.isVisible(), true, 'the recommendation');
    assert.match(await top.innerText(), /^\d+ × [a-z0-9]+\.[a-z0-9-]+/);
    assert.match(await page.getByTestId('top-hourly').first().innerText(), /^\$[\d,]+\.\d\d$/);
    assert.equal(await page.getByTestId('plan').first().isVisible(), true, 'the plan');
    assert.match(await page.getByTestId('top-plan').first().innerText(), /^\$[\d,]+\.\d\d$/);
    assert.equal(await page.getByTestId('priced-as').first().innerText(), label);
    assert.ok((await page.getByTestId('rec').count()) >= 5, 'the ranked rows');
    // One answer shown, in the document's language (index.html holds the Chinese one too, after it, hidden without the script).
    assert.equal(await page.locator('[data-testid="summary"]:visible').count(), 1);
    assert.match(await page.locator('#boot aside .scenario:visible').innerText(), scenario);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('index.html carries both answers, English first; zh.html the Chinese one only', async () => {
  const en = await readFile('dist/index.html', 'utf8');
  const zh = await readFile('dist/zh.html', 'utf8');
  assert.match(en, /^<!doctype html>\s*<html lang="en" data-both="" data-zh-title="gpuplan：[^"]*" data-default="/);
  assert.match(zh, /^<!doctype html>\s*<html lang="zh-CN" data-default="/);
  assert.equal((en.match(/data-testid="summary"/g) ?? []).length, 2);
  assert.ok(en.indexOf('data-answer="en"') < en.indexOf('data-answer="zh"'), "English's answer first, Chinese's after it");
  assert.equal((zh.match(/data-testid="summary"/g) ?? []).length, 1);
  assert.doesNotMatch(zh, /data-answer="en"|>Workload<|sequences · us-east-1|The default scenario's answer/);
  assert.match(zh, /<title>gpuplan：/);
  // boot/lang.js is the one inline script, right after the CSP <meta> (which governs only what follows it) and before any file is asked
  // for, allowed by its hash in that policy, which is README's; no lang-*.js is left in dist/. Then the stylesheet, then the service
  // worker's registration, a classic script that holds the parser until the stylesheet is in, and only then the glue's preload.
  // The link frame's file names, filled in by the build.
  const files = await readdir('dist');
  const lang = (await readFile('boot/lang.js', 'utf8')).match(/\(function \(\) \{[\s\S]*\}\)\(\);/)[0]
    .replace('__FRAME_GLUE__', './' + files.find((f) => /^gpuplan-curve-[0-9a-f]+-glue\.js$/.test(f)))
    .replace('__FRAME_WASM__', './' + files.find((f) => /^gpuplan-curve-[0-9a-f]+_bg\.wasm$/.test(f)));
  for (const doc of [en, zh]) {
    const [script] = inlineScripts(doc);
    assert.deepEqual(inlineScripts(doc), [script]);
    assert.equal(script.replace(/\s+/g, ' '), lang.replace(/\s+/g, ' '), 'the inline script is boot/lang.js, trimmed');
    const meta = doc.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">(\s*<!--(?:(?!-->)[\s\S])*-->)*\s*<script>/);
    assert.ok(meta, 'the inline script comes right after the policy (a comment between them at most)');
    assert.equal(meta[1], CSP);
    assert.ok(CSP.includes(hashSource(script)) && !/unsafe-inline/.test(CSP));
    const at = (re) => doc.search(re);
    assert.ok(at(/<script>/) < at(/<link rel="stylesheet"/));
    assert.ok(at(/<link rel="stylesheet"/) < at(/<script src="\.\/sw-register-[0-9a-f]+\.js"(?![^>]*\b(defer|async)\b)[^>]*>/));
    assert.ok(at(/<script src="\.\/sw-register-/) < at(/<link rel="modulepreload"/));
    // No preload of the page's wasm: its loader asks for it once a link's first frame is drawn (scripts/externalize_loader.py).
    assert.equal(at(/<link rel="preload"[^>]*\.wasm/), -1);
  }
  assert.deepEqual((await readdir('dist')).filter((f) => /^lang-/.test(f)), []);
});

// Every script file blocked (boot/lang.js is inline): the first frame a Chinese-preferring browser gets before the app's scripts arrive.
async function onlyLangScript(page) {
  await page.route(/\.(js|wasm)$/, (route) => route.abort());
}

// The links the app writes for the two defaults (index.html's <html data-default>, English's first).
async function defaultLinks() {
  const html = await readFile('dist/index.html', 'utf8');
  return html.match(/data-default="([^"]*)"/)[1].replaceAll('&amp;', '&').split(' ');
}

// The default scenario's line in each language's first frame.
const ZH = /个并发序列/, EN = /sequences · us-east-1/;

test('a Chinese-preferring browser gets the Chinese first frame with the app\'s scripts blocked; links keep their meaning', async () => {
  const [en, zh] = await defaultLinks();
  assert.match(zh, /(^|&)lang=zh(&|$)/);
    for (const [locale, path, lands, shown] of [
    // index.html shows the Chinese answer where it stands: no second document.
    ['zh-CN', '', '', ZH],
    ['en-US', '', '', EN],
    // zh.html means Chinese: opened bare by an English browser, the Chinese default's link is put in its address for the app.
    ['en-US', 'zh.html', `zh.html?${zh}`, ZH],
    // The links the app writes for a default open the document of their own language, whatever the browser prefers.
    ['en-US', `?${zh}`, `?${zh}`, ZH],
    ['zh-CN', `?${en}`, `?${en}`, EN],
    ['zh-CN', `zh.html?${en}`, `?${en}`, EN],
  ]) {
    const page = await newPage(browser, { locale });
    await onlyLangScript(page);
    await page.goto(server.url + path, { waitUntil: 'commit' });
    await page.waitForURL(server.url + lands);
    const scenario = page.locator('#boot aside .scenario:visible');
    assert.equal(await scenario.count(), 1, `${locale} ${path}`);
    assert.match(await scenario.innerText(), shown, `${locale} ${path}`);
    assert.equal(await page.locator('[data-testid="top-instance"]:visible').count(), 1);
    await page.context().close();
  }
  // Any other link stays where it is (no second document) for the wasm to draw, its loading text in the browser's language.
  for (const [locale, query, loading] of [['zh-CN', '?v=1&model=llama2-70b', '正在加载规划器…'], ['en-US', '?lang=zh', '正在加载规划器…']]) {
    const page = await newPage(browser, { locale });
    await onlyLangScript(page);
    await page.goto(server.url + query);
    await page.getByText(loading).waitFor();
    assert.equal(await page.getByTestId('top-instance').count(), 2, 'the answers are in the document');
    assert.equal(await page.locator('[data-testid="top-instance"]:visible').count(), 0, 'but not shown under a link');
    assert.equal(page.url(), server.url + query);
    await page.context().close();
  }
  // An old `?lang=zh` link keeps its meaning: the app draws it in Chinese, with a link's defaults (8K context).
  const old = await newPage(browser, { locale: 'en-US' });
  await old.goto(`${server.url}?lang=zh`);
  await old.getByTestId('app').waitFor();
  assert.match(await old.getByTestId('scenario-line').innerText(), /8K 上下文/);
  assert.deepEqual(old.problems, []);
  await old.context().close();
  // With the app: a Chinese browser on the bare address stays on index.html, with the Chinese app over the Chinese frame.
  const live = await newPage(browser, { locale: 'zh-CN' });
  await live.goto(server.url, { waitUntil: 'commit' });
  await live.getByTestId('app').waitFor();
  // (The app then writes the scenario's link into the address.)
  assert.doesNotMatch(live.url(), /zh\.html/);
  assert.equal(await live.title(), 'gpuplan：AWS GPU 与加速器实例规划器');
  assert.match(await live.getByTestId('scenario-line').innerText(), ZH);
  assert.deepEqual(live.problems, []);
  await live.context().close();
});

// The documents a page asked for (navigations), and every request's path under `url`.
function requests(page, url) {
  const seen = { docs: [], all: [] };
  page.on('request', (r) => {
    if (r.serviceWorker()) return;
    const path = r.url().replace(url, '');
    seen.all.push(path);
    if (r.isNavigationRequest()) seen.docs.push(path);
  });
  return seen;
}

test('the inline script runs under the policy, as a header and as the <meta> alone: no violation, one document', async () => {
  const strict = await serve({ headers: { 'content-security-policy': CSP } });
  for (const srv of [strict, server]) {
    for (const [locale, lands, shown] of [['zh-CN', '', ZH], ['en-US', '', EN]]) {
      const page = await newPage(browser, { locale });
      const seen = requests(page, srv.url);
      await page.goto(srv.url, { waitUntil: 'commit' });
      await page.waitForURL(srv.url + lands);
      await page.getByTestId('app').waitFor();
      assert.match(await page.getByTestId('scenario-line').innerText(), shown, locale);
      // Either browser: index.html alone (a Chinese one sees the Chinese answer in it).
      assert.deepEqual(seen.docs, ['']);
      assert.equal(seen.all.filter((p) => p.endsWith('.css')).length, 1, 'the stylesheet asked for once');
      assert.deepEqual(page.problems, [], `${locale}: no violation, no error (the console included)`);
      await page.context().close();
    }
  }
  await strict.close();
});

test('a host that negotiates the language serves zh.html at the bare address: one document; links keep their meaning; no loop', async () => {
  const [en, zh] = await defaultLinks();
  const host = await serve({ negotiate: true });
  // A host that negotiates whatever the query (against README): zh.html's script sends English to index.html by name.
  const sloppy = await serve({ negotiate: 'always' });
  for (const [srv, locale, path, lands, shown, docs] of [
    [host, 'zh-CN', '', '', ZH, 1],
    [host, 'en-US', '', '', EN, 1],
    [host, 'zh-CN', `?${en}`, `?${en}`, EN, 1],
    [host, 'en-US', `?${zh}`, `?${zh}`, ZH, 1],
    [host, 'zh-CN', '?lang=en', '?lang=en', null, 1],
    [sloppy, 'zh-CN', `?${en}`, `index.html?${en}`, EN, 2],
  ]) {
    const page = await newPage(browser, { locale });
    await onlyLangScript(page);
    const seen = requests(page, srv.url);
    await page.goto(srv.url + path, { waitUntil: 'commit' });
    await page.waitForURL(srv.url + lands);
    await page.waitForLoadState('load');
    if (shown) assert.match(await page.locator('#boot aside .scenario:visible').innerText(), shown, `${locale} ${path}`);
    else assert.equal(await page.getByText('Loading the planner…').isVisible(), true, 'a link: the loading text in its language');
    assert.equal(seen.docs.length, docs, `${locale} ${path}: ${seen.docs}`);
    await page.context().close();
  }
  // The app on the negotiated Chinese document: Chinese, no error.
  const live = await newPage(browser, { locale: 'zh-CN' });
  await live.goto(host.url);
  await live.getByTestId('app').waitFor();
  assert.match(await live.getByTestId('scenario-line').innerText(), ZH);
  assert.deepEqual(live.problems, []);
  await live.context().close();
  await host.close();
  await sloppy.close();
});

test('after one visit the service worker opens zh.html at the bare address for a Chinese-preferring browser, without a second document', async () => {
  const page = await newPage(browser, { locale: 'zh-CN' });
  // The first frame as parsed, before the app's scripts run (they run before DOMContentLoaded, after 'interactive').
  await page.addInitScript(() => document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.__frame = { lang: document.documentElement.lang, scenario: document.querySelector('#boot aside .scenario')?.textContent };
  }));
  await page.goto(server.url);
  await page.getByTestId('app').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const [en] = await defaultLinks();
  for (const [path, lang, shown] of [['', 'zh-CN', ZH], [`?${en}`, 'en', EN]]) {
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    const seen = requests(page, server.url);
    await page.goto(server.url + path);
    await page.getByTestId('app').waitFor();
    // One document, at the address asked for: the bare address opens zh.html's; a link is never swapped (the English default's opens index.html's).
    assert.deepEqual(seen.docs, [path]);
    const frame = await page.evaluate(() => window.__frame);
    assert.equal(frame.lang, lang, path);
    assert.match(frame.scenario, shown, path);
    page.removeAllListeners('request');
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test("this tab's note of an unwritten edit counts only on a reload of the address it was to replace (boot/lang.js as the app)", async () => {
  const [en, zh] = await defaultLinks();
  for (const [from, linked] of [['', false], [en, true]]) {
    const page = await newPage(browser, { locale: 'zh-CN', serviceWorkers: 'block' });
    await page.addInitScript(() => document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.__frame = { lang: document.documentElement.lang, linked: document.documentElement.classList.contains('linked') };
    }));
    // The note is planted before the document's own scripts run, as a tab's earlier page would have left it.
    await page.addInitScript((note) => {
      if (!sessionStorage.getItem('planted')) sessionStorage.setItem('planted', '1'), sessionStorage.setItem('gpuplan:unwritten', note);
    }, `${from}\n${zh}`);
    await page.goto(server.url + `?${en}`);
    await page.getByTestId('app').waitFor();
    const frame = await page.evaluate(() => window.__frame);
    // A note made on another address is not this load's: the English default's link opens its English frame.
    assert.deepEqual(frame, linked ? { lang: 'zh-CN', linked: true } : { lang: 'en', linked: false }, `note from "${from}"`);
    await page.context().close();
  }
});

test('the app mounts over the first frame without moving the answer, on a phone and a wide screen, in both languages', async () => {
  for (const [locale, width] of [['en-US', 390], ['zh-CN', 390], ['en-US', 1280], ['zh-CN', 1280]]) {
    const top = async (page, sel) => page.locator(sel).first().evaluate((e) => Math.round(e.getBoundingClientRect().y));
    const frame = await newPage(browser, { locale, viewport: { width, height: 800 } });
    await onlyLangScript(frame);
    await frame.goto(server.url, { waitUntil: 'commit' });
    await frame.locator('#boot [data-testid="top-instance"]:visible').waitFor();
    const before = await top(frame, '#boot [data-testid="top-instance"]:visible');
    await frame.context().close();
    const app = await newPage(browser, { locale, viewport: { width, height: 800 } });
    await app.goto(server.url, { waitUntil: 'commit' });
    await app.getByTestId('app').waitFor();
    await app.locator('#result [data-testid="top-instance"]').waitFor();
    assert.equal(await top(app, '#result [data-testid="top-instance"]'), before, `${locale} at ${width} px`);
    await app.context().close();
  }
});

test('the pre-rendered results column is the HTML the wasm draws for the default scenario, in both languages', async () => {
  for (const [locale, lang, file] of [['en-US', 'en', 'index.html'], ['zh-CN', 'zh', 'zh.html'], ['zh-CN', 'zh', 'index.html']]) {
    const html = await readFile(`dist/${file}`, 'utf8');
    const page = await newPage(browser, { locale });
    await page.goto(server.url + (file === 'zh.html' ? file : ''));
    await page.getByTestId('app').waitFor();
    await page.locator('#result [data-testid="rec"]').first().waitFor();
    assert.equal(await page.locator('#boot').count(), 0, 'the first frame is gone once the app mounts');
    const app = drawn(await page.locator('#result').innerHTML());
    const pre = await page.evaluate(([html, lang]) => new DOMParser().parseFromString(html, 'text/html')
      .querySelector(`[data-answer="${lang}"] .results-col`).innerHTML, [html, lang]);
    assert.ok(pre.includes('data-testid="top-instance"'));
    assert.equal(app, pre);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

// The card's parts (headline, plan, purchase options) of a static page against the app opened on the page's own link.
async function parts(page, scope) {
  return scope.locator('[data-testid="summary"] .contents').evaluateAll((els) => els.map((e) => e.innerHTML));
}

test('instance and model pages carry the figures the app draws for their links, and work without scripts', async () => {
  const pages = [
    ['i/p5.48xlarge/index.html', '[data-testid="options-card"]'],
    ['i/g6e.xlarge/zh.html', '[data-testid="options-card"]'],
    ['m/llama3.1-8b/index.html', '[data-testid="serving"]'],
    ['m/llama3.1-8b/index.html', '[data-testid="finetuning"]'],
    ['m/qwen2.5-72b/zh.html', '[data-testid="serving"]'],
  ];
  for (const [path, section] of pages) {
    const still = await newPage(browser, { javaScriptEnabled: false });
    await still.goto(server.url + path);
    assert.notEqual(await still.title(), '');
    assert.ok((await still.locator('meta[name="description"]').getAttribute('content')).length > 40);
    const link = still.locator(`${section} [data-testid="open-app"]`);
    const href = await link.getAttribute('href');
    assert.match(href, /^\.\.\/\.\.\/\?/, 'a relative link into the app');
    // The card right after the section's heading is its answer.
    const card = still.locator(`${section} + [data-testid="summary"]`);
    // A link to another pre-rendered page (the range line's ledger link) is the app's, from two folders down.
    const want = (await card.locator('.contents').evaluateAll((els) => els.map((e) => e.innerHTML)))
      .map((h) => h.replaceAll('href="../../a/', 'href="a/'));
    assert.ok(want.length >= 2, `${path}: card and plan`);
    const url = new URL(href, server.url + path).href;
    await still.context().close();
    const live = await newPage(browser);
    await live.goto(url);
    await live.getByTestId('app').waitFor();
    await live.locator('#result [data-testid="rec"]').first().waitFor();
    const got = (await parts(live, live.locator('#result'))).map(drawn);
    assert.deepEqual(got, want, path);
    assert.deepEqual(live.problems, []);
    await live.context().close();
  }
});

test('after one visit the page, a link and the pre-rendered pages open with the network off', async () => {
  const page = await newPage(browser);
  const context = page.context();
  await page.goto(server.url);
  await page.getByTestId('app').waitFor();
  // Installed (the page, wasm, js, css and every pre-rendered page cached) and controlling this page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('app').waitFor();
  assert.match(await page.getByTestId('top-instance').innerText(), /×/);
  await page.goto(`${server.url}?v=1&model=llama2-70b`);
  await page.locator('#result [data-testid="rec"]').first().waitFor();
  assert.match(await page.getByTestId('scenario-line').innerText(), /Llama 2 70B/);
  await page.goto(`${server.url}zh.html?${(await defaultLinks())[1]}`);
  await page.getByTestId('app').waitFor();
  assert.match(await page.getByTestId('scenario-line').innerText(), /个并发序列/);
  await page.goto(`${server.url}i/p5.48xlarge/index.html`);
  assert.equal(await page.getByTestId('instance-page').isVisible(), true);
  await page.goto(`${server.url}m/mistral-7b/zh.html`);
  assert.equal(await page.getByTestId('model-page').isVisible(), true);
  await context.setOffline(false);
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource/.test(p)), []);
  await context.close();
});

test('screenshots: an instance page and a model page at 1280 and 390 px, English and Chinese', async () => {
  for (const [path, name] of [['i/p5.48xlarge/', 'instance'], ['m/llama3.1-70b/', 'model']]) {
    for (const [file, lang] of [['index.html', 'en'], ['zh.html', 'zh']]) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { viewport: { width, height: 900 }, javaScriptEnabled: false });
        await page.goto(server.url + path + file);
        // Nothing wider than the screen.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1), `${path}${file} at ${width}`);
        await page.screenshot({ path: `${ARTIFACTS}/static-${name}-${lang}-${width}.png`, fullPage: width === 390 ? false : true });
        await page.context().close();
      }
    }
  }
});

test('under the strict CSP the default page, its service worker and the static pages run with no violation', async () => {
  const strict = await serve({ headers: { 'content-security-policy': CSP } });
  assert.match(CSP, /worker-src 'self'/);
  const page = await newPage(browser);
  await recordViolations(page);
  for (const path of ['', 'zh.html', 'i/p5.48xlarge/index.html', 'm/llama3.1-8b/zh.html']) {
    await page.goto(strict.url + path);
    if (path === '' || path === 'zh.html') {
      await page.getByTestId('app').waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
    }
    assert.deepEqual(await violations(page), [], path);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
  await strict.close();
});
