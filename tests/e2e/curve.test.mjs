// The cost-versus-latency curve in the browser (issue 26 item 2), drawn by its own Web Worker (web/src/bin/gpuplan-curve.rs)
// on the normal release build: closed, nothing is drawn and the page has started no worker (a link's first frame asked for the small
// wasm and its glue on load, tests/e2e/linkframe.test.mjs); opened (by click in
// English, by keyboard in Chinese) on a serving link, the chart has a mark per layout, the front marked and the pick ringed,
// and the front's table lists the engine's front (the CLI's `pareto`) cheapest first; a row's button plans its point: the
// link gains the point's keys and the top pick becomes its type, the curve staying where it was (the worker asked again), the
// focus kept on the button. The page is served under a sub-path (server.mjs), and at the root too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Gpuplan, start, stop } from './gpuplan.mjs';
import { newPage } from './browser.mjs';

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

/** Opens the link, recording every request the page makes for the curve's worker (its script, glue and wasm). */
async function openRecording(base, query) {
  const g = new Gpuplan(await newPage(browser), base);
  g.workerRequests = [];
  g.page.context().on('request', (r) => {
    if (/gpuplan-curve/.test(r.url()) && !r.serviceWorker()) g.workerRequests.push(r.url());
  });
  await g.goto(query);
  // A link's first frame asked for the small wasm and its glue on the page, before the app (boot/lang.js): not the worker's requests.
  g.workerRequests.length = 0;
  return g;
}

for (const L of [
  { lang: '', name: 'English, by click', plan: 'Plan this', keyboard: false },
  { lang: '&lang=zh', name: 'Chinese, by keyboard', plan: '按此规划', keyboard: true },
]) {
  test(`the curve opens on demand and a front row plans its point (${L.name})`, async () => {
    const g = await openRecording(server.url, Q + L.lang);
    const before = await g.topInstance();
    const curve = g.page.getByTestId('curve');
    await curve.waitFor();
    assert.equal(await curve.locator('circle').count(), 0, 'closed: nothing drawn');
    await g.page.waitForTimeout(300);
    assert.deepEqual(g.workerRequests, [], 'no request for the worker before the curve is opened');
    assert.equal(g.page.workers().length, 0, 'no worker before the curve is opened');
    const toggle = curve.locator('button[data-act="curve"]');
    if (L.keyboard) {
      await toggle.focus();
      await g.page.keyboard.press('Enter');
    } else {
      await toggle.click();
    }
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const rows = g.page.getByTestId('front-row');
    await rows.first().waitFor();
    assert.equal(await g.page.getByTestId('curve-computing').count(), 0, 'answered: no "computing" line');
    // The worker's script, its glue and its wasm, from the page's own directory (the sub-path).
    assert.equal(g.workerRequests.length, 3, g.workerRequests.join('\n'));
    assert.ok(g.workerRequests.every((u) => u.startsWith(server.url)), g.workerRequests.join('\n'));
    const front = await tableRows(g.page);
    assert.deepEqual(front, engineFront(Q));
    assert.equal(await curve.locator('circle.pt.front').count(), front.length);
    assert.ok((await curve.locator('circle.pt').count()) > 10 * front.length);
    assert.equal(await curve.locator('circle.pick').count(), 1);
    assert.equal((await curve.locator('text.pick-label').textContent()).trim(), before);
    if (L.keyboard) {
      const focused = await g.page.evaluate(() => document.activeElement?.dataset.act);
      assert.equal(focused, 'curve', 'the focus stays on the opened section\'s button');
    }

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
    // The worker's answer for the planned link: the curve as it was, its pick the planned point, whose row is marked.
    await g.page.waitForFunction(
      (t) => document.querySelector('[data-testid="curve"] text.pick-label')?.textContent.trim() === t,
      target,
    );
    assert.deepEqual(await tableRows(g.page), front);
    assert.equal(await rows.nth(i).getAttribute('class'), 'current');
    if (L.keyboard) {
      const focused = await g.page.evaluate(() => document.activeElement?.getAttribute('data-id'));
      assert.equal(focused, pairs.join('&'), 'the focus stays on the button');
    }
    // Closed again: the section's head alone.
    await curve.locator('button[data-act="curve"]').click();
    await g.page.waitForFunction(() => !document.querySelector('[data-testid="curve"] circle'));
    assert.equal(g.page.workers().length, 1, 'one worker, started once');
    g.assertClean();
    await g.page.context().close();
  });
}

test('the curve works from the site root as from a sub-path, and follows a new scenario while open', async () => {
  const g = await openRecording(`${server.origin}/`, Q);
  await g.topInstance();
  await g.page.getByTestId('curve').locator('button[data-act="curve"]').click();
  await g.page.getByTestId('front-row').first().waitFor();
  assert.ok(g.workerRequests.length === 3 && g.workerRequests.every((u) => u.startsWith(`${server.origin}/gpuplan-curve-`)), g.workerRequests.join('\n'));
  assert.deepEqual(await tableRows(g.page), engineFront(Q));
  // Another model while the curve is open: the worker is asked again, and its answer replaces the curve.
  const other = 'v=1&model=qwen2.5-32b&ctx=2500&out=500&batch=50';
  const want = engineFront(other);
  await g.select('model', 'qwen2.5-32b');
  await g.page.waitForFunction((w) => [...document.querySelectorAll('[data-testid="front-row"]')]
    .map((r) => [r.dataset.instance, ...[...r.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)].join(' '))
    .join('\n') === w, want.join('\n'));
  assert.deepEqual(await tableRows(g.page), want);
  g.assertClean();
  await g.page.context().close();
});

test('a training link has no curve', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-8b');
  await g.recs().first().waitFor();
  assert.equal(await g.page.getByTestId('curve').count(), 0);
  g.assertClean();
  await g.page.context().close();
});

// The worker fails: its wasm missing (English) or its script missing (Chinese). The opened curve says so in the page's
// language with a button to try again, instead of "computing" forever; once the files are back, the button starts a new
// worker and the curve is drawn. Service workers are blocked so the routes see every request.
for (const L of [
  { lang: '', name: 'its wasm missing, in English', files: /gpuplan-curve-[0-9a-f]+_bg\.wasm$/,
    says: 'The curve could not be computed: its worker failed to load or stopped.', retry: 'Try again' },
  { lang: '&lang=zh', name: 'its script missing, in Chinese', files: /gpuplan-curve-[0-9a-f]+\.js$/,
    says: '无法计算该曲线：其工作线程未能加载或已停止。', retry: '重试' },
]) {
  test(`a failed curve worker is said, and tried again (${L.name})`, async () => {
    const page = await newPage(browser, { serviceWorkers: 'block' });
    const g = new Gpuplan(page, server.url);
    const missing = [];
    await page.context().route(L.files, (route) => {
      missing.push(route.request().url());
      return route.fulfill({ status: 404, body: 'gone' });
    });
    await g.goto(Q + L.lang);
    await g.topInstance();
    // (The link's first frame asked for the small wasm too, failed, and left the page to the app.)
    missing.length = 0;
    const curve = page.getByTestId('curve');
    await curve.locator('button[data-act="curve"]').click();
    const failed = page.getByTestId('curve-failed');
    await failed.waitFor();
    assert.equal(missing.length, 1, 'the routed file was asked for');
    assert.equal(await page.getByTestId('curve-computing').count(), 0, 'no "computing" line once failed');
    assert.equal(await curve.locator('circle').count(), 0);
    assert.equal((await failed.evaluate((p) => p.firstChild.textContent)).trim(), L.says);
    const again = failed.locator('button[data-act="retry"]');
    assert.equal((await again.innerText()).trim(), L.retry);
    // (With service workers blocked, the page's registration script reads a missing registration: not a panic.)
    assert.deepEqual(page.problems.filter((p) => /panicked|unreachable|RuntimeError/.test(p)), [], 'the page did not panic');
    // The files are back: the button starts a new worker, which answers.
    await page.context().unroute(L.files);
    await again.click();
    await page.getByTestId('front-row').first().waitFor();
    assert.equal(await failed.count(), 0);
    assert.deepEqual(await tableRows(page), engineFront(Q));
    await page.context().close();
  });
}
