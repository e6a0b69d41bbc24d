// Phones and keyboards (issue 16): the inputs one tap from the answer, a header that leaves the screen to
// the answer, focus order that follows the page, explanations visible on focus and touch, the embedded
// card, and Chinese table headers that do not stack one character per line. Both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './browser.mjs';
import { Gpuplan, start, stop } from './gpuplan.mjs';

let server, browser;
before(async () => ({ server, browser } = await start({ mounts: { '/app/': 'dist', '/host/': 'examples/embed' } })));
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

/**
 * Tabs through the page from the top and returns, for each focused element, its box in page
 * coordinates (sticky and fixed controls are marked: they sit where the reader scrolled).
 */
async function focusWalk(page, limit = 400) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.mouse.click(1, 1);
  const boxes = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const box = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const r = e.getBoundingClientRect();
      let pinned = false;
      for (let p = e; p; p = p.parentElement) if (/sticky|fixed/.test(getComputedStyle(p).position) && p.tagName !== 'TH') pinned = true;
      const name = `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''} "${(e.innerText || e.getAttribute('aria-label') || e.id || '').slice(0, 30)}"`;
      return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, pinned, name, foot: !!e.closest('footer') };
    });
    if (!box) break;
    boxes.push(box);
    if (box.foot) break;
  }
  return boxes;
}

/** Pairs where the next focus is visually before the last: above it in the same column, or to its left in the same row. */
function backwards(boxes) {
  const bad = [];
  const shown = boxes.filter((b) => !b.pinned && b.bottom > b.top);
  for (let i = 1; i < shown.length; i++) {
    const [a, b] = [shown[i - 1], shown[i]];
    const sameColumn = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0;
    const sameRow = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.bottom - a.top, b.bottom - b.top) / 2;
    if ((sameRow && b.right <= a.left) || (!sameRow && sameColumn && b.bottom <= a.top + 1)) bad.push(`${a.name} → ${b.name}`);
  }
  return bad;
}

test('focus order follows the visual order of the Plan view, at 1280 and at 390 px (WCAG 2.4.3)', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    for (const lang of ['en', 'zh']) {
      const g = await Gpuplan.open(browser, server.url, `v=1&lang=${lang}`, { viewport: { width, height } });
      await g.recs().first().waitFor();
      if (width < 900) {
        // Folded, then open: both orders are checked.
        let boxes = await focusWalk(g.page);
        assert.ok(boxes.length > 20, boxes.map((b) => b.name).join('\n'));
        assert.deepEqual(backwards(boxes), [], `${width} ${lang} folded`);
        await g.page.getByTestId('edit-inputs').click();
        await g.page.locator('input[data-key="batch"]').waitFor();
      }
      const boxes = await focusWalk(g.page);
      assert.ok(boxes.length > 40, boxes.map((b) => b.name).join('\n'));
      assert.ok(boxes.some((b) => /data-key|batch/.test(b.name) || b.name.startsWith('input')), 'the form is walked');
      assert.deepEqual(backwards(boxes), [], `${width} ${lang}`);
      g.assertClean();
      await g.page.context().close();
    }
  }
});

test('explanations are visible on focus and touch, not only in a hover title', async () => {
  for (const lang of ['en', 'zh']) {
    const g = await Gpuplan.open(browser, server.url, `v=1&lang=${lang}`, PHONE);
    await g.recs().first().waitFor();
    // Nothing on any view explains itself only in a `title` (an SVG chart's <title> is its text alternative).
    for (const view of ['plan', 'explore', 'compare', 'assumptions']) {
      await g.goto(`v=1&lang=${lang}&view=${view}&cmp=p5.48xlarge,g6e.xlarge`);
      await g.page.locator('main table').first().waitFor({ state: 'attached' });
      const titled = await g.page.locator('[title]:not(svg *):not(iframe)').evaluateAll((es) => es.map((e) => e.outerHTML.slice(0, 80)));
      assert.deepEqual(titled, [], `${lang} ${view}: ${titled.join(' | ')}`);
    }
    await g.goto(`v=1&lang=${lang}`);
    // A row's memory in words beside its bar.
    assert.match(await g.recs().first().locator('.mem').innerText(), /^[\d.]+ \/ [\d.]+ GiB$/);
    // Explore: a tap on a price shows its source and date.
    await g.goto(`v=1&view=explore&lang=${lang}`);
    const cell = g.page.locator('[data-testid="catalog-row"] td[data-src]').first();
    const shown = (c = cell) => c.evaluate((td) => {
      const after = getComputedStyle(td, '::after');
      return after.display !== 'none' && after.content !== 'none' ? after.content : '';
    });
    assert.equal(await shown(), '');
    await cell.tap();
    assert.match(await shown(), /Karpenter.*20\d\d-\d\d-\d\d/);
    // The keyboard: the next price shows its own when Tab reaches it.
    await g.page.keyboard.press('Tab');
    assert.match(await shown(g.page.locator('td[data-src]:focus')), /20\d\d-\d\d-\d\d/);
    g.assertClean();
    await g.page.context().close();
  }
});

test('the embedded card is about a screen at 390 and 600 px, states its scenario, and every control in it acts', async () => {
  for (const width of [390, 600]) {
    for (const lang of ['en', 'zh']) {
      const g = await Gpuplan.open(browser, server.url, `v=1&embed=1&lang=${lang}`, { viewport: { width, height: 844 } });
      await g.recs().first().waitFor();
      const [tall, wide] = await g.page.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]);
      assert.ok(tall <= 1.35 * 844, `${width} ${lang}: the card is ${tall}px tall`);
      assert.ok(wide <= width, `${width} ${lang}: the card is ${wide}px wide`);
      assert.match(await g.page.getByTestId('scenario-line').innerText(), lang === 'en' ? /^Llama 3\.1 8B · BF16 · 8K context · 8 sequences/ : /^Llama 3\.1 8B · BF16 · 8K 上下文 · 8 个并发序列/);
      // Every visible control does something: a link opens the same scenario on the full page; a ranked
      // row's button opens that type (the row shown already is the selected one), and the way back returns.
      const controls = await g.page.locator('.app button:visible, .app a[href]:visible').evaluateAll((es) =>
        es.map((e) => ({ tag: e.tagName, act: e.dataset.act ?? null, id: e.dataset.id ?? null, testid: e.dataset.testid ?? null, href: e.getAttribute('href'), selected: !!e.closest('tr.selected') })));
      const links = controls.filter((c) => c.tag === 'A');
      assert.deepEqual(links.map((c) => c.testid), ['open-full']);
      assert.match(links[0].href, lang === 'zh' ? /^\?v=1.*lang=zh/ : /^\?v=1/);
      assert.doesNotMatch(links[0].href, /embed=/);
      const buttons = controls.filter((c) => c.tag === 'BUTTON');
      assert.ok(buttons.length >= 3 && buttons.every((c) => c.act === 'pick'), JSON.stringify(buttons));
      for (const c of buttons.filter((b) => !b.selected)) {
        await g.page.locator(`button[data-act="pick"][data-id="${c.id}"]`).click();
        await g.page.waitForFunction((id) => document.querySelector('[data-testid="top-instance"]').textContent.includes(` ${id}`), c.id);
        await g.page.getByTestId('back-to-best').click();
        await g.page.waitForFunction(() => !document.querySelector('[data-testid="back-to-best"]'));
      }
      g.assertClean();
      await g.page.context().close();
    }
  }
});

/** Headers (column heads and each option's name) of which a rendered line holds one CJK character alone. */
const orphanedHeaders = (page) => page.evaluate(() => {
  const out = [];
  for (const th of document.querySelectorAll('thead th, th > details > summary, .compare tbody th:not(.group)')) {
    if (!th.offsetParent) continue;
    const lines = new Map();
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const box = r.getClientRects()[0];
        if (box) lines.set(Math.round(box.top), (lines.get(Math.round(box.top)) ?? '') + n.data[i]);
      }
    }
    const texts = [...lines.values()].map((l) => l.trim()).filter(Boolean);
    if (texts.length > 1 && texts.some((l) => /^[\u4e00-\u9fff][）)，。]?$/.test(l))) out.push(texts.join(' / '));
  }
  return out;
});

test('Chinese: table headers never leave one character on a line, at 390 and 1280 px', async () => {
  const views = ['', '&task=train&model=llama3.1-70b&tokens=200', '&view=explore', '&view=compare&cmp=p5.48xlarge,g6e.xlarge', '&view=assumptions'];
  for (const width of [390, 1280]) {
    const g = await Gpuplan.open(browser, server.url, 'v=1&lang=zh', { viewport: { width, height: 844 } });
    for (const v of views) {
      await g.goto(`v=1&lang=zh${v}`);
      await g.page.locator('main table').first().waitFor({ state: 'attached' });
      if (!v || v.startsWith('&task')) await g.page.locator('table.options').waitFor();
      assert.ok(await g.page.locator('thead th:visible').count() > 0 || width === 390, `${width}${v}: headers shown`);
      assert.deepEqual(await orphanedHeaders(g.page), [], `${width}${v}`);
      // Compare's label column stays in view while the values scroll, so it must leave room for them.
      if (v.includes('compare') && width === 390) {
        const label = await g.page.locator('.compare tbody th:not(.group)').first().evaluate((th) => th.getBoundingClientRect().width);
        assert.ok(label <= 390 / 2, `Compare's label column is ${label}px wide`);
      }
    }
    g.assertClean();
    await g.page.context().close();
  }
});

test('Chinese: no English left in formulas, the fine-tuning method or the footer; full-width brackets round Chinese', async () => {
  const g = await Gpuplan.open(browser, server.url, 'v=1&lang=zh&task=train&model=llama3.1-70b&tokens=200');
  await g.page.locator('details.formulas').waitFor();
  const formulas = await g.page.locator('details.formulas').evaluate((d) => d.textContent);
  assert.doesNotMatch(formulas, /tokens per step|over NVLink|before overlap|selective|\([^()]*[\u4e00-\u9fff][^()]*\)/, formulas);
  assert.match(formulas, /每步 token 数/);
  assert.match(await g.page.locator('[data-purchase="cb"] .formula-text').textContent(), /天 × 24 小时 = \$/);
  assert.match(await g.page.locator('footer').innerText(), /\d{4}-\d\d-\d\d。每个数字/);
  await g.goto('v=1&lang=zh&task=finetune');
  assert.deepEqual(await g.page.locator('select[data-key="method"] option').allTextContents(), ['全参数', 'LoRA', 'QLoRA']);
  await g.goto('v=1&lang=zh&view=assumptions');
  assert.ok(await g.page.getByRole('heading', { name: 'Savings Plans（假设）' }).isVisible());
  g.assertClean();
});

test('an embedded calculator on a narrow host: opening the form resizes the iframe to it', async () => {
  const page = await newPage(browser, { viewport: { width: 600, height: 844 } });
  await page.goto(`${server.origin}/host/`);
  const calc = page.frameLocator('[data-testid="embed-calc"]');
  await calc.locator('[data-testid="rec"]').first().waitFor();
  const height = () => page.locator('[data-testid="embed-calc"]').evaluate((f) => parseFloat(f.style.height));
  await page.waitForFunction(() => parseFloat(document.querySelector('[data-testid="embed-calc"]').style.height) > 300);
  const folded = await height();
  await calc.getByTestId('edit-inputs').click();
  await page.waitForFunction((h) => parseFloat(document.querySelector('[data-testid="embed-calc"]').style.height) > h + 500, folded);
  await calc.getByTestId('edit-inputs').click();
  await page.waitForFunction((h) => parseFloat(document.querySelector('[data-testid="embed-calc"]').style.height) < h + 100, folded);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
