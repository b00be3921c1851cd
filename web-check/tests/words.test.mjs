// A game in Italian and one in French: whatever the table shows (the map,
// the hand, the stack, the Denizens, the log, the questions), none of the
// provisional pack's English names or texts appears. The pack carries its
// own Italian and French (content/lov/it.jsonc, fr.jsonc).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catchErrors, rng, settle, clickOne, createGame, serverAndBrowser } from '../lib/harness.mjs';

const at = serverAndBrowser();

/** @param {string} lang */
async function content(lang) {
  return (await fetch(`${at.server.base}/api/content/lov?lang=${lang}`)).json();
}

/**
 * The pack's English names and texts to look for. A region's name the
 * language's book keeps as it is (Allaria, Ysval) is no English; every
 * card's text, and any other name, must read otherwise (the server falls
 * back to English where a translation is missing, so an equal text is a
 * missing one).
 * @param {any} en @param {any} other
 */
function englishOnly(en, other) {
  const out = new Set();
  for (const kind of ['regions', 'denizens', 'events', 'vaala']) {
    const theirs = new Map((other[kind] || []).map((/** @type {any} */ x) => [x.id, x]));
    for (const x of en[kind] || []) {
      const t = theirs.get(x.id) || {};
      for (const field of ['name', 'text']) {
        const words = x[field];
        const kept = kind === 'regions' && field === 'name' && words === t[field];
        if (typeof words === 'string' && words.length > 3 && !kept) out.add(words);
      }
    }
  }
  // The characters' boards and Character cards (the rules at hand).
  const theirs = new Map((other.characters || []).map((/** @type {any} */ x) => [x.id, x]));
  for (const x of en.characters || []) {
    const t = theirs.get(x.id) || {};
    for (const [words, same] of [
      [x.bond, t.bond],
      [x.traits, t.traits],
      ...['human', 'faceless'].flatMap((side) => ['attack', 'move', 'collect', 'vaala'].map((g) => [x.board?.[side]?.[g], t.board?.[side]?.[g]])),
    ]) {
      if (typeof words === 'string' && words.length > 3) {
        assert.notEqual(same, words, `${x.id}: untranslated "${words}"`);
        out.add(words);
      }
    }
  }
  return [...out];
}

/** @param {string} s */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const lang of ['it', 'fr']) {
  test(`a game in ${lang === 'it' ? 'Italian' : 'French'} shows no English text of the pack`, { timeout: 180000 }, async () => {
    const english = englishOnly(await content('en'), await content(lang));
    assert.ok(english.length > 30, `${english.length} English names and texts to look for`);
    const patterns = english.map((w) => new RegExp(`(^|[^\\p{L}])${escape(w)}($|[^\\p{L}])`, 'u'));
    const game = await createGame(at.server, { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], me: 0, seed: 17, lang });
    const errors = [];
    const page = await at.browser.newPage({ viewport: { width: 1366, height: 900 }, locale: lang });
    catchErrors(page, errors);
    await page.goto(`${at.server.base}${game.seats[0].link}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const random = rng(17);
    let looked = 0;
    for (let i = 0; i < 60; i++) {
      const state = await settle(page, 60000);
      // Everything a person can read, and every label a screen reader says.
      const shown = await page.evaluate(() => {
        const labels = [...document.querySelectorAll('[aria-label], [title], [aria-description]')].map(
          (e) => `${e.getAttribute('aria-label') || ''} ${e.getAttribute('title') || ''} ${e.getAttribute('aria-description') || ''}`,
        );
        return `${document.body.innerText}\n${labels.join('\n')}`;
      });
      looked += 1;
      // Once, with the rules at hand open: the boards and Character cards too.
      if (i === 1) {
        await page.click('#rules-open');
        await page.waitForSelector('dialog#rules[open]');
        const rules = await page.$eval('dialog#rules', (d) => /** @type {HTMLElement} */ (d).innerText);
        assert.deepEqual(english.filter((w, k) => patterns[k].test(rules)), [], `English in the ${lang} rules at hand`);
        assert.ok(rules.length > 2000, 'the rules at hand say something');
        await page.keyboard.press('Escape');
      }
      const found = english.filter((w, k) => patterns[k].test(shown));
      assert.deepEqual(found, [], `English pack text on the ${lang} table after ${i} decisions`);
      if (state === 'over') break;
      await clickOne(page, random);
    }
    assert.ok(looked >= 20, `${looked} looks at the table`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
