// The page in a real browser: recommendations, inputs, languages, Explore, Compare, charts, screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { newPage } from './browser.mjs';
import { Gpuplan, native, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

test('the default scenario shows recommendations from a sub-path, with no console errors', async () => {
  const g = await Gpuplan.open(browser, server.url);
  const rows = await (async () => { await g.recs().first().waitFor(); return g.recRows(); })();
  assert.ok(rows.length >= 10, `only ${rows.length} recommendations`);
  assert.ok(rows.every((r) => r.fits));
  assert.ok(rows[0].hourly > 0 && Math.abs(rows[0].monthly - rows[0].hourly * 730) < 1e-6);
  const catalog = JSON.parse(await readFile('catalog.json', 'utf8'));
  assert.equal(await g.page.getByTestId('as-of').innerText(), catalog.as_of);
  assert.equal(await g.page.locator('#panic').count(), 0);
  await g.page.getByTestId('plan').waitFor();
  g.assertClean();
});

test('the top recommendation is painted before the rest of the page renders', async () => {
  // Where no first frame stands in for the answer (a link's, drawn by the small wasm: its files fail here), the app paints the top first.
  const page = await newPage(browser);
  await page.route(/gpuplan-curve-/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.addInitScript(() => {
    window.__order = [];
    new MutationObserver(() => {
      for (const id of ['top-instance', 'rec', 'option']) {
        // The app's own elements: the pre-rendered first frame (#boot) carries the same test ids from the start.
        const drawn = [...document.querySelectorAll(`[data-testid="${id}"]`)].some((e) => !e.closest('#boot'));
        if (!window.__order.some((o) => o.id === id) && drawn) {
          window.__order.push({ id, frame: window.__frames ?? 0 });
        }
      }
    }).observe(document, { subtree: true, childList: true });
    const tick = () => { window.__frames = (window.__frames ?? 0) + 1; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await page.goto(`${server.url}?v=1`);
  await page.locator('[data-testid="rec"]').first().waitFor();
  const order = await page.evaluate(() => window.__order);
  const frame = (id) => order.find((o) => o.id === id)?.frame;
  assert.deepEqual(order.map((o) => o.id).sort(), ['option', 'rec', 'top-instance']);
  // At least one animation frame (a paint) between the top recommendation and the deferred parts.
  assert.ok(frame('rec') > frame('top-instance') && frame('option') > frame('top-instance'), JSON.stringify(order));
  await page.context().close();
});

test('changing inputs updates the recommendations and the link', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&cuda=1&prio=cost&model=llama2-7b&ctx=2048&batch=1');
  assert.equal(await g.topInstance(), 'g6.xlarge');
  await g.press('prio', 'perf');
  await g.page.waitForFunction(() => document.querySelector('[data-testid="rec"]')?.dataset.instance !== 'g6.xlarge');
  assert.match(await g.topInstance(), /^g6e\./);
  await g.queryMatching(/prio=perf/);
  await g.press('task', 'train');
  // A new kind of task starts from the default batch (serving's sequences are not a micro-batch).
  assert.equal(await g.page.locator('input[data-key="batch"]').inputValue(), '8');
  await g.fill('batch', 1);
  await g.select('model', 'qwen2.5-32b');
  await g.fill('tokens', 100);
  await g.page.waitForFunction(() => document.querySelector('[data-testid="rec"]')?.dataset.instance?.startsWith('p'));
  await g.queryMatching(/task=train.*model=qwen2.5-32b.*tokens=100/);
  // A bad number keeps the old value and says so at the field, in the words of its label (not as a link warning).
  const before = g.query();
  await g.fill('ctx', -5);
  const error = g.page.locator('label.field:has(input[data-key="ctx"]) [data-testid="field-error"]');
  await error.waitFor();
  assert.match(await error.innerText(), /^Sequence length \(tokens\) must be from 1 to [\d,]+; still using \d+\.$/);
  assert.equal(await g.page.locator('input[data-key="ctx"]').getAttribute('aria-invalid'), 'true');
  assert.equal(await g.page.getByTestId('warning').count(), 0);
  assert.equal(g.query(), before, 'the link keeps the old value');
  g.assertClean();
});

test('a checkbox sets its link key by click or Space and keeps the focus while the page redraws it', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&model=llama3.1-8b');
  const cuda = g.page.locator('input[data-key="cuda"]');
  assert.equal(await cuda.isChecked(), false);
  await g.page.locator('label[for="f-cuda"] span').click();
  await g.queryMatching(/cuda=1/);
  await g.page.waitForFunction(() => document.querySelector('input[data-key="cuda"]')?.checked === true);
  // A word key keeps its words; the keyboard's Space toggles it and the focus stays on the box.
  const arch = g.page.locator('input[data-key="arch"]');
  await arch.focus();
  await g.page.keyboard.press('Space');
  await g.queryMatching(/arch=other/);
  await g.page.waitForFunction(() => document.activeElement?.dataset.key === 'arch' && document.activeElement.checked);
  await g.page.keyboard.press('Space');
  await g.page.waitForFunction(() => document.activeElement?.dataset.key === 'arch' && !document.activeElement.checked);
  await g.page.waitForFunction(() => !location.search.includes('arch=other') && location.search.includes('cuda=1'));
  // Explore's filters are checkboxes of page state.
  await g.view('explore');
  await g.page.locator('input[data-key="xefa"]').click();
  await g.queryMatching(/xefa=1/);
  g.assertClean();
});

test('a select sets its link key and keeps the focus while the page redraws it', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&model=llama3.1-8b');
  const prec = g.page.locator('select[data-key="prec"]');
  await prec.focus();
  await prec.selectOption('fp8');
  await g.queryMatching(/prec=fp8/);
  await g.page.waitForFunction(() => document.activeElement?.dataset.key === 'prec' && document.activeElement.value === 'fp8');
  // A commitment asks how it is paid: the payment select appears and sets its own key.
  await g.select('buy', 'csp3');
  await g.select('pay', 'all');
  await g.queryMatching(/buy=csp3.*pay=all|pay=all.*buy=csp3/);
  // "Custom" starts from the current model's parameters, and the select says so.
  await g.select('model', 'custom');
  await g.page.locator('input[data-key="params"]').waitFor();
  await g.queryMatching(/params=8/);
  assert.equal(await g.page.locator('select[data-key="model"]').inputValue(), 'custom');
  await g.select('model', 'llama3.1-70b');
  await g.queryMatching(/model=llama3.1-70b/);
  assert.equal(await g.page.locator('input[data-key="params"]').count(), 0);
  // The language select redraws every label, itself included, and keeps the focus.
  await g.page.locator('select[data-key="lang"]').focus();
  await g.select('lang', 'zh');
  await g.page.waitForFunction(() => document.activeElement?.dataset.key === 'lang' && document.documentElement.lang.startsWith('zh'));
  assert.equal(await g.page.locator('select[data-key="prec"]').inputValue(), 'fp8');
  g.assertClean();
});

test('serving asks for users and a request\'s prompt and output; the card gives a thousand requests\' cost and time', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&model=llama3.1-8b&inst=p5.48xlarge&batch=50');
  const label = (key) => g.page.locator(`label.field:has([data-key="${key}"]) .label`).innerText();
  assert.match(await label('batch'), /^Concurrent users/);
  // The prompt is the context less the output: an old link's whole context is prompt.
  assert.equal(await g.page.locator('input[data-key="prompt"]').inputValue(), '8192');
  assert.equal(await g.page.locator('input[data-key="out"]').inputValue(), '0');
  assert.equal(await g.page.getByTestId('top-per-request').count(), 0);
  await g.fill('out', 500);
  await g.queryMatching(/ctx=8692.*out=500|out=500.*ctx=8692/);
  assert.equal(await g.page.locator('input[data-key="prompt"]').inputValue(), '8192', 'the prompt stays');
  await g.fill('prompt', 2000);
  await g.queryMatching(/ctx=2500/);
  assert.equal(await g.page.locator('input[data-key="out"]').inputValue(), '500');
  // A thousand requests cost what 500,000 output tokens cost, as the CLI computes.
  const rec = native(`v=1&model=llama3.1-8b&inst=p5.48xlarge&batch=50&ctx=2500&out=500`).recommendations[0];
  const fig = g.page.getByTestId('top-per-request');
  await fig.waitFor();
  const text = await fig.innerText();
  const usd = Number(text.split(' · ')[0].replace(/[$,]/g, ''));
  assert.ok(Math.abs(usd - rec.usd_per_million_tokens * 0.5) <= 0.005 + 1e-3 * usd, `${text} vs ${rec.usd_per_million_tokens}`);
  const each = 500 / rec.tokens_per_s_per_seq;
  assert.match(text, new RegExp(` · ${each.toFixed(1).replace('.', '\\.')} s each$`));
  assert.match(await g.page.getByTestId('scenario-line').innerText(), /2,000 \+ 500 tokens per request · 50 sequences/);
  // A bad prompt is said at the prompt field.
  await g.fill('prompt', -5);
  await g.page.locator('label.field:has(input[data-key="prompt"]) [data-testid="field-error"]').waitFor();
  assert.equal(await g.page.getByTestId('warning').count(), 0);
  await g.select('lang', 'zh');
  assert.match(await label('prompt'), /每次请求输入 token 数/);
  assert.match(await g.page.getByTestId('top-per-request').innerText(), /^\$[\d.,]+ · 每次 [\d.]+ 秒$/);
  assert.match(await g.page.locator('dl.figures').innerText(), /每千次请求/);
  g.assertClean();
});

test('the language switch changes every visible label, in every view', async () => {
  for (const view of ['plan', 'explore', 'compare', 'assumptions']) {
    const g = await Gpuplan.open(browser, server.url, `v=1&view=${view}&cmp=p5.48xlarge,g6e.xlarge`);
    await g.page.locator('main section').first().waitFor();
    const labels = () => g.page.locator('h2:not(.headline), h3, legend, .label, nav.tabs button, thead th, dt, figcaption, .source, button.small').evaluateAll(
      (els) => els.filter((e) => e.offsetParent !== null).map((e) => e.textContent.trim()).filter((t) => t));
    const en = await labels();
    await g.select('lang', 'zh');
    await g.page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    const zh = await labels();
    assert.equal(zh.length, en.length, view);
    const unchanged = en.filter((t, i) => t === zh[i] && !/^(EFA|[A-Z0-9 .$/()×-]+|[a-z0-9.-]+ ×|Savings Plans.*)$/.test(t));
    assert.deepEqual(unchanged, [], `${view}: labels left in English`);
    assert.ok(zh.some((t) => /[\u4e00-\u9fff]/.test(t)));
    await g.queryMatching(/lang=zh/);
    g.assertClean();
    await g.page.context().close();
  }
});

test('Explore filters, sorts and keeps its state in the link', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&view=explore');
  const rows = g.page.getByTestId('catalog-row');
  await rows.first().waitFor();
  assert.ok((await rows.count()) >= 70);
  await g.select('xfam', 'g6e');
  await g.page.waitForFunction(() => document.querySelectorAll('[data-testid="catalog-row"]').length === 8);
  const prices = () => rows.evaluateAll((rs) => rs.map((r) => Number(r.dataset.odUsd)));
  const asc = await prices();
  assert.deepEqual(asc, [...asc].sort((a, b) => a - b));
  await g.page.locator('button.sort[data-col="od"]').click();
  await g.page.waitForFunction(() => location.search.includes('xsort=-od'));
  const desc = await prices();
  assert.deepEqual(desc, [...asc].reverse());
  await g.fill('xmem', 40);
  assert.ok((await rows.count()) === 8);
  await g.queryMatching(/view=explore.*xfam=g6e/);
  // Host-side units: per vCPU divides each On-Demand price by the type's vCPUs, and the table says so.
  // (The table is sorted by price, so rows are matched by instance, not position.)
  // The vCPU cell is found by its column's head (the prices come right after the name).
  const byId = () => rows.evaluateAll((rs) => {
    const col = [...document.querySelectorAll('table.catalog thead th')].findIndex((th) => th.querySelector('[data-col="cpu"]'));
    return Object.fromEntries(rs.map((r) => [r.dataset.instance,
      { od: Number(r.dataset.odUsd), vcpus: Number(r.children[col].textContent.replace(/,/g, '')) }]));
  });
  const perInstance = await byId();
  assert.equal(await g.page.getByTestId('price-basis').textContent(), 'prices per instance per hour');
  await g.select('xper', 'vcpu');
  await g.page.waitForFunction(() => location.search.includes('xper=vcpu'));
  assert.equal(await g.page.getByTestId('price-basis').textContent(), 'prices per vCPU per hour');
  const perVcpu = await byId();
  assert.equal(Object.keys(perVcpu).length, 8);
  for (const [id, { od, vcpus }] of Object.entries(perInstance)) {
    assert.ok(vcpus > 0 && Math.abs(perVcpu[id].od - od / vcpus) < 1e-9, `${id}: ${perVcpu[id].od} vs ${od} / ${vcpus}`);
  }
  // Each price carries its source and date (shown on focus, tap or hover: tests/e2e/phone.test.mjs).
  assert.match(await rows.first().locator('td[data-src]').first().getAttribute('data-src'), /20\d\d-\d\d-\d\d/);
  g.assertClean();
});

test('Compare shows the picked instances side by side', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&cuda=1');
  await g.recs().first().waitFor();
  const picks = (await g.recRows()).slice(0, 2).map((r) => r.instance);
  for (const id of picks) {
    await g.page.locator(`[data-testid="rec"][data-instance="${id}"] button[aria-pressed]`).click();
  }
  await g.view('compare');
  await g.page.getByTestId('compare').waitFor();
  const cols = await g.page.getByTestId('compare-col').evaluateAll((cs) => cs.map((c) => c.dataset.instance));
  assert.deepEqual(cols, picks);
  // The fit row says on how many instances each fits, in words ("Fits on 1 instance").
  const fits = await g.page.locator('td.fit').allTextContents();
  assert.equal(fits.length, 2);
  for (const f of fits) assert.match(f, /^Fits on (1 instance|\d+ instances)$/);
  await g.queryMatching(/view=compare.*cmp=/);
  // Back returns to the Plan view.
  await g.page.goBack();
  await g.recs().first().waitFor();
  g.assertClean();
});

test('charts render with labelled axes', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&mode=batch&inst=g6e.xlarge');
  const cumulative = g.page.getByTestId('chart-cumulative');
  await cumulative.waitFor();
  const axes = await cumulative.locator('text.axis-label').allTextContents();
  assert.deepEqual(axes, ['Month', 'Cost (USD)']);
  assert.ok((await cumulative.locator('polyline').count()) >= 3);
  assert.ok((await g.page.getByTestId('chart-options').locator('rect').count()) >= 3);
  assert.ok((await g.page.getByTestId('chart-memory').locator('rect').count()) >= 2);
  g.assertClean();
});

test('the two cost charts agree, break-even dots lie past month 0, and chart text keeps its size from 360 px to a 1,200 px embed', async () => {
  // A 12-month horizon with three-year terms: each term runs 24 months past it.
  const query = 'v=1&params=8&months=12';
  for (const [width, embed] of [[360, ''], [1280, ''], [1200, '&embed=calc']]) {
    const g = await Gpuplan.open(browser, server.url, query + embed, { viewport: { width, height: 900 } });
    const line = g.page.getByTestId('chart-cumulative');
    await line.waitFor();
    const totals = Object.fromEntries(await g.page.getByTestId('option').evaluateAll((rows) =>
      rows.filter((r) => r.dataset.totalUsd).map((r) => [r.dataset.purchase, +r.dataset.totalUsd])));
    const series = await line.locator('polyline').evaluateAll((ps) => ps.map((p) =>
      ({ buy: p.dataset.buy, paid: +p.dataset.paidUsd, owed: +p.dataset.owedUsd, colour: p.classList[1] })));
    assert.ok(series.length >= 4, JSON.stringify(series));
    // The cumulative line's end plus what its term still owes is the table's (and the bar's) figure.
    for (const s of series) {
      assert.ok(Math.abs(s.paid + s.owed - totals[s.buy]) <= 1e-6 * totals[s.buy], `${s.buy}: ${s.paid} + ${s.owed} vs ${totals[s.buy]}`);
    }
    const owing = series.filter((s) => s.owed > 0);
    assert.ok(owing.length >= 1);
    // The bar chart splits the same options at the same share: solid within the horizon, pale after it.
    const bars = await g.page.getByTestId('chart-options').locator('rect').evaluateAll((rs) => rs.map((r) =>
      ({ colour: [...r.classList].find((c) => /^s\d$/.test(c)), pale: r.classList.contains('owed'), w: r.getBoundingClientRect().width })));
    for (const s of owing) {
      const solid = bars.find((b) => b.colour === s.colour && !b.pale);
      const pale = bars.find((b) => b.colour === s.colour && b.pale);
      assert.ok(solid && pale, `${s.buy} has no pale part`);
      const share = solid.w / (solid.w + pale.w);
      assert.ok(Math.abs(share - s.paid / (s.paid + s.owed)) < 0.03, `${s.buy}: bar ${share}, line ${s.paid / (s.paid + s.owed)}`);
    }
    assert.equal(bars.filter((b) => b.pale).length, owing.length);
    for (const chart of ['chart-options', 'chart-cumulative']) {
      assert.match(await g.page.getByTestId(chart).locator('ul.legend').innerText(), /paid after the horizon/);
    }
    // Break-even dots: on On-Demand's line, each where it has cost a whole term, never piled at month 0.
    const axis = await line.locator('line.axis').nth(1).evaluate((l) => l.getBoundingClientRect().left);
    const dots = await line.locator('circle.be').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().left));
    assert.ok(dots.length >= 2 && dots.every((x) => x > axis + 20), `${axis}: ${dots}`);
    assert.equal(new Set(dots.map(Math.round)).size, dots.length);
    // Text: the page's smallest size (0.72rem = 11.52 px) at every width, and inside its figure.
    for (const chart of ['chart-options', 'chart-cumulative', 'chart-memory']) {
      const fig = g.page.getByTestId(chart);
      const box = await fig.evaluate((f) => f.getBoundingClientRect().toJSON());
      const texts = await fig.locator('svg text').evaluateAll((ts) => ts.map((t) =>
        ({ size: getComputedStyle(t).fontSize, box: t.getBoundingClientRect().toJSON(), text: t.textContent, turned: t.hasAttribute('transform') })));
      // A rotated title's box is as high as its text is long: its width is the line's height.
      for (const t of texts.filter((t) => t.turned)) t.box.height = t.box.width;
      for (const t of texts.filter((t) => t.text !== '›')) {
        assert.ok(['11.52px', '14px'].includes(t.size), `${width} ${chart} ${t.text}: ${t.size}`);
        assert.ok(t.box.height >= 10 && t.box.height <= 20, `${width} ${chart} ${t.text}: ${t.box.height} px high`);
        assert.ok(t.box.left >= box.left - 1 && t.box.right <= box.right + 1, `${width} ${chart} "${t.text}" leaves its figure`);
      }
    }
    g.assertClean();
    await g.page.close();
  }
  // The same in Chinese: both legends say what the pale and dashed parts are.
  const zh = await Gpuplan.open(browser, server.url, `${query}&lang=zh`, { viewport: { width: 390, height: 844 } });
  for (const chart of ['chart-options', 'chart-cumulative']) {
    await zh.page.getByTestId(chart).waitFor();
    assert.match(await zh.page.getByTestId(chart).locator('ul.legend').innerText(), /规划期结束后仍需支付的剩余承诺期/);
  }
  assert.match(await zh.page.getByTestId('chart-cumulative').locator('ul.legend').innerText(), /圆点：按需累计费用已等于整个承诺期的费用/);
  zh.assertClean();
});

test('screenshots at 1280x800 and 390x844 in both languages', async () => {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    for (const lang of ['en', 'zh']) {
      const g = await Gpuplan.open(browser, server.url, `v=1&lang=${lang}`, { viewport: { width: w, height: h } });
      await g.recs().first().waitFor();
      // Nothing wider than the viewport: the page itself never scrolls sideways.
      const overflow = await g.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${w}px ${lang}: page is ${overflow}px wider than the viewport`);
      await g.shot(`plan-${w}-${lang}`, false);
      g.assertClean();
    }
  }
});

test('the chosen instance shows its price history and the source of its price', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge');
  const history = g.page.getByTestId('price-history');
  await history.waitFor();
  assert.match(await history.innerText(), /2025-06-23: \$98\.32\/h → \$55\.04\/h \(-44 %\)/);
  // The price's source and date are shown under the figures (no longer a hover-only title).
  assert.match(await g.page.getByTestId('price-source').innerText(), /^Source: Karpenter.* — 2026-07-20$/);
  g.assertClean();
});

test('the catalog\'s notes on the chosen type and every source are on the page', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge');
  const notes = g.page.getByTestId('catalog-notes');
  await notes.waitFor();
  const text = await notes.innerText();
  assert.match(text, /2 AZ\(s\) with spot==on-demand/, 'the instance note');
  assert.match(text, /FP64 tensor cores: 67 TFLOPS/, 'the H100 note');
  await g.view('assumptions');
  const rows = g.page.getByTestId('source');
  await rows.first().waitFor();
  const catalog = JSON.parse(await readFile('catalog.json', 'utf8'));
  assert.equal(await rows.count(), catalog.sources.length);
  const faq = g.page.locator('[data-testid="source"][data-id="aws-sp-faq"] a');
  assert.equal(await faq.getAttribute('href'), 'https://aws.amazon.com/savingsplans/faqs');
  const file = g.page.locator('[data-testid="source"][data-id="karpenter-pricing"]');
  assert.match(await file.innerText(), /Karpenter[\s\S]*aws\/karpenter-provider-aws[\s\S]*2026-07-20[\s\S]*zz_generated\.pricing_aws\.go/);
  assert.match(await file.locator('a').getAttribute('href'), /^https:\/\/github\.com\/aws\/karpenter-provider-aws\/blob\//, 'a file in a repository links to it');
  // Overrides left empty say what is used instead.
  for (const key of ['cspdisc', 'ispdisc', 'spotdisc', 'irate']) {
    assert.equal(await g.page.locator(`input[data-key="${key}"]`).getAttribute('placeholder'), 'from the catalog per type');
  }
  assert.equal(await g.page.locator('input[data-key="mfu"]').getAttribute('placeholder'), '');
  // The Spot capacity assumptions (issue 14) are edited here like the others, and the link keeps them.
  assert.equal(await g.page.locator('input[data-key="reacq"]').inputValue(), '60');
  await g.fill('reacq', 45);
  // The Spot limit a job meets is on the Plan's form beside the window (issue 24).
  await g.view('plan');
  await g.fill('spotmax', 8);
  await g.queryMatching(/&reacq=45&spotmax=8(&|$)/);
  g.assertClean();
});

test('the estimate is shown at both ends of the efficiency assumptions', async () => {
  const q = 'v=1&task=train&model=llama3.1-8b&tokens=100&inst=p5.48xlarge';
  const train = await Gpuplan.open(browser, server.url, q);
  const range = train.page.getByTestId('range');
  await range.waitFor();
  const text = await range.innerText();
  assert.match(text, /^If efficiency is 25 % better than assumed \(kernel efficiency [\d.]+, memory bandwidth 0\.88\): [\d.]+ days, \$[\d,.]+ per job; 25 % worse \(kernel efficiency [\d.]+, memory bandwidth 0\.52\): [\d.]+ days, \$[\d,.]+ per job\.$/);
  // The figures are the native engine's for the same link: each end 25 % off the training assumption.
  const cli = native(q).range;
  assert.equal(text, cli.text);
  assert.ok(Math.abs(cli.optimistic.mfu / cli.pessimistic.mfu - 1.25 / 0.75) < 1e-9, JSON.stringify(cli));
  assert.ok(cli.optimistic.job_hours < cli.pessimistic.job_hours);
  // Changing the (training) assumption moves the range with it: teff=0.2 puts the better end at 0.25.
  await train.goto(`${q}&teff=0.2&lang=zh`);
  await train.page.getByTestId('range').filter({ hasText: /^效率比假设高 25 %（内核效率 0\.25，显存带宽效率/ }).waitFor();
  // A fleet sized to a throughput target: each end says how many instances (not the card's 5) and what they cost.
  // (At 20,000 tokens/s the replicas packed to memory meet the target at both ends with the same fleet, and
  // the sentence then gives no counts; 70,000 needs 4 or 6 instances where the card buys 5. Since the
  // all-reduce over NVSwitch is one-shot, 60,000 is 4 at the card and its better end.)
  const serve = await Gpuplan.open(browser, server.url, 'v=1&tps=70000&inst=p5.48xlarge');
  assert.match(await serve.page.getByTestId('range').innerText(), /\): 4 instances \(not the 5 above\), [\d,]+ tokens\/s, \$[\d,.]+ a month; 25 % worse .*: 6 instances \(not the 5 above\), [\d,]+ tokens\/s, \$[\d,.]+ a month\.$/);
  train.assertClean();
  serve.assertClean();
});

test('on a 1280 px laptop screen the result and catalog tables need no sideways scrolling', async () => {
  const cases = [
    ['v=1', 'table.recs'],
    ['v=1&task=train&model=llama3.1-8b&tokens=100&inst=p5.48xlarge,g6e.12xlarge', 'table.options'],
    ['v=1&view=explore', 'table.catalog'],
  ];
  for (const lang of ['en', 'zh']) {
    for (const [q, sel] of cases) {
      const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`, { viewport: { width: 1280, height: 800 } });
      await g.page.locator(sel).first().waitFor();
      const overflow = await g.page.evaluate((s) => {
        const t = document.querySelector(s);
        return t.scrollWidth - t.parentElement.clientWidth;
      }, sel);
      assert.ok(overflow <= 1, `${lang} ${q} ${sel}: ${overflow} px too wide`);
      await g.page.context().close();
    }
  }
});

test('the planner chooses the micro-batch: none rules accelerators out, and the plan names the one chosen', async () => {
  // `batch` is now sequences per replica per step; the training planner picks the micro-batch (and the
  // recomputation) that fits each type, so the old "a micro-batch of 8 rules out p5" notice cannot arise.
  const q = 'v=1&task=train&model=llama3.1-70b&tokens=50';
  const g = await Gpuplan.open(browser, server.url, q);
  await g.recs().first().waitFor();
  await g.page.locator('[data-testid="rec"][data-instance="p5.48xlarge"]').waitFor();
  assert.equal(await g.page.getByTestId('notice').filter({ hasText: /micro-batch of \d+ rules/i }).count(), 0);
  assert.equal(await g.page.getByTestId('use-micro-batch-1').count(), 0);
  const cli = native(`${q}&inst=p5.48xlarge`).recommendations.find((r) => r.instance === 'p5.48xlarge');
  assert.ok(cli?.fits && cli.parallelism, JSON.stringify(cli));
  // The chosen type's plan in words names the micro-batch and the accumulation the engine chose.
  const { micro_batch: mb, grad_accum: ga } = cli.parallelism;
  await g.goto(`${q}&inst=p5.48xlarge`);
  const steps = ga === 1 ? '1 accumulation step' : `${ga} accumulation steps`;
  await g.page.locator('ul.reasons li', { hasText: `micro-batch ${mb} × ${steps}` }).waitFor();
  g.assertClean();
});

test('HPC results are compared by dollars per FP64 TFLOPS-hour', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=hpc&fp64=40&inst=p5.48xlarge');
  const row = g.page.locator('[data-testid="rec"][data-instance="p5.48xlarge"]');
  await row.waitFor();
  assert.match(await row.innerText(), /272 TFLOPS FP64 \(peak\) · \$0\.2024 \/ TFLOPS·h/);
  g.assertClean();
});

test('each purchase option shows how its figures were computed', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&pay=all');
  // How each option's figures were computed opens in place, on a click (not a hover-only title).
  const how = async (p) => {
    const details = g.page.locator(`[data-testid="option"][data-purchase="${p}"] [data-testid="option-how"]`);
    await details.waitFor();
    assert.equal(await details.getAttribute('open'), null, `${p}: closed until asked`);
    await details.locator('summary').click();
    return details.locator('.formula-text').innerText();
  };
  assert.match(await how('od'), /per hour = \$55\.04\/h × 1 instance = \$55\.04\/h/);
  assert.match(await how('spot'), /F = \(1 \+ C\/τ\)/);
  assert.match(await how('ri3'), /break-even utilisation = .* = \d+(\.\d)? %[\s\S]*whole commitment term/);
  assert.match(await how('cb'), /× 24 h = \$[\s\S]*1 block \(at most 64 instances each\); a block can start up to 8 weeks after booking/);
  g.assertClean();
});

test('a growing fleet commits what it keeps using and runs the growth On-Demand, as the CLI computes', async () => {
  // A render farm: its count compounds (a service's follows its demand). In Mumbai, where no source prices
  // g6e.xlarge on Spot, so the growth runs On-Demand above the commitments (in us-east-1 it runs on Spot).
  const q = 'v=1&task=graphics&mode=batch&inst=g6e.xlarge&months=24&region=ap-south-1';
  const g = await Gpuplan.open(browser, server.url, q);
  await g.page.getByTestId('plan').waitFor();
  assert.equal(await g.page.getByTestId('plan-fleet').count(), 0);
  assert.equal(await g.page.getByTestId('options-steady').count(), 0);
  await g.fill('growth', 10);
  await g.page.getByTestId('plan-fleet').waitFor();
  assert.equal(await g.page.getByTestId('plan-fleet').textContent(), 'Fleet: 1 → 9 instances over 24 months (+10\u00a0% a month)');
  const shown = await g.queryMatching(/growth=10/);
  // The plan's lines are the native engine's items for the same link: commitments layered over the
  // horizon where the fleet keeps using them, the growth above them On-Demand.
  const cli = native(shown);
  const items = await g.page.locator('[data-testid="plan"] ul.plan-items > li').allTextContents();
  assert.equal(items.length, cli.plan.items.length, items.join('\n'));
  assert.ok(cli.plan.items.some((it) => it.purchase !== 'od') && cli.plan.items.some((it) => it.purchase === 'od'));
  cli.plan.items.forEach((it, i) => {
    const label = it.segment === 'baseline' ? 'Baseline: ' : 'Above the commitment: up to ';
    // A commitment line says its months (1-based), as the CLI's from_month and months give them.
    const span = it.segment !== 'baseline' ? '' : it.months === 1 ? `, month ${it.from_month + 1}` : `, months ${it.from_month + 1}–${it.from_month + it.months}`;
    assert.ok(items[i].startsWith(`${label}${it.instances} × g6e.xlarge${span} — `), `${items[i]} vs ${JSON.stringify(it)}`);
  });
  // The chart: a bar per month, split at the committed level, and the level drawn across.
  const chart = g.page.getByTestId('chart-fleet');
  assert.ok(await chart.locator('rect title').count() >= 24);
  assert.equal(await chart.getByTestId('fleet-committed').count(), 1);
  assert.match(await chart.locator('ul.legend').innerText(), /EC2 Instance Savings Plan, 1 year[\s\S]*On-Demand/);
  assert.match(await g.page.getByTestId('options-steady').textContent(), /^These figures are for a steady fleet of 1 instance; the plan above includes the growth\.$/);
  // The page's plan total is the native engine's for the same link.
  const total = Number((await g.page.getByTestId('plan-total').textContent()).replace(/[$,]/g, ''));
  assert.ok(Math.abs(total - cli.plan.horizon_usd) < 0.005, `${total} vs ${cli.plan.horizon_usd}`);
  assert.deepEqual(cli.plan.fleet_by_month.slice(0, 3), [1, 2, 2]);
  // Spot below every commitment's cost: nothing is committed and the flexible line is the whole fleet.
  await g.goto('v=1&mode=batch&model=llama3.1-70b&inst=p5.48xlarge&growth=10&months=12&tps=20000');
  await g.page.getByTestId('chart-fleet').waitFor();
  const spotItems = await g.page.locator('[data-testid="plan"] ul.plan-items > li').allTextContents();
  assert.equal(spotItems.length, 1);
  assert.match(spotItems[0], /^The whole fleet, month by month: up to \d+ × p5\.48xlarge — Spot \(\$/);
  assert.equal(await g.page.getByTestId('fleet-committed').count(), 0);
  // The compact embedded card keeps the sentence, not the chart.
  await g.goto(`${shown}&embed=1`);
  await g.page.getByTestId('plan-fleet').waitFor();
  assert.equal(await g.page.getByTestId('chart-fleet').count(), 0);
  g.assertClean();
});

test('the chosen type lists its price in every region, cheapest first, and plans in another with one click', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-70b&tokens=200&ctx=4096&batch=1&inst=p5.48xlarge');
  const regions = g.page.getByTestId('regions');
  await regions.locator('summary').click();
  const rows = regions.locator('tbody tr');
  const listed = await rows.evaluateAll((rs) => rs.map((r) => r.dataset.region));
  assert.ok(listed.length >= 10 && listed.includes('eu-north-1'));
  const prices = await rows.evaluateAll((rs) => rs.map((r) => Number(r.querySelector('td').textContent.replace(/[$,*]/g, ''))));
  assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
  assert.equal(await regions.locator('tr.current').getAttribute('data-region'), 'us-east-1');
  assert.ok(await regions.locator('tr.current button').isDisabled());
  await regions.locator('tr[data-region="eu-north-1"] button').click();
  await g.queryMatching(/region=eu-north-1/);
  await g.page.waitForFunction(() => document.querySelector('[data-testid="regions"] tr.current')?.dataset.region === 'eu-north-1');
  assert.equal(await g.page.locator('select[data-key="region"]').inputValue(), 'eu-north-1');
  g.assertClean();
});

test('serving shows the cost of a million tokens on the card and under every purchase option', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1');
  // The figures are the native engine's for the same link (the top type and its On-Demand cost per token).
  const top = native('v=1').recommendations[0];
  const usd = (x) => `$${x.toFixed(2)}`;
  assert.ok(top.usd_per_million_tokens > 0, JSON.stringify(top));
  assert.equal(await g.topInstance(), top.instance);
  assert.equal(await g.page.getByTestId('top-per-mtok').innerText(), usd(top.usd_per_million_tokens));
  const od = g.page.locator('[data-testid="option"][data-purchase="od"] td[data-label="Per million tokens"]');
  await od.waitFor();
  // A column shares one precision (two decimals, or four where any of its amounts is under $1).
  const odMtok = top.options.find((o) => o.purchase === 'od').usd_per_million_tokens;
  assert.ok(Math.abs(Number((await od.innerText()).replace(/[$,]/g, '')) - odMtok) < 0.005, await od.innerText());
  const sp = await g.page.locator('[data-testid="option"][data-purchase="isp1"] td[data-label="Per million tokens"]').innerText();
  assert.ok(Number(sp.replace('$', '')) < top.usd_per_million_tokens, sp);
  // A job has no per-token figure: neither the tile nor the column.
  await g.goto('v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge');
  await g.page.locator('[data-testid="option"]').first().waitFor();
  assert.equal(await g.page.getByTestId('top-per-mtok').count(), 0);
  assert.equal(await g.page.locator('td[data-label="Per million tokens"]').count(), 0);
  g.assertClean();
});

test('switching language or currency is presentation: the engine does not run again', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&model=llama3.1-8b');
  await g.page.getByTestId('chart-options').waitFor();
  const runs = () => g.page.evaluate(() => window.wasmBindings.engine_runs());
  const before = await runs();
  assert.ok(before > 0, 'the counter counts');
  await g.page.locator('select[data-key="lang"]').selectOption('zh');
  await g.page.getByTestId('priced-as').filter({ hasText: '按需' }).waitFor();
  await g.page.locator('select[data-key="cur"]').selectOption('cny');
  await g.page.getByTestId('top-hourly').filter({ hasText: '¥' }).waitFor();
  await g.page.getByTestId('chart-options').filter({ hasText: 'CNY' }).waitFor();
  assert.equal(await runs(), before, 'a language or currency switch ran the engine');
  // An input the engine reads does run it (so the assertion above can fail).
  await g.fill('months', 24);
  await g.page.waitForFunction((b) => window.wasmBindings.engine_runs() > b, before);
  g.assertClean();
});
