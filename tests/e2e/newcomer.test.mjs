// A newcomer's first minute (issue 16): the first frame, what the answer is, entering a scenario,
// Explore's filters, Chinese as written, sources a user can open. Both languages where text is involved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { newPage } from './browser.mjs';
import { Gpuplan, start, stop } from './gpuplan.mjs';
import { inlineScripts, hashSource } from './policy.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

test('index.html carries a first frame in the browser language, gone once the app mounts', async () => {
  const html = await readFile('dist/index.html', 'utf8');
  assert.match(html, /Loading the planner…/);
  assert.match(html, /正在加载规划器…/);
  // One inline script, boot/lang.js, allowed by its hash in the page's policy (no 'unsafe-inline').
  const inline = inlineScripts(html);
  assert.equal(inline.length, 1, 'one inline script');
  assert.ok(html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1].includes(hashSource(inline[0])), 'its hash in the policy');
  for (const [locale, shown, hidden] of [['en-US', 'Loading the planner…', '正在加载规划器…'], ['zh-CN', '正在加载规划器…', 'Loading the planner…']]) {
    const page = await newPage(browser, { locale });
    // The wasm never arrives: the static frame is what a slow connection shows.
    await page.route(/\.wasm$/, () => {});
    await page.goto(`${server.url}?v=1`);
    await page.getByText(shown).waitFor();
    assert.equal(await page.getByText(hidden).isVisible(), false);
    assert.equal(await page.locator('#boot .boot-wait h1').innerText(), 'gpuplan');
    await page.context().close();
  }
  const g = await Gpuplan.open(browser, server.url);
  assert.equal(await g.page.locator('#boot').isVisible(), false);
  g.assertClean();
});

test('the headline states its scenario, the option its price is and the cheapest plan; another pick keeps a way back', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&batch=50');
  assert.equal(await g.page.getByTestId('scenario-line').innerText(), 'Llama 3.1 8B · BF16 · 8K context · 50 sequences · us-east-1');
  assert.equal(await g.page.getByTestId('priced-as').innerText(), 'On-Demand');
  assert.match(await g.page.getByTestId('top-plan').innerText(), /^\$[\d,]+\.\d\d$/);
  assert.match(await g.page.getByTestId('price-source').innerText(), /Karpenter.*2026-07-20/);
  const first = await g.topInstance();
  const other = await g.recs().nth(2).getAttribute('data-instance');
  await g.recs().nth(2).locator('button.link').click();
  // The choice is kept in the link: opening it shows the same pick, with the way back.
  const q = await g.queryMatching(/pick=/);
  await g.goto(q);
  assert.match(await g.page.getByTestId('top-instance').innerText(), new RegExp(other.replace('.', '\\.')));
  await g.page.getByTestId('back-to-best').click();
  await g.page.waitForFunction((id) => document.querySelector('[data-testid="top-instance"]').textContent.includes(id), first);
  assert.equal(await g.page.getByTestId('back-to-best').count(), 0);
  await g.goto('v=1&batch=50&lang=zh&buy=csp1');
  assert.equal(await g.page.getByTestId('scenario-line').innerText(), 'Llama 3.1 8B · BF16 · 8K 上下文 · 50 个并发序列 · us-east-1');
  assert.match(await g.page.getByTestId('priced-as').innerText(), /Savings Plans/);
  g.assertClean();
});

test('labels mean one thing per task: throughput or job time, per month or per job, energy with its period', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-8b&tokens=10');
  await g.recs().first().waitFor();
  const heads = await g.page.locator('table.recs thead th').allInnerTexts();
  assert.ok(heads.includes('Job time') && heads.includes('Per job') && !heads.includes('Speed'), heads.join('|'));
  assert.match(await g.page.locator('.figures').innerText(), /Accelerator energy per job/);
  const options = await g.page.locator('table.options thead th').allInnerTexts();
  assert.ok(!options.some((h) => /Over the horizon/.test(h)), options.join('|'));
  assert.doesNotMatch(await g.page.locator('table.options').innerText(), /τ\*/);
  await g.goto('v=1');
  await g.recs().first().waitFor();
  const serve = await g.page.locator('table.recs thead th').allInnerTexts();
  assert.ok(serve.includes('Throughput') && serve.includes('Per month'), serve.join('|'));
  assert.ok((await g.page.locator('table.options thead th').allInnerTexts()).includes('Over 12 months'));
  // The formula of an option opens in place: a tap or Enter, not a hover-only tooltip.
  const how = g.page.locator('[data-testid="option"][data-purchase="od"] details.how');
  await how.locator('summary').click();
  assert.match(await how.innerText(), /per hour = /);
  await g.goto('v=1&lang=zh&buy=ri1');
  await g.recs().first().waitFor();
  assert.match(await g.page.locator('table.options').innerText(), /使用率需达 \d+% 才划算/);
  assert.match(await g.page.getByTestId('plan').innerText(), /比全部按需节省 \$[\d,.]+|^(?![\s\S]*节省)/);
  g.assertClean();
});

test('switching task does not carry serving sequences into a micro-batch; strategies say what they changed', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&batch=50');
  await g.press('task', 'train');
  await g.page.waitForFunction(() => document.querySelector('input[data-key="batch"]')?.value === '8');
  await g.press('task', 'infer');
  await g.page.locator('.chips button', { hasText: 'Inference off CUDA' }).click();
  await g.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="rec"]')].every((r) => r.dataset.instance.startsWith('inf2.')));
  assert.match(await g.page.getByTestId('strategy-changed').innerText(), /^Changed: .*Only these instance types/);
  await g.goto('v=1&lang=zh');
  await g.page.locator('.chips button', { hasText: '代理商' }).click();
  assert.match(await g.page.getByTestId('strategy-changed').innerText(), /^已修改：代理商折扣/);
  g.assertClean();
});

test('a bad value typed in the form is shown at the field, in the words of its label', async () => {
  // Serving's prompt field is the context less the output: it takes the context's range and says the
  // prompt it keeps.
  const g = await Gpuplan.open(browser, server.url, 'v=1&ctx=8692&out=500');
  const input = g.page.locator('input[data-key="prompt"]');
  assert.equal(await input.getAttribute('max'), '4194304');
  await g.fill('prompt', 99999999);
  const err = g.page.getByTestId('field-error');
  await err.waitFor();
  assert.match(await err.innerText(), /^Prompt tokens per request must be from 1 to 4194304; still using 8192\.$/);
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  assert.equal(await g.page.getByTestId('warning').count(), 0, 'not a link warning');
  await g.fill('prompt', 4096);
  await g.page.waitForFunction(() => !document.querySelector('[data-testid="field-error"]'));
  await g.goto('v=1&lang=zh');
  await g.fill('hours', -5);
  assert.match(await g.page.getByTestId('field-error').innerText(), /^每实例每月小时数（730 = 全天候）须在 0 到 744 之间；仍用 730。$/);
  g.assertClean();
});

test('nothing fits: how far off the closest option is, one-click changes that fit, no export buttons', async () => {
  // A 2T-parameter model in FP32 on one instance: nothing holds it (the serving planner splits sequences
  // over replicas, so a long context alone no longer rules every type out).
  const g = await Gpuplan.open(browser, server.url, 'v=1&params=2000&prec=fp32&multinode=0');
  await g.page.getByTestId('nothing-fits').waitFor();
  assert.match(await g.page.getByTestId('nearest').innerText(), /GiB/);
  const fixes = g.page.getByTestId('fix');
  assert.ok(await fixes.count() >= 1);
  assert.equal(await g.page.locator('.export').count(), 0);
  await fixes.first().click();
  await g.recs().first().waitFor();
  assert.equal(await g.page.getByTestId('nothing-fits').count(), 0);
  await g.goto('v=1&params=2000&prec=fp32&multinode=0&lang=zh');
  assert.match(await g.page.getByTestId('nearest').innerText(), /^最接近的选项：/);
  g.assertClean();
});

test('Explore: a card sold as 48 GB passes a 48 GB filter, names are searchable, Compare picks are counted', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&view=explore&xmem=48&cmp=g6e.xlarge');
  const row = g.page.locator('[data-testid="catalog-row"][data-instance="g6e.xlarge"]');
  await row.waitFor();
  assert.match(await row.innerText(), /48 GB · 44\.7 GiB/);
  await g.page.locator('#f-xq').fill('p5.48');
  await g.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="catalog-row"]')].every((r) => r.dataset.instance.includes('p5.48')));
  assert.match(await g.page.getByTestId('compare-picks').innerText(), /^1 picked for Compare/);
  await g.page.getByTestId('compare-picks').locator('button').click();
  await g.queryMatching(/view=compare/);
  await g.goto('v=1&view=explore&lang=zh');
  assert.match(await g.page.locator('.filters').innerText(), /每加速器最小显存（标称 GB）/);
  g.assertClean();
});

test('Sources show titles and public links, never internal paths; the Chinese page keeps Chinese punctuation', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&view=assumptions');
  const text = await g.page.getByTestId('assumptions').innerText();
  assert.doesNotMatch(text, /DOMAIN\.md|\.\.\/shared|scripts\//);
  const hrefs = await g.page.locator('table.sources a').evaluateAll((as) => as.map((a) => a.href));
  assert.ok(hrefs.length >= 10 && hrefs.every((h) => /^https?:\/\//.test(h)), hrefs.join(' '));
  await g.goto('v=1&lang=zh&cur=cny');
  await g.recs().first().waitFor();
  await g.page.getByTestId('chart-cumulative').waitFor();
  const ticks = await g.page.locator('[data-testid="chart-cumulative"] text.tick').evaluateAll((ts) => ts.map((t) => t.textContent));
  assert.ok(ticks.some((t) => /万$/.test(t)), ticks.join('|'));
  assert.doesNotMatch(await g.page.getByTestId('summary').innerText(), /[\u4e00-\u9fff]: /, 'a Chinese label followed by an ASCII colon');
  g.assertClean();
});
