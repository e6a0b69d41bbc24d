// Browser benchmarks of the built dist/ in headless chromium. Prints figures; asserts nothing.
// - first answers (issue 27): navigation start to the first recommendation painted, against a static HTML page of the
//   same catalog table (generated here) as the floor, for the three first answers a user meets, each for an English
//   and a Chinese-preferring browser: the default page (pre-rendered; index.html carries both answers and its inline
//   script shows a Chinese browser the Chinese one, or a host that negotiates the language serves zh.html there), a
//   pre-rendered instance page (its own language's document), and a shared link (its first frame, drawn by the small wasm).
//   Rounds (ROUNDS=n, default 15), each loading every target once in turn, so a change in the machine's load (other
//   builds on its cores) falls on the floor and the pages alike; a ratio is the median of the rounds' ratios, printed
//   with its spread (the rounds' middle half) and a 95 % interval of the median (order statistics);
//   BEFORE=<dist>[,<dist>…] measures other builds' targets in the same rounds, and prints this build's time over theirs round by round;
//   ONLY=<regex> keeps the targets it names; TIMES=<file> writes every round's times as JSON;
// - recompute: the engine in wasm (recommendations + options + plan), ms per run over 200 runs;
// - input to DOM: a click on a priority button until the top recommendation changes, median of 20,
//   right after load and on a settled page.
// Served as README's host would (gzip, hashed files cached; tests/e2e/server.mjs `host`); RAW=1 serves the files
// as they are, with no cache headers (the figures before 2026-12-06's zh27 were measured so).
import { writeFile, mkdtemp, copyFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../tests/e2e/server.mjs';
import { launch, newPage } from '../tests/e2e/browser.mjs';

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const dist = process.env.DIST ?? 'dist';
const host = !process.env.RAW;

// The floor: the catalog table as plain HTML, same data, no wasm.
const catalog = JSON.parse(await (await import('node:fs/promises')).readFile('catalog.json', 'utf8'));
const od = new Map(catalog.on_demand.filter((p) => p.region === 'us-east-1').map((p) => [p.instance, p.usd_hr]));
const rows = catalog.instances.map((i) => `<tr data-testid="rec"><td>${i.id}</td><td>${i.accelerator}</td><td>${i.count ?? ''}</td><td>${i.accel_mem_gib}</td><td>${od.get(i.id) ?? ''}</td></tr>`).join('');
const floorDir = await mkdtemp(join(tmpdir(), 'gpuplan-floor-'));
await writeFile(join(floorDir, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="style.css"><title>floor</title></head><body><table>${rows}</table></body></html>`);
const css = (await readdir(dist)).find((f) => f.endsWith('.css'));
await copyFile(join(dist, css), join(floorDir, 'style.css'));

const floor = await serve({ root: floorDir, host });
const browser = await launch();

// Measured in the page: when an element matching `probe` is first painted. A MutationObserver sees it
// enter the DOM and stamps the start of the next frame after it (the frame that paints it); for the
// static floor, whose rows are in the HTML, that is its first contentful paint.
// Timed from the first navigation's start: where a document sends the visit on to another (zh.html with the English default's
// link; a BEFORE build from when index.html sent a Chinese browser to zh.html), the second document's clock starts late by the first one's time.
// THROTTLE=1: every load on a slow mobile link (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
const throttle = process.env.THROTTLE ? { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } : null;
async function loadOnce({ url, probe, locale = 'en-US', lands = url }) {
  const page = await newPage(browser, { locale });
  if (throttle) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', throttle);
  }
  await page.addInitScript((probe) => {
    if (!sessionStorage.getItem('bench:t0')) sessionStorage.setItem('bench:t0', String(performance.timeOrigin));
    new MutationObserver((_, obs) => {
      if (document.querySelector(probe)) {
        obs.disconnect();
        requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }, 0));
      }
    }).observe(document, { subtree: true, childList: true });
  }, probe);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForURL(lands);
  await page.waitForFunction(() => window.__painted && performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 60000 });
  const t = await page.evaluate(() => Math.max(window.__painted, performance.getEntriesByName('first-contentful-paint')[0].startTime)
    + performance.timeOrigin - Number(sessionStorage.getItem('bench:t0')));
  await page.context().close();
  return t;
}
// The first recommendation is the headline of the result card; the ranked table renders after it. A
// link's answer is its first frame's (boot/lang.js draws it with the small wasm and then drops <html class="linked">) or the app's;
// the pre-rendered default answer stays hidden under a link.
const answer = '[data-testid="top-instance"]';
const linked = 'html:not(.linked) #boot [data-testid="top-instance"], [data-testid="app"] [data-testid="top-instance"]';
// A build's targets: each first answer for an English and a Chinese-preferring browser.
async function targetsOf(dir, tag) {
  const app = await serve({ root: dir, host });
  const negotiating = await serve({ root: dir, host, negotiate: true });
  // (A build from before zh.html, both languages in index.html, answers where it is; so does one whose index.html carries both answers,
  // <html data-both>, though zh.html is beside it.)
  const zhFront = existsSync(join(dir, 'zh.html')) ? 'zh.html' : '';
  const both = /<html[^>]* data-both/.test(readFileSync(join(dir, 'index.html'), 'utf8'));
  const t = {
    [`${tag}default, en`]: { url: app.url, probe: answer },
    [`${tag}default, zh`]: { url: app.url, probe: answer, locale: 'zh-CN', lands: app.url + (both ? '' : zhFront) },
    [`${tag}default, zh, negotiated`]: { url: negotiating.url, probe: answer, locale: 'zh-CN', },
    [`${tag}page, en`]: { url: `${app.url}i/p5.48xlarge/`, probe: answer },
    [`${tag}page, zh`]: { url: `${app.url}i/p5.48xlarge/${zhFront ? 'zh.html' : ''}`, probe: answer, locale: 'zh-CN' },
    [`${tag}link, en`]: { url: `${app.url}?v=1`, probe: linked },
    [`${tag}link, zh`]: { url: `${app.url}?v=1`, probe: linked, locale: 'zh-CN' },
  };
  return { t, servers: [app, negotiating] };
}
const main = await targetsOf(dist, '');
const targets = { floor: { url: floor.url, probe: '[data-testid="rec"]' }, ...main.t };
const servers = [floor, ...main.servers];
const befores = (process.env.BEFORE ?? '').split(',').filter((d) => d !== '');
for (const [i, dir] of befores.entries()) {
  const b = await targetsOf(dir, `before${befores.length > 1 ? i + 1 : ''}: `);
  Object.assign(targets, b.t);
  servers.push(...b.servers);
}
// ONLY=<regex>: only the targets whose names match (the floor always).
if (process.env.ONLY) for (const k of Object.keys(targets)) if (k !== 'floor' && !new RegExp(process.env.ONLY).test(k)) delete targets[k];
const times = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
const rounds = Number(process.env.ROUNDS ?? 15);
for (let i = 0; i < rounds; i++) for (const [k, t] of Object.entries(targets)) times[k].push(await loadOnce(t));
const ms = (k) => median(times[k]);
const ratios = (k) => sorted(times[k].map((t, i) => t / times.floor[i]));
// The median's 95 % interval from order statistics (ranks n/2 ∓ 0.98·√n), and the middle half of the rounds.
const spread = (xs) => {
  const n = xs.length, at = (q) => xs[Math.min(n - 1, Math.max(0, Math.round(q)))];
  return { median: xs[Math.floor(n / 2)], lo: at(n / 2 - 0.98 * Math.sqrt(n) - 0.5), hi: at(n / 2 + 0.98 * Math.sqrt(n) - 0.5), q1: at(n / 4 - 0.5), q3: at((3 * n) / 4 - 0.5) };
};
const floorLoad = ms('floor');

const app = main.servers[0];
const page = await newPage(browser);
await page.goto(`${app.url}?v=1&cuda=1&model=llama2-7b&ctx=2048&batch=1&prio=cost`);
await page.locator('[data-testid="rec"]').first().waitFor();
const recompute = await page.evaluate(() => window.wasmBindings.bench_recompute('v=1&mode=batch&burst=2', 200));
// A priority click until the top recommendation changes, median of 20: once right after load (the
// first edits also pay for the engine tiering up the wasm), once on a page left idle for a second.
const inputToDomMs = () => page.evaluate(async () => {
  const top = () => document.querySelector('[data-testid="rec"]')?.dataset.instance;
  const times = [];
  for (let i = 0; i < 20; i++) {
    const value = i % 2 === 0 ? 'perf' : 'cost';
    const before = top();
    const t0 = performance.now();
    document.querySelector(`[data-key="prio"] button[data-value="${value}"]`).click();
    await new Promise((resolve) => {
      if (top() !== before) return resolve();
      const obs = new MutationObserver(() => { if (top() !== before) { obs.disconnect(); resolve(); } });
      obs.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
});
const inputToDom = await inputToDomMs();
await page.waitForTimeout(1000);
const inputToDomSettled = await inputToDomMs();
console.log(`browser (headless chromium, this machine; ${rounds} rounds${throttle ? ', throttled: 150 ms round trip, 1.6 Mbit/s' : ', loopback'}${host ? ', served gzip with cache headers' : ', served raw'}):`);
console.log(`  static HTML floor, first paint      ${floorLoad.toFixed(0)} ms (rounds' middle half ${spread(sorted(times.floor)).q1.toFixed(0)}–${spread(sorted(times.floor)).q3.toFixed(0)})`);
console.log('  first answer                        median ms  ratio (95 % interval of the median; middle half of the rounds)  budget');
const NOTES = {
  'default, en': '1.2 (pre-rendered index.html)',
  'default, zh': '1.2 (index.html: its inline script shows the Chinese answer)',
  'default, zh, negotiated': '1.2 (a host serving zh.html at the bare address)',
  'page, en': '1.2 (i/p5.48xlarge/)',
  'page, zh': '1.2 (i/p5.48xlarge/zh.html)',
  'link, en': '2.5 (?v=1: its first frame, drawn by the small wasm)',
  'link, zh': '2.5 (?v=1: its first frame, drawn by the small wasm)',
};
for (const k of Object.keys(targets).filter((k) => k !== 'floor')) {
  const r = spread(ratios(k));
  const note = NOTES[k.replace(/^before\d*: /, '')] ?? '';
  console.log(`  ${k.padEnd(34)}${ms(k).toFixed(0).padStart(6)}  ${r.median.toFixed(2)}× (${r.lo.toFixed(2)}–${r.hi.toFixed(2)}; ${r.q1.toFixed(2)}–${r.q3.toFixed(2)})  ${note}`);
}
// BEFORE's builds against this one, round by round (this build's time over the other's in the same round, so the machine's load, which
// moves both, mostly cancels): below 1 this build answers sooner.
for (const k of Object.keys(targets).filter((k) => /^before\d*: /.test(k))) {
  const mine = k.replace(/^before\d*: /, '');
  if (!times[mine]) continue;
  const r = spread(sorted(times[mine].map((t, i) => t / times[k][i])));
  console.log(`  ${('this build ÷ ' + k).padEnd(34)}        ${r.median.toFixed(2)}× (${r.lo.toFixed(2)}–${r.hi.toFixed(2)}; ${r.q1.toFixed(2)}–${r.q3.toFixed(2)})`);
}
// TIMES=<file>: every round's times, as JSON, for another look.
if (process.env.TIMES) await writeFile(process.env.TIMES, JSON.stringify(times));
console.log(`  engine recompute in wasm            ${recompute.toFixed(2)} ms per run (budget 16)`);
console.log(`  input change to updated DOM         ${inputToDom.toFixed(1)} ms right after load, ${inputToDomSettled.toFixed(1)} ms settled; medians of 20 (budget 16; click to the DOM mutation that shows the new result)`);
await browser.close();
for (const s of servers) await s.close();
