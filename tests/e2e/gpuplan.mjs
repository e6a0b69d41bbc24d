// Page object for gpuplan: opens links and reads the page through its data-testid hooks.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { launch, newPage, ARTIFACTS } from './browser.mjs';
import { serve } from './server.mjs';

/** A file's set-up: the static server (`options` as in server.mjs) and the browser, started together. */
export async function start(options) {
  return { server: await serve(options), browser: await launch() };
}

/** A file's tear-down: closes what `start` (or the file) opened, the browser first. */
export async function stop(...opened) {
  for (const o of opened) await o?.close();
}

/** The native engine's answer (the CLI's JSON) for the same link, so expected figures come from the engine. */
export function native(query) {
  return JSON.parse(execFileSync('cargo', ['run', '-q', '--bin', 'gpuplan', '--', query], { encoding: 'utf8' }));
}

export class Gpuplan {
  constructor(page, base) {
    this.page = page;
    this.base = base;
  }

  static async open(browser, base, query = 'v=1', options = {}) {
    const page = await newPage(browser, options);
    const g = new Gpuplan(page, base);
    await g.goto(query);
    return g;
  }

  async goto(query) {
    await this.page.goto(`${this.base}?${query}`);
    await this.page.getByTestId('app').waitFor();
  }

  recs() {
    return this.page.getByTestId('rec');
  }

  /** The recommendation rows as plain objects, in order. */
  async recRows() {
    return this.recs().evaluateAll((rows) =>
      rows.map((r) => ({
        instance: r.dataset.instance,
        fits: r.dataset.fits === 'true',
        hourly: r.dataset.hourlyUsd === '' ? null : Number(r.dataset.hourlyUsd),
        monthly: r.dataset.monthlyUsd === '' ? null : Number(r.dataset.monthlyUsd),
      })),
    );
  }

  async topInstance() {
    await this.recs().first().waitFor();
    return (await this.recRows())[0]?.instance;
  }

  async select(key, value) {
    await this.page.locator(`select[data-key="${key}"]`).selectOption(value);
  }

  async fill(key, value) {
    const input = this.page.locator(`input[data-key="${key}"]`);
    await input.fill(String(value));
    await input.press('Tab');
  }

  async press(key, value) {
    await this.page.locator(`[data-key="${key}"] button[data-value="${value}"]`).click();
  }

  async view(name) {
    const labels = { plan: /Plan|规划/, explore: /Explore|浏览目录/, compare: /Compare|对比/, assumptions: /Assumptions|假设/ };
    await this.page.locator('nav.tabs button', { hasText: labels[name] }).click();
  }

  query() {
    return new URL(this.page.url()).search.slice(1);
  }

  /** Waits until the address bar's query matches (URL writes are debounced) and returns it. */
  async queryMatching(re) {
    await this.page.waitForFunction((src) => new RegExp(src).test(location.search.slice(1)), re.source);
    return this.query();
  }

  async shot(name, fullPage = true) {
    await this.page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage });
  }

  assertClean() {
    assert.deepEqual(this.page.problems, [], 'console errors or page errors');
  }
}
