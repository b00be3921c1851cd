// What the Battles of Valerna browser tests share: a battle opened at one
// screen, the wait for the table's next question, and a unit's card as the
// page draws it.
import { catchErrors, createGame } from './harness.mjs';

/**
 * A battle at one screen (two people, or `seats` as given), opened in a
 * page of its own.
 * @param {{ server: any, browser: any }} at @param {any} options @param {number} seed
 * @param {{ width: number, height: number }} [viewport] @param {string[]} [seats]
 */
export async function hotseatTable(at, options, seed, viewport = { width: 1366, height: 900 }, seats = ['human', 'human']) {
  const game = await createGame(at.server, { game: 'bov', seats, seed, mode: 'hotseat', options });
  const context = await at.browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  catchErrors(page, errors);
  await page.goto(`${at.server.base}${game.link}`);
  await page.waitForSelector('#field .cloth');
  return { game, context, page, errors };
}

/**
 * Waits for what the table asks next: `over` (the battle ended), `cover`
 * (a hand covered until its side lifts it) or `choose` (choices offered,
 * nothing in flight).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<'over' | 'cover' | 'choose'>}
 */
export async function nextAsk(page, timeout = 30000) {
  const h = await page.waitForFunction(
    () => {
      if (document.body.dataset.status === 'over') return 'over';
      if (document.querySelector('#show-hand')) return 'cover';
      return document.querySelector('#choices button.choice:not([disabled])') && document.body.dataset.busy === 'false' ? 'choose' : false;
    },
    undefined,
    { timeout, polling: 50 },
  );
  return /** @type {'over' | 'cover' | 'choose'} */ (await h.jsonValue());
}

/**
 * Unit `id`'s card as the table draws it (`bov/panels.js` `unitCard`), with
 * the cards of the Hero leading it and the General riding it.
 * @param {import('playwright-core').Page} page @param {number} id
 */
export async function unitCardShown(page, id) {
  return page.evaluate(async (id) => {
    const { unitCard } = await import('/static/bov/panels.js');
    const content = await (await fetch('/api/content/bov')).json();
    const u = /** @type {any} */ (window).__bov.state().view.units.find((/** @type {any} */ x) => x.id === id);
    const box = document.createElement('div');
    box.append(...unitCard(content, u));
    const card = (/** @type {string | null} */ c) => content.units.find((/** @type {any} */ x) => x.id === c) || null;
    return { text: box.textContent || '', captain: card(u.captain_card), rider: card(u.rider_card) };
  }, id);
}
