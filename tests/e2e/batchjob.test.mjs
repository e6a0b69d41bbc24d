// Offline inference as a job, in the browser: batch serving shows the job's requests and days, and once they
// are set the card, the ranked columns and the formulas speak of a job (its time, its cost per job, dollars
// per million over its tokens) with the engine's figures; in English and Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, start, stop, native } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const SERVICE = 'v=1&task=infer&mode=batch&model=llama3.1-8b&ctx=750&out=150&inst=g6e.xlarge';
const JOB = `${SERVICE}&reqs=20000000&days=3`;

// The figure a card shows, as a number ("$1,234.56" → 1234.56), and whether it is the engine's to its shown digits.
const amount = (text) => Number(text.replace(/[^\d.]/g, ''));
const shown = (text, usd) => Math.abs(amount(text) - usd) <= 0.006 * usd;

const LANGS = [
  { q: '', perJob: /^Per job · On-Demand/, time: /^Job time/, head: /Job time/, formula: /job time = 20,000,000 requests × 150 output tokens ÷ / },
  { q: '&lang=zh', perJob: /^每次作业 · 按需/, time: /^作业时长/, head: /作业时长/, formula: /作业时长 = 20,000,000 个请求 × 150 输出 token ÷ / },
];

test('setting the requests of a batch job turns the card into the job the engine prices', async () => {
  const engine = native(JOB).recommendations[0];
  assert.ok(engine.job_hours > 0 && engine.job_usd > 0, 'the engine prices a job');
  for (const L of LANGS) {
    const g = await Gpuplan.open(browser, server.url, SERVICE + L.q);
    await g.recs().first().waitFor();
    // Batch serving asks for the job's requests and days; a service has none.
    assert.equal(await g.page.locator('input[data-key="reqs"]').inputValue(), '0');
    await g.fill('reqs', 20000000);
    await g.fill('days', 3);
    await g.queryMatching(/reqs=20000000/);
    const figures = g.page.locator('dl.figures');
    await figures.getByText(L.time).first().waitFor();
    const cost = await g.page.locator('dl.figures > div', { hasText: L.perJob }).locator('dd').innerText();
    assert.ok(shown(cost, engine.job_usd), `${cost} vs ${engine.job_usd}`);
    const perM = await g.page.getByTestId('top-per-mtok').innerText();
    assert.ok(shown(perM, engine.usd_per_million_tokens), `${perM} vs ${engine.usd_per_million_tokens}`);
    assert.match(await g.page.locator('table.recs thead').innerText(), L.head);
    await g.page.locator('summary', { hasText: /Formula|公式/ }).first().click();
    assert.match(await g.page.locator('body').innerText(), L.formula);
    g.assertClean();
    await g.page.context().close();
  }
});

test('online serving does not ask for a job', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=infer&mode=online');
  await g.recs().first().waitFor();
  assert.equal(await g.page.locator('input[data-key="reqs"]').count(), 0);
  g.assertClean();
  await g.page.context().close();
});
