// The rules at hand: a dialog with every seat's player board on the side in
// play (LoV p.7: a seat without a person turns its board to the Faceless
// side), its Character card's Dragonbond ability (p.10), the Region glyphs
// ("Region Glyphs"), how the game ends ("End of Game") and a legend of every
// mark the table draws, the combat die's faces among them ("Combat dice").
// The Dragonbond dice in the log are drawn as those faces too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { catchErrors, rng, playUntil, settle, accessibility, serverAndBrowser, createGame, finishedGame, SCREENSHOTS } from '../lib/harness.mjs';

const at = serverAndBrowser({ screenshots: true });

/** @param {string} lang */
async function content(lang) {
  return (await fetch(`${at.server.base}/api/content/lov?lang=${lang}`)).json();
}

/**
 * A person (Elyse), the Faceless (Ferellon, Nagasha) and a bot (Adrael),
 * which plays the person's side of its board: Elyse's table at 1366x768,
 * asked to choose. @param {string[]} errors
 */
async function elyseTable(errors) {
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  const game = await createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'random', 'faceless'], me: 0, seed: 5 });
  await page.goto(`${at.server.base}${game.seats[0].link}`);
  assert.equal(await settle(page, 60000), 'choose');
  return { context, page, game };
}

test("the rules at hand show each seat's board side and Character card, the Region glyphs, the end and a legend", { timeout: 120000 }, async () => {
  const errors = [];
  const { context, page } = await elyseTable(errors);
  const c = (await content('en')).characters;

  await page.click('#rules-open');
  await page.waitForSelector('dialog#rules[open]');
  const shown = await page.$eval('dialog#rules', (d) => /** @type {HTMLElement} */ (d).innerText);
  const sides = { 0: 'human', 1: 'faceless', 2: 'human', 3: 'faceless' };
  for (const [seat, side] of Object.entries(sides)) {
    const ch = c[Number(seat)];
    const board = await page.$eval(`#rules-seat-${seat}`, (s) => /** @type {HTMLElement} */ (s).innerText);
    for (const g of ['attack', 'move', 'collect', 'vaala']) {
      assert.ok(board.includes(ch.board[side][g]), `${ch.name}'s ${side} ${g}: ${ch.board[side][g]}`);
      const other = ch.board[side === 'human' ? 'faceless' : 'human'][g];
      if (other !== ch.board[side][g]) assert.ok(!board.includes(other), `${ch.name}'s other side's ${g} is not shown`);
    }
    // A Character card for a person or a bot; none for the Faceless.
    assert.equal(board.includes(ch.bond), side === 'human', `${ch.name}'s Dragonbond ability`);
  }
  // Nagasha's standing line is on her person's side only.
  assert.ok(c[3].traits.length > 0 && !shown.includes(c[3].traits));
  // The viewer's board comes first; each Dragon has Rest & Recover and its Wound track.
  assert.equal(await page.$eval('dialog#rules .rules-seat', (s) => s.id), 'rules-seat-0');
  assert.equal((shown.match(/Rest & Recover/g) || []).length, 2);
  assert.ok(shown.includes(`Combat Value ${c[1].wound_track.join(' · ')}`));
  for (const g of ['Upgrade', 'Reinforce', 'Fortify']) assert.ok(shown.includes(g), g);
  assert.ok(shown.includes('10 Power') && shown.includes('Event deck'));
  // The legend: the five faces of the combat die, each named.
  const faces = await page.$$eval('dialog#rules .legend-part svg.die', (d) => d.map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(faces, ['miss', 'hit', 'two hits', 'critical hit', 'two critical hits']);
  assert.ok((await page.$$eval('dialog#rules .legend-part .badge', (b) => b.length)) >= 4);
  assert.deepEqual(await accessibility(page), [], 'axe-core with the rules open');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-rules-en.png') });

  // Escape closes it; a player board's button opens it at that board.
  await page.keyboard.press('Escape');
  assert.equal(await page.$eval('dialog#rules', (d) => /** @type {HTMLDialogElement} */ (d).open), false);
  // Closed, it holds nothing; the seats' patterns are in the page once.
  // (the dialog's `close` event, which empties it, comes after Escape's task)
  await page.waitForFunction(() => document.querySelector('dialog#rules')?.childElementCount === 0, null, { timeout: 5000 });
  assert.equal(await page.$eval('dialog#rules', (d) => d.childElementCount), 0);
  assert.equal(await page.$$eval('pattern[id^="hatch"]', (p) => p.length), 4);
  await page.click('.player.seat2 .board-rules');
  await page.waitForSelector('dialog#rules[open]');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'rules-seat-2');
  const top = await page.$eval('#rules-seat-2', (s) => {
    const d = /** @type {HTMLElement} */ (s.closest('dialog')).getBoundingClientRect();
    const r = s.getBoundingClientRect();
    return r.top >= d.top && r.top < d.top + d.height / 2;
  });
  assert.ok(top, "Adrael's board is in view");
  await page.click('dialog#rules .rules-close');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the rules at hand are in the page language, with no English board text', { timeout: 120000 }, async () => {
  const en = (await content('en')).characters;
  for (const lang of ['it', 'fr']) {
    const page = await at.browser.newPage({ viewport: { width: 390, height: 844 }, locale: lang });
    const errors = [];
    catchErrors(page, errors);
    const game = await createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'random', 'faceless'], me: 0, seed: 6, lang });
    await page.goto(`${at.server.base}${game.seats[0].link}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await settle(page, 60000), 'choose');
    await page.click('#rules-open');
    await page.waitForSelector('dialog#rules[open]');
    const shown = await page.$eval('dialog#rules', (d) => /** @type {HTMLElement} */ (d).innerText);
    for (const ch of en) {
      for (const words of [ch.bond, ch.traits, ...Object.values(ch.board.human), ...Object.values(ch.board.faceless)]) {
        if (words) assert.ok(!shown.includes(words), `${lang}: English "${words}"`);
      }
    }
    const ours = (await content(lang)).characters;
    assert.ok(shown.includes(ours[0].board.human.collect), `${lang}: ${ours[0].board.human.collect}`);
    // On a phone the dialog fits the screen's width.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth || (document.querySelector('dialog#rules')?.scrollWidth ?? 0) > window.innerWidth);
    assert.equal(wide, false, `${lang}: no horizontal scrolling`);
    if (lang === 'it') assert.deepEqual(await accessibility(page), [], 'axe-core on a phone');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the Dragonbond dice in the log are drawn as the faces of the combat die', { timeout: 200000 }, async () => {
  // A game of bots where a Dragonbond check was rolled.
  let game = null;
  let k = 0;
  for (const seed of [2, 3, 4, 5, 6, 7, 8, 9]) {
    const g = await finishedGame(at.server, { game: 'lov', seats: ['random', 'random', 'random', 'random'], seed });
    const record = await (await fetch(`${at.server.base}/api/games/${g.id}/record`)).json();
    k = record.decisions.length;
    const last = await (await fetch(`${at.server.base}/api/games/${g.id}/at/${k}`)).json();
    if (last.events.some((/** @type {any} */ e) => e.event.kind === 'bond_rolled')) {
      game = g;
      break;
    }
  }
  assert.ok(game, 'a game with a Dragonbond check');
  const page = await at.browser.newPage({ viewport: { width: 1366, height: 768 } });
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${at.server.base}/replay/${game.id}#k=${k}`);
  await page.waitForSelector('#log li.bond_rolled');
  const dice = await page.$$eval('#log li.bond_rolled svg.die', (d) => d.map((e) => ({ label: e.getAttribute('aria-label') || '', text: e.textContent || '' })));
  assert.equal(dice.length % 2, 0);
  assert.ok(dice.length >= 2);
  const faces = ['miss', 'hit', 'two hits', 'critical hit', 'two critical hits'];
  for (const d of dice) assert.ok(faces.some((f) => d.label.endsWith(f)), `a face, not a number: ${d.label}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every card on the table shows its whole text: on hover, on focus, and on a long press, in the page\'s language', { timeout: 120000 }, async () => {
  const errors = [];
  const { context, page, game } = await elyseTable(errors);
  const c = await content('en');
  // An Action card of the hand: each of its glyphs as Elyse's board words it (LoV, "Glyphs").
  const action = page.locator('#hand .card.action').first();
  const title = (await action.locator('.card-title').textContent()) || '';
  const card = c.actions.find((/** @type {any} */ a) => a.owner === 0 && a.label === title);
  assert.ok(card, `the card "${title}" among Elyse's`);
  await action.hover();
  await page.waitForSelector('#card-tip:not([hidden])');
  const tip = (await page.textContent('#card-tip')) || '';
  for (const g of card.glyphs) assert.ok(tip.includes(c.characters[0].board.human[g]), `${g}: ${tip}`);
  assert.equal(await action.getAttribute('aria-describedby'), 'card-tip');
  assert.deepEqual(await accessibility(page), [], 'axe-core with a card\'s text shown');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-card-tip-en.png') });
  // A Region card, by the keyboard: its glyphs as the rules word them ("Region Glyphs").
  const region = page.locator('#hand .card.region').first();
  if (await region.count()) {
    await region.focus();
    await page.waitForFunction(() => /Upgrade|Reinforce|Fortify/.test(document.getElementById('card-tip')?.textContent || ''));
  }
  await page.keyboard.press('Escape');
  await page.waitForSelector('#card-tip', { state: 'hidden' });
  await context.close();

  // On a phone, a long press shows it; in French, in the French words.
  const phone = await at.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const p = await phone.newPage();
  catchErrors(p, errors);
  await p.goto(`${at.server.base}${game.seats[0].link}`);
  assert.equal(await settle(p, 60000), 'choose');
  await p.selectOption('#lang', 'fr');
  await p.waitForFunction(() => document.documentElement.lang === 'fr');
  const fr = await content('fr');
  // The hand is drawn again in French, and again whenever the game moves
  // on: a card drawn over while it is pressed is pressed again.
  const mine = fr.actions.filter((/** @type {any} */ a) => a.owner === 0).map((/** @type {any} */ a) => a.label);
  await p.waitForFunction((labels) => labels.includes(document.querySelector('#hand .card.action .card-title')?.textContent || ''), mine);
  let frCard = null;
  let frTip = '';
  for (let tries = 0; tries < 5 && !frCard; tries++) {
    try {
      const held = p.locator('#hand .card.action').first();
      await held.scrollIntoViewIfNeeded({ timeout: 5000 });
      const frTitle = (await held.locator('.card-title').textContent({ timeout: 5000 })) || '';
      await held.dispatchEvent('contextmenu', undefined, { timeout: 5000 });
      await p.waitForSelector('#card-tip:not([hidden])', { timeout: 5000 });
      frTip = (await p.textContent('#card-tip')) || '';
      frCard = fr.actions.find((/** @type {any} */ a) => a.owner === 0 && a.label === frTitle);
    } catch (e) {
      if (tries === 4) throw e;
    }
  }
  assert.ok(frCard, 'a French Action card of Elyse\'s was pressed');
  for (const g of frCard.glyphs) assert.ok(frTip.includes(fr.characters[0].board.human[g]), `${g}: ${frTip}`);
  await phone.close();
  assert.deepEqual(errors, []);
});

// LoV reference card, "Region Glyphs" (Upgrade): a Denizen whose homeland is
// the Upgrade's region comes free, one from an adjacent region for a Power.
// Seed 1, played 50 decisions by rng(1), asks Adrael for a Denizen of each.
for (const [lang, cost, spent] of [
  ['en', 'for 1 Power', 'spends 1 Power'],
  ['fr', 'pour 1 Pouvoir', 'dépense 1 Pouvoir'],
]) {
  test(`an Upgrade's Denizen from an adjacent homeland says it costs 1 Power, and costs it (${lang})`, { timeout: 120000 }, async () => {
    const errors = [];
    const game = await createGame(at.server, { game: 'lov', seats: ['human', 'human', 'human', 'human'], mode: 'hotseat', seed: 1, lang });
    const random = rng(1);
    await playUntil(at.server, game, { limit: 50, choose: (st) => Math.floor(random() * st.question.options.length) });
    const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: lang });
    const page = await context.newPage();
    catchErrors(page, errors);
    await page.goto(`${at.server.base}${game.link}`);
    if ((await settle(page, 60000)) === 'cover') await page.click('#show-hand');
    assert.equal(await settle(page, 60000), 'choose');
    const labels = await page.$$eval('#choices button.choice', (bs) => bs.map((b) => b.textContent || ''));
    const paid = labels.filter((l) => l.includes(cost));
    assert.equal(paid.length, 1, `one option names its cost: ${labels.join(' | ')}`);
    // The Denizen of the region itself and "no Denizen" cost nothing.
    assert.equal(labels.length, 3, labels.join(' | '));
    if (lang === 'en') await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-option-cost-en.png') });
    await page.click(`#choices button.choice:has-text("${cost}")`);
    await page.waitForFunction((s) => [...document.querySelectorAll('#log li')].some((li) => (li.textContent || '').includes(s)), spent);
    const line = await page.$$eval('#log li', (lis, s) => lis.map((li) => li.textContent || '').filter((t) => t.includes(s)), spent);
    assert.ok(line.length >= 1, `the log says the Power was spent: ${line.join(' | ')}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
