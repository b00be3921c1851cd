// The table's layout as people meet it: at 1366x768 the log is a column
// beside the board, and once the walk-through of the others' moves is over
// the board stands as the game does and the log's newest line is in view;
// at 390x844 (a phone) no page scrolls sideways and the question takes at
// most a quarter of the screen. The lobby with games listed (invitations,
// an idle game) scrolls sideways at no width, every game's buttons within
// its panel, and says how each game stands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { catchErrors, rng, settle, clickOne, SCREENSHOTS, createGame, serverAndBrowser, accessibility } from '../lib/harness.mjs';

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
  // Every option in view without a scroll box of its own, each a finger's
  // size (44 px), under a header of one or two short lines.
  const sizes = await page.evaluate(() => {
    const status = /** @type {HTMLElement} */ (document.querySelector('#status'));
    return {
      hidden: status.scrollHeight - status.clientHeight,
      smallest: Math.min(...[...document.querySelectorAll('#choices button')].map((b) => b.getBoundingClientRect().height)),
      header: /** @type {HTMLElement} */ (document.querySelector('.topbar')).getBoundingClientRect().height,
    };
  });
  assert.ok(sizes.hidden <= 1, `no option hides in a scroll box (${sizes.hidden}px hidden)`);
  assert.ok(sizes.smallest >= 44, `every option is 44 px high at least (${sizes.smallest}px)`);
  assert.ok(sizes.header <= 100, `the header is ${sizes.header}px high (it was 114 px in two rows of 44 px targets and three lines of words)`);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-table-en.png') });
  // A tap on the board away from a region to choose zooms it in: the
  // region names become readable; another tap zooms out.
  const nameHeight = () => page.$eval('#map .region-name', (t) => t.getBoundingClientRect().height);
  const before = await nameHeight();
  await page.evaluate(() => scrollTo(0, 0));
  const map = await page.$eval('#map', (m) => {
    const r = m.getBoundingClientRect();
    return { x: r.left + 6, y: r.top + 6 };
  });
  await page.touchscreen.tap(map.x, map.y);
  await page.waitForFunction(() => document.body.dataset.mapZoom === 'in');
  const zoomed = await nameHeight();
  assert.ok(zoomed >= 11 && zoomed > 2 * before, `region names ${before.toFixed(1)}px high, ${zoomed.toFixed(1)}px zoomed in`);
  assert.equal(await sideways(page), 0, 'the zoomed board pans within its box');
  assert.deepEqual(await accessibility(page), [], 'axe-core with the board zoomed in');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-zoomed-en.png') });
  const again = await page.$eval('#map', (m) => {
    const r = m.getBoundingClientRect();
    return { x: Math.max(r.left, 0) + 6, y: Math.max(r.top, 0) + 6 };
  });
  await page.touchscreen.tap(again.x, again.y);
  await page.waitForFunction(() => !document.body.dataset.mapZoom);
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
  // What happened comes after the question's own buttons, never pushing them out of view.
  assert.equal(await page.$eval('#status-extra', (x) => x.lastElementChild?.matches('details.since')), true);
  const id = page.url().split('/play/')[1].split(/[?#]/)[0];
  await page.goto(`${at.server.base}/play/${id}#spectate`);
  await page.waitForFunction(() => document.body.dataset.status === 'playing');
  assert.equal(await sideways(page), 0, 'the table as a spectator sees it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('with games listed, invitations and an idle game among them, the lobby scrolls sideways at no width and says how each game stands', { timeout: 120000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}/?lang=en`);
  await page.waitForSelector('#seat-3 option', { state: 'attached' });
  // Games as the lobby's form creates them: this browser keeps their
  // invitations and shows each with its link, Copy and New invitation.
  const made = await page.evaluate(async () => {
    const api = await import('/static/api.js');
    const bodies = [
      { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], me: 0, first: 0, seed: 5 },
      { game: 'lov', seats: ['human', 'human', 'human', 'human'], me: 0, seed: 6 },
      { game: 'bov', seats: ['human', 'human'], me: 0, seed: 7 },
      { game: 'lov', seats: ['human', 'human', 'faceless', 'ismcts'], me: 0, seed: 8 },
      { game: 'lov', seats: ['human', 'heuristic', 'random', 'ismcts'], mode: 'hotseat', seed: 9 },
    ];
    const out = [];
    for (const b of bodies) {
      const g = await api.postJson('/api/games', { lang: 'en', mode: 'network', ...b });
      api.rememberCreated(g.id, g.seats);
      out.push(g);
    }
    return out;
  });
  const [solo, open, battle, idle] = made;
  // One decision in the solo game: under way, with its last move.
  const moved = await fetch(`${at.server.base}/api/games/${solo.id}/decisions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${solo.seats[0].token}` },
    body: JSON.stringify({ version: 0, option: 0 }),
  });
  assert.equal(moved.status, 200, await moved.text());
  // A game left a week and more without a decision, as the server lists it
  // then (crates/server/tests/lobby.rs holds the server to the rule): the
  // lobby's own answer, that game's last move moved back 9 days.
  await page.route('**/api/games?*', async (route) => {
    const res = await route.fetch();
    const list = await res.json();
    for (const g of list) if (g.id === idle.id) Object.assign(g, { idle: true, last_move: g.last_move - 9 * 86400 });
    await route.fulfill({ response: res, json: list });
  });
  const statusOf = (/** @type {string} */ id) => page.locator(`#games tr[data-game="${id}"] .status-cell`).innerText();
  for (const lang of ['en', 'fr']) {
    for (const [width, height] of [
      [1366, 768],
      [1440, 900],
      [1280, 800],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(`${at.server.base}/?lang=${lang}`);
      await page.waitForSelector(`#games tr[data-game="${open.id}"] input.link-copy`);
      await page.waitForSelector(`#games tr[data-game="${battle.id}"] button.reinvite`);
      const look = await page.evaluate(() => {
        const panel = /** @type {HTMLElement} */ (document.getElementById('games')?.closest('.panel')).getBoundingClientRect();
        const outside = [...document.querySelectorAll('#games tr[data-game] :is(a, button, input)')]
          .map((e) => ({ e, box: e.getBoundingClientRect() }))
          .filter(({ box }) => box.left < panel.left - 0.5 || box.right > panel.right + 0.5)
          .map(({ e, box }) => `${e.closest('tr')?.getAttribute('data-game')} ${e.tagName} "${e.textContent || ''}" ${Math.round(box.left)}-${Math.round(box.right)}`);
        return {
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth,
          outside,
          watch: document.querySelectorAll('#games tr[data-game] a.watch').length,
        };
      });
      const where = `${lang} ${width}x${height}`;
      assert.ok(look.scrollWidth <= look.innerWidth, `${where}: the lobby is ${look.scrollWidth}px wide in ${look.innerWidth}px`);
      assert.deepEqual(look.outside, [], `${where}: every game's buttons lie within the panel`);
      assert.ok(look.watch >= made.length, `${where}: each game has its Watch (${look.watch})`);
    }
  }

  // The status words: under way with the last move, waiting for players
  // with none yet, and idle since the day of its last move, listed after
  // the live games under a heading of its own.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${at.server.base}/?lang=en`);
  await page.waitForSelector(`#games tr[data-game="${idle.id}"]`);
  assert.match(await statusOf(solo.id), /^under way\s+last move \d+ (second|minute)s? ago$/);
  assert.match(await statusOf(open.id), /^waiting for players\s+no move yet, set up \d+ (second|minute)s? ago$/);
  assert.match(await statusOf(idle.id), /^idle since \w{3} \d{1,2}(, \d{4})?$/);
  assert.doesNotMatch(await statusOf(idle.id), /under way/);
  const order = await page.evaluate(
    ([idleId, soloId]) => {
      const heading = /** @type {HTMLElement} */ (document.getElementById('idle-heading'));
      const row = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.querySelector(`#games tr[data-game="${id}"]`));
      const after = (/** @type {Node} */ a, /** @type {Node} */ b) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return { idleAfterHeading: after(heading, row(idleId)), liveBeforeHeading: after(row(soloId), heading), heading: heading.textContent };
    },
    [idle.id, solo.id],
  );
  assert.deepEqual(order, { idleAfterHeading: true, liveBeforeHeading: true, heading: 'Idle games: no decision for a week or more' });
  assert.deepEqual(await accessibility(page), [], 'axe-core on the lobby with games listed');
  // In Italian too.
  await page.goto(`${at.server.base}/?lang=it`);
  await page.waitForSelector(`#games tr[data-game="${idle.id}"]`);
  assert.match(await statusOf(solo.id), /^in corso\s+ultima mossa \d+ (secondi|secondo|minuti|minuto) fa$/);
  assert.match(await statusOf(idle.id), /^ferma, ultima mossa: \d{1,2} \w+/);
  assert.deepEqual(errors, []);
  await context.close();
});
