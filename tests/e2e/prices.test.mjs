// Issue 25's notices in the browser, in both languages: China regions, rates over 90 days old, a rate
// before a known block-price change, several blocks' zones, CO2e on the card and the region table, the
// Savings Plan rate "not imported", and a link from an older catalog in a region without price history.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const text = async (g) => {
  await g.page.getByTestId('notice').waitFor();
  await g.page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  return g.page.evaluate(() => document.body.innerText);
};

const ZH = {
  china: /独立分区[\s\S]*人民币[\s\S]*ap-east-1/,
  old: /比目录日期 \d{4}-\d{2}-\d{2} 早 90 天以上，可能已变：Capacity Block 容量块 2024-12-01/,
  change: /该价格早于 2026-07-01 的已知容量块调价/,
  zones: /每个容量块位于一个可用区内；多个容量块不一定落在同一可用区/,
  co2e: /每次作业 CO2e（估算）/,
  lowest: /碳排放最低/,
  sp: /未导入该类型在此区域公布的 Savings Plan 费率/,
  unknown: /在此区域的价格历史未追溯到链接日期/,
};
const EN = {
  china: /separate partition[\s\S]*CNY[\s\S]*ap-east-1/,
  old: /Rates over 90 days older than the catalog \(\d{4}-\d{2}-\d{2}\) may have moved: Capacity Block of 2024-12-01/,
  change: /This rate predates the known Capacity Block price change of 2026-07-01/,
  zones: /Each block is in one Availability Zone; several blocks may not land in the same zone/,
  co2e: /CO2e per job \(estimate\)/,
  lowest: /lowest carbon/,
  sp: /published Savings Plan rate for this type and region is not imported/,
  unknown: /no price history in this region back to the link's date/,
};

for (const [lang, w] of [['en', EN], ['zh', ZH]]) {
  test(`${lang}: a China region is said to be a separate partition, with the nearest covered region`, async () => {
    const g = await Gpuplan.open(browser, server.url, `v=1&region=cn-north-1&lang=${lang}`);
    const warning = g.page.locator('[data-testid="warning"][data-field="region"]');
    await warning.waitFor();
    assert.match(await warning.innerText(), w.china);
    await g.page.context().close();
  });

  test(`${lang}: an old block rate is named with its age and the change it predates; several blocks' zones`, async () => {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=train&model=llama3.1-70b&batch=16&tokens=30&region=us-east-2&inst=p4d.24xlarge&buy=cb&lang=${lang}`);
    let page = await text(g);
    assert.match(page, w.old);
    assert.match(page, w.change);
    assert.doesNotMatch(page, w.zones);
    await g.goto(`v=1&task=train&params=70&tokens=500&buy=cb&inst=p5.48xlarge&days=10&lang=${lang}`);
    page = await text(g);
    assert.match(page, w.zones);
    g.assertClean();
    await g.page.context().close();
  });

  test(`${lang}: CO2e on the card and the lowest-carbon region in the region table; SP rate not imported`, async () => {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&lang=${lang}`);
    const page = await text(g);
    assert.match(page, w.co2e);
    assert.match(await g.page.getByTestId('top-co2e').innerText(), /\d kg/);
    assert.equal(await g.page.getByTestId('lowest-carbon').count(), 1);
    assert.match(page, w.lowest);
    await g.goto(`v=1&model=llama3.1-70b&ctx=2500&out=500&batch=20&seqtps=20&region=ap-northeast-1&lang=${lang}`);
    assert.match(await text(g), w.sp);
    g.assertClean();
    await g.page.context().close();
  });

  test(`${lang}: a link from an older catalog in Tokyo is not told us-east-1's price changes as its own`, async () => {
    const g = await Gpuplan.open(browser, server.url, `v=1&task=train&model=llama3.1-70b&tokens=100&inst=p5.48xlarge&region=ap-northeast-1&cat=2025-01-01&lang=${lang}`);
    const note = g.page.getByTestId('catalog-notice');
    await note.waitFor();
    const said = await note.innerText();
    assert.match(said, w.unknown);
    assert.doesNotMatch(said, /98\.32/);
    g.assertClean();
    await g.page.context().close();
  });
}
