// Issue 23 item 5: the accuracy ledger in the product. The card's range line names its family's record
// against the published runs (the native engine's sentence, in both languages) and links to the
// pre-rendered ledger page, which works under the server's sub-path; the Assumptions view links to it
// too. Screenshots of the ledger page and of a card with the range line at 1280 and 390 px in both
// languages (tests/e2e/artifacts/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './browser.mjs';
import { Gpuplan, native, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const TRAIN = 'v=1&task=train&model=llama3.1-8b&tokens=100&inst=trn1.32xlarge';
const SERVE = 'v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=64&inst=p5.48xlarge';

test("the range line names the family's record and links to the ledger page", async () => {
  for (const [q, re, page] of [
    [TRAIN, /^Held against \d+ published Trainium \(trn1\) training runs: median (0|[+−]\d+) %, worst [+−]\d+ %\.$/, 'index.html'],
    [`${SERVE}&lang=zh`, /^已对照 \d+ 个公开的 H100 推理实测：误差中位数 (0|[+−]\d+) %，最大 [+−]\d+ %。$/, 'zh.html'],
  ]) {
    const g = await Gpuplan.open(browser, server.url, q);
    const record = g.page.getByTestId('record');
    await record.waitFor();
    const text = await record.innerText();
    assert.match(text, re);
    assert.equal(text, native(q).range.record, 'the native engine says the same');
    // The range sentence itself is unchanged beside it.
    assert.match(await g.page.getByTestId('range').innerText(), /^(If efficiency|效率比假设)/);
    assert.equal(await record.getAttribute('href'), `a/accuracy/${page}`, 'relative: dist/ is served under any sub-path');
    await record.click();
    await g.page.getByTestId('ledger-page').waitFor();
    assert.equal(new URL(g.page.url()).pathname, `/sub/path/a/accuracy/${page}`);
    assert.ok((await g.page.getByTestId('ledger-run').count()) >= 40, 'every published run');
    // The page's stylesheet loaded (relative to the page, two folders down).
    assert.notEqual(await g.page.evaluate(() => getComputedStyle(document.querySelector('.card')).borderTopStyle), 'none');
    g.assertClean();
    await g.page.context().close();
  }
});

test('the Assumptions view links to the ledger page', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&view=assumptions');
  await g.page.getByTestId('ledger-link').click();
  await g.page.getByTestId('ledger-page').waitFor();
  assert.match(await g.page.locator('h1').innerText(), /^The accuracy ledger$/);
  // Back into the app through the masthead's link.
  await g.page.locator('.masthead a', { hasText: 'gpuplan' }).click();
  await g.page.getByTestId('app').waitFor();
  g.assertClean();
  await g.page.context().close();
});

test('screenshots: the ledger page and a card with the range line, 1280 and 390 px, both languages', async () => {
  for (const width of [1280, 390]) {
    for (const [lang, file] of [['en', 'index.html'], ['zh', 'zh.html']]) {
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${server.url}a/accuracy/${file}`);
      await page.getByTestId('ledger-page').waitFor();
      // Nothing wider than the screen but the tables' own scrolling boxes.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `ledger ${lang} ${width}: ${overflow} px wider than the screen`);
      await page.screenshot({ path: `tests/e2e/artifacts/ledger-${lang}-${width}.png`, fullPage: false });
      assert.deepEqual(page.problems, []);
      await page.context().close();
      for (const [name, q] of [['train', TRAIN], ['serve', SERVE]]) {
        const g = await Gpuplan.open(browser, server.url, `${q}&lang=${lang}`, { viewport: { width, height: 900 } });
        const record = g.page.getByTestId('record');
        await record.waitFor();
        await record.scrollIntoViewIfNeeded();
        await g.page.evaluate(() => window.scrollBy(0, -300));
        await g.page.screenshot({ path: `tests/e2e/artifacts/range-${name}-${lang}-${width}.png` });
        g.assertClean();
        await g.page.context().close();
      }
    }
  }
});
