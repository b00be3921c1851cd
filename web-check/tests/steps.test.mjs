// Others' moves played back on the board (the Faceless, bots, people): the
// board passes through the state after each event, a move's arrow drawn
// from region to region and the dice shown as they fall, and the playback
// ends on the state the server sent, the log's newest line in view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { catchErrors, settle, clickOne, rng, accessibility, serverAndBrowser, createGame, finishedGame, SCREENSHOTS } from '../lib/harness.mjs';
import { boardsThrough, sameBoard, boardDiff } from '../../crates/server/web/lov/steps.js';

const at = serverAndBrowser({ screenshots: true });

/** A game of bots and the Faceless, played to its end. @param {number} seed */
const finished = (seed) => finishedGame(at.server, { game: 'lov', seats: ['random', 'heuristic', 'faceless', 'random'], seed });

test('the events between two states lead from the one board to the other', { timeout: 280000 }, async () => {
  const base = at.server.base;
  let steps = 0;
  const kinds = new Set();
  for (const seed of [3, 12]) {
    const game = await finished(seed);
    const record = await (await fetch(`${base}/api/games/${game.id}/record`)).json();
    const total = record.decisions.length;
    let before = await (await fetch(`${base}/api/games/${game.id}/at/0`)).json();
    for (let k = 1; k <= total; k++) {
      const after = await (await fetch(`${base}/api/games/${game.id}/at/${k}`)).json();
      const events = after.events.slice(before.events.length);
      for (const e of events) kinds.add(e.event.kind);
      const boards = boardsThrough(before.view, events);
      const last = boards.length ? boards[boards.length - 1] : before.view;
      assert.ok(sameBoard(last, after.view), `game ${seed}, decision ${k}: ${events.map((e) => e.event.kind).join(', ')}\n${boardDiff(last, after.view)}`);
      steps += 1;
      before = after;
    }
  }
  // Whole games: moves, combats, losses and Power went through the walk.
  for (const kind of ['force_moved', 'dragon_moved', 'unit_lost', 'power_collected', 'units_placed']) assert.ok(kinds.has(kind), `${kind} among ${[...kinds].join(', ')}`);
  assert.ok(steps > 100, `${steps} decisions`);
});

test('a Faceless turn is played back on the board, every step of it, and ends on the state sent', { timeout: 400000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  const game = await createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], me: 0, seed: 21 });
  await page.goto(`${at.server.base}${game.seats[0].link}`);
  /** The board as the map names it, region by region. */
  const mapNow = () => page.$$eval('#map .region', (gs) => gs.map((g) => g.getAttribute('aria-label') || g.querySelector('title')?.textContent || '').join('|'));
  let played = null;
  /** The longest playback, in steps; every step that moved or touched a region was played back. */
  let longest = 0;
  let from = -1;
  for (let i = 0; i < 120 && !(played && longest > 8); i++) {
    assert.equal(await settle(page, 60000), 'choose');
    if (from >= 0) {
      await page.waitForFunction(() => !document.body.dataset.walk && !document.querySelector('#log .following'), undefined, { timeout: 60000 });
      const walked = await page.evaluate((k) => {
        const lov = /** @type {any} */ (window).__lov;
        // The regions an event touches, as the table lights them (lov/panels.js, `regionsOf`).
        const touches = (/** @type {any} */ ev) => typeof ev?.region === 'number' || ['force_moved', 'dragon_moved', 'retreated'].includes(ev?.kind) || (ev?.kind === 'revealed' && String(ev.card?.kind).toLowerCase() === 'region');
        const expected = lov.log().map((/** @type {any} */ ev, /** @type {number} */ n) => (n >= k && touches(ev) ? n : -1)).filter((/** @type {number} */ n) => n >= 0);
        return { expected: expected.length, missed: expected.filter((/** @type {number} */ n) => !lov.followed.includes(n)) };
      }, from);
      assert.deepEqual(walked.missed, [], `every step since log line ${from} was played back`);
      longest = Math.max(longest, walked.expected);
    }
    const start = await mapNow();
    from = await page.evaluate(() => /** @type {any} */ (window).__lov.log().length);
    await page.click('#choices button.choice');
    // Watch the board while the others' moves play back.
    /** @type {Set<string>} */
    const boards = new Set();
    let arrows = 0;
    let walked = 0;
    let shot = false;
    for (let n = 0; n < 80; n++) {
      const seen = await page.evaluate(() => ({ walk: document.body.dataset.walk || '', arrow: !!document.querySelector('#map .move-arrow') }));
      if (seen.walk) {
        walked += 1;
        boards.add(await mapNow());
        if (seen.arrow) {
          arrows += 1;
          if (!shot) {
            await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-playback-en.png') });
            shot = true;
          }
        }
      } else if (walked) break;
      await page.waitForTimeout(120);
    }
    if (walked && arrows && boards.size >= 2) played = { start, boards, arrows };
  }
  assert.ok(played, 'a walk through others\' moves with a move in it, within 120 decisions');
  console.log(`the longest playback: ${longest} steps, each shown`);
  assert.ok(longest > 8, `a long run of the others' moves played back whole (${longest} steps at most)`);
  // The board passed through states other than the first.
  assert.ok([...played.boards].some((b) => b !== played.start), 'an intermediate board');
  // The playback ends on the board the server sent: a fresh page shows the same.
  await page.waitForFunction(() => !document.body.dataset.walk && !document.querySelector('#log .following'));
  const ended = await mapNow();
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await settle(fresh, 60000);
  assert.equal(ended, await fresh.$$eval('#map .region', (gs) => gs.map((g) => g.getAttribute('aria-label') || g.querySelector('title')?.textContent || '').join('|')));
  await fresh.close();
  // The log's newest line is in view beside the board.
  const seen = await page.evaluate(() => {
    const box = /** @type {HTMLElement} */ (document.getElementById('log'));
    const last = /** @type {HTMLElement} */ (box.lastElementChild);
    const b = box.getBoundingClientRect();
    const l = last.getBoundingClientRect();
    return { inBox: l.bottom <= b.bottom + 1 && l.top >= b.top - 1, onScreen: b.top < innerHeight && b.bottom > 0 && b.left < innerWidth };
  });
  assert.deepEqual(seen, { inBox: true, onScreen: true });
  assert.deepEqual(await accessibility(page), [], 'axe-core after a playback');
  // A playback may be skipped: the board then stands as the game does.
  let skipped = false;
  for (let i = 0; i < 20 && !skipped; i++) {
    assert.equal(await settle(page, 60000), 'choose');
    await page.click('#choices button.choice');
    const skip = await page.waitForSelector('#skip-playback', { timeout: 5000 }).catch(() => null);
    if (!skip) continue;
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.body.dataset.walk && !document.querySelector('#log .following') && !document.querySelector('#skip-playback'), undefined, { timeout: 2000 });
    skipped = true;
  }
  assert.ok(skipped, 'a playback was skipped by Escape');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move is given in one step: the counts of each Unit type and the General, one click', { timeout: 200000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  const game = await createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], me: 0, seed: 8 });
  await page.goto(`${at.server.base}${game.seats[0].link}`);
  const random = rng(8);
  let moved = null;
  for (let i = 0; i < 200 && !moved; i++) {
    assert.equal(await settle(page, 60000), 'choose');
    const form = await page.$('#move-form');
    if (!form) {
      await clickOne(page, random);
      continue;
    }
    // All of the first Unit type, none of the others, the General stays.
    const inputs = await page.$$eval('#move-form input[type=number]', (xs) => xs.map((x) => ({ id: x.id, unit: Number(/** @type {HTMLInputElement} */ (x).dataset.unit), max: Number(/** @type {HTMLInputElement} */ (x).max) })));
    assert.ok(inputs.length >= 1);
    const units = [0, 0, 0];
    for (const [k, input] of inputs.entries()) {
      const n = k === 0 ? input.max : 0;
      units[input.unit] = n;
      await page.fill(`#${input.id}`, String(n));
    }
    if (await page.$('#move-general')) await page.uncheck('#move-general');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-move-form-en.png') });
    const version = Number(await page.evaluate(() => document.body.dataset.version));
    const before = await page.evaluate(() => document.body.dataset.events);
    await page.click('#move-go');
    // Every question of that move answered by the page: the next one asked
    // of the person is another.
    await page.waitForFunction(
      (v) => Number(document.body.dataset.version) > v && !['move_count', 'move_general'].includes(document.body.dataset.ask || '') && document.body.dataset.busy === 'false',
      version,
      { timeout: 30000 },
    );
    moved = { units, version, before: Number(before) };
  }
  assert.ok(moved, 'a move within 200 decisions');
  // The server moved what the form said.
  const token = game.seats[0].token;
  const events = (await (await fetch(`${at.server.base}/api/games/${game.id}/events?from=0`, { headers: { Authorization: `Bearer ${token}` } })).json()).events;
  const move = events.slice(moved.before).find((/** @type {any} */ e) => e.event.kind === 'force_moved' && e.event.seat === 0);
  assert.ok(move, 'a force_moved event after the form');
  assert.deepEqual(move.event.units, moved.units);
  assert.equal(move.event.general, false);
  assert.deepEqual(await accessibility(page), [], 'axe-core after a move');
  assert.deepEqual(errors, []);
  await context.close();
});
