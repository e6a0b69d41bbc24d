// Plans a buyer would sign, in the browser: a window no option meets says so; desktops never on Spot.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

test('a window no option meets shows a notice naming the shortest time, and the plan is not empty', async () => {
  for (const [lang, re] of [['en', /No purchase option finishes the job inside the 5-day window: the shortest takes [\d.,]+ days/], ['zh', /没有任何购买方式能在 5 天的窗口内完成作业：最短需要 [\d.,]+ 天/]]) {
    const g = await Gpuplan.open(
      browser,
      server.url,
      `v=1&task=train&model=llama3.1-8b&tokens=100&ctx=4096&batch=1&days=30&window=5&multinode=0&inst=p5.48xlarge&lang=${lang}`,
    );
    const notice = g.page.getByTestId('notice');
    await notice.waitFor();
    assert.match(await notice.innerText(), re);
    await g.page.getByTestId('plan').waitFor();
    const total = await g.page.getByTestId('plan-total').innerText();
    assert.ok(/[1-9]/.test(total), total);
    g.assertClean();
    await g.page.context().close();
  }
});

test('interactive desktops are never on Spot; a render farm may be', async () => {
  const vdi = await Gpuplan.open(browser, server.url, 'v=1&task=graphics&seats=10&gmem=8&vcpu=4&ram=16&inst=g6.xlarge');
  const spot = vdi.page.locator('[data-testid="option"][data-purchase="spot"]');
  await spot.waitFor();
  assert.match(await spot.innerText(), /interactive desktops \(VDI\) must not be interrupted/);
  await vdi.page.context().close();
  const zh = await Gpuplan.open(browser, server.url, 'v=1&task=graphics&seats=10&gmem=8&vcpu=4&ram=16&inst=g6.xlarge&lang=zh');
  const zspot = zh.page.locator('[data-testid="option"][data-purchase="spot"]');
  await zspot.waitFor();
  assert.match(await zspot.innerText(), /交互式桌面（VDI）不可中断/);
  await zh.page.context().close();
  const farm = await Gpuplan.open(browser, server.url, 'v=1&task=graphics&mode=batch&seats=10&gmem=8&vcpu=4&ram=16&inst=g6.xlarge');
  const fspot = farm.page.locator('[data-testid="option"][data-purchase="spot"]');
  await fspot.waitFor();
  assert.ok(await fspot.getAttribute('data-total-usd'));
  farm.assertClean();
  await farm.page.context().close();
});

test('a growing fleet\'s commitments each say their months, and the chart steps at their sum', async () => {
  const q = 'v=1&model=llama3.1-70b&ctx=2500&out=500&batch=20&seqtps=20&region=ap-northeast-1&growth=15&months=24';
  for (const [lang, first, second, legend] of [
    ['en', 'Baseline: 1 × p4d.24xlarge, months 1–24 — ', 'Baseline: 1 × p4d.24xlarge, months 9–20 — ', /up to 4 × EC2 Instance Savings Plan, 1 year/],
    ['zh', '基线：1 × p4d.24xlarge，第 1–24 月 — ', '基线：1 × p4d.24xlarge，第 9–20 月 — ', /最多 4 × /],
  ]) {
    const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`);
    await g.page.getByTestId('chart-fleet').waitFor();
    const items = await g.page.locator('[data-testid="plan"] ul.plan-items > li').allTextContents();
    assert.ok(items[0].startsWith(first), items.join('\n'));
    assert.ok(items[1].startsWith(second), items.join('\n'));
    assert.equal(new Set(items).size, items.length, items.join('\n'));
    const chart = g.page.getByTestId('chart-fleet');
    assert.equal(await chart.locator('[data-testid="fleet-committed"] line.level').count(), 24);
    assert.match(await chart.locator('ul.legend').innerText(), legend);
    g.assertClean();
    await g.page.context().close();
  }
});

test('the cheapest plan is the least over every type that fits and names its type; its row opens it', async () => {
  const q = 'v=1&task=train&params=7&tokens=1000';
  for (const [lang, title, line] of [
    ['en', /^The cheapest plan on p6-b200\.48xlarge: \$170,79[56]/, /^Cheaper on another type: 18 × p5\.48xlarge — Capacity Block \(\$161,46[01]/],
    ['zh', /^p6-b200\.48xlarge 上最省钱的方案：/, /^换一种类型更省钱：18 × p5\.48xlarge — /],
  ]) {
    const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`);
    const box = g.page.getByTestId('plan');
    await box.getByTestId('plan-elsewhere').waitFor();
    assert.match(await box.locator('h3').innerText(), title);
    assert.match(await box.getByTestId('plan-elsewhere').innerText(), line);
    // Opened from the ranking, that type's own plan is the least, with nothing cheaper elsewhere.
    await g.page.locator('[data-testid="rec"][data-instance="p5.48xlarge"] [data-act="pick"]').click();
    await g.queryMatching(/pick=p5\.48xlarge/);
    await g.page.getByTestId('plan').getByTestId('plan-elsewhere').waitFor({ state: 'detached' });
    assert.match(await g.page.getByTestId('plan-total').innerText(), /161,46[01]/);
    g.assertClean();
    await g.page.context().close();
  }
});

test('a job longer than a commitment term pays all its hours, and one longer than the horizon says so', async () => {
  const q = 'v=1&task=train&model=llama3.1-8b&tokens=3000&ctx=4096&gbatch=256&multinode=0&inst=p5.48xlarge';
  for (const [lang, notice, tail] of [
    ['en', /The job runs 453 days, longer than the 12-month planning horizon/, /\$55\.04\/h × 1 × 2,111\.9 h \(On-Demand after the term\) = \$419,995/],
    ['zh', /作业运行 453 天，超过 12 个月的规划周期/, /（承诺期满后按需）/],
  ]) {
    const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`);
    await g.page.getByTestId('notice').filter({ hasText: notice }).waitFor();
    const row = g.page.locator('[data-testid="option"][data-purchase="isp1"]');
    await row.waitFor();
    // Its formula, opened in place: one whole term and the rest On-Demand.
    const how = row.getByTestId('option-how');
    await how.locator('summary').click();
    assert.match(await how.locator('.formula-text').innerText(), tail);
    g.assertClean();
    await g.page.context().close();
  }
});
