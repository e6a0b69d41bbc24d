// Dev helper: a full-page screenshot of the built dist/ cut into tiles that a viewer shows at full size.
// node scripts/tiles.mjs 'v=1&task=serve' out-prefix [width] [tile-height] [light|dark]
import { serve } from '../tests/e2e/server.mjs';
import { launch, newPage } from '../tests/e2e/browser.mjs';

const [query = 'v=1', prefix = 'tile', width = '390', tile = '1400', scheme = 'light'] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
const page = await newPage(browser, { viewport: { width: +width, height: 844 }, colorScheme: scheme });
await page.goto(`${server.url}?${query}`);
await page.getByTestId('app').waitFor();
await page.waitForTimeout(300);
const total = await page.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, i = 0; y < total; y += +tile, i++) {
  const height = Math.min(+tile, total - y);
  await page.screenshot({ path: `${prefix}-${i}.png`, fullPage: true, clip: { x: 0, y, width: +width, height } });
}
console.log(`${total} px in ${Math.ceil(total / +tile)} tiles`);
if (page.problems.length) console.log(page.problems.join('\n'));
await browser.close();
await server.close();
