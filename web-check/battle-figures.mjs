// A whole battle against the search bot, played through the page as a
// person would, and its figures: the table is worked by its own controls
// (units clicked on the battlefield, marches dragged and then made,
// options clicked, reactions declined until the player tells the page not
// to ask about them), and the script counts what a person would feel.
//
//   VALERNA_BIN=target/release/valerna SEED=42 node web-check/battle-figures.mjs
//
// Prints one JSON line: decisions, the person's actions (clicks, drags)
// and how many declined a reaction, the waits after each action until the
// page asks again (p50/p90), the drag checks' round trips (p50/p99), and
// how many models moved on the board with no move in the log.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, freePort, movesWithoutLog } from './lib/harness.mjs';

const bin = process.env.VALERNA_BIN;
const port = await freePort();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'valerna-figures-'));
const srv = spawn(bin, ['serve', '--port', String(port), '--db', path.join(dir, 'games.db'), '--bot-delay-ms', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}
const bot = process.env.BOT || 'ismcts';
const created = await fetch(`${base}/api/games`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ game: 'bov', seats: ['human', bot], seed: Number(process.env.SEED || 42), me: 0, options: { lists: ['allaria_guild_line', 'tyveria_swarm'] } }),
});
const game = await created.json();
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
/** @type {string[]} */
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
await page.goto(`${base}${game.seats[0].link}`);
await page.waitForSelector('#field .cloth');

const figures = { decisions: 0, actions: 0, declined: 0, drags: 0, confirmed: 0, refusedDrags: 0, silenced: 0, moved: 0, unlogged: 0 };
/** @type {number[]} */
const waits = [];
/** How often each reaction was declined by a click. @type {Record<string, number>} */
const declinedBy = {};
const state = () => page.evaluate(() => /** @type {any} */ (window).__bov.state());
const log = () => page.evaluate(() => /** @type {any} */ (window).__bov.log());
/** Waits until the page asks this player, or the battle is over; the wait. */
async function ready() {
  const t = Date.now();
  const h = await page.waitForFunction(
    () => (document.body.dataset.status === 'over' ? 'over' : document.querySelector('#choices button.choice:not([disabled])') && document.body.dataset.busy === 'false' ? 'choose' : false),
    undefined,
    { timeout: 600000, polling: 20 },
  );
  return { what: await h.jsonValue(), ms: Date.now() - t };
}
/** The board and the log as they stand, to check moves against. */
let seen = { units: (await state())?.view?.units || [], logged: 0 };
async function checkMoves() {
  const st = await state();
  const all = await log();
  const told = movesWithoutLog(seen.units, st.view.units, all.slice(seen.logged));
  figures.moved += told.moved;
  figures.unlogged += told.unlogged.length;
  seen = { units: st.view.units, logged: all.length };
}
/** Clicks a choice as a person would (opening "more" first). @param {number} index */
async function click(index) {
  const sel = `#choices button.choice[data-index="${index}"]`;
  if (await page.$eval(sel, (b) => !!b.closest('details:not([open])'))) {
    await page.click(`#choices details:has(button.choice[data-index="${index}"]) > summary`);
    figures.actions += 1;
  }
  const kind = await page.getAttribute(sel, 'data-kind');
  await page.click(sel);
  figures.actions += 1;
  // A charge is shown until it is made.
  if (kind === 'Charge') {
    await page.click('#charge-confirm');
    figures.actions += 1;
  }
}
/** Drags the active unit toward the nearest enemy, 5" at most, and makes the move if legal. @param {any} st */
async function march(st) {
  const unit = st.view.units.find((/** @type {any} */ u) => u.id === st.question.options[0].meaning.unit);
  const foes = st.view.units.filter((/** @type {any} */ u) => u.owner !== unit.owner && u.models?.length);
  const c = unit.models[0];
  const e = foes.map((/** @type {any} */ u) => u.models[0]).sort((a, b) => Math.hypot(a.x - c.x, a.y - c.y) - Math.hypot(b.x - c.x, b.y - c.y))[0];
  if (!e) return false;
  const d = Math.hypot(e.x - c.x, e.y - c.y);
  const k = Math.min(5, Math.max(0, d - 2.5)) / d;
  if (k <= 0) return false;
  const a = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [c.x, c.y]);
  const b = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [c.x + (e.x - c.x) * k, c.y + (e.y - c.y) * k]);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 25 });
  await page.waitForFunction(() => ['ok', 'refused'].includes(document.querySelector('#ghost')?.getAttribute('data-verdict') || ''), undefined, { timeout: 10000 }).catch(() => {});
  await page.mouse.up();
  figures.drags += 1;
  figures.actions += 1;
  const shown = await page.waitForFunction(() => (document.querySelector('#move-confirm:not([disabled])') ? 'confirm' : document.querySelector('#notice')?.textContent ? 'refused' : false), undefined, { timeout: 10000 }).catch(() => null);
  if (shown && (await shown.jsonValue()) === 'confirm') {
    await page.click('#move-confirm');
    figures.actions += 1;
    figures.confirmed += 1;
    return true;
  }
  figures.refusedDrags += 1;
  return false;
}

const t0 = Date.now();
for (let step = 0; step < 3000; step++) {
  const r = await ready();
  if (step > 0) waits.push(r.ms);
  await checkMoves();
  if (r.what === 'over') break;
  const st = await state();
  const options = st.question.options;
  const version = String(st.version);
  const kind = (/** @type {any} */ o) => (typeof o.decision === 'string' ? o.decision : Object.keys(o.decision)[0]);
  const sent = async () => {
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 600000 });
    if ((await page.evaluate(() => document.body.dataset.version)) !== version) figures.decisions += 1;
  };
  const ask = options[0]?.meaning?.ask;
  if (ask === 'reaction') {
    // Declined by a click; a reaction declined twice is not asked about
    // again unless a unit is attacked (the page's per-card choice).
    const none = options.find((/** @type {any} */ o) => o.decision?.Reaction && o.decision.Reaction.reaction === null);
    const sources = await page.$$eval('#reaction-settings select[data-source]', (ss) => ss.map((s) => /** @type {HTMLSelectElement} */ (s).dataset.source || ''));
    const offered = options.filter((/** @type {any} */ o) => o.decision?.Reaction?.reaction).map((/** @type {any} */ o) => JSON.stringify(o.decision.Reaction.reaction));
    if (process.env.DEBUG) console.log('REACTION', JSON.stringify(st.view.phase?.Reaction?.window?.trigger), offered.join(' | '));
    await click(none.index);
    figures.declined += 1;
    for (const o of offered) declinedBy[o] = (declinedBy[o] || 0) + 1;
    await sent();
    if (offered.some((o) => declinedBy[o] === 2) && sources.length) {
      if (!(await page.$('#reaction-prefs[open]'))) {
        await page.click('#reaction-prefs summary');
        figures.actions += 1;
      }
      for (const src of sources) {
        if ((await page.$eval(`#reaction-settings select[data-source="${src}"]`, (s) => /** @type {HTMLSelectElement} */ (s).value)) === 'ask') {
          await page.selectOption(`#reaction-settings select[data-source="${src}"]`, 'attacked');
          figures.actions += 1;
          figures.silenced += 1;
        }
      }
    }
    continue;
  }
  // An activation: the unit clicked on the battlefield.
  const activate = options.filter((/** @type {any} */ o) => kind(o) === 'Activate');
  if (activate.length) {
    const pick = activate[step % activate.length];
    const id = pick.decision.Activate.unit;
    await page.click(`#field g.unit[data-unit="${id}"] circle[data-model]`, { force: true });
    figures.actions += 1;
    await sent();
    continue;
  }
  const charge = options.filter((/** @type {any} */ o) => kind(o) === 'Charge' && (o.meaning.odds?.chance ?? 0) >= 0.5).sort((a, b) => b.meaning.odds.chance - a.meaning.odds.chance)[0];
  const attack = options.filter((/** @type {any} */ o) => kind(o) === 'Attack' || kind(o) === 'Skirmish').sort((a, b) => (b.meaning.odds?.mean_models ?? 0) - (a.meaning.odds?.mean_models ?? 0))[0];
  let pick = charge || (attack && (attack.meaning.odds?.mean_wounds ?? 0) > 0.5 ? attack : null);
  if (!pick && ask === 'action' && options.some((/** @type {any} */ o) => kind(o) === 'March')) {
    if (await march(st)) {
      await sent();
      continue;
    }
    pick = options.find((/** @type {any} */ o) => kind(o) === 'March');
  }
  if (!pick) pick = options.find((/** @type {any} */ o) => kind(o) !== 'Pass') || options[0];
  await click(pick.index);
  await sent();
}
const sorted = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b);
const q = (/** @type {number[]} */ xs, /** @type {number} */ p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : null);
const w = sorted(waits);
const drags = sorted(await page.evaluate(() => /** @type {any} */ (window).__bovProbe.samples));
const round1 = (/** @type {number | null} */ x) => (x === null ? null : Math.round(x * 10) / 10);
console.log(
  JSON.stringify({
    seed: Number(process.env.SEED || 42),
    bot,
    ...figures,
    declinedShare: round1((100 * figures.declined) / Math.max(1, figures.actions)),
    waitMs: { n: w.length, p50: q(w, 0.5), p90: q(w, 0.9) },
    dragMs: { n: drags.length, p50: round1(q(drags, 0.5)), p99: round1(q(drags, 0.99)) },
    minutes: round1((Date.now() - t0) / 60000),
    outcome: await page.evaluate(() => /** @type {any} */ (window).__bov.state().outcome?.text),
    errors,
  }),
);
await browser.close();
srv.kill();
fs.rmSync(dir, { recursive: true, force: true });
