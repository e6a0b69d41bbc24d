// Pending: runs against a build with the `curve` cargo feature (`trunk build --release --features curve`, then
// `node --test tests/e2e/curve.pending.mjs`); the release build leaves the section out until the page has its bytes.
// The cost-versus-latency curve in the browser (issue 26 item 2): closed, nothing is drawn; opened on a
// serving link, the chart has a mark per layout, the front marked and the pick ringed, and the front's table
// lists the engine's front (the CLI's `pareto`) cheapest first; a row's button plans its point: the link
// gains the point's keys and the top pick becomes its type, the curve staying where it was. In English
// (by click) and in Chinese (by keyboard, the focus kept on the button).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const Q = 'v=1&model=llama3.1-8b&ctx=2500&out=500&batch=50';

/** The engine's front for the link, cheapest first, as the table's rows name them. */
function engineFront(query) {
  const out = JSON.parse(execFileSync('cargo', ['run', '-q', '--bin', 'gpuplan', '--', 'pareto', query], { encoding: 'utf8' }));
  return out.front
    .sort((a, b) => a.usd_per_million_tokens - b.usd_per_million_tokens)
    .map((p) => `${p.instance} ${p.tp} ${p.users_per_replica}`);
}

/** The table's rows as "type TP users". */
function tableRows(page) {
  return page.getByTestId('front-row').evaluateAll((rows) =>
    rows.map((r) => [r.dataset.instance, ...[...r.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)].join(' ')),
  );
}

for (const L of [
  { lang: '', name: 'English, by click', plan: 'Plan this', keyboard: false },
  { lang: '&lang=zh', name: 'Chinese, by keyboard', plan: '按此规划', keyboard: true },
]) {
  test(`the curve opens on demand and a front row plans its point (${L.name})`, async () => {
    const g = await Gpuplan.open(browser, server.url, Q + L.lang);
    const before = await g.topInstance();
    const curve = g.page.getByTestId('curve');
    await curve.waitFor();
    assert.equal(await curve.locator('circle').count(), 0, 'closed: nothing drawn');
    await curve.locator('button[data-act="curve"]').click();
    const rows = g.page.getByTestId('front-row');
    await rows.first().waitFor();
    const front = await tableRows(g.page);
    assert.deepEqual(front, engineFront(Q));
    assert.equal(await curve.locator('circle.pt.front').count(), front.length);
    assert.ok((await curve.locator('circle.pt').count()) > 10 * front.length);
    assert.equal(await curve.locator('circle.pick').count(), 1);
    assert.equal((await curve.locator('text.pick-label').textContent()).trim(), before);

    // A front point of another type than the current pick.
    const i = front.findIndex((r) => !r.startsWith(`${before} `));
    assert.ok(i >= 0, `${before} holds the whole front`);
    const target = front[i].split(' ')[0];
    const button = rows.nth(i).locator('button');
    assert.equal((await button.innerText()).trim(), L.plan);
    const pairs = (await button.getAttribute('data-id')).split('&');
    assert.deepEqual(pairs.map((p) => p.split('=')[0]), ['inst', 'batch', 'seqtps']);
    if (L.keyboard) {
      await button.focus();
      await g.page.keyboard.press('Enter');
    } else {
      await button.click();
    }
    await g.page.waitForFunction(
      (ps) => ps.every((p) => `&${location.search.slice(1)}&`.includes(`&${p}&`)),
      pairs,
    );
    await g.page.waitForFunction((t) => document.querySelector('[data-testid="rec"]')?.dataset.instance === t, target);
    assert.equal(await g.topInstance(), target);
    // The curve stays as it was, its pick now the planned point, whose row is marked.
    assert.deepEqual(await tableRows(g.page), front);
    assert.equal((await curve.locator('text.pick-label').textContent()).trim(), target);
    assert.equal(await rows.nth(i).getAttribute('class'), 'current');
    if (L.keyboard) {
      const focused = await g.page.evaluate(() => document.activeElement?.getAttribute('data-id'));
      assert.equal(focused, pairs.join('&'), 'the focus stays on the button');
    }
    g.assertClean();
    await g.page.context().close();
  });
}

test('a training link has no curve', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-8b');
  await g.recs().first().waitFor();
  assert.equal(await g.page.getByTestId('curve').count(), 0);
  g.assertClean();
  await g.page.context().close();
});
