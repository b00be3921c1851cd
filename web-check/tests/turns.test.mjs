// A finished game weighed in its replay: the chart of where it turned (each
// seat's estimated chance to win after every decision, one line a seat, and
// the three decisions that moved it most, each opening its step), and the
// search bot's hint at a step beside what was chosen there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { catchErrors, accessibility, serverAndBrowser, createGame, finishedGame, SCREENSHOTS } from '../lib/harness.mjs';

// A debug build searches slowly: few iterations a step keep the chart quick.
const at = serverAndBrowser({ screenshots: true, serve: ['--turn-iterations', '100', '--ismcts-iterations', '100'] });

/** A game of bots and the Faceless, played to its end. @param {number} seed */
const finished = (seed) => finishedGame(at.server, { game: 'lov', seats: ['random', 'heuristic', 'faceless', 'random'], seed });

test('a replay shows where the game turned and the hint of each step', { timeout: 280000 }, async () => {
  const base = at.server.base;
  // The search that weighs a game is seeded by the game's id: a game whose
  // three turning decisions are all another seat's swing names no cause,
  // so the next seed is played until one does (rarely more than one).
  let game = null;
  let turns = null;
  for (const seed of [6, 7, 8, 9]) {
    game = await finished(seed);
    turns = await (await fetch(`${base}/api/games/${game.id}/turns`)).json();
    assert.equal(turns.turning.length, 3, JSON.stringify(turns.turning));
    if (turns.turning.some((/** @type {any} */ t) => t.cause)) break;
  }

  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${base}/replay/${game.id}`);
  await page.waitForFunction(() => document.body.dataset.turns === 'ready', null, { timeout: 120000 });
  const shown = await page.evaluate(() => ({
    lines: [...document.querySelectorAll('.turns-chart polyline')].map((l) => l.getAttribute('points')?.split(' ').length),
    links: [...document.querySelectorAll('#turns-list a')].map((a) => ({ k: Number(a.getAttribute('data-k')), text: a.textContent || '' })),
    causes: [...document.querySelectorAll('#turns-list .turns-cause')].map((p) => p.textContent || ''),
    label: document.querySelector('.turns-chart')?.getAttribute('aria-label'),
  }));
  // One line a seat, a point a step.
  assert.deepEqual(shown.lines, [0, 1, 2, 3].map(() => turns.steps.length));
  assert.ok(shown.label);
  // The turning decisions, as the server weighed them, largest first.
  assert.deepEqual(
    shown.links.map((l) => l.k),
    turns.turning.map((/** @type {any} */ t) => t.k),
  );
  for (const [i, l] of shown.links.entries()) {
    assert.ok(l.text.includes(turns.turning[i].label), `${l.text} names ${turns.turning[i].label}`);
    assert.match(l.text, /[+−]\d+%/);
    // Its cause: the deciding seat's chance before and after, and what
    // moved it, the decision itself or what followed it in the log's words.
    const turn = turns.turning[i];
    const cause = shown.causes[i];
    assert.match(cause, /\d+% → \d+%/, cause);
    if (turn.cause === 'decision') assert.match(cause, /the decision itself: \d+% expected right after it/, cause);
    else if (turn.cause === 'what_followed' && turn.followed.length) assert.ok(cause.includes(`what followed it: ${turn.followed[0]}`), cause);
    // Nothing told to the table before the next question: the swing came
    // with the decisions after it.
    else if (turn.cause === 'what_followed') assert.match(cause, /what followed it: the decisions after it, with nothing told to the table between \(\d+% expected right after this one\)/, cause);
    else if (turn.followed.length) assert.ok(cause.includes(`then: ${turn.followed[0]}`), cause);
  }
  assert.ok(turns.turning.some((/** @type {any} */ t) => t.cause), 'a swing put down to its cause');
  assert.deepEqual(await accessibility(page), [], 'axe-core on the replay with its chart');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-turns-en.png') });

  // A turning decision opens its step: the question asked there (one the
  // search could weigh: not every question deep in a card's resolution).
  const nth = turns.turning.findIndex((/** @type {any} */ t) => turns.steps[t.k].weighed);
  assert.ok(nth >= 0, 'a turning decision at a weighed step');
  const first = turns.turning[nth];
  await page.click(`#turns-list li:nth-child(${nth + 1}) a`);
  await page.waitForFunction((k) => location.hash === `#k=${k}`, first.k);
  const at0 = await (await fetch(`${base}/api/games/${game.id}/at/${first.k}`)).json();
  await page.waitForFunction((k) => document.getElementById('step-text')?.textContent?.includes(String(k)), first.k);
  assert.equal(at0.question.seat, first.seat);

  // The hint of that step: the search bot's choice and what was chosen.
  await page.click('#step-hint-button');
  await page.waitForSelector('#hint-best', { timeout: 60000 });
  const hint = await page.evaluate(() => ({
    best: document.querySelector('#hint-best')?.textContent || '',
    chosen: document.querySelector('#hint-chosen')?.textContent || '',
    items: document.querySelectorAll('.step-hint .hint-list li').length,
    marked: document.querySelectorAll('.step-hint .hint-list li.chosen').length,
  }));
  assert.ok(hint.best.length > 0 && hint.items >= 1, JSON.stringify(hint));
  assert.equal(hint.marked, 1, 'the option chosen at the table is marked');
  assert.ok(hint.chosen.includes(first.label), `${hint.chosen} names ${first.label}`);
  assert.deepEqual(await accessibility(page), [], 'axe-core with a step weighed');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-replay-hint-en.png') });

  // A click on the chart opens the step under it.
  const box = await page.$eval('.turns-chart', (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
  await page.mouse.click(box.x + box.w - 1, box.y + box.h / 2);
  const last = turns.steps.length - 1;
  await page.waitForFunction((k) => location.hash === `#k=${k}`, last);
  // The last step asks nothing: no hint is offered.
  assert.equal(await page.$$eval('#step-hint-button', (b) => b.length), 0);

  // A deciding seat's own swing after which nothing was told to the table
  // before the next question (the server's answer, its first turning
  // decision made so): the swing is put down to the decisions after it.
  await page.route(/\/turns(\?|$)/, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const t0 = body.turning[0];
    Object.assign(t0, { mover: t0.seat, cause: 'what_followed', followed: [], expected: t0.before[t0.seat] });
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`${base}/replay/${game.id}`);
  await page.waitForFunction(() => document.body.dataset.turns === 'ready', null, { timeout: 120000 });
  const quiet = await page.textContent('#turns-list li:first-child .turns-cause');
  assert.match(quiet || '', /what followed it: the decisions after it, with nothing told to the table between \(\d+% expected right after this one\)$/, quiet || '');
  assert.deepEqual(errors, []);
  await context.close();
});
