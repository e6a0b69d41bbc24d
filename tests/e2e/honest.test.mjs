// Issue 24's plans in the browser, in both languages: the Spot limit is a form field and Spot past the
// target says so; communication-bound training offers a one-click larger batch; silent limits say so;
// a stale `cat=` does not claim that no price changed; extreme figures stay inside their tiles.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const notices = async (g) => {
  const n = g.page.getByTestId('notice');
  await n.waitFor();
  return n.innerText();
};

test('the Spot limit is a labelled field of a job, and Spot past the target says so', async () => {
  const q = 'v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge';
  for (const [lang, label, past] of [
    ['en', /Most Spot instances one job gets together/, /Spot ends the job in 31\.5 days, past the 30-day “Target duration/],
    ['zh', /单个作业可同时获得的 Spot 实例上限/, /Spot 需 31\.5 天，超过 30 天的“目标时长/],
  ]) {
    const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`);
    const input = g.page.locator('input[data-key="spotmax"]');
    await input.waitFor();
    const field = g.page.locator('label.field', { has: input });
    assert.match(await field.innerText(), label);
    assert.equal(await g.page.locator('input[data-key="spotwin"]').count(), 1);
    await g.fill('spotmax', 100);
    await g.queryMatching(/spotmax=100/);
    await g.page.getByTestId('notice').filter({ hasText: past }).waitFor();
    g.assertClean();
    await g.page.context().close();
  }
});

test('communication-bound training says so and its one-click larger batch applies', async () => {
  const q = 'v=1&task=train&model=llama3.1-70b&batch=1&tokens=30&region=us-east-2&inst=p4d.24xlarge&buy=cb';
  for (const [lang, said] of [['en', /Communication-bound: \d+ % of each step waits/], ['zh', /通信受限：每步 \d+ % 在等待/]]) {
    const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`);
    assert.match(await notices(g), said);
    const fix = g.page.locator('[data-testid="notice"] [data-act="fix"][data-key="batch"]');
    await fix.waitFor();
    const value = await fix.getAttribute('data-id');
    assert.ok(+value > 1, value);
    await fix.click();
    await g.queryMatching(new RegExp(`batch=${value}(&|$)`));
    await g.page.locator('[data-testid="notice"]', { hasText: said }).waitFor({ state: 'detached' });
    g.assertClean();
    await g.page.context().close();
  }
});

test('silent limits say so, naming the field', async () => {
  for (const [lang, said] of [['en', /“Hours per month per instance \(730 = always on\)” is 0: every cost is 0/], ['zh', /“每实例每月小时数（730 = 全天候）”为 0：所有费用都是 0/]]) {
    const g = await Gpuplan.open(browser, server.url, `v=1&model=llama3.1-8b&hours=0&lang=${lang}`);
    assert.match(await notices(g), said);
    await g.page.context().close();
  }
  for (const [lang, said] of [['en', /EC2 UltraCluster.*unobtainable/], ['zh', /EC2 UltraCluster.*无法获得/]]) {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=graphics&seats=65536&lang=${lang}`);
    assert.match(await notices(g), said);
    await g.page.context().close();
  }
});

test('a link from before the price history does not claim that no price changed', async () => {
  for (const [lang, said, not] of [
    ['en', /no price history in this region back to the link's date \(cat=\)[^]*g6e\.xlarge · On-Demand/, /None of the prices it uses changed/],
    ['zh', /在此区域的价格历史未追溯到链接日期（cat=）[^]*g6e\.xlarge · 按需/, /其所用价格此后均未变化/],
  ]) {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=train&model=llama3.1-8b&tokens=10&inst=g6e.xlarge&cat=2019-01-01&lang=${lang}`);
    const note = g.page.getByTestId('catalog-notice');
    await note.waitFor();
    const text = await note.innerText();
    assert.match(text, said);
    assert.doesNotMatch(text, not);
    await g.page.context().close();
  }
});

test('extreme figures fit their tiles at 390 px', async () => {
  for (const lang of ['en', 'zh']) {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=train&params=405&tokens=100000&cur=cny&lang=${lang}`, { viewport: { width: 390, height: 844 } });
    await g.page.locator('.figures dd').first().waitFor();
    const over = await g.page.$$eval('.figures > div', (tiles) =>
      tiles.filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.innerText));
    assert.deepEqual(over, []);
    await g.page.context().close();
  }
});
