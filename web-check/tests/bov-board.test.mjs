// The Battles of Valerna battlefield as a player reads it: every option
// previewed on the table while hovered or focused (where a march goes, the
// models a choice of casualties removes, the unit an attack is aimed at);
// the units' names at one size on the screen at any zoom, never over each
// other nor over a model; the second side's bases ringed as well as
// coloured; and the battlefield in the same place whatever the question,
// with a move's verdict over the battlefield, never over its tools. And
// the rules at hand: the round as it stands, the book's turn, the search
// bot's view in a solo battle, and a charge undone before its roll.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { rng, serverAndBrowser, pressChoice, settle, movesWithoutLog, accessibility, SCREENSHOTS } from '../lib/harness.mjs';
import { hotseatTable } from '../lib/bov.mjs';

const at = serverAndBrowser({ screenshots: true });

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

/**
 * A Pitched Battle at one screen, the Guild Line against the Swarm, with
 * these seats, open at 1440x1000. @param {string[]} seats @param {number} seed
 */
function table(seats, seed) {
  const options = { lists: ['allaria_guild_line', 'tyveria_swarm'], scenario: 'pitched_battle' };
  return hotseatTable(at, options, seed, { width: 1440, height: 1000 }, seats);
}

test('options are previewed, names stay readable at any zoom, and the battlefield keeps its place', { timeout: 600000 }, async () => {
  const { game, context, page, errors } = await table(['human', 'human'], 5);
  const random = rng(5);
  /** The battle's public story, as the server tells it to anyone at the table. */
  const events = async () => (await (await fetch(`${at.server.base}/api/games/${encodeURIComponent(game.id)}/events?from=0`)).json()).events;
  /** Where the battlefield stood at each question. */
  const tops = new Set();
  const seen = { march: 0, remove: 0, target: 0, why: 0, prefs: 0, zoomed: false };
  let moves = 0;
  /** @type {string[]} */
  const unlogged = [];
  let replayed = false;
  const shots = new Set();
  for (let n = 0; n < 400 && !(seen.march && seen.remove && seen.target && seen.why && seen.prefs && seen.zoomed && replayed && shots.has('melee') && n >= 150); n++) {
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
    // A melee of four units or more, at the whole table and zoomed in on it.
    if (!shots.has('melee')) {
      const centres = view.units.filter((/** @type {any} */ u) => u.models?.length && !u.monster).map((/** @type {any} */ u) => ({ u, c: { x: u.models.reduce((s, p) => s + p.x, 0) / u.models.length, y: u.models.reduce((s, p) => s + p.y, 0) / u.models.length } }));
      const cluster = centres.map((a) => centres.filter((b) => Math.hypot(a.c.x - b.c.x, a.c.y - b.c.y) < 5)).find((near) => near.length >= 4 && new Set(near.map((x) => x.u.owner)).size === 2);
      if (cluster) {
        await page.evaluate(() => scrollTo(0, 0));
        await page.mouse.move(1, 1);
        await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-melee-en.png') });
        const c = cluster[0].c;
        const p = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [c.x, c.y]);
        await page.mouse.move(p.x, p.y);
        await page.mouse.wheel(0, -700);
        await page.waitForFunction(() => Number(document.getElementById('field')?.dataset.zoom) > 2);
        await page.mouse.move(1, 1);
        assertReadable(await layout(page), 'a melee zoomed in');
        await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-melee-zoom-en.png') });
        await page.click('#zoom-all');
        shots.add('melee');
      }
    }
    // Hovering a march shows each moving model where it would end, with its path.
    for (const o of options.filter((/** @type {any} */ o) => o.decision.March?.paths?.length).slice(0, 2)) {
      await page.hover(`#choices button.choice[data-index="${o.index}"]`);
      const moving = o.decision.March.paths.filter((/** @type {any} */ p) => p[1].length).length;
      await page.waitForFunction((k) => document.querySelectorAll('#preview .preview-model').length === k, moving, { timeout: 5000 });
      assert.equal(await page.locator('#preview .preview-path').count(), moving);
      if (!shots.has('preview')) {
        await page.evaluate(() => scrollTo(0, 0));
        await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-preview-en.png') });
        shots.add('preview');
      }
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
      // The pointer away from the choices, whose hover would preview its own.
      await page.mouse.move(1, 1);
      await page.focus(`#choices button.choice[data-index="${attack.index}"]`);
      const target = (attack.decision.Attack || attack.decision.Charge).target;
      await page.waitForFunction((id) => document.querySelector(`#field g.unit[data-unit="${id}"]`)?.classList.contains('previewed'), target, { timeout: 5000 });
      assert.equal(await page.locator('#preview .preview-target').count(), 1);
      await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
      await page.waitForFunction(() => !document.querySelector('#preview')?.childElementCount, undefined, { timeout: 5000 });
      seen.target += 1;
    }
    // A reaction offered: the player chooses, card by card, never to be
    // asked about it; the page then declines this window and the next ones
    // that offer only those.
    const reactions = options.filter((/** @type {any} */ o) => o.decision?.Reaction?.reaction);
    if (reactions.length && !seen.prefs && options[0]?.meaning?.ask === 'reaction') {
      await page.waitForFunction((k) => document.querySelectorAll('#reaction-settings select[data-source]').length >= k, 1);
      const declined = await page.evaluate(() => Number(document.body.dataset.declined || 0));
      const v0 = await page.evaluate(() => document.body.dataset.version);
      const sources = await page.$$eval('#reaction-settings select[data-source]', (ss) => ss.map((x) => x.getAttribute('data-source')));
      await page.click('#reaction-settings summary');
      for (const src of sources) await page.selectOption(`#reaction-settings select[data-source="${src}"]`, 'never');
      await page.waitForFunction((d) => Number(document.body.dataset.declined || 0) > d, declined, { timeout: 5000 });
      await page.waitForFunction((v) => document.body.dataset.version !== v, v0, { timeout: 10000 });
      // Kept in this browser.
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('valerna.bov.reaction-prefs') || '{}'));
      for (const src of sources) assert.equal(kept[src], 'never', src);
      seen.prefs = 1;
      continue;
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
      await page.mouse.move(1, 1);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-why-not-en.png') });
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
    const before = { units: await page.evaluate(() => /** @type {any} */ (window).__bov.state().view.units), logged: (await events()).length };
    await pressChoice(page, pick.index);
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 30000 });
    // Every model that moved has its move in the log, with its path.
    await page.waitForFunction(() => document.body.dataset.busy === 'false');
    const after = { units: await page.evaluate(() => /** @type {any} */ (window).__bov.state().view.units), log: await events() };
    const told = movesWithoutLog(before.units, after.units, after.log.slice(before.logged));
    moves += told.moved;
    unlogged.push(...told.unlogged.map((x) => `${x} after ${pick.label}`));
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
  assert.ok(shots.has('melee'), 'a melee of four units was seen');
  assert.ok(seen.march && seen.remove && seen.target && seen.why && seen.prefs && seen.zoomed, JSON.stringify(seen));
  assert.equal(tops.size, 1, `the battlefield's top moved: ${[...tops].join(', ')} px`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the round, the rules and the search bot are at hand, and a charge is taken back before its roll', { timeout: 600000 }, async () => {
  const { context, page, errors } = await table(['human', 'greedy'], 7);
  const random = rng(7);
  const seen = { setup: false, round: 0, rules: false, hint: false, undone: false, charged: false };
  for (let n = 0; n < 300 && !(seen.rules && seen.hint && seen.charged && seen.round >= 3); n++) {
    if ((await settle(page)) === 'over') break;
    const st = await page.evaluate(() => /** @type {any} */ (window).__bov.state());
    const { view, question } = st;
    const panel = (await page.textContent('#round-panel')) || '';
    if (!view.round) {
      // Before the first round: the setting up, and no round.
      assert.match(panel, /^Set-up/, panel);
      seen.setup = true;
    } else {
      // BoV 5.1, "Rounds", "Fatigue": the round of four, who went first,
      // and what each unit has left before it is Exhausted (3 fatigue).
      assert.match(panel, new RegExp(`^Round ${view.round} of 4`), panel);
      assert.match(panel, new RegExp(`Player ${view.initiative + 1} won the face-off and took the first turn`), panel);
      for (const u of view.units.filter((/** @type {any} */ u) => u.models.length && u.mounted_on === undefined)) {
        const left = 3 - u.fatigue;
        const line = await page.textContent(`#round-panel li[data-unit="${u.id}"]`);
        assert.equal(line, left <= 0 ? `${u.name}: Exhausted` : left === 1 ? `${u.name}: 1 activation left` : `${u.name}: ${left} activations left`);
      }
      for (const s of [0, 1]) {
        const ready = view.units.filter((/** @type {any} */ u) => u.owner === s && (u.models.length || u.reserve) && u.mounted_on === undefined && u.fatigue < 3).length;
        if (!view.passed[s]) assert.match(panel, new RegExp(`Player ${s + 1}: ${ready} of \\d+ units may still activate`), panel);
        else assert.match(panel, new RegExp(`Player ${s + 1} has passed`), panel);
      }
      seen.round += 1;
    }
    // The rules at hand: the selected unit's card, the turn's six steps,
    // the actions, and the ends of a round and of the battle.
    if (view.round && !seen.rules) {
      await page.click('#rules-open');
      await page.waitForSelector('dialog#rules[open] #rules-turn');
      const rules = (await page.textContent('dialog#rules')) || '';
      assert.equal(await page.locator('dialog#rules section[aria-labelledby="rules-turn"] li').count(), 6);
      for (const words of ['A round', 'Pass or activate', 'Charge: not while engaged', 'Exhausted', 'Restore fatigue', 'The end of the battle']) assert.ok(rules.includes(words), words);
      const axe = await accessibility(page);
      assert.deepEqual(axe, [], 'axe-core with the rules open');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-rules-en.png') });
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog#rules[open]', { state: 'detached' });
      seen.rules = true;
    }
    const options = question.options;
    // The search bot's view: each option it weighed with its chance, and
    // the one it would choose, named among the options.
    if (question.options[0]?.meaning?.ask === 'action' && !seen.hint) {
      await page.click('#hint');
      await page.waitForSelector('#hint-best', { timeout: 60000 });
      const best = (await page.textContent('#hint-best')) || '';
      const labels = options.map((/** @type {any} */ o) => o.label);
      assert.ok(labels.some((/** @type {string} */ l) => best.includes(l)), best);
      assert.ok((await page.locator('#choices button.choice .hint-win').count()) >= 1);
      assert.equal(await page.locator('#choices button.choice.hinted').count(), 1);
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-hint-en.png') });
      seen.hint = true;
    }
    const charge = options.find((/** @type {any} */ o) => o.decision.Charge);
    if (charge && !seen.charged) {
      const v = String(st.version);
      // Chosen: shown, with its target, and nothing sent.
      await page.click(`#choices button.choice[data-index="${charge.index}"]`);
      await page.waitForSelector('#charge-confirm');
      await page.waitForFunction((id) => document.querySelector(`#field g.unit[data-unit="${id}"]`)?.classList.contains('previewed'), charge.decision.Charge.target, { timeout: 5000 });
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => document.body.dataset.version), v, 'nothing is sent before the charge is made');
      assert.match((await page.textContent('#charge-pending')) || '', new RegExp(charge.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      if (!seen.undone) {
        // Undone: nothing happened, and the question stands.
        await page.click('#charge-undo');
        await page.waitForSelector('#charge-confirm', { state: 'detached' });
        assert.equal(await page.evaluate(() => document.body.dataset.version), v);
        seen.undone = true;
        await page.click(`#choices button.choice[data-index="${charge.index}"]`);
        await page.waitForSelector('#charge-confirm');
      }
      // Made by Enter: the charge and its roll are in the log.
      const logged = await page.locator('#log li').count();
      await page.keyboard.press('Enter');
      await page.waitForFunction((x) => document.body.dataset.version !== x, v, { timeout: 30000 });
      await page.waitForFunction((k) => [...document.querySelectorAll('#log li')].slice(k).some((l) => l.textContent?.includes('charge roll')), logged, { timeout: 10000 });
      seen.charged = true;
      continue;
    }
    const acts = options.filter((/** @type {any} */ o) => o.decision !== 'Pass' && !o.decision.March);
    const from = acts.length ? acts : options;
    const pick = from[Math.floor(random() * from.length)];
    const version = String(st.version);
    await pressChoice(page, pick.index);
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 30000 });
  }
  assert.ok(seen.setup && seen.rules && seen.hint && seen.undone && seen.charged && seen.round >= 3, JSON.stringify(seen));
  assert.deepEqual(await accessibility(page), [], 'axe-core at the table');
  assert.deepEqual(errors, []);
  await context.close();
});
