// Battles of Valerna between two people, each in their own browser, with a
// spectator watching: neither side's page, DOM or frames ever hold the
// other side's Vaala cards (BoV 5.1, "Vaala Cards": the opponent knows only
// how many), the spectator sees neither hand, and a page reloaded
// mid-battle goes on. Then the same at one screen (hot seat): each hand is
// covered until its side asks. Then the replay of the battle. Last, a
// battle set up in the lobby on a map file of one's own, and the table on
// a phone.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catchErrors, record, rng, createGame, accessibility, serverAndBrowser, pressChoice, SCREENSHOTS } from '../lib/harness.mjs';
import { hotseatTable } from '../lib/bov.mjs';

const at = serverAndBrowser();

/** Each side's Vaala cards, as [id, name] (the pack's). */
const HANDS = [
  [['wind_step', 'Wind Step'], ['veil_of_mist', 'Veil of Mist'], ['mending_light', 'Mending Light']],
  [['sapping_curse', 'Sapping Curse'], ['binding_roots', 'Binding Roots']],
];
const OPTIONS = { lists: ['allaria_guild_line', 'tyveria_dragon_host'], scenario: 'pitched_battle', battlefield: 'standard4x3' };

/** Whether the page offers choices now. @param {import('playwright-core').Page} page */
const ready = (page) => page.evaluate(() => !!document.querySelector('#choices button.choice:not([disabled])') && document.body.dataset.busy === 'false');

/** Clicks one of the choices offered (not Pass where there is another) and waits for the table to move on. @param {import('playwright-core').Page} page @param {() => number} random */
async function clickChoice(page, random) {
  const version = await page.evaluate(() => document.body.dataset.version);
  const buttons = await page.$$eval('#choices button.choice:not([disabled])', (bs) => bs.map((b) => ({ kind: b.getAttribute('data-kind'), index: Number(b.getAttribute('data-index')) })));
  if (!buttons.length) return false;
  const acts = buttons.filter((b) => b.kind !== 'Pass');
  const pool = acts.length ? acts : buttons;
  const pick = pool[Math.floor(random() * pool.length)];
  await pressChoice(page, pick.index);
  await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 20000 });
  return true;
}

/** The Vaala cards a side played (named in the log when played). @param {import('playwright-core').Page} page */
async function played(page) {
  return page.evaluate(() => [...document.querySelectorAll('#log li')].map((l) => l.textContent || '').filter((t) => /Vaala card/.test(t)).join('\n'));
}

test('two browsers and a spectator: no page holds the other side’s Vaala cards', { timeout: 600000 }, async () => {
  const game = await createGame(at.server, { game: 'bov', seats: ['human', 'human'], seed: 3, mode: 'network', me: 0, options: OPTIONS });
  const errors = [];
  const contexts = [];
  const pages = [];
  const recorders = [];
  for (const link of [game.seats[0].link, game.seats[1].link, `/play/${game.id}#spectate`]) {
    const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const rec = record(context);
    const page = await context.newPage();
    catchErrors(page, errors);
    await page.goto(`${at.server.base}${link}`);
    await page.waitForSelector('#field .cloth');
    contexts.push(context);
    pages.push(page);
    recorders.push(rec);
  }
  // Each side holds its own cards; the spectator none.
  const hand = (/** @type {import('playwright-core').Page} */ p) => p.evaluate(() => /** @type {any} */ (window).__bov.state()?.view?.hand || []);
  assert.deepEqual((await hand(pages[0])).sort(), ['mending_light', 'veil_of_mist', 'wind_step']);
  assert.deepEqual((await hand(pages[1])).sort(), ['binding_roots', 'sapping_curse']);
  assert.deepEqual(await hand(pages[2]), []);
  assert.deepEqual(await accessibility(pages[2]), [], 'axe-core on the spectator page');

  const random = rng(5);
  let decisions = 0;
  let reloaded = false;
  for (let step = 0; step < 4000 && decisions < 160; step++) {
    if ((await pages[0].evaluate(() => document.body.dataset.status)) === 'over') break;
    let moved = false;
    for (const s of [0, 1]) {
      if (await ready(pages[s])) {
        moved = (await clickChoice(pages[s], random)) || moved;
        decisions += 1;
      }
    }
    // A reload mid-battle: the page comes back to its seat and goes on.
    if (!reloaded && decisions >= 60) {
      await pages[0].reload();
      await pages[0].waitForSelector('#field .cloth');
      await pages[0].waitForFunction(() => /** @type {any} */ (window).__bov.state()?.view?.seat === 0);
      reloaded = true;
    }
    if (!moved) await pages[0].waitForTimeout(30);
  }
  assert.ok(decisions >= 60, `${decisions} decisions by clicking`);
  assert.ok(reloaded);

  // Search everything each page received: the cards of the other side it
  // never saw played are in none of it.
  const log = await played(pages[0]);
  let unplayed = 0;
  for (const [viewer, others] of [[0, [1]], [1, [0]], [2, [0, 1]]]) {
    const got = (await recorders[viewer].all()).filter((r) => r.kind === 'ws' || /\/api\/games\//.test(r.url));
    const dom = await pages[viewer].content();
    for (const o of others) {
      for (const [id, name] of HANDS[o]) {
        // Played, a card is named at the table.
        if (log.includes(name)) continue;
        for (const word of [id, name]) {
          for (const r of got) assert.ok(!r.text.includes(word), `page ${viewer} received ${word} of side ${o}: ${r.url} ${r.text.slice(0, 200)}`);
          assert.ok(!dom.includes(word), `page ${viewer} shows ${word} of side ${o}`);
        }
        unplayed += 1;
      }
    }
    console.log(`page ${viewer}: ${got.length} frames and bodies searched`);
  }
  assert.ok(unplayed >= 2, `${unplayed} cards never played were searched for`);
  // A side may not try, nor decide, for the other.
  const tried = await pages[0].evaluate(async ([id]) => {
    const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws`);
    return new Promise((resolve) => {
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: null }));
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data));
        if (m.type === 'state') ws.send(JSON.stringify({ type: 'try', version: m.version, seq: 1, decision: 'Pass' }));
        else if (m.type === 'tried' || m.type === 'error') resolve(m);
      };
    });
  }, [game.id]);
  assert.equal(/** @type {any} */ (tried).error, 'no_token', 'a spectator may not try');
  assert.deepEqual(errors, []);
  for (const c of contexts) await c.close();
});

test('a battle at one screen: each hand covered until its side asks', { timeout: 300000 }, async () => {
  const { context, page, errors } = await hotseatTable(at, OPTIONS, 8, { width: 1280, height: 900 });
  const random = rng(9);
  let covers = 0;
  let decisions = 0;
  for (let step = 0; step < 600 && decisions < 40; step++) {
    const cover = await page.$('#show-hand');
    if (cover) {
      // Covered: no hand, no choice on the page.
      assert.equal(await page.$('.vaala-card'), null, 'the hand is covered');
      assert.equal(await page.$('#choices button.choice'), null, 'the choices are covered');
      await cover.click();
      covers += 1;
      continue;
    }
    if (await ready(page)) {
      await clickChoice(page, random);
      decisions += 1;
    } else await page.waitForTimeout(30);
  }
  assert.ok(covers >= 2, `the screen was passed ${covers} times`);
  assert.ok(decisions >= 40);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a map file of one’s own in the lobby: a broken one refused by name, a good one played on', { timeout: 120000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector('#seat-3 option', { state: 'attached' });
  await page.check('#game-bov');
  await page.waitForSelector('#terrain-map option[value="(own)"]', { state: 'attached' });
  await page.selectOption('#terrain-map', '(own)');
  assert.equal(await page.isHidden('#map-file'), false, 'the file chooser shows');
  await page.setInputFiles('#map-file', { name: 'broken.ron', mimeType: 'text/plain', buffer: Buffer.from('(battlefield: Standard4x3, terrain: [(name: "Rock", outline: [], kinds: [NoSuchKind])])') });
  await page.click('#create-button');
  await page.waitForFunction(() => document.querySelector('#create-error')?.textContent);
  assert.match(await page.textContent('#create-error'), /options\.map/, 'the refusal names the map');
  // The shipped Hill Pass, as a file of one's own: its pieces on the table.
  const text = fs.readFileSync(new URL('../../content/bov/maps/hill_pass.ron', import.meta.url), 'utf8');
  await page.setInputFiles('#map-file', { name: 'mine.ron', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  await page.click('a.seat-link');
  await page.waitForSelector('#field .cloth');
  const pieces = (text.match(/name:/g) || []).length;
  assert.equal(await page.$$eval('#field g.terrain', (g) => g.length), pieces, `the map's ${pieces} pieces are drawn`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone (390x844): nothing scrolls sideways, no option hides in a scroll box, two fingers zoom', { timeout: 120000 }, async () => {
  const errors = [];
  const game = await createGame(at.server, { game: 'bov', seats: ['human', 'human'], seed: 4, mode: 'hotseat', options: OPTIONS });
  const context = await at.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-GB' });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}${game.link}`);
  await page.waitForSelector('#field .cloth');
  if (await page.$('#show-hand')) await page.click('#show-hand');
  await page.waitForSelector('#choices button.choice');
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(await sideways(), 0, 'the table does not scroll sideways');
  // Every option in sight of the page's own scroll: none hides in a small
  // scroll box of its own.
  const hidden = await page.evaluate(() => ['#status', '#choices'].filter((s) => {
    const e = /** @type {HTMLElement} */ (document.querySelector(s));
    return e.scrollHeight > e.clientHeight + 1;
  }));
  assert.deepEqual(hidden, [], 'no option hides in a scroll box');
  assert.deepEqual(await accessibility(page), [], 'axe-core on the phone battle at its set-up');
  // Set up by the first suggestions until the first turn.
  for (let i = 0; i < 60 && (await page.evaluate(() => document.body.dataset.ask)) !== 'turn'; i++) {
    if (await page.$('#show-hand')) await page.click('#show-hand');
    const version = await page.evaluate(() => document.body.dataset.version);
    await pressChoice(page, Number(await page.getAttribute('#choices button.choice', 'data-index')));
    await page.waitForFunction((v) => document.body.dataset.version !== v && document.body.dataset.busy === 'false', version);
    await page.waitForFunction(() => document.querySelector('#show-hand') || document.querySelector('#choices button.choice:not([disabled])'));
  }
  assert.equal(await sideways(), 0, 'the battle does not scroll sideways');
  // A unit activated: the march hint names no key on a touch screen.
  {
    let pick = '#choices button.choice[data-kind="Activate"]';
    // A reaction to the activation (a card in hand) comes first: the
    // first choice answers it.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.body.dataset.ask)) !== 'action'; i++) {
      if (await page.$('#show-hand')) await page.click('#show-hand');
      const version = await page.evaluate(() => document.body.dataset.version);
      await pressChoice(page, Number(await page.getAttribute(pick, 'data-index')));
      await page.waitForFunction((v) => document.body.dataset.version !== v && document.body.dataset.busy === 'false', version);
      await page.waitForFunction(() => document.querySelector('#show-hand') || document.querySelector('#choices button.choice:not([disabled])'));
      pick = '#choices button.choice';
    }
    await page.waitForFunction(() => document.body.dataset.ask === 'action' && document.querySelector('#status-text .hint'));
    const hint = (await page.textContent('#status-text .hint')) || '';
    assert.match(hint, /Drag the unit to march it/);
    assert.doesNotMatch(hint, /Space|Backspace/, `no keys on a touch screen: ${hint}`);
    assert.deepEqual(await accessibility(page), [], 'axe-core on the phone battle, a unit to act');
  }
  // Two fingers spread apart over a unit: the table zooms in about them.
  const box = await page.$eval('#field g.unit circle', (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const cdp = await context.newCDPSession(page);
  const touch = (/** @type {string} */ type, /** @type {number} */ d) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: box.x - d, y: box.y, id: 1 }, { x: box.x + d, y: box.y, id: 2 }] });
  await touch('touchStart', 20);
  for (const d of [30, 45, 60, 80]) await touch('touchMove', d);
  await touch('touchEnd', 0);
  const zoom = Number(await page.evaluate(() => document.getElementById('field')?.dataset.zoom));
  assert.ok(zoom > 2, `two fingers spread zoom in (zoom ${zoom})`);
  assert.equal(await sideways(), 0, 'zoomed, the page still does not scroll sideways');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-phone-en.png') });
  // The battlefield, the sides and the log: each one tap away.
  const seen = () => page.evaluate(() => ['#field', '#sides', '#log'].filter((s) => {
    const e = document.querySelector(s);
    return !!e && e.getBoundingClientRect().height > 0;
  }));
  assert.deepEqual(await seen(), ['#field'], 'the battlefield first');
  await page.click('nav.phone-tabs button[data-view="log"]');
  assert.deepEqual(await seen(), ['#log'], 'one tap: the log');
  await page.click('nav.phone-tabs button[data-view="side"]');
  assert.deepEqual(await seen(), ['#sides'], 'one tap: the sides');
  await page.click('nav.phone-tabs button[data-view="main"]');
  assert.deepEqual(await seen(), ['#field'], 'one tap: the battlefield again');
  assert.deepEqual(errors, []);
  await context.close();
});
