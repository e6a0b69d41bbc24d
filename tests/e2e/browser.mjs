// Launches Debian's chromium through playwright-core and collects console errors and page errors.
import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';

export const ARTIFACTS = 'tests/e2e/artifacts';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function launch() {
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });
}

/** A new page that records console errors and uncaught exceptions into `page.problems`. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  return page;
}
