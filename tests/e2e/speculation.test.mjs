// Speculative decoding in the browser: the form's select turns it on, and the formula line shows the
// engine's speed-up over plain decode (the CLI's figure), in English and Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, start, stop, native } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const BASE = 'v=1&model=llama3.1-8b&ctx=2048&batch=1&inst=g6e.xlarge';
const LANGS = [
  { q: '', line: /speculative decoding \(EAGLE-3 head\): E = \(1 − α\^\(γ\+1\)\) \/ \(1 − α\) = 2\.80? \(α = 0\.765, γ = 3\); t_step = .* → ×([\d.]+)/ },
  { q: '&lang=zh', line: /推测解码 \(EAGLE-3 头\): E = \(1 − α\^\(γ\+1\)\) \/ \(1 − α\) = 2\.80? \(α = 0\.765, γ = 3\); t_step = .* → ×([\d.]+)/ },
];

test('choosing an EAGLE-3 head shows the engine speed-up in the formula', async () => {
  const engine = native(`${BASE}&spec=eagle`).recommendations[0];
  assert.ok(engine.speculation && engine.speculation.speedup > 1, 'the engine speculates');
  for (const L of LANGS) {
    const g = await Gpuplan.open(browser, server.url, BASE + L.q);
    await g.recs().first().waitFor();
    assert.equal(await g.page.locator('select[data-key="spec"]').inputValue(), 'off');
    await g.select('spec', 'eagle');
    await g.queryMatching(/spec=eagle/);
    await g.page.locator('summary', { hasText: /Formula|公式/ }).first().click();
    const body = await g.page.locator('body').innerText();
    const m = body.match(L.line);
    assert.ok(m, `no speculative line in ${L.q || 'en'}`);
    assert.ok(Math.abs(Number(m[1]) - engine.speculation.speedup) <= 0.006, `${m[1]} vs ${engine.speculation.speedup}`);
    g.assertClean();
    await g.page.context().close();
  }
});
