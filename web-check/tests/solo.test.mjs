// A solo game in the browser: create it in the lobby, play whole rounds by
// clicking the map, the hand and the status bar, reload the page in the
// middle of a round and go on, and play to the end. Takes the screenshots of
// docs/screenshots/ on the way (lobby, Planning, a combat; English and
// Italian).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { catchErrors, rng, settle, clickOne, lostClicks, SCREENSHOTS, accessibility, serverAndBrowser } from '../lib/harness.mjs';

const at = serverAndBrowser({ screenshots: true });

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

/** @param {import('playwright-core').Page} page @param {string} lang */
async function switchLang(page, lang) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l && document.body.dataset.status === 'playing', lang);
  await settle(page);
}

test('a solo game: rounds by clicking, a reload mid-round, to the end', { timeout: 240000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-GB' });
  const page = await context.newPage();
  catchErrors(page, errors);

  // The lobby, in English and in Italian.
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector('#seat-3 option', { state: 'attached' });
  assert.equal(await page.inputValue('#seat-0'), 'human');
  assert.equal(await page.inputValue('#seat-1'), 'faceless');
  await page.fill('#seed', '7');
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  await shot(page, 'lobby-en.png');
  // Each page, in each state looked at below, passes axe-core with no
  // serious or critical violation.
  const a11y = async (/** @type {string} */ where) => assert.deepEqual(await accessibility(page), [], `axe-core on ${where}`);
  await a11y('the lobby');
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  await page.waitForSelector('#create-button');
  assert.equal(await page.textContent('#create-button'), 'Crea la partita');
  await shot(page, 'lobby-it.png');
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');

  // The seat's link opens the table; the token leaves the visible address.
  const link = await page.getAttribute('a.seat-link', 'href');
  assert.match(link, /^\/play\/[^#]+#seat=0&token=[0-9a-f]{32}$/);
  await page.goto(`${at.server.base}${link}`);
  assert.equal(await settle(page), 'choose');
  assert.ok(!page.url().includes('token'), `the token stays out of the address: ${page.url()}`);
  assert.match(await page.title(), /Your turn/);
  const status = await page.textContent('#status-text');
  assert.ok(status && status.length > 3, `the status bar says what to do: ${status}`);

  const random = rng(20261126);
  let decisions = 0;
  const ways = { map: 0, card: 0, button: 0 };
  let planningShot = false;
  /** @type {false | 'seen' | 'asked'} */
  let combatShot = false;
  let reloaded = false;
  let tookBack = false;
  /** @type {string | null} */
  let previous = null;
  let followed = 0;
  let sinceShown = 0;
  const firstRound = Number(await page.evaluate(() => document.body.dataset.round));
  for (;;) {
    const state = await settle(page, 60000);
    if (state === 'over' || state === 'broken') {
      assert.equal(state, 'over');
      break;
    }
    const round = Number(await page.evaluate(() => document.body.dataset.round));
    // Planning with a few cards face down on the stack (or, failing that by
    // the third round, any Planning); a combat that asks this player
    // something (or, failing that, any question while combat dice show).
    const look = await page.evaluate(() => ({
      backs: document.querySelectorAll('#stack .card.back').length,
      playable: !!document.querySelector('#hand .card.pickable'),
      dice: !!document.querySelector('#dice .roll'),
      focus: !!document.querySelector('#map .region.focus'),
      ask: document.body.dataset.ask,
    }));
    if (!planningShot && look.playable && (look.backs >= 3 || (round >= 3 && look.backs >= 1))) {
      await shot(page, 'table-planning-en.png');
      await a11y('the table in Planning');
      assert.deepEqual(await page.$$eval('h1', (hs) => hs.map((h) => h.id)), ['round'], 'the table has one heading, the round line');
      await switchLang(page, 'it');
      await shot(page, 'table-planning-it.png');
      await switchLang(page, 'en');
      planningShot = true;
    }
    const combatAsk = ['target', 'defend', 'continue', 'lose', 'next_defender', 'retreat_to'].includes(look.ask);
    if (combatShot !== 'asked' && look.dice && look.focus && (combatAsk || !combatShot)) {
      await shot(page, 'table-combat-en.png');
      await a11y('the table in a combat');
      await switchLang(page, 'it');
      await shot(page, 'table-combat-it.png');
      await switchLang(page, 'en');
      combatShot = combatAsk ? 'asked' : 'seen';
    }
    // Reload in the middle of the second round: the table comes back where it was.
    if (!reloaded && round >= firstRound + 1 && decisions > 0) {
      const before = await page.evaluate(() => ({ v: document.body.dataset.version, n: Number(document.body.dataset.events), text: document.querySelector('#status-text')?.textContent }));
      await page.reload();
      assert.equal(await settle(page), 'choose');
      await page.waitForFunction((n) => Number(document.body.dataset.events) >= n, before.n);
      const back = await page.evaluate(() => ({ v: document.body.dataset.version, text: document.querySelector('#status-text')?.textContent }));
      assert.equal(back.v, before.v, 'the same game state after a reload');
      assert.equal(back.text, before.text, 'the same question after a reload');
      reloaded = true;
    }
    // Take back once when the table offers it: the question before the
    // last decision comes back.
    if (!tookBack && previous && (await page.$('#take-back'))) {
      const v = await page.evaluate(() => document.body.dataset.version);
      await page.click('#take-back');
      await page.waitForFunction((x) => document.body.dataset.version !== x, v);
      assert.equal(await settle(page), 'choose');
      assert.equal(await page.textContent('#status-text'), previous, 'the taken-back question is asked again');
      tookBack = true;
    }
    // After a decision, the next question says what happened since it.
    // (in the log beside the board on a wide screen, above the board on a narrow one)
    if (decisions > 0 && ((await page.$('#status-extra details.since li')) || (await page.$('#log li.since-start')))) sinceShown += 1;
    previous = await page.textContent('#status-text');
    ways[await clickOne(page, random)] += 1;
    decisions += 1;
    // The Faceless turns that follow are walked through on the board.
    if (await page.evaluate(() => !!document.querySelector('#log .following') && !!document.querySelector('#map .region.lit'))) followed += 1;
    assert.ok(decisions < 2000, 'the game ends');
  }
  const lastRound = Number(await page.evaluate(() => document.body.dataset.round));
  const outcome = await page.textContent('#status-text');
  console.log(`solo game: ${tookBack ? 'one take-back, ' : 'no take-back offered, '}${decisions} decisions by clicking (map ${ways.map}, cards ${ways.card}, buttons ${ways.button}), rounds ${firstRound}..${lastRound}; ${outcome}; clicks made again: ${lostClicks.count}`);
  assert.ok(reloaded, 'the page was reloaded mid-round');
  assert.ok(sinceShown > decisions / 2, `what happened since the last decision shown at ${sinceShown} of ${decisions} questions`);
  assert.ok(lastRound >= 2, 'complete rounds were played');
  assert.ok(ways.map > 0, 'some decisions were made on the map');
  assert.ok(followed > 0, "the others' moves were shown one by one on the board");
  assert.ok(planningShot, 'a Planning screenshot was taken');
  assert.ok(combatShot, 'a combat screenshot was taken');
  console.log(`combat screenshot: ${combatShot === 'asked' ? 'while the player is asked about the combat' : 'while combat dice show'}`);
  assert.ok(outcome && outcome.length > 0);
  assert.doesNotMatch(await page.title(), /Your turn/);
  // The end screen: who won and why, every seat's final Power, the winners
  // marked on their boards and in the tab's title, the replay at hand.
  await page.waitForSelector('#end:not([hidden]) #end-title');
  const end = await page.evaluate(() => ({
    title: document.querySelector('#end-title')?.textContent || '',
    why: document.querySelector('#end .end-why')?.textContent || '',
    rows: document.querySelectorAll('#end .end-scores:not(.end-rounds) tbody tr').length,
    marked: document.querySelectorAll('#end .end-scores:not(.end-rounds) tr.winner').length,
    // Each seat's final Power beside its Power at the end of each round.
    finals: [...document.querySelectorAll('#end .end-scores:not(.end-rounds) tbody tr')].map((r) => [r.getAttribute('data-seat'), r.querySelector('td.num')?.textContent?.split('/')[0]]),
    combats: [...document.querySelectorAll('#end .end-scores:not(.end-rounds) tbody tr td.combats')].map((d) => d.textContent || ''),
    ended: [...document.querySelectorAll('#log li')].map((li) => li.textContent || '').filter((l) => / (wins|loses) the combat in /.test(l)),
    byRound: [...document.querySelectorAll('#end-rounds tbody tr')].map((r) => [r.getAttribute('data-seat'), [...r.querySelectorAll('td')].map((d) => d.textContent)]),
    panels: document.querySelectorAll('#players .player.winner').length,
    tab: document.title,
    replay: document.querySelector('#end-replay')?.getAttribute('href') || '',
    top: window.scrollY,
    focused: document.activeElement?.id || '',
  }));
  // It comes into view at the top, however far down the player was.
  assert.equal(end.top, 0);
  assert.equal(end.focused, 'end-title');
  assert.match(end.title, /won|No one/, `the end says who won: ${end.title}`);
  assert.ok(end.why.length > 10, `and why: ${end.why}`);
  assert.equal(end.rows, 4, 'every seat\'s final Power');
  // Power round by round, told by the log, ends on the Power the board shows.
  assert.equal(end.byRound.length, 4, 'a row of Power by round for every seat');
  for (const [seat, power] of end.finals) {
    const row = end.byRound.find(([s]) => s === seat);
    assert.ok(row && row[1].length >= lastRound, `seat ${seat}: ${row?.[1].length} rounds told, ${lastRound} played`);
    assert.equal(row?.[1][row[1].length - 1], power, `seat ${seat}'s Power at the end`);
  }
  // Combats won of those fought (LoV p.12-13): the log says how each ended;
  // one the attacker lost is its last defender's, unless that was the
  // neutral Units.
  const counts = end.combats.map((c) => (c.match(/^(\d+) of (\d+)$/) || []).slice(1).map(Number));
  assert.equal(counts.filter((c) => c.length === 2).length, 4, `combats won, for every seat: ${end.combats.join(', ')}`);
  const attackersWon = end.ended.filter((l) => / wins the combat in /.test(l)).length;
  const seatsWon = counts.reduce((n, [w]) => n + w, 0);
  assert.ok(end.ended.length > 0, 'the game had combats');
  assert.ok(attackersWon <= seatsWon && seatsWon <= end.ended.length, `${seatsWon} won by seats, ${attackersWon} of ${end.ended.length} by their attacker`);
  assert.ok(counts.every(([w, f]) => w <= f), end.combats.join(', '));
  assert.ok(counts.reduce((n, [, f]) => n + f, 0) >= end.ended.length, 'every combat was fought by its attacker');
  console.log(`combats: ${end.combats.join(', ')}; ${end.ended.length} ended in the log`);
  assert.equal(end.marked, end.panels, 'the winners marked in the scores and on their boards');
  assert.ok(end.title.startsWith('No one') || end.marked >= 1, 'a winner is marked');
  assert.ok(end.tab.startsWith(end.title), `the tab's title says it too: ${end.tab}`);
  assert.match(end.replay, /^\/replay\//);
  console.log(`end screen: ${end.title}; ${end.why}`);
  await shot(page, 'end-en.png');
  await a11y('the table at the end');
  // The finished game can be replayed and downloaded.
  const id = page.url().split('/play/')[1].split(/[?#]/)[0];
  await page.click('a[href^="/replay/"]');
  await page.waitForFunction(() => document.querySelector('#step-text')?.textContent?.length);
  await page.click('#next');
  await page.waitForFunction(() => location.hash === '#k=1');
  await a11y('the replay');
  const record = await page.evaluate(async (u) => (await fetch(u)).json(), `/api/games/${id}/record`);
  assert.ok(Array.isArray(record.decisions) && record.decisions.length > 0, 'the record holds the decisions');
  // The lobby keeps the finished game, with its replay.
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector(`#finished tr[data-game="${id}"] a.replay-link`);
  assert.deepEqual(await accessibility(page), [], 'axe-core on the lobby with a finished game');
  assert.deepEqual(errors, []);
  await context.close();
});
