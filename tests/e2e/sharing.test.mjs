// Links, bad links, embedding, export and memory, in a real browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { newPage } from './browser.mjs';
import { Gpuplan, start, stop } from './gpuplan.mjs';

/** The bundled catalog's date: links record it (`cat=`), exports carry it. */
const AS_OF = JSON.parse(readFileSync('catalog.json', 'utf8')).as_of;

let server, browser;
before(async () => ({ server, browser } = await start({ mounts: { '/app/': 'dist', '/host/': 'examples/embed' } })));
after(() => stop(browser, server));

test('a link restores the scenario exactly and records the catalog date', async () => {
  const q = 'v=1&task=train&model=qwen2.5-32b&tokens=100&ctx=4096&batch=1&prio=cost&region=us-west-2&view=compare&cmp=p5.48xlarge,trn1.32xlarge';
  const g = await Gpuplan.open(browser, server.url, q);
  await g.page.getByTestId('compare').waitFor();
  await g.queryMatching(new RegExp(`^v=1&task=train.*region=us-west-2.*view=compare&cmp=p5.48xlarge,trn1.32xlarge&cat=${AS_OF}$`));
  const again = await Gpuplan.open(browser, server.url, g.query());
  await again.page.getByTestId('compare').waitFor();
  assert.equal(again.query(), g.query());
  g.assertClean();
});

test('a link from an older catalog says which of its prices changed', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&task=train&model=llama3.1-70b&tokens=100&cuda=1&inst=p5.48xlarge,p4d.24xlarge&cat=2025-01-01');
  const note = g.page.getByTestId('catalog-notice');
  await note.waitFor();
  const text = await note.innerText();
  assert.match(text, /2025-01-01/);
  assert.match(text, /p5\.48xlarge · On-Demand: \$98\.32\/h → \$55\.04\/h \(2025-06-23\)/);
  // Every option's move: its Capacity Block rate too (article 003's 2026-07-01 US rate).
  assert.match(text, /p5\.48xlarge · Capacity Block: \$39\.33\/h → \$41\.53\/h \(2026-07-01\)/);
  g.assertClean();
});

test('hostile links never break the page, warn per field and run no injected script', async () => {
  const hostile = [
    'v=1&model=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&region=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E',
    'v=1&ctx=1e400&batch=-5&mfu=NaN&tokens=Infinity&hours=99999999999999999999&cmp=%3Csvg%20onload%3Dwindow.__pwned%3D1%3E',
    'v=9&%F0%9F%98%80=%E4%B8%AD%E6%96%87&task=%00&prio=%E2%80%AE&inst=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'v=1&xfam=' + 'A'.repeat(100_000),
    '%%%&&&===&v&=&task==train&ctx=12%',
  ];
  for (const q of hostile) {
    const g = await Gpuplan.open(browser, server.url, q);
    await g.recs().first().waitFor();
    const warnings = await g.page.getByTestId('warning').count();
    assert.ok(warnings >= 1, `no warning for ${q.slice(0, 60)}`);
    assert.equal(await g.page.evaluate(() => window.__pwned), undefined);
    assert.equal(await g.page.locator('#main script, .warnings script, .warnings img, .warnings svg').count(), 0);
    assert.equal(await g.page.locator('#panic').count(), 0);
    g.assertClean();
    await g.page.context().close();
  }
});

test('embedded in a documentation page: both iframes render and resize to their content', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/host/`);
  for (const id of ['embed-card', 'embed-calc']) {
    const frame = page.frameLocator(`[data-testid="${id}"]`);
    await frame.locator('[data-testid="rec"]').first().waitFor();
    assert.equal(await frame.locator('[data-testid="app"]').getAttribute('data-embed'), 'true');
    assert.equal(await frame.locator('header.masthead').count(), 0);
  }
  await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => parseFloat(f.style.height) > 300));
  const card = page.frameLocator('[data-testid="embed-card"]');
  assert.ok((await card.locator('[data-testid="rec"]').count()) <= 5);
  assert.equal(await card.locator('form, aside.form').count(), 0);
  assert.equal(await page.frameLocator('[data-testid="embed-calc"]').locator('aside.form').count(), 1);
  assert.deepEqual(page.problems, []);
});

test('CSV, JSON and Markdown exports hold the recommendations', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&cuda=1&prio=cost', { permissions: ['clipboard-read', 'clipboard-write'] });
  await g.recs().first().waitFor();
  const top = await g.topInstance();
  const bar = (what) => `[data-testid="export"][data-what="gpuplan-${what}"]`;
  const grab = async (kind, what = 'recommendations') => {
    const [download] = await Promise.all([g.page.waitForEvent('download'), g.page.locator(`${bar(what)} [data-export="${kind}"]`).click()]);
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  };
  const csv = await grab('csv');
  assert.match(csv.split('\r\n')[0], /^rank,instance,instances,/);
  assert.ok(csv.split('\r\n')[1].startsWith(`1,${top},`));
  const json = JSON.parse(await grab('json'));
  assert.equal(json.recommendations[0].instance, top);
  assert.equal(json.catalog_as_of, AS_OF);
  assert.ok(json.plan.items.length >= 1);
  const plan = await grab('csv', 'plan');
  assert.match(plan.split('\r\n')[0], /^segment,purchase,instance,instances,/);
  assert.match(plan.split('\r\n')[1], new RegExp(`^baseline,[a-z0-9]+,${top.replace('.', '\\.')},`));
  await g.page.locator(`${bar('recommendations')} [data-export="markdown"]`).click();
  await g.page.waitForFunction(() => document.querySelector('[data-what="gpuplan-recommendations"] .copied')?.textContent);
  const md = await g.page.evaluate(() => navigator.clipboard.readText());
  assert.match(md, new RegExp(`^\\| rank \\| instance .*\\n\\|---\\|[\\s\\S]*\\| 1 \\| ${top.replace('.', '\\.')} \\|`));
  g.assertClean();
});

test('every export button gives its own table: Compare\'s JSON is the Compare table, not the recommendations', async () => {
  const q = 'v=1&task=train&model=llama3.1-8b&tokens=100&view=compare&cmp=p5.48xlarge,trn1.32xlarge';
  const g = await Gpuplan.open(browser, server.url, q, { permissions: ['clipboard-read', 'clipboard-write'] });
  await g.page.getByTestId('compare').waitFor();
  const bar = '[data-testid="export"][data-what="gpuplan-compare"]';
  const grab = async (kind) => {
    const [download] = await Promise.all([g.page.waitForEvent('download'), g.page.locator(`${bar} [data-export="${kind}"]`).click()]);
    let text = '';
    for await (const chunk of await download.createReadStream()) text += chunk;
    return [download.suggestedFilename(), text];
  };
  const [csvName, csv] = await grab('csv');
  assert.equal(csvName, 'gpuplan-compare.csv');
  const [jsonName, jsonText] = await grab('json');
  assert.equal(jsonName, 'gpuplan-compare.json');
  const json = JSON.parse(jsonText);
  assert.equal(json.recommendations, undefined, 'the Compare JSON is not the recommendations document');
  assert.equal(json.catalog_as_of, AS_OF);
  assert.match(json.query, /view=compare/);
  // The same table as the CSV: one JSON row per CSV row, with the CSV header's columns.
  const lines = csv.split('\r\n').filter((l) => l !== '');
  assert.equal(json.rows.length, lines.length - 1, jsonText);
  assert.equal(Object.keys(json.rows[0])[0], lines[0].split(',')[0]);
  assert.ok(JSON.stringify(json.rows).includes('p5.48xlarge') && JSON.stringify(json.rows).includes('trn1.32xlarge'));
  await g.page.locator(`${bar} [data-export="markdown"]`).click();
  await g.page.waitForFunction(() => document.querySelector('[data-what="gpuplan-compare"] .copied')?.textContent);
  const md = await g.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(md.split('\n').filter((l) => l.startsWith('|')).length, lines.length + 1, md);
  g.assertClean();
});

test('the last scenario comes back without a link; a link wins; reset returns to defaults', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const g = new Gpuplan(page, server.url);
  page.problems = [];
  await g.goto('v=1&task=hpc&fp64=40');
  await g.recs().first().waitFor();
  await page.goto(server.url);
  await g.recs().first().waitFor();
  await g.queryMatching(/task=hpc&fp64=40/);
  await g.goto('v=1&task=graphics');
  await g.recs().first().waitFor();
  await g.queryMatching(/task=graphics/);
  await page.getByTestId('reset').click();
  await page.waitForFunction(() => !location.search.includes('task='));
  await page.goto(server.url);
  await g.recs().first().waitFor();
  assert.doesNotMatch(g.query(), /task=/);
  await context.close();
});

test('with storage disabled the page still works and says nothing alarming', async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${server.url}?v=1&prio=cost`);
  await page.getByTestId('rec').first().waitFor();
  await page.locator('[data-key="prio"] button[data-value="perf"]').click();
  await page.waitForFunction(() => location.search.includes('prio=perf'));
  assert.deepEqual(problems, []);
  assert.equal(await page.getByTestId('warning').count(), 0);
  await context.close();
});

test('a catalog older than 180 days on the user\'s clock is flagged', async () => {
  const context = await browser.newContext();
  // Move the page's clock to 2027-06-01 (273 days after the catalog's 2026-09-01: over 180 either way).
  await context.addInitScript(() => {
    const fixed = new Date('2027-06-01T12:00:00Z').getTime();
    const RealDate = Date;
    // eslint-disable-next-line no-global-assign
    Date = class extends RealDate {
      constructor(...a) { super(...(a.length ? a : [fixed])); }
      static now() { return fixed; }
    };
  });
  const page = await context.newPage();
  await page.goto(`${server.url}?v=1`);
  await page.getByTestId('stale').waitFor();
  assert.match(await page.getByTestId('stale').innerText(), /180/);
  await context.close();
  const fresh = await Gpuplan.open(browser, server.url, 'v=1');
  await fresh.recs().first().waitFor();
  assert.equal(await fresh.page.getByTestId('stale').count(), 0);
});

test('numbers in links read and write exactly as the native engine does (exponents, 17 digits, bad syntax)', async () => {
  // Expected values from the native CLI on the same query (std's parser and formatter); the page uses
  // the browser's number conversions instead (src/num.rs), so this pins the two to the same text.
  const q = 'v=1&task=train&params=1.5e1&fx=7.123456789012345&disc=1e-7&ckpt=.5&hours=3.65E2&mfu=0.30000000000000004&batch=1e&cur=cny&tokens=2.5e-1';
  const g = await Gpuplan.open(browser, server.url, q);
  await g.queryMatching(/^v=1&task=train&params=15&tokens=0\.25&mfu=0\.30000000000000004&hours=365&cur=cny&disc=0\.0000001&fx=7\.123456789012345&cat=\d{4}-\d{2}-\d{2}$/);
  await g.page.getByTestId('warning').filter({ hasText: /batch = “1e” is not valid \(expected a number\); using 8\./ }).waitFor();
  await g.page.getByTestId('warning').filter({ hasText: /ckpt = “\.5” is outside 1 to 1440; using 30\./ }).waitFor();
  assert.equal(await g.page.getByTestId('top-instance').innerText(), '1 × p6-b200.48xlarge — 8 × NVIDIA B200');
  // p6-b200.48xlarge On-Demand $113.9328/h (us-east-1, catalog.json) × (1 − 0.0000001 %, disc=1e-7)
  // × 7.123456789012345 CNY per USD = ¥811.5954 an hour.
  assert.equal(await g.page.getByTestId('top-hourly').innerText(), '¥811.60');
  g.assertClean();
});

test('the page reads and writes every kind of number as the native engine does', async () => {
  // The wasm converts numbers with the browser (src/num.rs), the CLI with Rust's standard library:
  // the canonical link and the warnings must come out the same, value for value.
  const values = {
    tokens: ['1e-6', '0.000001', '123456.78901234567', '2.5E+3', '-1', '1e7', '.5', '5.', '0x10', 'inf', 'NaN', '1_0', ' 7'],
    tps: ['1e9', '999999999.99999999', '0', '-0', '3.14159265358979323846', '1e-7', '+42', '1e', '1.2.3'],
    disc: ['1e-7', '89.99999999999999', '90', '90.000000000000001', '33.333333333333336', '0.1', '1e-320'],
  };
  const queries = [];
  for (let i = 0; i < 13; i++) {
    const pick = (k) => values[k][i % values[k].length];
    queries.push(`v=1&task=train&tokens=${encodeURIComponent(pick('tokens'))}&tps=${encodeURIComponent(pick('tps'))}&disc=${encodeURIComponent(pick('disc'))}`);
  }
  for (const q of queries) {
    const native = JSON.parse(execFileSync('cargo', ['run', '-q', '--bin', 'gpuplan', '--', q], { encoding: 'utf8' }));
    const g = await Gpuplan.open(browser, server.url, q);
    const link = await g.queryMatching(/&cat=/);
    assert.equal(link.replace(/&cat=[^&]*$/, ''), native.query, q);
    const shown = await g.page.getByTestId('warning').allTextContents();
    // The page sets the link's key in <code> where the plain text (CLI, embed message) quotes it in backticks.
    assert.deepEqual(shown.map((w) => w.trim()), native.warnings.map((w) => w.message.replace(/`([^`]*)`/, '$1')), q);
    g.assertClean();
    await g.page.context().close();
  }
});

test('an embed mode kept in storage never turns the bare address into an embed', async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('gpuplan:last', 'v=1&task=hpc&fp64=40&embed=1&bg=transparent');
    }
  });
  const page = await context.newPage();
  const g = new Gpuplan(page, server.url);
  page.problems = [];
  await page.goto(server.url);
  await g.recs().first().waitFor();
  // The scenario comes back; the way it was shown does not.
  await g.queryMatching(/task=hpc&fp64=40/);
  assert.doesNotMatch(g.query(), /embed=|bg=/);
  assert.equal(await page.locator('[data-testid="app"]').getAttribute('data-embed'), 'false');
  assert.equal(await page.getByTestId('reset').count(), 1);
  await context.close();
});

test('an edit followed at once by a reload is kept', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const g = new Gpuplan(page, server.url);
  page.problems = [];
  await g.goto('v=1&prio=cost');
  await g.recs().first().waitFor();
  // The click and the reload in one task: the 120 ms history write cannot have run yet.
  await page.evaluate(() => {
    document.querySelector('[data-key="prio"] button[data-value="perf"]').click();
    location.reload();
  });
  await page.waitForLoadState('load');
  await g.recs().first().waitFor();
  await g.queryMatching(/prio=perf/);
  await context.close();
});
