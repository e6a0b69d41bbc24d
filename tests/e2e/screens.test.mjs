// Issue 24's screens (items 12-23): what a newcomer meets on the page, in both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { newPage } from './browser.mjs';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const LANGS = [
  { lang: 'en', q: '', only: 'Only these instance types', all: 'Rank all types', noPrice: 'no public price' },
  { lang: 'zh', q: '&lang=zh', only: '仅限这些实例类型', all: '改为全部类型', noPrice: '无公开价格' },
];

test('#12 a restriction to named types is shown in the form, removed in one click, and an excluded type says why', async () => {
  for (const L of LANGS) {
    const g = await Gpuplan.open(browser, server.url, `v=1&inst=inf2.xlarge,inf2.8xlarge,inf2.24xlarge,inf2.48xlarge${L.q}`);
    const only = g.page.getByTestId('only-types');
    assert.match(await only.innerText(), new RegExp(`${L.only}[\\s\\S]*inf2\\.xlarge, inf2\\.8xlarge`));
    const row = g.page.locator('[data-testid="rec"][data-instance="inf2.xlarge"]');
    const text = await row.innerText();
    assert.doesNotMatch(text, /0 \/ 0 GiB/);
    assert.ok(!text.includes(L.noPrice), text);
    assert.match(text, /16 GiB/, 'the host-RAM reason');
    await g.page.getByTestId('all-types').click();
    await g.page.waitForFunction(() => !location.search.includes('inst='));
    assert.equal(await only.count(), 0);
    assert.ok((await g.recRows()).length > 4);
    g.assertClean();
    await g.page.context().close();
  }
});

test('#12 the Inferentia2 strategy leaves a visible restriction', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1');
  await g.page.getByRole('button', { name: 'Inference off CUDA: Inferentia2' }).click();
  await g.page.getByTestId('only-types').waitFor();
  assert.match(await g.page.getByTestId('strategy-changed').innerText(), /Only these instance types/);
  g.assertClean();
  await g.page.context().close();
});

test('#13 Explore and Compare say their prices are list prices under a discount', async () => {
  for (const [L, re] of [[LANGS[0], /before the 15 % reseller discount/], [LANGS[1], /未扣除 15% 代理商折扣/]]) {
    const g = await Gpuplan.open(browser, server.url, `v=1&disc=15&view=explore${L.q}`);
    assert.match(await g.page.getByTestId('list-prices').innerText(), re);
    await g.goto(`v=1&disc=15&view=compare&cmp=g6e.xlarge,p5.48xlarge${L.q}`);
    assert.match(await g.page.getByTestId('list-prices').innerText(), re);
    await g.goto(`v=1&view=explore${L.q}`);
    assert.equal(await g.page.getByTestId('list-prices').count(), 0);
    g.assertClean();
    await g.page.context().close();
  }
});

test('#14 a number field is taken while typing, without Enter or leaving it', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1');
  const input = g.page.locator('input[data-key="batch"]');
  await input.click();
  await input.press('End');
  await input.pressSequentially('6');
  // Focus stays in the field; the scenario follows the typing.
  await g.queryMatching(/batch=86/);
  assert.match(await g.page.getByTestId('scenario-line').innerText(), /86 sequences/);
  assert.equal(await g.page.evaluate(() => document.activeElement?.dataset.key), 'batch');
  g.assertClean();
  await g.page.context().close();
});

test('#16 a new visitor starts from a chat request; a link without the keys keeps its meaning', async () => {
  for (const [locale, re] of [['en-US', /^Llama 3\.1 8B · BF16 · 2,000 \+ 500 tokens per request · 8 sequences/], ['zh-CN', /^Llama 3\.1 8B · BF16 · 每次请求 2,000 \+ 500 token · 8 个并发序列/]]) {
    const page = await newPage(browser, { locale });
    await page.goto(server.url);
    await page.getByTestId('scenario-line').waitFor();
    assert.match(await page.getByTestId('scenario-line').innerText(), re);
    await page.context().close();
  }
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train');
  await g.press('task', 'infer');
  await g.page.waitForFunction(() => /2,000 \+ 500/.test(document.querySelector('[data-testid="scenario-line"]')?.textContent ?? ''));
  await g.goto('v=1');
  assert.match(await g.page.getByTestId('scenario-line').innerText(), /8K context/);
  g.assertClean();
  await g.page.context().close();
});

test('#13 the formulas read in the page currency and a block under a discount multiplies out', async () => {
  const q = 'v=1&task=train&model=llama3.1-70b&tokens=200&days=10&buy=cb&inst=p6-b200.48xlarge&disc=15';
  for (const [lq, block] of [['', /days × 24 h × \(1 − 15 %\) = ¥/], ['&lang=zh', /天 × 24 小时 × \(1 − 15 %\) = ¥/]]) {
    const g = await Gpuplan.open(browser, server.url, `${q}&cur=cny&fx=7${lq}`);
    await g.page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    const formulas = await g.page.locator('.formulas').first().innerText();
    assert.ok(formulas.includes('¥') && !formulas.includes('$'), formulas);
    assert.match(await g.page.locator('body').innerText(), block);
    g.assertClean();
    await g.page.context().close();
  }
});

test("#18 the weights line is one copy, the fleet's sum says so, and QLoRA shows its 4-bit base", async () => {
  const cases = [
    ['v=1&task=train&params=7&tokens=1000', /weights \(one copy\) = N × b = 7B × 2 bytes = 13(\.0)? GiB/, /the fleet's sum/],
    ['v=1&task=train&params=7&tokens=1000&lang=zh', /权重（一份模型）= N × b = 7B × 2 字节 = 13(\.0)? GiB/, /整个集群合计/],
    ['v=1&task=finetune&model=llama3.1-70b&method=qlora&tokens=0.02', /× 0\.5625 bytes \(4-bit base with its scales\)/, /./],
    ['v=1&task=finetune&model=llama3.1-70b&method=qlora&tokens=0.02&lang=zh', /× 0\.5625 字节（4-bit 基座，含缩放因子）/, /./],
  ];
  for (const [q, copy, sum] of cases) {
    const g = await Gpuplan.open(browser, server.url, q);
    await g.page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    const formulas = await g.page.locator('.formulas').first().innerText();
    assert.match(formulas, copy, q);
    assert.match(formulas, sum, q);
    g.assertClean();
    await g.page.context().close();
  }
});

test('#17 the scenario line of a QLoRA fine-tune names the job, the 4-bit weights and the tokens', async () => {
  const q = 'v=1&task=finetune&model=llama3.1-70b&method=qlora&tokens=0.02';
  const g = await Gpuplan.open(browser, server.url, q);
  assert.equal(await g.page.getByTestId('scenario-line').innerText(), 'QLoRA fine-tune · Llama 3.1 70B · 4-bit weights, BF16 adapters · 20M tokens · within 30 days · us-east-1');
  await g.goto(`${q}&lang=zh`);
  assert.equal(await g.page.getByTestId('scenario-line').innerText(), 'QLoRA 微调 · Llama 3.1 70B · 4-bit 权重，BF16 适配器 · 2,000 万 token · 30 天内完成 · us-east-1');
  await g.goto('v=1&task=train&tokens=1000&lang=zh');
  assert.match(await g.page.getByTestId('scenario-line').innerText(), /1 万亿 token/);
  g.assertClean();
  await g.page.context().close();
});

test('#19 Usage shows the fields of the task; the two days fields say target and hard window', async () => {
  for (const [L, target, window] of [[LANGS[0], /Target duration/, /Hard window/], [LANGS[1], /目标时长/, /硬性时限/]]) {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=train${L.q}`);
    const label = (key) => g.page.locator(`label[for="f-${key}"]`).innerText();
    assert.match(await label('days'), target);
    assert.match(await label('window'), window);
    assert.equal(await g.page.locator('input[data-key="growth"]').count(), 0);
    assert.equal(await g.page.locator('input[data-key="burst"]').count(), 0);
    await g.goto(`v=1${L.q}`);
    assert.equal(await g.page.locator('input[data-key="window"]').count(), 0);
    assert.equal(await g.page.locator('input[data-key="growth"]').count(), 1);
    assert.equal(await g.page.getByTestId('hint-efa').count(), 1);
    g.assertClean();
    await g.page.context().close();
  }
});

test('#20 a skip link leads the keyboard to the result', async () => {
  for (const L of LANGS) {
    const g = await Gpuplan.open(browser, server.url, `v=1${L.q}`);
    await g.page.keyboard.press('Tab');
    const skip = g.page.getByTestId('skip-to-result');
    assert.equal(await g.page.evaluate(() => document.activeElement?.dataset.testid), 'skip-to-result');
    assert.ok(await skip.isVisible());
    assert.match(await skip.innerText(), L.lang === 'en' ? /Skip to the result/ : /跳到结果/);
    await g.page.keyboard.press('Enter');
    // The fragment's target takes the focus (the address bar's hash may be rewritten with the query).
    await g.page.waitForFunction(() => document.activeElement?.id === 'result');
    g.assertClean();
    await g.page.context().close();
  }
});

test('#21 no project files, README headings, catalog ids or link keys in the words of the page', async () => {
  // Every catalog source id ("karpenter-pricing", "skypilot-vms"): the page names sources by title.
  const ids = JSON.parse(readFileSync(new URL('../../catalog.json', import.meta.url), 'utf8')).sources.map((s) => s.id);
  const pages = [
    'v=1', 'v=1&lang=zh',
    'v=1&view=assumptions', 'v=1&view=assumptions&lang=zh',
    'v=1&task=train&model=llama3.1-70b&tokens=100&buy=cb&inst=p6-b200.48xlarge',
    'v=1&task=train&model=llama3.1-70b&tokens=100&buy=cb&inst=p6-b200.48xlarge&lang=zh',
  ];
  for (const q of pages) {
    const g = await Gpuplan.open(browser, server.url, q);
    await g.page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    const text = await g.page.evaluate(() => document.body.innerText);
    for (const w of ['published_runs', 'README:', 'README：', '见 README', 'see README', 'How accurate', 'article-0', 'spotmax']) assert.ok(!text.includes(w), `${q}: ${w}`);
    if (!q.includes('assumptions')) for (const id of ids) assert.ok(!text.includes(id), `${q}: the catalog id ${id}`);
    if (q.includes('assumptions')) assert.match(await g.page.getByTestId('articles-are').innerText(), /four Chinese-language guides|四篇/);
    g.assertClean();
    await g.page.context().close();
  }
});

test('#22 the first frame and the app put the title and description in the same place', async () => {
  for (const [locale, width] of [['en-US', 1280], ['zh-CN', 1280], ['en-US', 390], ['zh-CN', 390]]) {
    const box = async (page, sel) => page.locator(sel).evaluate((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y), Math.round(r.height)]; });
    const boot = await newPage(browser, { locale, viewport: { width, height: 800 } });
    await boot.route(/\.wasm$/, () => {});
    await boot.goto(`${server.url}?v=1`);
    await boot.locator('#boot .boot-wait h1').waitFor();
    const before = [await box(boot, '#boot .boot-wait h1'), await box(boot, '#boot .boot-wait .tagline:visible')];
    await boot.context().close();
    const app = await newPage(browser, { locale, viewport: { width, height: 800 } });
    await app.goto(`${server.url}?v=1${locale === 'zh-CN' ? '&lang=zh' : ''}`);
    await app.getByTestId('app').waitFor();
    const after = [await box(app, '.app:not(.boot) .brand h1'), await box(app, '.app:not(.boot) .tagline')];
    assert.deepEqual(before, after, `${locale} at ${width} px`);
    await app.context().close();
  }
});

test('#15 the headline names its option\'s source and a growing fleet\'s average; changed assumptions are said and highlighted', async () => {
  const cb = 'v=1&task=train&model=llama3.1-70b&tokens=200&days=10&buy=cb&inst=p6-b200.48xlarge';
  for (const [L, article, avg, changed] of [
    [LANGS[0], /source article — 2026-07-01/, /average of the growing fleet/, /changes 2 assumptions from their defaults: Model-FLOPs utilisation \(MFU\), Checkpoint interval/],
    [LANGS[1], /来源文章 — 2026-07-01/, /按增长中的集群平均/, /有 2 项假设不同于默认值/],
  ]) {
    const g = await Gpuplan.open(browser, server.url, `${cb}${L.q}`);
    const src = await g.page.getByTestId('price-source').innerText();
    assert.match(src, article);
    assert.doesNotMatch(src, /Karpenter/);
    await g.goto(`v=1&growth=15${L.q}`);
    assert.match(await g.page.locator('.plan-fig dt').innerText(), avg);
    assert.equal(await g.page.getByTestId('assumptions-changed').count(), 0);
    await g.goto(`v=1&mfu=0.35&ckpt=20${L.q}`);
    assert.match(await g.page.getByTestId('assumptions-changed').innerText(), changed);
    await g.page.getByTestId('assumptions-changed').getByRole('button').click();
    await g.page.getByTestId('assumptions').waitFor();
    const marked = await g.page.locator('.assumptions .changed input').evaluateAll((es) => es.map((e) => e.dataset.key));
    assert.deepEqual(marked, ['mfu', 'ckpt']);
    g.assertClean();
    await g.page.context().close();
  }
});

test('#20 on a phone: Explore\'s prices in view, the tapped source whole, the sticky button a strip, chart text at the page\'s smallest size', async () => {
  for (const L of LANGS) {
    const g = await Gpuplan.open(browser, server.url, `v=1&view=explore${L.q}`, { viewport: { width: 390, height: 844 }, hasTouch: true });
    const cell = g.page.locator('[data-testid="catalog-row"] td[data-src]').first();
    await cell.tap();
    const wrap = await g.page.locator('.explore .table-wrap').evaluate((w) => w.getBoundingClientRect().toJSON());
    const box = await cell.evaluate((td) => td.getBoundingClientRect().toJSON());
    assert.ok(box.left >= wrap.left && box.right <= wrap.right + 1, `price cell ${box.left}-${box.right} outside ${wrap.left}-${wrap.right}`);
    await g.goto(`v=1&task=train&model=llama3.1-8b&tokens=100&inst=p5.48xlarge${L.q}`);
    const button = await g.page.getByTestId('edit-inputs').evaluate((b) => b.getBoundingClientRect().toJSON());
    const column = await g.page.locator('#result').evaluate((r) => r.getBoundingClientRect().toJSON());
    assert.ok(Math.abs(button.width - column.width) < 2, `button ${button.width} px in a ${column.width} px column`);
    // The smallest text outside the charts, and every chart's text: one size.
    await g.page.getByTestId('chart-options').waitFor();
    const sizes = await g.page.evaluate(() => {
      const px = (e) => parseFloat(getComputedStyle(e).fontSize);
      const page = [...document.querySelectorAll('main *:not(svg, svg *)')].filter((e) => e.childNodes.length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && e.getClientRects().length);
      const ticks = [...document.querySelectorAll('main svg text.tick')];
      // Labels drawn as ::before (a phone table's column names) count as the page's text too.
      const labels = [...document.querySelectorAll('main td[data-label]')].map((e) => getComputedStyle(e, '::before')).filter((b) => b.content !== 'none' && b.display !== 'none').map((b) => parseFloat(b.fontSize));
      return { page: Math.min(...page.map(px), ...labels), ticks: [...new Set(ticks.map(px))] };
    });
    assert.deepEqual(sizes.ticks, [sizes.page], JSON.stringify(sizes));
    g.assertClean();
    await g.page.context().close();
  }
});
