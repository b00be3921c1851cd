// The Battles of Valerna battlefield as a player reads it: every option
// previewed on the table while hovered or focused (where a march goes, the
// models a choice of casualties removes, the unit an attack is aimed at);
// the units' names at one size on the screen at any zoom, never over each
// other nor over a model; the second side's bases ringed as well as
// coloured; and the battlefield in the same place whatever the question,
// with a move's verdict over the battlefield, never over its tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catchErrors, rng, createGame, serverAndBrowser, pressChoice } from '../lib/harness.mjs';

const at = serverAndBrowser();

/** Waits until the page offers choices, or the battle is over. @param {import('playwright-core').Page} page */
async function settle(page) {
  const h = await page.waitForFunction(
    () => {
      if (document.body.dataset.status === 'over') return 'over';
      if (document.querySelector('#show-hand')) return 'cover';
      return document.querySelector('#choices button.choice:not([disabled])') && document.body.dataset.busy === 'false' ? 'choose' : false;
    },
    undefined,
    { timeout: 30000, polling: 50 },
  );
  return /** @type {string} */ (await h.jsonValue());
}

/** The labels' and the bases' boxes on the screen. @param {import('playwright-core').Page} page */
function layout(page) {
  return page.evaluate(() => {
    const box = (/** @type {Element} */ e) => {
      const r = e.getBoundingClientRect();
      return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
    };
    const field = box(/** @type {Element} */ (document.getElementById('field')));
    const inside = (/** @type {any} */ b) => b.x0 < field.x1 && b.x1 > field.x0 && b.y0 < field.y1 && b.y1 > field.y0;
    return {
      labels: [...document.querySelectorAll('#field g.unit-label text:not(.marks)')].map((t) => ({ text: t.textContent, ...box(t) })).filter(inside),
      bases: [...document.querySelectorAll('#field g.unit circle[data-model]')].map((c) => {
        const b = box(c);
        const r = (b.x1 - b.x0) / 2;
        return { cx: (b.x0 + b.x1) / 2, cy: (b.y0 + b.y1) / 2, r };
      }),
    };
  });
}

/** No two names overlap, and no name covers a base (by more than a hair at its corner). @param {Awaited<ReturnType<typeof layout>>} l */
function assertReadable(l, where) {
  for (let i = 0; i < l.labels.length; i++) {
    const a = l.labels[i];
    for (let j = 0; j < i; j++) {
      const b = l.labels[j];
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      assert.ok(w <= 1 || h <= 1, `${where}: "${a.text}" and "${b.text}" overlap`);
    }
    for (const c of l.bases) {
      // The text's ink lies in the middle of its box.
      const x = Math.min(Math.max(c.cx, a.x0 + 2), a.x1 - 2);
      const y = Math.min(Math.max(c.cy, a.y0 + 3), a.y1 - 3);
      assert.ok(Math.hypot(c.cx - x, c.cy - y) >= c.r - 1, `${where}: "${a.text}" covers a base at ${c.cx.toFixed(0)},${c.cy.toFixed(0)}`);
    }
  }
}

test('options are previewed, names stay readable at any zoom, and the battlefield keeps its place', { timeout: 600000 }, async () => {
  const game = await createGame(at.server, { game: 'bov', seats: ['human', 'human'], seed: 5, mode: 'hotseat', options: { lists: ['allaria_guild_line', 'tyveria_swarm'], scenario: 'pitched_battle' } });
  const context = await at.browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-GB' });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${at.server.base}${game.link}`);
  await page.waitForSelector('#field .cloth');
  const random = rng(5);
  /** Where the battlefield stood at each question. */
  const tops = new Set();
  const seen = { march: 0, remove: 0, target: 0, why: 0, zoomed: false };
  let moves = 0;
  /** @type {string[]} */
  const unlogged = [];
  let replayed = false;
  for (let n = 0; n < 400 && !(seen.march && seen.remove && seen.target && seen.why && seen.zoomed && replayed && n >= 150); n++) {
    const s = await settle(page);
    if (s === 'over') break;
    if (s === 'cover') {
      await page.click('#show-hand');
      continue;
    }
    await page.mouse.move(1, 1);
    tops.add(Math.round(await page.$eval('#field', (f) => f.getBoundingClientRect().top + window.scrollY)));
    const options = await page.evaluate(() => /** @type {any} */ (window).__bov.state().question.options);
    const kinds = new Set(options.map((/** @type {any} */ o) => Object.keys(o.decision)[0] || o.decision));
    const view = await page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
    // Hovering a march shows each moving model where it would end, with its path.
    for (const o of options.filter((/** @type {any} */ o) => o.decision.March?.paths?.length).slice(0, 2)) {
      await page.hover(`#choices button.choice[data-index="${o.index}"]`);
      const moving = o.decision.March.paths.filter((/** @type {any} */ p) => p[1].length).length;
      await page.waitForFunction((k) => document.querySelectorAll('#preview .preview-model').length === k, moving, { timeout: 5000 });
      assert.equal(await page.locator('#preview .preview-path').count(), moving);
      seen.march += 1;
    }
    // Hovering a choice of casualties crosses out exactly the models it removes.
    for (const o of options.filter((/** @type {any} */ o) => o.decision.Remove)) {
      await page.hover(`#choices button.choice[data-index="${o.index}"]`);
      await page.waitForFunction((k) => document.querySelectorAll('#preview .preview-cross').length === k, o.decision.Remove.models.length, { timeout: 5000 });
      // The label names the models it crosses out, numbered from 1.
      const label = await page.textContent(`#choices button.choice[data-index="${o.index}"]`);
      for (const id of o.decision.Remove.models) assert.match(label || '', new RegExp(`\\b${id + 1}\\b`), label || '');
      seen.remove += 1;
    }
    // Focusing an attack (the keyboard's way) marks its target, with a line from the attacker.
    const attack = options.find((/** @type {any} */ o) => o.decision.Attack || o.decision.Charge);
    if (attack) {
      await page.focus(`#choices button.choice[data-index="${attack.index}"]`);
      const target = (attack.decision.Attack || attack.decision.Charge).target;
      await page.waitForFunction((id) => document.querySelector(`#field g.unit[data-unit="${id}"]`)?.classList.contains('previewed'), target, { timeout: 5000 });
      assert.equal(await page.locator('#preview .preview-target').count(), 1);
      await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
      await page.waitForFunction(() => !document.querySelector('#preview')?.childElementCount, undefined, { timeout: 5000 });
      seen.target += 1;
    }
    // An enemy unit the acting unit is offered nothing against, clicked:
    // the page says why not, in the table's terms.
    const acting = view.units.find((/** @type {any} */ u) => u.id === options[0]?.meaning?.unit);
    const named = new Set(options.flatMap((/** @type {any} */ o) => JSON.stringify(o.decision).match(/"(?:target|unit)":(\d+)/g) || []).map((x) => Number(x.split(':')[1])));
    const foe = options[0]?.meaning?.ask === 'action' && acting && view.units.find((/** @type {any} */ u) => u.owner !== acting.owner && !u.monster && u.models?.length && !named.has(u.id));
    if (foe && !seen.why) {
      const before = await page.evaluate(() => Number(document.body.dataset.why || 0));
      await page.click(`#field g.unit[data-unit="${foe.id}"] circle[data-model]`, { force: true });
      await page.waitForFunction((n) => Number(document.body.dataset.why || 0) > n, before, { timeout: 5000 });
      const words = (await page.textContent('#notice')) || '';
      assert.match(words, new RegExp(`No (attack|charge) on ${foe.name}: .*(" away|line of sight|engaged|ranged weapon)`), words);
      console.log(`why not: ${words}`);
      seen.why = 1;
    }
    if (kinds.has('Activate') && !seen.zoomed && view.round >= 1) {
      // The names at the whole table, then zoomed in on a unit: one size on
      // the screen, never over each other nor over a base.
      const whole = await layout(page);
      assert.ok(whole.labels.length >= 8, `${whole.labels.length} names`);
      assertReadable(whole, 'whole table');
      const unit = await page.$eval('#field g.unit[data-owner="0"]', (g) => {
        const r = g.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
      await page.mouse.move(unit.x, unit.y);
      await page.mouse.wheel(0, -500);
      await page.waitForFunction(() => Number(document.getElementById('field')?.dataset.zoom) > 1.5);
      const zoomed = await layout(page);
      assert.ok(zoomed.labels.length >= 1);
      assertReadable(zoomed, 'zoomed in');
      const height = (/** @type {any[]} */ ls) => ls.reduce((s, l) => s + (l.y1 - l.y0), 0) / ls.length;
      assert.ok(Math.abs(height(zoomed.labels) - height(whole.labels)) < 2, `names ${height(whole.labels).toFixed(1)} px high at the whole table, ${height(zoomed.labels).toFixed(1)} px zoomed in`);
      await page.click('#zoom-all');
      // The second side's bases are ringed as well as coloured.
      const rings = await page.evaluate(() => ({
        ringed: document.querySelectorAll('#field g.unit[data-owner="1"] circle.side-mark').length,
        seconds: document.querySelectorAll('#field g.unit[data-owner="1"] circle[data-model]').length,
        firsts: document.querySelectorAll('#field g.unit[data-owner="0"] circle.side-mark').length,
      }));
      assert.ok(rings.seconds > 0 && rings.ringed === rings.seconds && rings.firsts === 0, JSON.stringify(rings));
      seen.zoomed = true;
    }
    // Fights first, so that casualties come soon.
    const pool = options.filter((/** @type {any} */ o) => o.decision.Attack || o.decision.Charge);
    const acts = options.filter((/** @type {any} */ o) => o.decision !== 'Pass' && !o.decision.March);
    const from = pool.length ? pool : acts.length ? acts : options;
    const pick = from[Math.floor(random() * from.length)];
    const version = await page.evaluate(() => document.body.dataset.version);
    const before = await page.evaluate(() => ({ units: /** @type {any} */ (window).__bov.state().view.units, logged: /** @type {any} */ (window).__bov.log().length }));
    await pressChoice(page, pick.index);
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 30000 });
    // Every model that moved has its move in the log, with its path.
    await page.waitForFunction(() => document.body.dataset.busy === 'false');
    const after = await page.evaluate(() => ({ units: /** @type {any} */ (window).__bov.state().view.units, log: /** @type {any} */ (window).__bov.log() }));
    const ends = after.log.slice(before.logged).filter((/** @type {any} */ e) => e.event?.kind === 'moved').flatMap((/** @type {any} */ e) => e.event.paths.map((/** @type {any} */ p) => ({ unit: p.unit, at: p.waypoints[p.waypoints.length - 1] })));
    for (const u of after.units) {
      const was = before.units.find((/** @type {any} */ x) => x.id === u.id);
      if (!was?.models?.length || !u.models?.length) continue;
      u.model_ids.forEach((/** @type {number} */ id, /** @type {number} */ i) => {
        const j = was.model_ids.indexOf(id);
        if (j < 0) return;
        const [a, b] = [was.models[j], u.models[i]];
        if (Math.hypot(a.x - b.x, a.y - b.y) < 0.001) return;
        moves += 1;
        if (!ends.some((/** @type {any} */ e) => e.unit === u.id && e.at && Math.hypot(e.at.x - b.x, e.at.y - b.y) < 0.01)) unlogged.push(`${u.name} model ${id + 1} after ${pick.label}`);
      });
    }
    // A move in the log is shown again on the board from its line.
    const line = page.locator('#log button.replay-move').last();
    if (!replayed && (await line.count())) {
      await line.click();
      await page.waitForFunction(() => document.querySelectorAll('#preview circle.replayed').length > 0, undefined, { timeout: 5000 });
      await page.waitForFunction(() => !document.querySelector('#preview circle.replayed'), undefined, { timeout: 5000 });
      replayed = true;
    }
  }
  console.log(`${moves} models moved on the board, ${unlogged.length} with no move in the log`);
  assert.deepEqual(unlogged, [], 'every move on the board is in the log');
  assert.ok(replayed, 'a move was shown again from its line in the log');
  assert.ok(seen.march && seen.remove && seen.target && seen.why && seen.zoomed, JSON.stringify(seen));
  assert.equal(tops.size, 1, `the battlefield's top moved: ${[...tops].join(', ')} px`);
  assert.deepEqual(errors, []);
  await context.close();
});
