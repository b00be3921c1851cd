// A whole battle of Battles of Valerna on a phone (390x844), played by
// touch alone, both sides at one screen: units deployed by a tap on their
// button and a tap on the table, marches by a tap on the unit and a tap
// where it goes (then made), charges, shots, casualties and a Vaala card
// from the hand, to the end screen. Every target a finger presses is at
// least 44 px high, no option hides in a scroll box, and the page never
// scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { catchErrors, rng, createGame, serverAndBrowser, accessibility, settle, SCREENSHOTS } from '../lib/harness.mjs';

const at = serverAndBrowser({ screenshots: true });

test('a whole battle on a phone by touch alone', { timeout: 600000 }, async () => {
  const game = await createGame(at.server, { game: 'bov', seats: ['human', 'human'], seed: 8, mode: 'hotseat', options: { lists: ['allaria_guild_line', 'tyveria_swarm'], scenario: 'pitched_battle' } });
  const context = await at.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-GB' });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${at.server.base}${game.link}`);
  await page.waitForSelector('#field .cloth');
  const random = rng(8);
  const made = { tapDeploy: 0, tapMarch: 0, Charge: 0, Attack: 0, Remove: 0, vaala: 0, decisions: 0 };
  const small = new Set();
  let shot = false;
  let axed = false;
  const version = () => page.evaluate(() => document.body.dataset.version);
  const state = () => page.evaluate(() => /** @type {any} */ (window).__bov.state());
  /** Waits until the table moved on from `v`, or refused with a notice; whether it moved. @param {string | undefined} v */
  const moved = async (v) => {
    await page.waitForFunction((x) => (document.body.dataset.version !== x && document.body.dataset.busy === 'false') || document.querySelector('#notice')?.textContent, v, { timeout: 30000 });
    return (await version()) !== v;
  };
  /** Taps a choice as a finger would: "more" first when it waits behind it. @param {number} index */
  const tapChoice = async (index) => {
    const sel = `#choices button.choice[data-index="${index}"]`;
    if (await page.$eval(sel, (b) => !!b.closest('details:not([open])'))) await page.tap(`#choices details:has(button.choice[data-index="${index}"]) > summary`);
    const kind = await page.getAttribute(sel, 'data-kind');
    const deploy = kind === 'Deploy';
    await page.tap(sel);
    // A charge is shown until it is made.
    if (kind === 'Charge') await page.tap('#charge-confirm');
    // A unit's deploy button: the first tap picks the unit, the second
    // takes the place suggested.
    if (deploy) {
      await page.waitForSelector('#armed-hint');
      await page.tap(sel);
    }
  };
  /** A table point on the screen. @param {{x: number, y: number}} p */
  const screen = (p) => page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [p.x, p.y]);
  /** Taps a point of the table, scrolled into sight first as a thumb would. @param {{x: number, y: number}} p */
  const tapTable = async (p) => {
    // Out of the zoomed view: the whole table first.
    const inView = async () => {
      const q = await screen(p);
      const r = await page.$eval('#field', (f) => {
        const b = f.getBoundingClientRect();
        return { x0: b.left, y0: b.top, x1: b.right, y1: b.bottom };
      });
      return q.x > r.x0 + 2 && q.x < r.x1 - 2 && q.y > r.y0 + 2 && q.y < r.y1 - 2;
    };
    if (!(await inView())) await page.tap('#zoom-all');
    // Then scrolled into the middle of the screen, as a thumb would.
    let s = await screen(p);
    await page.evaluate((dy) => window.scrollBy(0, dy), s.y - 844 / 2);
    s = await screen(p);
    await page.touchscreen.tap(s.x, s.y);
    assert.equal(await page.getAttribute('#tool-models', 'aria-pressed'), 'false', 'a tap on the table reached the tools');
  };
  for (let n = 0; n < 700; n++) {
    const what = await settle(page);
    if (what === 'over') break;
    if (what === 'cover') {
      await page.tap('#show-hand');
      continue;
    }
    // Every target a finger presses is big enough, and in sight.
    for (const b of await page.$$eval('#choices button, .tools button', (bs) => bs.map((b) => ({ h: b.getBoundingClientRect().height, text: b.textContent })))) if (b.h < 43.5) small.add(b.text);
    const hidden = await page.evaluate(() => ['#status', '#choices'].filter((s) => {
      const e = /** @type {HTMLElement} */ (document.querySelector(s));
      return e.scrollHeight > e.clientHeight + 1;
    }));
    assert.deepEqual(hidden, [], 'no option hides in a scroll box');
    const st = await state();
    const options = st.question.options;
    const v = String(st.version);
    const of = (/** @type {string} */ k) => options.filter((/** @type {any} */ o) => o.decision?.[k]);
    // Deploy: a tap on the unit's button, a tap on the table beside the
    // place suggested.
    if (of('Deploy').length && made.tapDeploy < 3 && st.question.options[0].meaning?.ask !== 'power_place') {
      const o = of('Deploy')[0];
      await page.tap(`#choices button.choice[data-index="${o.index}"]`);
      await page.waitForSelector('#armed-hint');
      const ps = o.decision.Deploy.positions;
      const c = { x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length };
      // Beside the place suggested, clear of every base on the table.
      const bases = st.view.units.flatMap((/** @type {any} */ u) => u.models);
      // Toward the middle of the zone, away from the table's edge.
      const inward = c.y < st.view.field.height / 2 ? 2 : -2;
      const spot = [1.5, -1.5, 3, -3, 4.5, -4.5].map((dx) => ({ x: c.x + dx, y: c.y + inward })).find((p) => bases.every((/** @type {any} */ b) => Math.hypot(b.x - p.x, b.y - p.y) > 2)) || c;
      await tapTable(spot);
      if (await moved(v)) {
        made.tapDeploy += 1;
        made.decisions += 1;
        continue;
      }
      // Refused there: a second tap on the button takes the place suggested.
      await page.tap(`#choices button.choice[data-index="${o.index}"]`);
      if (await moved(v)) made.decisions += 1;
      continue;
    }
    // March: a tap on the unit, a tap where it goes, then the move made.
    if (of('March').length && made.tapMarch < 4 && random() < 0.7) {
      const unit = st.view.units.find((/** @type {any} */ u) => u.id === options[0].meaning.unit);
      await page.tap('#zoom-all');
      await tapTable(unit.models[0]);
      await page.waitForSelector('#armed-hint');
      const forward = unit.owner === st.view.near_seat ? 1 : -1;
      const c = { x: unit.models.reduce((s, p) => s + p.x, 0) / unit.models.length, y: unit.models.reduce((s, p) => s + p.y, 0) / unit.models.length };
      // Ahead, on open ground (a tap on a base picks that unit).
      const bases = st.view.units.flatMap((/** @type {any} */ u) => u.models.map((/** @type {any} */ p) => ({ ...p, r: u.radius_in })));
      const spots = [2.5, 3.5, 1.5].flatMap((dy) => [0, 1.5, -1.5, 3, -3].map((dx) => ({ x: c.x + dx, y: c.y + forward * dy })));
      const open = spots.find((p) => bases.every((/** @type {any} */ b) => Math.hypot(b.x - p.x, b.y - p.y) > b.r + 0.5)) || spots[0];
      await tapTable(open);
      const shown = await page.waitForFunction(() => (document.querySelector('#move-confirm') ? 'confirm' : document.querySelector('#notice')?.textContent ? 'refused' : false), undefined, { timeout: 10000 });
      if ((await shown.jsonValue()) === 'confirm') {
        await page.tap('#move-confirm');
        assert.ok(await moved(v));
        made.tapMarch += 1;
        made.decisions += 1;
        continue;
      }
    }
    // A Vaala card played from the hand, on the sides' tab.
    const card = options.find((/** @type {any} */ o) => o.decision?.Reaction?.reaction?.Vaala);
    if (card && !made.vaala) {
      await page.tap('nav.phone-tabs button[data-view="side"]');
      const id = card.decision.Reaction.reaction.Vaala.card;
      await page.tap(`#hand .vaala-card.playable[data-card="${id}"]`);
      if (!(await moved(v))) {
        // The card has several targets: the first.
        await page.tap('nav.phone-tabs button[data-view="main"]');
        await tapChoice(card.index);
        await moved(v);
      }
      await page.tap('nav.phone-tabs button[data-view="main"]');
      made.vaala += 1;
      made.decisions += 1;
      continue;
    }
    // Fights first; casualties by their buttons; else any act but passing.
    const fights = [...of('Charge'), ...of('Attack')];
    const acts = options.filter((/** @type {any} */ o) => o.decision !== 'Pass' && !(o.decision?.Reaction && o.decision.Reaction.reaction === null));
    const pool = fights.length ? fights : acts.length ? acts : options;
    const pick = pool[Math.floor(random() * pool.length)];
    await tapChoice(pick.index);
    if (await moved(v)) {
      const kind = Object.keys(pick.decision)[0];
      if (kind in made) /** @type {any} */ (made)[kind] += 1;
      made.decisions += 1;
    }
    if (made.decisions >= 40 && !axed) {
      axed = true;
      assert.deepEqual(await accessibility(page), [], 'axe-core in the phone battle');
    }
    if (made.decisions >= 120 && !shot) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'bov-phone-battle-en.png') });
      shot = true;
    }
  }
  console.log(`phone battle: ${JSON.stringify(made)}`);
  assert.equal(await page.evaluate(() => document.body.dataset.status), 'over', 'the battle was played to its end');
  await page.waitForSelector('#end:not([hidden])');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'nothing scrolls sideways');
  assert.ok(made.tapDeploy >= 1 && made.tapMarch >= 1 && made.Charge >= 1 && made.Attack >= 1 && made.Remove >= 1 && made.vaala >= 1, JSON.stringify(made));
  assert.deepEqual([...small], [], 'targets under 44 px');
  assert.ok(axed && shot);
  assert.deepEqual(errors, []);
  await context.close();
});
