// Two people at one screen (hot seat, chosen when the game is created): the
// lobby's one link holds both seats; whenever the seat that must decide changes hands, its hand and its
// choices stay hidden until its owner asks to see them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catchErrors, rng, settle, clickOne, accessibility, serverAndBrowser } from '../lib/harness.mjs';

const at = serverAndBrowser();

test('hot seat: each hand stays hidden until its owner clicks', { timeout: 120000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector('#seat-2 option', { state: 'attached' });
  await page.selectOption('#seat-2', 'human');
  await page.fill('#seed', '5');
  // At one screen is a mode chosen at creation; the creator's seat then
  // needs no choosing.
  await page.check('#mode-hotseat');
  assert.ok(await page.isHidden('#me-row'), 'no "your seat" at one screen');
  await page.click('#create-button');
  await page.click('#hotseat-link');

  const random = rng(5);
  const owners = new Set();
  let covers = 0;
  for (let i = 0; i < 40; i++) {
    const state = await settle(page, 60000);
    if (state === 'over') break;
    if (state === 'cover') {
      covers += 1;
      // Hidden: no card of the hand, no choice, no lit region.
      assert.equal(await page.$$eval('#hand .card', (c) => c.length), 0, 'the hand is hidden behind the cover');
      assert.equal(await page.$$eval('#choices button.choice', (c) => c.length), 0, 'the choices are hidden too');
      assert.equal(await page.$$eval('#map .region.pickable', (c) => c.length), 0);
      if (covers === 1) assert.deepEqual(await accessibility(page), [], 'axe-core on the covered hand');
      await page.click('#show-hand');
      await settle(page);
    }
    assert.ok((await page.$$eval('#hand .card', (c) => c.length)) > 0 || (await page.$('#hand .muted')), 'the hand shows once asked');
    owners.add(await page.$eval('#hand h2', (h) => h.textContent));
    await clickOne(page, random);
  }
  assert.ok(covers >= 2, `the screen was handed over (${covers} times)`);
  assert.equal(owners.size, 2, `both hands were played: ${[...owners].join(', ')}`);
  assert.deepEqual(errors, []);
});
