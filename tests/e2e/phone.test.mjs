// Phones and keyboards (issue 16): the inputs one tap from the answer, a header that leaves the screen to
// the answer, focus order that follows the page, explanations visible on focus and touch, the embedded
// card, and Chinese table headers that do not stack one character per line. Both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start()));
after(() => stop(browser, server));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Whether `el` (a locator) lies at least partly inside the viewport. */
const onScreen = (el) => el.evaluate((e) => {
  const r = e.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.height > 0;
});

test('phones: the header takes at most a fifth of the screen and the inputs are one tap from the answer', async () => {
  for (const lang of ['en', 'zh']) {
    const g = await Gpuplan.open(browser, server.url, `v=1&lang=${lang}`, PHONE);
    await g.recs().first().waitFor();
    const header = await g.page.locator('header.masthead').evaluate((h) => h.getBoundingClientRect().bottom);
    assert.ok(header <= 844 / 5, `${lang}: the header ends at ${header}px`);
    // The answer is on the first screen; the form waits behind one button.
    assert.ok(await onScreen(g.page.getByTestId('top-instance')), `${lang}: the answer on the first screen`);
    assert.equal(await g.page.locator('#inputs').isVisible(), false);
    const edit = g.page.getByTestId('edit-inputs');
    assert.equal(await edit.innerText(), lang === 'en' ? 'Edit inputs' : '修改输入');
    await edit.tap();
    await g.page.locator('input[data-key="batch"]').waitFor();
    assert.equal(await edit.getAttribute('aria-expanded'), 'true');
    assert.ok(await onScreen(g.page.locator('#inputs h2').first()), `${lang}: the form's top in view`);
    // Deep in the form the button is still there, and takes the reader back to the answer.
    await g.page.locator('[data-testid="strategy-changed"]').scrollIntoViewIfNeeded();
    assert.ok(await onScreen(edit), `${lang}: the button stays in view`);
    assert.equal(await edit.innerText(), lang === 'en' ? 'Show the result' : '查看结果');
    await g.fill('batch', 16);
    await edit.tap();
    await g.page.waitForFunction(() => document.querySelector('#inputs').offsetParent === null);
    await g.page.waitForFunction(() => {
      const r = document.querySelector('[data-testid="top-instance"]').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    assert.match(await g.page.getByTestId('scenario-line').innerText(), /16/);
    g.assertClean();
    await g.page.context().close();
  }
  // A wide screen shows the form beside the answer, with no button to open it.
  const g = await Gpuplan.open(browser, server.url, 'v=1');
  await g.page.locator('input[data-key="batch"]').waitFor();
  assert.equal(await g.page.getByTestId('edit-inputs').isVisible(), false);
  g.assertClean();
});
