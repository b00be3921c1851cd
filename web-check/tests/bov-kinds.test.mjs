// Every kind of decision the engine has, made at least once from the page:
// five battles at one screen (both sides played here): a Pitched Battle
// between two dragon hosts with the three Monsters (Monsters placed and bid
// for) on a shipped map with Dangerous terrain; the Quest (units entering
// from Reserve, entry edges); and three on the small table, the Guild Line
// against Tyveria's host (a rider mounting again, markers chosen at the end
// of a round, an Opportunity Attack split between a Mount and its rider, a
// fallen Giant's target). At each question the page's choices are clicked,
// a kind not yet made first, with the same random stream as
// `crates/bov/tests/decision_kinds.rs`, which plays these battles in the
// engine and says which seeds to use when the rules or the content change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng, serverAndBrowser, pressChoice } from '../lib/harness.mjs';
import { hotseatTable, nextAsk } from '../lib/bov.mjs';

const at = serverAndBrowser();

const LISTS = ['allaria_dragon_host', 'tyveria_dragon_host'];

/**
 * Plays a battle at one screen to its end (or `most` decisions); the kinds
 * offered and the kinds made.
 * @param {any} options @param {number} seed @param {number} most
 */
async function play(options, seed, most) {
  const { context, page, errors } = await hotseatTable(at, options, seed, { width: 1280, height: 900 });
  const random = rng(seed);
  const offered = new Set();
  const made = new Set();
  let decisions = 0;
  while (decisions < most) {
    const what = await nextAsk(page);
    if (what === 'over') break;
    if (what === 'cover') {
      // A cover the page lifts itself (a window with nothing to answer) may be gone already.
      await page.click('#show-hand', { timeout: 2000 }).catch(() => {});
      continue;
    }
    // In the engine's order (the page groups them by kind).
    const buttons = (await page.$$eval('#choices button.choice:not([disabled])', (bs) => bs.map((b) => ({ kind: b.getAttribute('data-kind') || '', index: Number(b.getAttribute('data-index')), label: b.textContent || '' })))).sort((a, b) => a.index - b.index);
    // Every option reads apart from the others.
    const labels = buttons.map((b) => b.label);
    assert.equal(new Set(labels).size, labels.length, `two options read alike: ${labels.join(' | ')}`);
    for (const b of buttons) offered.add(b.kind);
    const fresh = buttons.filter((b) => !made.has(b.kind));
    const acts = buttons.filter((b) => b.kind !== 'Pass');
    const pool = fresh.length ? fresh : acts.length ? acts : buttons;
    const pick = pool[Math.floor(random() * pool.length)];
    const version = await page.evaluate(() => document.body.dataset.version);
    await pressChoice(page, pick.index);
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

test('every kind of decision a battle offers is made from the page', { timeout: 900000 }, async () => {
  const small = { lists: ['allaria_guild_line', 'tyveria_dragon_host'], scenario: 'pitched_battle', battlefield: 'small2x1' };
  const runs = [
    await play({ lists: LISTS, scenario: 'pitched_battle', map: 'river_crossing', monsters: ['ravine_troll', 'marsh_hydra', 'ravine_wyvern'] }, 12, 400),
    await play({ lists: LISTS, scenario: 'quest' }, 13, 300),
    await play(small, 146, 300),
    await play(small, 92, 300),
    await play(small, 35, 300),
  ];
  const offered = new Set(runs.flatMap((r) => [...r.offered]));
  const made = new Set(runs.flatMap((r) => [...r.made]));
  console.log(`${runs.map((r) => r.decisions).join(' + ')} decisions; made ${made.size}: ${[...made].sort().join(', ')}`);
  for (const k of offered) assert.ok(made.has(k), `${k} was offered and never made`);
  // Every variant of the engine's Decision (crates/bov/src/battle/mod.rs).
  const EVERY = ['Deploy', 'Pass', 'Activate', 'March', 'Attack', 'Charge', 'Skirmish', 'React', 'ReactSplit', 'Remove', 'Consolidate', 'PlaceObjective', 'Reserve', 'Enter', 'StayInReserve', 'DangerousTarget', 'TableEdge', 'RemoveMarkers', 'ActivatePower', 'FlankedAttack', 'Reaction', 'GiantTarget', 'Command', 'Redirect', 'Mount', 'Dismount', 'EntryEdge', 'PlaceMonster', 'Bid'];
  const missing = EVERY.filter((k) => !made.has(k));
  assert.deepEqual(missing, [], `never made from the page: ${missing.join(', ')}`);
});
