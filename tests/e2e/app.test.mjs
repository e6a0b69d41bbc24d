// The page in a real browser: loads from a sub-path, shows the catalog, no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { launch, newPage, ARTIFACTS } from './browser.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the page loads from a sub-path and lists the catalog with prices', async () => {
  const page = await newPage(browser);
  await page.goto(server.url);
  await page.getByTestId('app').waitFor();
  const p5 = page.locator('[data-testid="catalog-row"][data-instance="p5.48xlarge"]');
  await p5.waitFor();
  assert.match(await p5.innerText(), /\$55\.04/);
  assert.ok((await page.getByTestId('catalog-row').count()) >= 70);
  assert.equal(await page.getByTestId('as-of').innerText(), '2026-07-20');
  assert.equal(await page.locator('#panic').count(), 0);
  await page.screenshot({ path: `${ARTIFACTS}/catalog-1280.png`, fullPage: false });
  assert.deepEqual(page.problems, []);
});
