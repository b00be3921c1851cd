// The wargamer's workshop: the list builder builds a 100-point Allarian list
// unit by unit, shows the Unique rule broken beside the second copy of a
// Hero, is fixed, exports the file and `valerna bov list validate` accepts
// it; the odds page's mean wounds equal `valerna calc bov --json`'s; the
// cards gallery filters and links each keyword to its rule; a card written
// in the card editor shows the loader's error on its field, is kept in a pack
// of one's own, and is played in a list (saved by its link, printed on one
// page) and in a battle; a starter-set list names its rules, buys Upgrade
// tokens and carries its rules to the lobby; every unit on offer and in the
// list shows its figures as the pack gives them; every page fits a phone
// and passes axe. Takes docs/screenshots/workshop-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { showLogOnFailure, startServer, launch, catchErrors, SCREENSHOTS, accessibility, binary, settle, clickOne, rng } from '../lib/harness.mjs';

let server;
showLogOnFailure(() => server);
let browser;
before(async () => {
  server = await startServer();
  browser = await launch();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: false });
}

/** Waits for the list builder's answer to the last change. @param {import('playwright-core').Page} page */
async function checked(page) {
  await page.waitForFunction(() => /\b(ok|broken)\b/.test(document.getElementById('total')?.className || '') && !document.getElementById('total')?.textContent?.includes('…'));
}

/** @param {import('playwright-core').Page} page @param {string} card */
async function add(page, card) {
  await page.selectOption('#add-card', card);
  await page.click('#add');
}

/**
 * Exports the list (the page's "Export (.ron)"), keeps the file in a fresh
 * folder and has `valerna bov list validate` accept it: the file's path,
 * text and folder.
 * @param {import('playwright-core').Page} page
 */
async function exported(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'valerna-list-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  assert.match(file, /\.ron$/);
  const text = fs.readFileSync(file, 'utf8');
  const r = spawnSync(binary(), ['bov', 'list', 'validate', file, '--json'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}\n${text}`);
  return { file, text, dir };
}

test('a 100-point list: a broken rule beside its entry, fixed, exported and validated by the command line', { timeout: 120000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/lists?lang=en`);
  await page.waitForSelector('#force option[value="Allaria"]', { state: 'attached' });
  await page.selectOption('#force', 'Allaria');
  await page.fill('#size', '100');
  await page.click('#empty');
  await page.fill('#name', 'Allaria: the Workshop Line');
  for (const c of ['eldai_alarn', 'parrymaster_qui', 'oathguard_commander', 'dreamfencers', 'guild_enforcers', 'golden_gunners', 'bucentaur', 'parrymaster_qui']) await add(page, c);
  await page.check('#units > li[data-index="0"] input.general');
  await page.selectOption('#units > li[data-index="0"] select.artifact', 'stormcaller_horn');
  await page.selectOption('#units > li[data-index="1"] select.artifact', 'blade_of_dawn');
  for (const v of ['wind_step', 'veil_of_mist', 'mending_light']) await page.check(`#vaala .vaala-pick[data-card="${v}"] input`);
  // Monsters are picked among the list's Monsters, never offered as units.
  assert.equal(await page.locator('#add-card option[value="ravine_troll"]').count(), 0, 'no Monster under "Add a unit"');
  assert.equal(await page.locator('#monsters .vaala-pick[data-card="ravine_troll"]').count(), 1, 'the Ravine Troll among the Monsters');
  await checked(page);
  // The second Parrymaster breaks the Unique rule: said beside that entry.
  const beside = page.locator('#units > li[data-index="7"] .violation[data-rule="unique"]');
  await beside.waitFor();
  assert.match(await beside.innerText(), /Unique/);
  assert.equal(await page.locator('#units > li[data-index="1"] .violation').count(), 0, 'the first copy is fine');
  assert.match(await page.locator('#total').innerText(), /of 100 points/);
  await page.locator('#units > li[data-index="7"]').scrollIntoViewIfNeeded();
  await shot(page, 'workshop-list-en.png');
  assert.deepEqual(await accessibility(page), []);

  await page.click('#units > li[data-index="7"] button.remove');
  await page.waitForFunction(() => document.getElementById('total')?.classList.contains('ok'));
  assert.equal(await page.locator('.violation').count(), 0);
  const total = await page.locator('#total').innerText();
  const spent = Number(/(\d+) of 100 points/.exec(total)?.[1]);
  assert.ok(spent > 0 && spent <= 100, total);

  const { file, dir } = await exported(page);

  // The exported file imports back as the same list.
  await page.click('#empty');
  await page.setInputFiles('#import-file', file);
  await page.waitForFunction(() => document.querySelectorAll('#units > li').length === 7);
  await checked(page);
  assert.ok(await page.locator('#total').evaluate((e) => e.classList.contains('ok')));
  fs.rmSync(dir, { recursive: true, force: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a starter-set list: its rules named, Upgrade tokens bought and counted, validated by the command line, and carried to the lobby's rules", { timeout: 120000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/lists?lang=en`);
  await page.waitForSelector('#edition option[value="starter"]', { state: 'attached' });
  await page.selectOption('#force', 'Tyveria');
  await page.fill('#size', '100');
  await page.click('#starter');
  await page.waitForFunction(() => document.querySelectorAll('#units > li').length > 0);
  // Room for the tokens: the last unit left out.
  const n = await page.locator('#units > li').count();
  await page.click(`#units > li[data-index="${n - 1}"] button.remove`);
  await page.waitForFunction((k) => document.querySelectorAll('#units > li').length === k, n - 1);
  await checked(page);
  // A starter army has no Artifacts (BoV starter, "Writing army lists"):
  // the starting list's go.
  // Each choice re-draws the list, so the selects are looked up afresh.
  for (;;) {
    const carried = await page.locator('#units select.artifact').evaluateAll((ss) => ss.findIndex((s) => /** @type {HTMLSelectElement} */ (s).value !== ''));
    if (carried < 0) break;
    await page.locator('#units select.artifact').nth(carried).selectOption('');
  }
  await checked(page);
  const spentOf = async () => Number(/(\d+) of 100 points/.exec(await page.locator('#total').innerText())?.[1]);
  const spent = await spentOf();
  assert.ok(spent > 0 && spent < 100, String(spent));
  // Upgrade tokens are the starter edition's (BoV starter, "Add Vaala cards
  // or Upgrade tokens"): not to be bought by a list naming no edition.
  assert.ok(await page.locator('#tokens').isDisabled());
  await page.selectOption('#edition', 'v5_1');
  assert.ok(await page.locator('#tokens').isDisabled());
  await page.selectOption('#edition', 'starter');
  assert.ok(await page.locator('#tokens').isEnabled());
  await page.fill('#tokens', '1');
  await page.locator('#tokens').blur();
  // 1 point a token.
  await page.waitForFunction((s) => new RegExp(`\\b${s + 1} of 100 points`).test(document.getElementById('total')?.textContent || ''), spent);
  await checked(page);
  assert.equal(await spentOf(), spent + 1);
  // Named for BoV 5.1 instead, the tokens break a rule, said with the list's own rules.
  await page.selectOption('#edition', 'v5_1');
  await page.locator('#list-violations .violation[data-rule="upgrade_tokens"]').waitFor();
  await page.selectOption('#edition', 'starter');
  await page.waitForFunction(() => !document.querySelector('#list-violations .violation[data-rule="upgrade_tokens"]'));
  await checked(page);
  assert.ok(await page.locator('#total').evaluate((e) => e.classList.contains('ok')), await page.locator('#total').innerText());
  await shot(page, 'workshop-list-starter-en.png');
  assert.deepEqual(await accessibility(page), []);

  const { file, text, dir } = await exported(page);
  assert.match(text, /edition: starter,/);
  assert.match(text, /upgrade_tokens: 1,/);

  // Read back, the list keeps its rules and its tokens.
  await page.click('#empty');
  await page.setInputFiles('#import-file', file);
  await page.waitForFunction(() => document.querySelectorAll('#units > li').length > 0);
  assert.equal(await page.locator('#edition').inputValue(), 'starter');
  assert.equal(await page.locator('#tokens').inputValue(), '1');
  fs.rmSync(dir, { recursive: true, force: true });

  // Played, it sets the battle's rules in the lobby to the starter set's.
  await page.click('#play');
  await page.waitForURL(`${server.base}/`);
  await page.waitForFunction(() => /** @type {HTMLSelectElement | null} */ (document.getElementById('edition'))?.value === 'starter');
  const scenarios = await page.locator('#scenario option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.ok(!scenarios.includes('pitched_battle'), scenarios.join());
  assert.equal(await page.inputValue('#list-0'), '(carried)');
  // The battle's sides say the tokens each has left.
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  await page.click('a.seat-link');
  await page.waitForSelector('#sides .player[data-seat="1"]');
  assert.match(await page.locator('#sides .player[data-seat="0"]').innerText(), /Upgrade tokens: 1\b/);
  assert.match(await page.locator('#sides .player[data-seat="1"]').innerText(), /Upgrade tokens: \d+\b/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shipped starter list: its Heroes lead their troopers as Captains, kept through the export and valid', { timeout: 90000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/lists?lang=en`);
  await page.waitForSelector('#shipped option[value="allaria_fencers"]', { state: 'attached' });
  await page.selectOption('#shipped', 'allaria_fencers');
  await page.click('#open-shipped');
  await page.waitForFunction(() => document.querySelectorAll('#units select.captain').length > 0);
  await checked(page);
  assert.ok(await page.locator('#total').evaluate((e) => e.classList.contains('ok')), await page.locator('#total').innerText());
  assert.equal(await page.inputValue('#edition'), 'starter');
  // BoV starter, "Heroes as Captains": each led unit names its Hero.
  const led = await page.locator('#units select.captain').evaluateAll((ss) => ss.map((x) => /** @type {HTMLSelectElement} */ (x).value).filter(Boolean));
  assert.ok(led.length >= 2, led.join());
  const { text, dir } = await exported(page);
  for (const c of led) assert.ok(text.includes(`captain: Some("${c}")`), text);
  // A Captain taken away: the Hero is a unit of its own again, still valid.
  await page.selectOption('#units select.captain >> nth=0', '');
  await checked(page);
  assert.equal((await page.locator('#units select.captain').evaluateAll((ss) => ss.map((x) => /** @type {HTMLSelectElement} */ (x).value).filter(Boolean))).length, led.length - 1);
  fs.rmSync(dir, { recursive: true, force: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the list builder shows each unit's figures as the pack gives them, on offer and in the list", { timeout: 90000 }, async () => {
  const content = await (await fetch(`${server.base}/api/content/bov?lang=en`)).json();
  const monsters = new Set((content.monsters || []).map((/** @type {any} */ m) => m.id));
  const offered = content.units.filter((/** @type {any} */ u) => (u.force === 'Tyveria' || u.force === 'Neutral') && !monsters.has(u.id));
  // A unit with a ranged weapon, to see its range too.
  const shot = offered.find((/** @type {any} */ u) => u.force === 'Tyveria' && u.front.ranged);
  assert.ok(shot, 'a Tyverian unit that shoots');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/lists?lang=en`);
  await page.waitForSelector('#force option[value="Tyveria"]', { state: 'attached' });
  await page.selectOption('#force', 'Tyveria');
  await page.click('#empty');
  /** A unit's figures as the page shows them, by stat. @param {string} where */
  const shown = (where) =>
    page.locator(where).evaluate((dl) => Object.fromEntries([...dl.querySelectorAll(':scope > div')].map((d) => [d.getAttribute('data-stat'), d.querySelector('dd')?.textContent || ''])));

  // The unit chosen under "Add a unit": its figures beside the choice.
  await page.selectOption('#add-card', shot.id);
  const chosen = await shown('#add-card-figures dl.unit-figures');
  assert.equal(chosen.speed, `${shot.front.speed}"`);
  assert.equal(chosen.health, String(shot.front.health));
  assert.equal(chosen.points, String(shot.points));
  assert.match(chosen.ranged, new RegExp(`, ${shot.front.ranged.range}"`));
  assert.match(await page.locator('#add-card-figures').innerText(), /Speed.*Defense.*Health.*Melee.*Ranged.*Points.*Keywords/s);

  // Every unit on offer, with its own figures.
  await page.click('#offer > summary');
  assert.equal(await page.locator('#offer-list > li').count(), offered.length, 'every unit on offer, no Monster');
  for (const u of offered) {
    const f = await shown(`#offer-list > li[data-card="${u.id}"] dl.unit-figures`);
    assert.deepEqual(
      [f.speed, f.health, f.points, f.defense],
      [`${u.front.speed}"`, String(u.front.health), String(u.points), u.front.defense],
      u.id,
    );
  }

  // Added from the offer: the entry shows the card's figures, its points
  // as the validator counts them.
  await page.click(`#offer-list > li[data-card="${shot.id}"] button.offer-add`);
  await checked(page);
  const entry = `#units > li[data-card="${shot.id}"]`;
  const inList = await shown(`${entry} dl.unit-figures`);
  assert.equal(inList.speed, `${shot.front.speed}"`);
  assert.equal(inList.health, String(shot.front.health));
  assert.equal(await page.locator(`${entry} .entry-points`).innerText(), `${shot.points} pts`);
  assert.deepEqual(await accessibility(page), [], 'axe-core on the list builder with its units on offer shown');

  // In Italian, in the pack's Italian words.
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => /Velocità/.test(document.querySelector('#units dl.unit-figures')?.textContent || ''));
  assert.match(await page.locator(`${entry} dl.unit-figures`).innerText(), /Velocità.*Difesa.*Salute.*Mischia/s);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the odds page's mean wounds are `valerna calc bov --json`'s", { timeout: 60000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/odds?lang=en`);
  await page.waitForSelector('#defense option[value="gray"]', { state: 'attached' });
  await page.fill('#attack', '3xblack');
  await page.selectOption('#defense', 'gray');
  await page.fill('#models', '1');
  await page.waitForFunction(() => document.querySelector('#chart-wounds') && document.getElementById('results')?.dataset.mean);
  const cli = spawnSync(binary(), ['calc', 'bov', '--attack', '3xblack', '--defense', 'gray', '--json'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const expected = JSON.parse(cli.stdout).mean;
  const shownMean = Number(await page.locator('#results').getAttribute('data-mean'));
  assert.equal(shownMean, expected);
  assert.match(await page.locator('#chart-wounds figcaption').innerText(), new RegExp(expected.toFixed(3)));
  // A condition ticked changes the answer: a charge upgrades the attack.
  await page.check('#attack-with input[value="charge"]');
  await page.waitForFunction((m) => Number(document.getElementById('results')?.dataset.mean) > m, expected);
  await page.uncheck('#attack-with input[value="charge"]');
  await page.waitForFunction((m) => Number(document.getElementById('results')?.dataset.mean) === m, expected);
  assert.ok(await page.locator('#chart-lost').isVisible());
  assert.ok(await page.locator('#chart-morale').isVisible());
  assert.match(await page.locator('#reach').innerText(), /%/);
  await shot(page, 'workshop-odds-en.png');
  assert.deepEqual(await accessibility(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the cards gallery draws every card and filters by force, keyword and text', { timeout: 60000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/cards?lang=en`);
  await page.waitForSelector('#unit-cards .ws-card');
  const content = await (await fetch(`${server.base}/api/content/bov`)).json();
  assert.equal(await page.locator('#unit-cards .ws-card').count(), content.units.length);
  assert.equal(await page.locator('#vaala-cards .ws-card').count(), content.vaala.length);
  assert.equal(await page.locator('#artifact-cards .ws-card').count(), content.artifacts.length);
  await page.selectOption('#force-filter', 'Tyveria');
  const tyveria = content.units.filter((u) => u.force === 'Tyveria').length;
  await page.waitForFunction((n) => document.querySelectorAll('#unit-cards .ws-card').length === n, tyveria);
  await page.selectOption('#force-filter', '');
  await page.selectOption('#keyword-filter', 'Hero');
  const heroes = content.units.filter((u) => u.keywords.includes('Hero')).length;
  await page.waitForFunction((n) => document.querySelectorAll('#unit-cards .ws-card').length === n, heroes);
  await page.selectOption('#keyword-filter', '');
  // Each keyword names its rule and links to the rulings on it.
  const giant = page.locator('#unit-cards .kw-rule', { hasText: 'Giant' }).first();
  await giant.locator('summary').click();
  assert.match(await giant.innerText(), /p\. 22/);
  const ruling = await giant.locator('a').first().getAttribute('href');
  assert.match(ruling, /^\/rulings#giant/);
  const rulings = await (await fetch(`${server.base}${ruling.split('#')[0]}`)).text();
  assert.ok(rulings.includes(`id="${ruling.split('#')[1]}"`), ruling);
  await page.fill('#search', 'Elyse');
  await page.waitForFunction(() => document.querySelectorAll('#unit-cards .ws-card').length >= 1 && !!document.querySelector('#unit-cards .ws-card[data-card="elyse"]'));
  await page.fill('#search', '');
  await page.waitForFunction((n) => document.querySelectorAll('#unit-cards .ws-card').length === n, content.units.length);
  await shot(page, 'workshop-cards-en.png');
  assert.deepEqual(await accessibility(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the card editor: the loader's error on its field; the card kept, listed, printed and played", { timeout: 240000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${server.base}/cards/edit?lang=en`);
  await page.waitForSelector('#start-from option[value="dreamfencers"]', { state: 'attached' });
  await page.waitForSelector('#verdict.ok');
  /** Waits for the loader's answer to the last change. */
  const verdict = async () => {
    await page.waitForFunction(() => /\b(ok|broken)\b/.test(document.getElementById('verdict')?.className || ''));
    return page.locator('#verdict').getAttribute('class');
  };
  // Start from a shipped card, its powers and all, and make it one's own.
  await page.selectOption('#start-from', 'dreamfencers');
  await page.click('#start');
  await page.waitForFunction(() => /** @type {HTMLTextAreaElement} */ (document.querySelector('[name="front.powers"]')).value.includes('flowing_guard'));
  await page.fill('[name="id"]', 'river_wardens');
  await page.fill('[name="name"]', 'River Wardens');
  await page.fill('[name="front.speed"]', '7');
  assert.match(await verdict(), /ok/);
  await page.waitForSelector('#preview .ws-card[data-card="river_wardens"]');
  assert.match(await page.locator('#preview .ws-card').innerText(), /Flowing Guard/);
  // The preview links the power to its rule and rulings.
  assert.ok(await page.locator('#preview .power .cite a[href^="/rulings#"]').count() > 0);

  // A bad field: the loader's own error, on that field.
  await page.fill('[name="front.health"]', '0');
  assert.match(await verdict(), /broken/);
  const health = page.locator('label[data-field="front.health"] .field-error');
  await health.waitFor();
  assert.match(await health.innerText(), /at least 1/);
  assert.equal(await page.locator('[name="front.health"]').getAttribute('aria-invalid'), 'true');
  await page.fill('[name="front.health"]', '1');
  await page.fill('[name="front.melee.dice"]', '2xpurple');
  assert.match(await verdict(), /broken/);
  await page.locator('label[data-field="front.melee.dice"] .field-error').waitFor();
  assert.equal(await page.locator('label[data-field="front.health"] .field-error').count(), 0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'workshop-editor-error-en.png') });
  assert.deepEqual(await accessibility(page), []);
  await page.fill('[name="front.melee.dice"]', '2xgray');
  assert.match(await verdict(), /ok/);
  await page.waitForSelector('#preview .ws-card[data-card="river_wardens"]');
  await shot(page, 'workshop-editor-en.png');
  assert.deepEqual(await accessibility(page), []);

  // Kept in a pack of one's own, under a private link.
  await page.click('#save');
  await page.waitForSelector('#pack-link');
  const pack = /pack=([0-9a-f]{32})/.exec(page.url())?.[1];
  assert.ok(pack, page.url());
  const kept = await (await fetch(`${server.base}/api/bov/packs/${pack}`)).json();
  assert.equal(kept.units[0].id, 'river_wardens');

  // In the list builder: the Guild Line with the Wardens for the Dreamfencers.
  await page.click('#pack-lists');
  await page.waitForSelector('#add-card option[value="river_wardens"]', { state: 'attached' });
  await page.selectOption('#shipped', 'allaria_guild_line');
  await page.click('#open-shipped');
  await page.waitForSelector('#units > li[data-card="dreamfencers"]');
  await page.click('#units > li[data-card="dreamfencers"] button.remove');
  await add(page, 'river_wardens');
  await page.waitForSelector('#units > li[data-card="river_wardens"]');
  await checked(page);
  await page.waitForFunction(() => document.getElementById('total')?.classList.contains('ok'));

  // Saved by a link, and opened again from it in another tab.
  await page.click('#save');
  await page.waitForSelector('#saved-link');
  const link = await page.locator('#saved-link').getAttribute('href');
  const again = await context.newPage();
  catchErrors(again, errors);
  await again.goto(link);
  await again.waitForSelector('#units > li[data-card="river_wardens"]');
  await checked(again);
  assert.ok(await again.locator('#total').evaluate((e) => e.classList.contains('ok')));

  // Printed: one page, every unit's card with its text.
  await again.evaluate(() => {
    window.print = () => {};
  });
  await again.click('#print');
  await again.emulateMedia({ media: 'print' });
  assert.ok(await again.locator('#print-view').isVisible());
  assert.ok(!(await again.locator('main').isVisible()));
  const printed = await again.locator('#print-view').innerText();
  const content = await (await fetch(`${server.base}/api/content/bov`)).json();
  const names = (await again.evaluate(() => [...document.querySelectorAll('#units > li')].map((li) => li.getAttribute('data-card'))));
  for (const id of names) {
    const c = content.units.find((u) => u.id === id) || kept.units.find((u) => u.id === id);
    assert.ok(printed.includes(c.name), c.name);
    for (const p of c.front.powers || []) assert.ok(printed.includes(p.text), p.name);
  }
  const pdf = await again.pdf({ format: 'A4' });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  assert.equal(pages, 1, 'the printed list is one page');
  await again.close();

  // In a battle: "Play this list" carries the list and its pack to the lobby.
  await page.click('#play');
  await page.waitForSelector('#list-0 option[value="(carried)"]', { state: 'attached' });
  await page.click('#create-button');
  await page.waitForSelector('a.seat-link');
  await page.click('a.seat-link');
  await page.waitForSelector('#field .cloth');
  // The side plays on (objectives, deployment) until the unit is on the
  // table or offered to deploy by name.
  const random = rng(7);
  const shown = () => page.evaluate(() => !!document.querySelector('#field g.unit[aria-label^="River Wardens"]'));
  for (let i = 0; i < 80 && !(await shown()); i++) {
    if ((await settle(page, 60000)) !== 'choose') break;
    if (await shown()) break;
    await clickOne(page, random);
  }
  assert.ok(await shown(), 'the battle shows the unit of one\'s own on the table');
  // Its card, from the battle's own cards: the stats as written.
  await page.click('#field g.unit[aria-label^="River Wardens"] circle');
  await page.waitForFunction(() => /River Wardens/.test(document.getElementById('unit-card')?.textContent || ''));
  assert.match((await page.textContent('#unit-card')) || '', /Speed.*Defense.*Health/s, 'the card of one\'s own shows its stats');
  assert.deepEqual(errors, []);
  await context.close();
});

test('at 390x844 no workshop page scrolls sideways, and each passes axe', { timeout: 90000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors = [];
  catchErrors(page, errors);
  for (const [p, ready] of [
    ['/lists', '#total.ok, #total.broken'],
    ['/cards', '#unit-cards .ws-card'],
    ['/odds', '#chart-wounds'],
    ['/cards/edit', '#verdict.ok'],
    ['/rulings', '#giant'],
    ['/', '#create'],
  ]) {
    await page.goto(`${server.base}${p}?lang=en`);
    await page.waitForSelector(ready);
    if (p === '/lists') {
      await page.click('#starter');
      await page.waitForFunction(() => document.querySelectorAll('#units > li').length > 0);
      await checked(page);
    }
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(sideways <= 0, `${p} scrolls sideways by ${sideways}px`);
    assert.deepEqual(await accessibility(page), [], p);
    // Every page's header leads to the same pages, in the same order, the
    // page itself marked as the current one.
    const links = await page.$$eval('header nav.workshop-nav a', (as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current') === 'page']));
    assert.deepEqual(links.map(([h]) => h), ['/lists', '/cards', '/cards/edit', '/odds', '/rulings'], `${p}: ${JSON.stringify(links)}`);
    assert.deepEqual(links.filter(([, here]) => here).map(([h]) => h), p === '/' ? [] : [p], `${p} marks itself`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
