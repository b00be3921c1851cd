// A decision weighed on the page. "Counterattack or retreat?" (LoV p.12):
// the defender sees the attack's standard hits still to come and the
// chance of each number of hits its counterattack deals, the very numbers
// of `valerna calc lov` for its Combat Value. The hint: in a game against
// the Faceless, what the search bot would choose and each option's
// estimated chance to win; in a game between people, no hint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { binary, catchErrors, settle, accessibility, serverAndBrowser, createGame, playUntil, SCREENSHOTS } from '../lib/harness.mjs';

const at = serverAndBrowser({ screenshots: true });

/**
 * Plays a game of four people at one screen through the API, each decision
 * a fixed pick among the options, until a question `asked` holds; answers
 * the game and that state, or nothing within `limit` decisions.
 * @param {number} seed @param {number} limit @param {(q: any) => boolean} asked
 */
async function untilAsked(seed, limit, asked) {
  const game = await createGame(at.server, { game: 'lov', seats: ['human', 'human', 'human', 'human'], seed, mode: 'hotseat' });
  const st = await playUntil(at.server, game, { limit, stop: (st) => asked(st.question), choose: (st, i) => (i * 7 + seed) % st.question.options.length });
  return st && { game, st };
}

/**
 * The first of 20 hot-seat games to ask a question `asked` holds for,
 * opened at that question by its seat at 1366x768 (`what` names it).
 * @param {string} what @param {(q: any) => boolean} asked
 */
async function tableAsked(what, asked) {
  let found = null;
  for (let seed = 1; seed <= 20 && !found; seed++) found = await untilAsked(seed, 600, asked);
  assert.ok(found, `${what} was asked within 20 games`);
  const { game, st } = found;
  /** @type {string[]} */
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  await page.goto(`${at.server.base}${game.link}`);
  if ((await settle(page)) === 'cover') await page.click('#show-hand');
  return { st, page, context, errors };
}

/** `valerna calc lov --combat-value N --json`. @param {number} dice */
const calcLov = (dice) => JSON.parse(execFileSync(binary(), ['calc', 'lov', '--combat-value', String(dice), '--json'], { encoding: 'utf8' }));

/**
 * A table of odds on the page holds `valerna calc lov`'s chances of each
 * number of hits of `dice` dice, and of at least that many; its columns
 * reach every outcome (the last, "k+", is all that is left).
 * @param {{heads: (string | null)[], rows: (string | null)[][]}} shown @param {number} dice
 */
function oddsAsCalc(shown, dice) {
  const calc = calcLov(dice);
  const pct = (/** @type {number} */ p) => `${(p * 100).toFixed(1)}%`;
  const [chance, atLeast] = shown.rows;
  assert.ok(shown.heads.length >= 2, JSON.stringify(shown));
  shown.heads.forEach((head, i) => {
    const k = String(head);
    const tail = k.endsWith('+');
    assert.equal(Number.parseInt(k, 10), i);
    assert.equal(chance[i], pct(tail ? calc.at_least[i] : calc.pmf[i]), `${k} hits`);
    assert.equal(atLeast[i], pct(calc.at_least[i]), `at least ${k} hits`);
  });
  const last = shown.heads.length - 1;
  assert.ok(String(shown.heads[last]).endsWith('+') || last === calc.pmf.length - 1);
}

test('a defender sees the hits coming and the exact odds of its counterattack', { timeout: 200000 }, async () => {
  const { st, page, context, errors } = await tableAsked('a defender', (q) => !!q.defense);
  const d = st.question.defense;
  assert.ok(d.counterattack_dice > 0 && d.counterattack_hits, JSON.stringify(d));
  await page.waitForSelector('#defense');
  const shown = await page.$eval('#defense', (n) => ({
    text: n.textContent,
    heads: [...n.querySelectorAll('thead th')].slice(1).map((c) => c.textContent),
    rows: [...n.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
  }));
  assert.match(shown.text, new RegExp(`: ${d.standard_hits_coming} `), shown.text);

  // The chances, as `valerna calc lov` prints them for the same Combat Value.
  oddsAsCalc(shown, d.counterattack_dice);
  // The defender's board shows its Combat Value now, after the attack's
  // critical hits, not the one it began the combat with.
  const panel = await page.$eval(`.player.seat${st.question.seat} .combat-value`, (n) => n.textContent || '');
  assert.ok(panel.endsWith(`: ${d.counterattack_dice}`), `the defender's Combat Value now: ${panel}`);

  assert.deepEqual(await accessibility(page), [], 'axe-core on the defender\'s question');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-defense-odds-en.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('an attacker sees its dice with their exact odds and each enemy\'s counterattack', { timeout: 200000 }, async () => {
  const { st, page, context, errors } = await tableAsked('an attacker', (q) => !!q.attack && q.attack.attack_dice > 0 && q.attack.enemies.length > 0);
  const a = st.question.attack;
  await page.waitForSelector('#attack');
  const shown = await page.$eval('#attack', (n) => ({
    heads: [...n.querySelectorAll('thead th')].slice(1).map((c) => c.textContent),
    rows: [...n.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    enemies: [...n.querySelectorAll('.attack-enemies li')].map((li) => li.textContent || ''),
  }));
  oddsAsCalc(shown, a.attack_dice);
  // Each enemy in the region, with the dice of its counterattack and the
  // chance it lands at least one hit, as `valerna calc lov` counts them.
  assert.equal(shown.enemies.length, a.enemies.length);
  a.enemies.forEach((/** @type {any} */ e, /** @type {number} */ i) => {
    if (!e.dice) return;
    const c = calcLov(e.dice);
    assert.ok(shown.enemies[i].includes(` ${e.dice} (`), shown.enemies[i]);
    assert.ok(shown.enemies[i].includes(`${(c.at_least[1] * 100).toFixed(0)}%`), `${shown.enemies[i]} vs ${c.at_least[1]}`);
  });
  assert.deepEqual(await accessibility(page), [], 'axe-core on the attacker\'s question');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-attack-odds-en.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('"assault which region?" shows each region\'s attack at its strongest and the counterattacks there', { timeout: 200000 }, async () => {
  const { st, page, context, errors } = await tableAsked('an Assault', (q) => !!q.assault && q.assault.some((/** @type {any} */ a) => a.odds.attack_dice > 0 && a.odds.enemies.length > 0));
  const list = st.question.assault;
  await page.waitForSelector('#assault');
  const content = await (await fetch(`${at.server.base}/api/content/lov`)).json();
  const buttons = await page.$$eval('#choices button.choice', (bs) =>
    bs.map((b) => ({ index: Number(b.getAttribute('data-option')), text: b.textContent || '', odds: b.querySelector('.assault-odds')?.textContent || '' })),
  );
  const shown = [];
  for (const a of list) {
    const b = buttons.find((x) => x.index === a.option);
    const region = content.regions[a.odds.region].name;
    // The option that assaults a region says its attack at its strongest.
    assert.ok(b && b.text.includes(`assault ${region}`), `option ${a.option} assaults ${region}`);
    if (a.odds.attack_dice > 0) {
      const c = calcLov(a.odds.attack_dice);
      assert.ok(b.odds.startsWith(`at most ${a.odds.attack_dice} dice`), b.odds);
      assert.ok(b.odds.includes(`${(c.at_least[1] * 100).toFixed(0)}%`), `${b.odds} vs ${c.at_least[1]}`);
    }
    // And the Combat Value of each enemy there: its counterattack's dice.
    for (const e of a.odds.enemies) {
      const name = e.seat === null ? 'the neutral Units' : content.characters[e.seat].name;
      assert.ok(b.odds.includes(`(Combat Value ${e.dice})`), b.odds);
      if (name) assert.ok(b.odds.includes(name), `${name} in ${b.odds}`);
    }
    shown.push(`${region}: ${b.odds}`);
  }
  assert.equal(buttons.filter((b) => b.odds).length, list.length, 'no other option carries figures');
  console.log(`assault weighed: ${shown.join(' | ')}`);
  assert.deepEqual(await accessibility(page), [], 'axe-core on the assault question');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-assault-odds-en.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a solo player asks for a hint and sees each option weighed; people get none', { timeout: 200000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  catchErrors(page, errors);
  const game = await createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], me: 0, seed: 4 });
  await page.goto(`${at.server.base}${game.seats[0].link}`);
  assert.equal(await settle(page, 60000), 'choose');
  const options = await page.$$eval('#choices button.choice', (b) => b.length);
  await page.click('#hint');
  await page.waitForSelector('#hint-best', { timeout: 60000 });
  const shown = await page.evaluate(() => ({
    best: document.querySelector('#hint-best')?.textContent || '',
    hinted: [...document.querySelectorAll('#choices button.choice.hinted')].map((b) => b.textContent),
    wins: [...document.querySelectorAll('#choices .hint-win')].map((s) => s.textContent?.trim()),
    button: !!document.querySelector('#hint'),
  }));
  assert.equal(shown.hinted.length, 1, 'one choice is the search bot\'s');
  assert.ok(shown.wins.length >= 1 && shown.wins.length <= options, JSON.stringify(shown));
  for (const w of shown.wins) assert.match(w || '', /^\d{1,3}%$/);
  assert.ok(!shown.button, 'the hint is shown, not offered again');
  assert.deepEqual(await accessibility(page), [], 'axe-core with the hint shown');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lov-hint-en.png') });
  // Deciding moves on: the next question comes without the old hint.
  await page.click('#choices button.choice.hinted');
  assert.equal(await settle(page, 60000), 'choose');
  assert.equal(await page.$$eval('#choices .hint-win', (s) => s.length), 0);

  // Between people: no hint button.
  const two = await createGame(at.server, { game: 'lov', seats: ['human', 'human', 'faceless', 'faceless'], me: 0, seed: 7 });
  await page.goto(`${at.server.base}${two.seats[0].link}`);
  assert.equal(await settle(page, 60000), 'choose');
  assert.equal(await page.$$eval('#hint', (b) => b.length), 0, 'no hint between people');
  assert.deepEqual(errors, []);
  await context.close();
});
