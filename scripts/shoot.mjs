// Dev helper: screenshots of the built dist/ for a query, at a width, in a colour scheme.
// node scripts/shoot.mjs 'v=1&task=train' out.png [width] [height] [dark|light] [fullpage] [click]
// `click`: a selector pressed first (a section's button, e.g. '[data-act="curve"]'); the shot is then of the section
// it opened, once nothing in the page says it is still computing (`data-testid` ending in "computing").
import { serve } from '../tests/e2e/server.mjs';
import { launch, newPage } from '../tests/e2e/browser.mjs';

const [query = 'v=1', out = 'shot.png', width = '1280', height = '800', scheme = 'light', full = '', click = ''] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
const page = await newPage(browser, { viewport: { width: +width, height: +height }, colorScheme: scheme });
await page.goto(`${server.url}?${query}`);
await page.getByTestId('app').waitFor();
await page.waitForTimeout(300);
if (click) {
  const button = page.locator(click).first();
  await button.click();
  await page.waitForTimeout(100);
  await page.waitForFunction(() => !document.querySelector('[data-testid$="computing"]'), null, { timeout: 60000 });
  await page.waitForTimeout(300);
  await button.locator('xpath=ancestor::section[1]').screenshot({ path: out });
} else {
  await page.screenshot({ path: out, fullPage: full === 'full' });
}
if (page.problems.length) console.log(page.problems.join('\n'));
await browser.close();
await server.close();
