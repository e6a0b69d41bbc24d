// Self-hosting against managed services in a real browser: the card's lines and Bedrock's chart line, as the
// CLI gives them, in both languages, at a phone's width.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, native, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const QUERY = 'v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000';

test('the card weighs the plan against Bedrock as the CLI does, in English and Chinese at 390 px', async () => {
  const cli = native(QUERY).managed;
  for (const lang of ['en', 'zh']) {
    const g = await Gpuplan.open(browser, server.url, `${QUERY}&lang=${lang}`, { viewport: { width: 390, height: 844 } });
    const part = g.page.getByTestId('managed');
    await part.waitFor();
    const text = await part.innerText();
    if (lang === 'en') {
      for (const line of cli.lines) assert.ok(text.includes(line), `missing: ${line}\n${text}`);
    } else {
      assert.ok(text.includes('盈亏平衡') && text.includes('无公开价格'), text);
    }
    const line = g.page.getByTestId('bedrock-line');
    const paid = Number(await line.getAttribute('data-paid-usd'));
    assert.ok(Math.abs(paid - 12 * cli.figures.bedrock_monthly_usd) < 1e-6, `${paid}`);
    // Nothing wider than the phone.
    const wide = await g.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `page is ${wide} px wide`);
    g.assertClean();
    await g.page.close();
  }
});

test('a model AWS does not sell says so', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&model=qwen2.5-7b&out=200');
  const part = g.page.getByTestId('managed');
  await part.waitFor();
  assert.match(await part.innerText(), /Amazon Bedrock, Qwen2\.5 7B: no published price\./);
  assert.equal(await g.page.getByTestId('bedrock-line').count(), 0);
  g.assertClean();
});
