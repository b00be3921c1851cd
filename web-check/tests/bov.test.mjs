// A battle of Battles of Valerna in the browser against the greedy bot:
// created in the lobby (scenario, battlefield, a shipped list a side),
// through objectives, table edges and deployment, whole rounds played by
// clicking the battlefield and the status bar and by dragging units (the
// server's validator answering the drag as it moves; a refused move shows
// its reason and changes nothing), to the end screen. Takes the screenshots
// of docs/screenshots/bov-*.png on the way and prints the drag checks'
// round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { catchErrors, rng, SCREENSHOTS, accessibility, serverAndBrowser, pressChoice } from '../lib/harness.mjs';
import { hotseatTable, nextAsk, unitCardShown } from '../lib/bov.mjs';

const at = serverAndBrowser({ screenshots: true });

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: false });
}

/** Waits until the page offers choices, or the battle is over. @param {import('playwright-core').Page} page */
async function settle(page, timeout = 60000) {
  const h = await page.waitForFunction(
    () => {
      const b = document.body;
      if (b.dataset.status === 'over') return 'over';
      return document.querySelector('#choices button.choice:not([disabled])') && b.dataset.busy === 'false' ? 'choose' : false;
    },
    undefined,
    { timeout, polling: 50 },
  );
  return /** @type {string} */ (await h.jsonValue());
}

/** The active unit (the one the question is about) as the page holds it. @param {import('playwright-core').Page} page */
async function activeUnit(page) {
  return page.evaluate(() => {
    // @ts-ignore
    const st = window.__bov.state();
    const unit = st?.question?.options?.[0]?.meaning?.unit;
    return st.view.units.find((/** @type {any} */ u) => u.id === unit) || null;
  });
}

/**
 * Drags the active unit by `dx`, `dy` inches from one of its models, slowly
 * (as a hand would), and lets go: the ghost's verdict when let go.
 * @param {import('playwright-core').Page} page @param {number} dx @param {number} dy
 */
async function dragActive(page, dx, dy, via = null, route = false) {
  const u = await activeUnit(page);
  const from = u.models[0];
  const a = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [from.x, from.y]);
  const b = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [from.x + dx, from.y + dy]);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  if (via) {
    // A turn of the path: Space sets a waypoint where the pointer is.
    const w = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [from.x + via.dx, from.y + via.dy]);
    await page.mouse.move(w.x, w.y, { steps: 20 });
    await page.keyboard.press(' ');
  }
  await page.mouse.move(b.x, b.y, { steps: 40 });
  if (route) {
    // The planner's route to here, in place of the straight line.
    const before = await page.evaluate(() => Number(document.body.dataset.routed || 0));
    await page.waitForFunction(() => ['ok', 'refused'].includes(document.querySelector('#ghost')?.getAttribute('data-verdict') || ''), undefined, { timeout: 10000 });
    await page.keyboard.press('r');
    await page.waitForFunction((n) => Number(document.body.dataset.routed || 0) > n || document.querySelector('#verdict[data-verdict="refused"]'), before, { timeout: 10000 });
  }
  // The verdict of the last geometry, before letting go.
  await page.waitForFunction(() => ['ok', 'refused'].includes(document.querySelector('#ghost')?.getAttribute('data-verdict') || ''), undefined, { timeout: 10000 });
  const verdict = await page.evaluate(() => document.querySelector('#ghost')?.getAttribute('data-verdict'));
  const words = await page.textContent('#verdict');
  return { verdict, words, release: () => page.mouse.up(), unit: u };
}

/**
 * Drags the first unit to deploy from its button to the table point `to`,
 * slowly, and waits for the verdict; `release` lets go.
 * @param {import('playwright-core').Page} page @param {{x: number, y: number}} to
 */
async function dragDeploy(page, to) {
  const button = await page.$('#choices button[data-kind="Deploy"]:not([disabled])');
  const box = await button.boundingBox();
  const b = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [to.x, to.y]);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 30 });
  await page.waitForFunction(() => ['ok', 'refused'].includes(document.querySelector('#ghost')?.getAttribute('data-verdict') || ''), undefined, { timeout: 10000 });
  const verdict = await page.evaluate(() => document.querySelector('#ghost')?.getAttribute('data-verdict'));
  const words = await page.textContent('#verdict');
  return { verdict, words, release: () => page.mouse.up() };
}

test('a battle against the greedy bot: set-up, deployment, drags, to the end', { timeout: 600000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-GB' });
  const page = await context.newPage();
  catchErrors(page, errors);
  const a11y = async (/** @type {string} */ where) => assert.deepEqual(await accessibility(page), [], `axe-core on ${where}`);

  // The lobby: Battles of Valerna, a Pitched Battle on 4' x 3', a list a side.
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector('#seat-3 option', { state: 'attached' });
  await page.check('#game-bov');
  await page.waitForSelector('#list-1 option', { state: 'attached' });
  assert.equal(await page.inputValue('#seat-1'), 'greedy');
  assert.equal(await page.inputValue('#scenario'), 'pitched_battle');
  assert.equal(await page.inputValue('#battlefield'), 'standard4x3');
  // A list of one's own, read from its file and checked by the server as
  // `valerna bov list validate` checks it: an unknown card is refused by name.
  await page.selectOption('#list-0', '(own)');
  const bad = '(name: "Mine", force: "Allaria", game_size: 100, units: [(card: "no_such_unit", general: true)])';
  await page.setInputFiles('#list-file-0', { name: 'mine.ron', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.click('#create-button');
  await page.waitForFunction(() => document.querySelector('#create-error')?.textContent);
  assert.match(await page.textContent('#create-error'), /no_such_unit/, 'the refusal names the entry at fault');
  await page.selectOption('#list-0', 'allaria_guild_line');
  await page.selectOption('#list-1', 'tyveria_swarm');
  await page.fill('#seed', '13');
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  await a11y('the lobby with a battle');
  await page.click('a.seat-link');
  await page.waitForSelector('#field .cloth');

  const random = rng(29);
  const asked = new Set();
  const kinds = new Set();
  let marched = 0;
  let refused = 0;
  let deployed = 0;
  let refusedDeploy = false;
  let placedByClick = false;
  let ringsSeen = false;
  let pickedCasualties = 0;
  let playedFromHand = 0;
  let plannedMarches = 0;
  let consolidated = 0;
  let consolidateAsked = 0;
  let reactionAsks = 0;
  let routedMarch = false;
  /** Whether a dragged march has been undone once. */
  let undone = false;
  let sinceShown = 0;
  const shots = new Set();
  let decisions = 0;
  for (let step = 0; step < 1500; step++) {
    const s = await settle(page);
    if (s === 'over') break;
    const ask = await page.evaluate(() => document.body.dataset.ask);
    asked.add(ask);
    if (ask === 'place_objective' && !shots.has('setup')) {
      await shot(page, 'bov-setup-en.png');
      await a11y('the battle at its set-up');
      // The page's one heading is the battle's line: round, scenario, score.
      assert.deepEqual(await page.$$eval('h1', (hs) => hs.map((h) => h.id)), ['round']);
      assert.match((await page.textContent('h1')) || '', /Pitched Battle/);
      shots.add('setup');
    }
    if (ask === 'deploy' && !shots.has('deploy')) {
      await shot(page, 'bov-deployment-en.png');
      shots.add('deploy');
    }
    const buttons = await page.$$eval('#choices button.choice:not([disabled])', (bs) => bs.map((b) => ({ kind: b.getAttribute('data-kind'), index: Number(b.getAttribute('data-index')), text: b.textContent })));
    if (buttons.some((b) => b.kind === 'Charge') && !shots.has('charge')) {
      await shot(page, 'bov-charge-odds-en.png');
      shots.add('charge');
      const charge = buttons.find((b) => b.kind === 'Charge');
      assert.match(charge?.text || '', /away/, 'a charge shows how far and its chance');
    }
    // (marked in the log beside the battlefield on this wide screen)
    if (decisions > 0 && ((await page.$('#choices details.since li')) || (await page.$('#log li.since-start')))) sinceShown += 1;
    const version = await page.evaluate(() => document.body.dataset.version);
    // The tools, once both sides stand on the table: the line of sight
    // from one of ours to one of theirs, then the ruler.
    if (ask === 'turn' && !shots.has('look')) {
      await page.click('#tool-look');
      // Pairs until one sees (the server draws the lines, or says none does).
      const ours = await page.$$eval('#field g.unit[data-owner="0"]', (g) => g.map((x) => x.getAttribute('data-unit')));
      const theirs = await page.$$eval('#field g.unit[data-owner="1"]', (g) => g.map((x) => x.getAttribute('data-unit')));
      let lines = 0;
      let looks = 0;
      for (const o of ours) {
        for (const e of theirs.slice(0, 3)) {
          await page.evaluate(() => delete document.body.dataset.looked);
          await page.click(`#field g.unit[data-unit="${o}"] circle`);
          await page.click(`#field g.unit[data-unit="${e}"] circle`);
          await page.waitForFunction(() => document.body.dataset.looked !== undefined, undefined, { timeout: 10000 });
          looks += 1;
          const said = await page.textContent('#tool-text');
          lines = Number(await page.evaluate(() => document.body.dataset.looked));
          assert.equal(await page.$$eval('#field line.sight', (l) => l.length), lines, 'one line drawn for each the server found');
          assert.match(said || '', lines ? /see/ : /No model/, `the look says what it found: ${said}`);
          if (lines) break;
        }
        if (lines) break;
      }
      assert.ok(lines > 0, `a unit saw another in ${looks} looks`);
      await shot(page, 'bov-line-of-sight-en.png');
      await page.click('#tool-ruler');
      const a = await page.evaluate(() => /** @type {any} */ (window).__bov.toScreen(10, 10));
      const b = await page.evaluate(() => /** @type {any} */ (window).__bov.toScreen(10, 20));
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 10 });
      await page.mouse.up();
      assert.match((await page.textContent('#tool-text')) || '', /^(9\.9|10\.0|10\.1)"$/, 'the ruler measures 10"');
      await page.click('#tool-ruler');
      assert.equal(await page.evaluate(() => document.body.dataset.tool), '');
      // Zoom in and pan, and back to the whole table.
      const width = () => page.evaluate(() => Number(document.getElementById('field')?.getAttribute('viewBox')?.split(' ')[2]));
      const whole = await width();
      await page.click('#zoom-in');
      await page.click('#zoom-in');
      assert.ok((await width()) < whole / 2, 'zoomed in');
      const before = await page.getAttribute('#field', 'viewBox');
      const c = await page.evaluate(() => /** @type {any} */ (window).__bov.toScreen(24, 18));
      await page.mouse.move(c.x, c.y);
      await page.mouse.down();
      await page.mouse.move(c.x + 60, c.y + 20, { steps: 5 });
      await page.mouse.up();
      assert.notEqual(await page.getAttribute('#field', 'viewBox'), before, 'dragging the empty table pans');
      await page.click('#zoom-all');
      assert.equal(await width(), whole);
      shots.add('look');
      continue;
    }
    // Deployment by dragging: first into the middle of the table (refused:
    // not in the zone), then into the zone.
    if (ask === 'deploy' && deployed < 2) {
      const view = await page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
      const me = view.seat;
      const zone = view.field.zones[me === view.near_seat ? 0 : 1];
      if (deployed === 0 && !refusedDeploy) {
        const d = await dragDeploy(page, { x: view.field.width / 2, y: view.field.height / 2 });
        assert.equal(d.verdict, 'refused', 'a unit dropped outside its zone is refused');
        assert.ok(d.words && d.words.length > 10, `the refusal says why: ${d.words}`);
        await d.release();
        await page.waitForFunction(() => document.querySelector('#notice')?.textContent, undefined, { timeout: 5000 });
        assert.equal(await page.evaluate(() => document.body.dataset.version), version, 'a refused deployment changes nothing');
        refusedDeploy = true;
        continue;
      }
      let made = false;
      for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        const d = await dragDeploy(page, { x: view.field.width * fx, y: (zone[0] + zone[1]) / 2 });
        if (d.verdict === 'ok') {
          await d.release();
          await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
          made = true;
          break;
        }
        console.log(`deployment at ${fx} of the width refused: ${d.words}`);
        await page.keyboard.press('Escape');
        await d.release();
      }
      assert.ok(made, 'a unit was deployed by dragging it into its zone');
      deployed += 1;
      kinds.add('Deploy');
      decisions += 1;
      continue;
    }
    // Objectives placed by clicking the table: a corner first (refused,
    // with the rule), then near the middle.
    if (ask === 'place_objective' && !placedByClick) {
      const corner = await page.evaluate(() => /** @type {any} */ (window).__bov.toScreen(0.5, 0.5));
      await page.mouse.click(corner.x, corner.y);
      await page.waitForFunction(() => document.querySelector('#notice')?.textContent, undefined, { timeout: 10000 });
      assert.equal(await page.evaluate(() => document.body.dataset.version), version, 'a refused place changes nothing');
      console.log(`objective in the corner: ${await page.textContent('#notice')}`);
      const view = await page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
      for (const [fx, fy] of [[0.5, 0.5], [0.4, 0.5], [0.6, 0.5], [0.5, 0.4], [0.5, 0.6]]) {
        const p = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [view.field.width * fx, view.field.height * fy]);
        await page.mouse.click(p.x, p.y);
        const moved = await page.waitForFunction((v) => (document.body.dataset.version !== v ? 'placed' : document.querySelector('#notice')?.textContent ? 'refused' : false), version, { timeout: 10000 });
        if ((await moved.jsonValue()) === 'placed') {
          placedByClick = true;
          break;
        }
      }
      assert.ok(placedByClick, 'an objective placed by clicking the table');
      const objectives = await page.evaluate(() => /** @type {any} */ (window).__bov.state().view.objectives);
      assert.ok(objectives.some((/** @type {any} */ o) => Math.abs(o.x - view.field.width / 2) < 6), `placed where clicked: ${JSON.stringify(objectives)}`);
      kinds.add('PlaceObjective');
      decisions += 1;
      continue;
    }
    // The unit to act is selected: its card and rings show its charge's
    // reach and the chance of it.
    if (ask === 'action' && !ringsSeen && (await page.$('#rings .ring.charge'))) {
      ringsSeen = true;
      const label = await page.textContent('#rings text.ring-label');
      assert.match(label || '', /charge \d+\.\d": \d+%/, `a charge ring says its chance: ${label}`);
      assert.match((await page.textContent('#unit-card')) || '', /Charge reach.*100%/, 'the card lists the charge reach, Speed for sure');
    }
    // A consolidation (BoV 5.1, "Consolidate": the models are moved "by
    // their owner"): the placement offered is drawn; a model no longer
    // engaged is dragged to the spot offered, its base snapped into
    // contact, and the plan's own button consolidates.
    if (ask === 'consolidate') consolidateAsked += 1;
    if (ask === 'consolidate' && consolidated === 0) {
      const q = await page.evaluate(() => /** @type {any} */ (window).__bov.state().question);
      const [model, way] = q.options[0].decision.Consolidate.paths[0];
      const u = await page.evaluate((id) => /** @type {any} */ (window).__bov.state().view.units.find((/** @type {any} */ x) => x.id === id), q.options[0].meaning.unit);
      const from = u.models[u.model_ids.indexOf(model)];
      const to = way[way.length - 1];
      assert.ok((await page.$$('#ghost circle')).length >= 1, 'the placement offered is drawn');
      assert.match((await page.textContent('#status-text')) || '', /Drag a model to place it elsewhere/);
      const a = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [from.x, from.y]);
      const b = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [to.x, to.y]);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 15 });
      await page.mouse.up();
      await page.waitForSelector('#plan-march');
      assert.match((await page.textContent('#plan-march')) || '', /^Consolidate as placed/);
      const sent = await page.evaluate(() => /** @type {any} */ (window).__bovProbe.last);
      const dragged = sent?.Consolidate?.paths?.find((/** @type {any} */ [id]) => id === model)?.[1];
      assert.ok(dragged, `the drag is a consolidation of model ${model}: ${JSON.stringify(sent)}`);
      const end = dragged[dragged.length - 1];
      assert.ok(Math.hypot(end.x - to.x, end.y - to.y) < 0.1, `dropped by the spot offered: ${JSON.stringify(end)} for ${JSON.stringify(to)}`);
      await page.waitForFunction(() => document.querySelector('#plan-march:not([disabled])') || document.querySelector('.plan-why'), undefined, { timeout: 10000 });
      assert.ok(await page.$('#plan-march:not([disabled])'), `the snapped placement is legal: ${await page.textContent('.plan-why').catch(() => '')}`);
      await page.click('#plan-march');
      await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
      const after = await page.evaluate((id) => /** @type {any} */ (window).__bov.state().view.units.find((/** @type {any} */ x) => x.id === id), u.id);
      const now = after.models[after.model_ids.indexOf(model)];
      assert.ok(Math.hypot(now.x - end.x, now.y - end.y) < 1e-6, 'the model stands where it was dropped');
      consolidated += 1;
      kinds.add('Consolidate');
      decisions += 1;
      continue;
    }
    // Casualties: the models clicked on the board.
    if (buttons.length && buttons.every((b) => b.kind === 'Remove') && pickedCasualties < 2) {
      const q = await page.evaluate(() => /** @type {any} */ (window).__bov.state().question);
      const unit = q.options[0].meaning.unit;
      const n = q.options[0].decision.Remove.models.length;
      const models = await page.$$eval(`#field g.unit[data-unit="${unit}"] circle[data-model]`, (cs) => cs.map((c) => c.getAttribute('data-model')));
      // The last models, as the book's coherent ends usually are.
      for (const mId of models.slice(-n)) await page.click(`#field g.unit[data-unit="${unit}"] circle[data-model="${mId}"]`);
      await page.waitForFunction(() => document.querySelector('#picks-remove:not([disabled])') || document.querySelector('.plan-why'), undefined, { timeout: 10000 });
      if (await page.$('#picks-remove:not([disabled])')) {
        assert.match((await page.textContent('#picks-hint')) || '', new RegExp(`${n} of ${n}`));
        await page.click('#picks-remove');
        await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
        pickedCasualties += 1;
        kinds.add('Remove');
        decisions += 1;
        continue;
      }
      console.log(`casualties clicked refused: ${await page.textContent('.plan-why')}`);
    }
    // A Vaala card played from the hand, when one way to play it is offered.
    const playable = await page.$$eval('#hand button.vaala-card.playable', (bs) => bs.map((b) => b.getAttribute('data-card')));
    if (playable.length && playedFromHand === 0) {
      const ways = await page.evaluate((id) => /** @type {any} */ (window).__bov.state().question.options.filter((/** @type {any} */ o) => o.decision?.Reaction?.reaction?.Vaala?.card === id).length, playable[0]);
      if (ways === 1) {
        await page.click(`#hand button.vaala-card[data-card="${playable[0]}"]`);
        await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
        playedFromHand += 1;
        kinds.add('Reaction');
        decisions += 1;
        continue;
      }
    }
    // After a card played from the hand, the player asks not to be asked
    // about reactions: the page declines them from then on.
    if (ask === 'reaction') reactionAsks += 1;
    if (ask === 'reaction' && (playedFromHand || reactionAsks >= 2) && (await page.isChecked('#ask-reactions'))) {
      // This window too: declined by the page at once.
      await page.uncheck('#ask-reactions');
      await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
      console.log(`reactions no longer asked, from decision ${decisions}`);
      decisions += 1;
      continue;
    }
    const canMarch = buttons.some((b) => b.kind === 'March');
    // A march planned model by model (Alt-drag), made with its button.
    if (canMarch && marched >= 1 && plannedMarches === 0) {
      const u = await activeUnit(page);
      const view = await page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
      const forward = u.owner === view.near_seat ? 1 : -1;
      for (let i = 0; i < Math.min(2, u.models.length); i++) {
        const from = u.models[i];
        const a = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [from.x, from.y]);
        const b = await page.evaluate(([x, y]) => /** @type {any} */ (window).__bov.toScreen(x, y), [from.x, from.y + forward * 1.0]);
        await page.keyboard.down('Alt');
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        await page.mouse.move(b.x, b.y, { steps: 15 });
        await page.mouse.up();
        await page.keyboard.up('Alt');
        await page.waitForSelector('#plan-march');
      }
      await page.waitForFunction(() => document.querySelector('#plan-march:not([disabled])') || document.querySelector('.plan-why'), undefined, { timeout: 10000 });
      const planned = await page.evaluate(() => /** @type {any} */ (window).__bovProbe.last);
      assert.equal(planned?.March?.paths?.length, Math.min(2, u.models.length), `only the models dragged move: ${JSON.stringify(planned)}`);
      if (await page.$('#plan-march:not([disabled])')) {
        await page.click('#plan-march');
        await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
        const after = await page.evaluate((id) => /** @type {any} */ (window).__bov.state().view.units.find((/** @type {any} */ x) => x.id === id), u.id);
        const movedModels = after.models.filter((/** @type {any} */ p, /** @type {number} */ i) => Math.hypot(p.x - u.models[i].x, p.y - u.models[i].y) > 0.5).length;
        assert.equal(movedModels, Math.min(2, u.models.length), 'the planned models moved, the others stayed');
        plannedMarches += 1;
        kinds.add('March');
        decisions += 1;
        continue;
      }
      console.log(`planned march refused: ${await page.textContent('.plan-why')}`);
      await page.click('#plan-clear');
    }
    // A refused drag first (twice the battlefield away), then real marches.
    if (canMarch && refused === 0) {
      const d = await dragActive(page, 0, 60);
      assert.equal(d.verdict, 'refused', 'a move off the table is refused while dragging');
      assert.ok(d.words && d.words.length > 10, `the refusal says why: ${d.words}`);
      await d.release();
      await page.waitForFunction(() => document.querySelector('#notice')?.textContent, undefined, { timeout: 5000 });
      assert.equal(await page.evaluate(() => document.body.dataset.version), version, 'a refused drag changes nothing');
      refused += 1;
      continue;
    }
    if (canMarch && marched < 6 && random() < 0.6) {
      // Toward the other side, a little.
      const u = await activeUnit(page);
      const view = await page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
      const forward = u.owner === view.near_seat ? 1 : -1;
      // The first march turns once on its way (a waypoint).
      const via = marched === 0 ? { dx: 0, dy: forward * 1.0 } : null;
      // The third march follows the planner's route (R), farther on.
      const routing = marched === 2 && !routedMarch;
      const d = routing ? await dragActive(page, 0.5, forward * 4, null, true) : await dragActive(page, 0.5, forward * 1.5, via);
      if (routing && d.verdict === 'ok') {
        const last = await page.evaluate(() => /** @type {any} */ (window).__bovProbe.last);
        assert.ok(last?.March?.paths?.length >= 1, `the route is a march: ${JSON.stringify(last)}`);
        routedMarch = true;
      }
      if (via) {
        const last = await page.evaluate(() => /** @type {any} */ (window).__bovProbe.last);
        assert.equal(last?.March?.paths?.[0]?.[1]?.length, 2, `a waypoint and the end: ${JSON.stringify(last)}`);
      }
      if (d.verdict === 'ok') {
        assert.match(d.words || '', /\d+\.\d" of \d+\.\d"/, `a legal move says the inches it uses of its allowance: ${d.words}`);
        await d.release();
        // The march is shown where it would end until it is made or undone.
        await page.waitForSelector('#move-confirm:not([disabled])', { timeout: 10000 });
        assert.equal(await page.evaluate(() => document.body.dataset.version), version, 'a dragged march waits to be made');
        assert.ok((await page.locator('#ghost circle').count()) > 0, 'the march is shown where it would end');
        if (!undone) {
          // Undo: the unit stays where it stood and nothing is sent.
          await page.click('#move-undo');
          await page.waitForFunction(() => !document.querySelector('#move-confirm') && !document.querySelector('#ghost circle'), undefined, { timeout: 5000 });
          assert.equal(await page.evaluate(() => document.body.dataset.version), version, 'an undone march changes nothing');
          undone = true;
          continue;
        }
        await page.click('#move-confirm');
        await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 10000 });
        marched += 1;
        kinds.add('March');
        decisions += 1;
        if (marched === 2 && !shots.has('battle')) {
          await shot(page, 'bov-battle-en.png');
          shots.add('battle');
        }
        continue;
      }
      await d.release();
      await page.waitForTimeout(50);
    }
    // A unit on the board, half of the time, when an option names it alone.
    const acts = buttons.filter((b) => b.kind !== 'Pass');
    const pool = acts.length ? acts : buttons;
    const pick = pool[Math.floor(random() * pool.length)];
    kinds.add(pick.kind);
    await pressChoice(page, pick.index);
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 20000 });
    decisions += 1;
  }
  assert.equal(await page.evaluate(() => document.body.dataset.status), 'over', 'the battle reached its end');
  await page.waitForSelector('#end:not([hidden]) #end-title');
  await shot(page, 'bov-end-en.png');
  await a11y('the end of a battle');

  const declined = Number(await page.evaluate(() => document.body.dataset.declined || 0));
  const probe = await page.evaluate(() => /** @type {any} */ (window).__bovProbe);
  const sorted = [...probe.samples].sort((a, b) => a - b);
  const quantile = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(`${decisions} decisions; kinds ${[...kinds].join(', ')}; asked ${[...asked].join(', ')}`);
  console.log(`drag checks: ${sorted.length} round trips, p50 ${quantile(0.5)?.toFixed(2)} ms, p99 ${quantile(0.99)?.toFixed(2)} ms, most in flight ${probe.maxInFlight}`);
  assert.ok(probe.maxInFlight <= 1);

  // The replay, from the end screen: each step drawn as it stood.
  await page.click('#end a[href^="/replay/"]');
  await page.waitForSelector('#field .cloth');
  await page.waitForFunction(() => document.body.dataset.mode === 'replay' && document.querySelector('#step-text')?.textContent);
  const total = Number(await page.getAttribute('#step', 'max'));
  assert.ok(total >= decisions, `the replay has ${total} steps`);
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.body.dataset.step === String(n), total);
  assert.match(await page.textContent('#notice'), /the battle is over/);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.body.dataset.step === '0');
  assert.equal(await page.$$eval('#field .unit', (u) => u.length), 0, 'no unit stands on the table before the first decision');
  await a11y('the replay of a battle');
  assert.equal(await page.$$eval('h1', (hs) => hs.length), 1, 'the replay has its heading');
  for (const a of ['place_objective', 'table_edge', 'deploy', 'turn', 'action']) assert.ok(asked.has(a), `asked ${a}: ${[...asked]}`);
  assert.ok(marched >= 1, `marched by dragging ${marched} times`);
  console.log(`casualties clicked ${pickedCasualties}, Vaala cards played from the hand ${playedFromHand}, marches planned model by model ${plannedMarches}`);
  assert.ok(placedByClick && ringsSeen, 'an objective placed by a click; charge rings seen');
  assert.equal(plannedMarches, 1, 'a march planned model by model was made');
  console.log(`consolidations asked of the player ${consolidateAsked}, placed by dragging ${consolidated}`);
  assert.ok(consolidateAsked >= 1 && consolidated === 1, 'a consolidation placed by dragging a model');
  assert.ok(routedMarch, "a march made along the planner's route");
  assert.ok(sinceShown > 10, `what happened since the last decision shown at ${sinceShown} questions`);
  assert.ok(pickedCasualties >= 1, 'casualties chosen by clicking models');
  console.log(`reaction windows declined by the page: ${declined}`);
  assert.ok(declined >= 1, 'the page declined reactions once asked not to ask');
  assert.equal(deployed, 2, 'two units deployed by dragging');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a battle by the starter set's rules, chosen in the lobby", { timeout: 120000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}/`);
  await page.waitForSelector('#seat-3 option', { state: 'attached' });
  await page.check('#game-bov');
  await page.waitForSelector('#edition option', { state: 'attached' });
  assert.equal(await page.inputValue('#edition'), 'v5_1', '5.1 by default');
  const scenarios = () => page.$$eval('#scenario option', (o) => o.map((x) => /** @type {HTMLOptionElement} */ (x).value));
  assert.ok(!(await scenarios()).includes('grand_tactical'));
  // BoV starter, "Determine Game Mode": the Grand Tactical in place of the Pitched Battle.
  await page.selectOption('#edition', 'starter');
  assert.deepEqual((await scenarios()).sort(), ['grand_tactical', 'quest', 'seize_the_land', 'slay_the_foe']);
  assert.equal(await page.inputValue('#scenario'), 'grand_tactical');
  assert.deepEqual(await accessibility(page), [], 'axe-core on the lobby with the starter rules chosen');
  // Each side's force list sits beside its seat, wide enough to read, and
  // the battle's selects keep a select's height.
  for (const s of [0, 1]) {
    const seat = await page.locator(`#seat-${s}`).boundingBox();
    const list = await page.locator(`#list-${s}`).boundingBox();
    assert.ok(list && seat && list.width >= 160 && Math.abs(list.y - seat.y) < 4, `list ${s}: ${JSON.stringify(list)} beside ${JSON.stringify(seat)}`);
    assert.match(await page.locator(`#list-${s} option:checked`).innerText(), /\(100\)/);
  }
  // The starter's own lists, whose Trooper cards Heroes lead as Captains
  // (BoV starter, "Heroes as Captains"), chosen with its rules.
  assert.deepEqual([await page.inputValue('#list-0'), await page.inputValue('#list-1')], ['allaria_fencers', 'tyveria_packs']);
  for (const id of ['edition', 'scenario', 'battlefield', 'terrain-map']) {
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box && box.height < 60, `#${id} is ${box?.height}px tall`);
  }
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  await page.click('a.seat-link');
  await page.waitForSelector('#field .cloth');
  await page.waitForFunction(() => (document.getElementById('round')?.textContent || '').includes('Grand Tactical'));
  assert.match(await page.textContent('#round'), /The starter set's rules · The Grand Tactical/);
  const id = new URL(page.url()).pathname.split('/').pop();
  const st = await (await fetch(`${at.server.base}/api/games/${id}`)).json();
  assert.equal(st.view.edition, 'starter');
  assert.equal(st.view.scenario, 'GrandTactical');
  // A unit a Hero leads: its Captain model is named, and its card shows the
  // Hero's, whose power the unit has (BoV starter, "Heroes as Captains").
  const led = st.view.units.filter((/** @type {any} */ u) => u.captain_card);
  assert.ok(led.length >= 2, JSON.stringify(st.view.units.map((/** @type {any} */ u) => [u.name, u.captain, u.captain_card])));
  assert.ok(led.every((/** @type {any} */ u) => u.captain === 0));
  const shown = await unitCardShown(page, led[0].id);
  assert.ok(shown.text.includes(`Led by ${shown.captain.name}, its Captain`), shown.text);
  assert.ok(shown.text.includes(shown.captain.front.powers[0]?.name || ''), shown.text);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a power places a unit anywhere: the starter's Hidden Trails, dragged across the table", { timeout: 240000 }, async () => {
  const { context, page, errors } = await hotseatTable(at, { lists: ['allaria_fencers', 'tyveria_packs'], edition: 'starter', scenario: 'slay_the_foe' }, 3);
  // Through the set-up by the first choice; the Tyverian side passes; the
  // Allarian side activates its Fai Hunters, led by the Fai Pathfinder, and
  // uses the Pathfinder's Ultimate on them.
  let placing = false;
  for (let i = 0; i < 200 && !placing; i++) {
    const what = await nextAsk(page);
    assert.notEqual(what, 'over', 'the battle ended before the power was used');
    if (what === 'cover') {
      await page.click('#show-hand');
      continue;
    }
    if ((await page.evaluate(() => document.body.dataset.ask)) === 'power_place') {
      placing = true;
      break;
    }
    const buttons = (await page.$$eval('#choices button.choice:not([disabled])', (bs) => bs.map((b) => ({ kind: b.getAttribute('data-kind') || '', index: Number(b.getAttribute('data-index')), text: b.textContent || '' })))).sort((a, b) => a.index - b.index);
    const pick =
      buttons.find((b) => b.kind === 'ActivatePower' && b.text.includes('Hidden Trails') && b.text.endsWith('on Fai Hunters')) ||
      buttons.find((b) => b.kind === 'Activate' && b.text.includes('Fai Hunters')) ||
      (buttons.some((b) => b.kind === 'Activate') ? buttons.find((b) => b.kind === 'Pass') : null) ||
      buttons[0];
    const version = await page.evaluate(() => document.body.dataset.version);
    await pressChoice(page, pick.index);
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('#notice')?.textContent, version, { timeout: 30000 });
  }
  assert.ok(placing, 'Hidden Trails asked where the Fai Hunters go');
  // The question and the hint say what is asked: anywhere, touching no enemy.
  assert.match(await page.textContent('#status'), /where Fai Hunters is placed: anywhere, engaged with no enemy/);
  assert.match(await page.textContent('#status'), /anywhere on the table, touching no enemy/);
  const view = () => page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
  let v = await view();
  const hunters = v.units.find((/** @type {any} */ u) => u.name === 'Fai Hunters');
  // Onto an enemy: refused, with the reason, and nothing changes.
  const enemy = v.units.find((/** @type {any} */ u) => u.owner !== hunters.owner && u.models.length);
  const onto = await dragDeploy(page, enemy.models[0]);
  assert.equal(onto.verdict, 'refused', onto.words);
  assert.match(onto.words, /another model's base|engaged with an enemy/);
  await page.keyboard.press('Escape');
  await onto.release();
  // Across the table, far from where they stand: the first open spot.
  const version = await page.evaluate(() => document.body.dataset.version);
  const spots = [
    { x: 24, y: 18 },
    { x: 12, y: 18 },
    { x: 36, y: 18 },
    { x: 24, y: 12 },
    { x: 24, y: 24 },
  ];
  let placed = null;
  for (const to of spots) {
    const d = await dragDeploy(page, to);
    if (d.verdict === 'ok') {
      await d.release();
      placed = to;
      break;
    }
    await page.keyboard.press('Escape');
    await d.release();
  }
  assert.ok(placed, 'an open spot in the middle of the table');
  await page.waitForFunction((ver) => document.body.dataset.version !== ver, version, { timeout: 30000 });
  v = await view();
  const after = v.units.find((/** @type {any} */ u) => u.id === hunters.id);
  const c = after.models.reduce((s, m) => ({ x: s.x + m.x / after.models.length, y: s.y + m.y / after.models.length }), { x: 0, y: 0 });
  assert.ok(Math.hypot(c.x - placed.x, c.y - placed.y) < 0.5, `centre ${JSON.stringify(c)} for ${JSON.stringify(placed)}`);
  await shot(page, 'bov-power-place.png');
  // The log tells the placement, and no Opportunity Attack was asked.
  assert.match(await page.textContent('#log'), /places Fai Hunters at \(/);
  assert.notEqual(await page.evaluate(() => document.body.dataset.ask), 'opportunity');
  assert.deepEqual(await accessibility(page), [], 'axe-core after a power placed a unit');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a General riding its Epic Creature in the starter rules: the creature's card carries the General's mounted side", { timeout: 300000 }, async () => {
  // The Dragon Hosts as starter armies: no Artifacts (BoV starter,
  // "Writing army lists"), each General riding its dragon.
  const host = (/** @type {string} */ force, /** @type {string} */ general, /** @type {string} */ dragon, /** @type {string[]} */ others) =>
    `(name: "${force}: riders (starter)", force: "${force}", game_size: 100, units: [(card: "${general}", general: true, bonded_to: Some("${dragon}"), mounted_on: Some("${dragon}")), (card: "${dragon}"), ${others.map((c) => `(card: "${c}")`).join(', ')}], vaala: [], edition: starter)`;
  const lists = [
    host('Allaria', 'elyse', 'ferellon_fulgen', ['dreamfencers', 'fai_hunters', 'bladepath_warriors', 'guild_enforcers']),
    host('Tyveria', 'adrael', 'nagasha_magnifex', ['ogerron_phalanx', 'bloodfangs', 'shiv_cutthroats', 'vespidai_swarm']),
  ];
  const { context, page, errors } = await hotseatTable(at, { lists, edition: 'starter', scenario: 'slay_the_foe' }, 5);
  // BoV starter, "Generals mounted on an Epic Creature": the General's card,
  // on its mounted side, attached to the creature's, both on the table as one.
  const view = () => page.evaluate(() => /** @type {any} */ (window).__bov.state().view);
  const v = await view();
  const dragon = v.units.find((/** @type {any} */ u) => u.rider_card);
  assert.ok(dragon, JSON.stringify(v.units.map((/** @type {any} */ u) => [u.name, u.rider_card, u.mounted_side])));
  const shown = await unitCardShown(page, dragon.id);
  assert.ok(shown.text.includes(`Ridden by ${shown.rider.name}, its General`), shown.text);
  await shot(page, 'bov-mounted-general.png');
  assert.deepEqual(await accessibility(page), [], 'axe-core on a starter battle of mounted Generals');
  assert.deepEqual(errors, []);
  await context.close();
});
