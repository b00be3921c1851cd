// The table's layout as people meet it: at 1366x768 the log is a column
// beside the board, and once the walk-through of the others' moves is over
// the board stands as the game does and the log's newest line is in view;
// at 390x844 (a phone) no page scrolls sideways and the question takes at
// most a quarter of the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { catchErrors, rng, settle, clickOne, SCREENSHOTS, createGame, serverAndBrowser } from '../lib/harness.mjs';

const at = serverAndBrowser();

/** A solo game against three Faceless, created through the API. @param {number} seed */
async function soloGame(seed) {
  return createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], me: 0, seed });
}

/** Whether the page scrolls sideways. @param {import('playwright-core').Page} page */
const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 1366x768 the log stands beside the board, its newest line in view after the Faceless turns', { timeout: 120000 }, async () => {
  const errors = [];
  const page = await at.browser.newPage({ viewport: { width: 1366, height: 768 } });
  catchErrors(page, errors);
  const game = await soloGame(7);
  await page.goto(`${at.server.base}${game.seats[0].link}`);
  const random = rng(7);
  let walked = 0;
  for (let i = 0; i < 16; i++) {
    assert.equal(await settle(page, 60000), 'choose');
    await clickOne(page, random);
    // The walk-through of the others' moves ends, however many there were.
    const start = Date.now();
    await page.waitForFunction(() => !document.querySelector('#log .following'), undefined, { timeout: 15000 });
    if (Date.now() - start > 300) walked += 1;
  }
  await settle(page, 60000);
  await page.waitForFunction(() => !document.querySelector('#log .following'), undefined, { timeout: 15000 });
  const look = await page.evaluate(() => {
    const board = /** @type {HTMLElement} */ (document.querySelector('.board')).getBoundingClientRect();
    const box = /** @type {HTMLElement} */ (document.querySelector('#log')).getBoundingClientRect();
    const last = document.querySelector('#log li:last-child')?.getBoundingClientRect();
    return {
      besideBoard: box.left >= board.right && box.top < board.bottom,
      lastInBox: !!last && last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
      lastOnScreen: !!last && last.bottom <= window.innerHeight && last.top >= 0,
      lit: document.querySelectorAll('#map .region.lit').length,
      lines: document.querySelectorAll('#log li').length,
    };
  });
  assert.ok(look.besideBoard, 'the log is a column beside the board');
  assert.ok(look.lastInBox, 'the newest line is scrolled into the log');
  assert.ok(look.lastOnScreen, 'and is on the screen');
  assert.equal(look.lit, 0, 'the walk-through left no region lit: the board stands as the game does');
  assert.ok(walked > 0 && look.lines > 20, `the others' moves were walked through (${walked} times, ${look.lines} lines)`);
  assert.deepEqual(errors, []);
});

test('at 390x844 no page scrolls sideways', { timeout: 120000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector('#seat-3 option', { state: 'attached' });
  assert.equal(await sideways(page), 0, 'the lobby');
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  assert.equal(await sideways(page), 0, 'the lobby with its links');
  await page.click('a.seat-link');
  assert.equal(await settle(page), 'choose');
  assert.equal(await sideways(page), 0, 'the table');
  const status = await page.evaluate(() => /** @type {HTMLElement} */ (document.querySelector('#status')).getBoundingClientRect().height);
  assert.ok(status <= 844 / 4 + 1, `the question takes at most a quarter of the screen (${status}px)`);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-table-en.png') });
  // The board, the players and the log: each one tap away.
  const seen = () => page.evaluate(() => ['#map', '#players', '#log'].filter((s) => {
    const e = document.querySelector(s);
    return !!e && e.getBoundingClientRect().height > 0;
  }));
  assert.deepEqual(await seen(), ['#map'], 'the board first');
  await page.click('nav.phone-tabs button[data-view="log"]');
  assert.deepEqual(await seen(), ['#log'], 'one tap: the log');
  await page.click('nav.phone-tabs button[data-view="side"]');
  assert.deepEqual(await seen(), ['#players'], 'one tap: the players');
  await page.click('nav.phone-tabs button[data-view="main"]');
  assert.deepEqual(await seen(), ['#map'], 'one tap: the board again');
  // After a decision, the next question says what happened since it
  // (above the board: the log is a tap away).
  await clickOne(page, rng(3));
  assert.equal(await settle(page, 60000), 'choose');
  await page.waitForSelector('#status-extra details.since li', { state: 'attached', timeout: 10000 });
  const id = page.url().split('/play/')[1].split(/[?#]/)[0];
  await page.goto(`${at.server.base}/play/${id}#spectate`);
  await page.waitForFunction(() => document.body.dataset.status === 'playing');
  assert.equal(await sideways(page), 0, 'the table as a spectator sees it');
  assert.deepEqual(errors, []);
  await context.close();
});
