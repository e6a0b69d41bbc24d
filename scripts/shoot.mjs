// Dev helper: screenshots of the built dist/ for a query, at a width, in a colour scheme.
// node scripts/shoot.mjs 'v=1&task=train' out.png [width] [height] [dark|light] [fullpage]
import { serve } from '../tests/e2e/server.mjs';
import { launch, newPage } from '../tests/e2e/browser.mjs';

const [query = 'v=1', out = 'shot.png', width = '1280', height = '800', scheme = 'light', full = ''] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
const page = await newPage(browser, { viewport: { width: +width, height: +height }, colorScheme: scheme });
await page.goto(`${server.url}?${query}`);
await page.getByTestId('app').waitFor();
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === 'full' });
if (page.problems.length) console.log(page.problems.join('\n'));
await browser.close();
await server.close();
