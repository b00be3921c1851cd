// Every kind of decision a battle offered, made at least once from the page:
// two battles at one screen (both sides played here), one a Pitched Battle
// between two dragon hosts with the three Monsters (Dragonriders mounting and
// dismounting, Monsters placed and bid for), one the Quest (units entering
// from Reserve, entry edges), the first on a shipped map with Dangerous
// terrain. At each question the page's choices are
// clicked, a kind not yet made first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catchErrors, rng, createGame, serverAndBrowser } from '../lib/harness.mjs';

const at = serverAndBrowser();

const LISTS = ['allaria_dragon_host', 'tyveria_dragon_host'];

/**
 * Plays a battle at one screen to its end (or `most` decisions); the kinds
 * offered and the kinds made.
 * @param {any} options @param {number} seed @param {number} most
 */
async function play(options, seed, most) {
  const game = await createGame(at.server, { game: 'bov', seats: ['human', 'human'], seed, mode: 'hotseat', options });
  const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${at.server.base}${game.link}`);
  await page.waitForSelector('#field .cloth');
  const random = rng(seed);
  const offered = new Set();
  const made = new Set();
  let decisions = 0;
  while (decisions < most) {
    const h = await page.waitForFunction(
      () => {
        if (document.body.dataset.status === 'over') return 'over';
        if (document.querySelector('#show-hand')) return 'cover';
        return document.querySelector('#choices button.choice:not([disabled])') && document.body.dataset.busy === 'false' ? 'choose' : false;
      },
      undefined,
      { timeout: 30000, polling: 50 },
    );
    const what = await h.jsonValue();
    if (what === 'over') break;
    if (what === 'cover') {
      await page.click('#show-hand');
      continue;
    }
    const buttons = await page.$$eval('#choices button.choice:not([disabled])', (bs) => bs.map((b) => ({ kind: b.getAttribute('data-kind') || '', index: Number(b.getAttribute('data-index')) })));
    for (const b of buttons) offered.add(b.kind);
    const fresh = buttons.filter((b) => !made.has(b.kind));
    const acts = buttons.filter((b) => b.kind !== 'Pass');
    const pool = fresh.length ? fresh : acts.length ? acts : buttons;
    const pick = pool[Math.floor(random() * pool.length)];
    const version = await page.evaluate(() => document.body.dataset.version);
    await page.click(`#choices button.choice[data-index="${pick.index}"]`);
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 30000 });
    if ((await page.evaluate(() => document.body.dataset.version)) !== version) {
      made.add(pick.kind);
      decisions += 1;
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
  return { offered, made, decisions };
}

test('every kind of decision a battle offers is made from the page', { timeout: 600000 }, async () => {
  const a = await play({ lists: LISTS, scenario: 'pitched_battle', map: 'river_crossing', monsters: ['ravine_troll', 'marsh_hydra', 'ravine_wyvern'] }, 12, 400);
  const b = await play({ lists: LISTS, scenario: 'quest' }, 13, 300);
  const offered = new Set([...a.offered, ...b.offered]);
  const made = new Set([...a.made, ...b.made]);
  console.log(`${a.decisions + b.decisions} decisions; made: ${[...made].sort().join(', ')}`);
  for (const k of offered) assert.ok(made.has(k), `${k} was offered and never made`);
  for (const k of ['PlaceObjective', 'TableEdge', 'Deploy', 'Activate', 'Pass', 'March', 'PlaceMonster', 'Bid', 'EntryEdge', 'Enter', 'DangerousTarget']) {
    assert.ok(made.has(k), `${k} made (made: ${[...made].join(', ')})`);
  }
});
