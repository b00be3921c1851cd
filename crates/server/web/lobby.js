// @ts-check
/** The lobby: create a game of Lords of Vaala (which seats are people,
 * Faceless or bots, the language, a seed) and list the games under way. */

import { getJson, postJson, rememberCreated, ApiError } from './api.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el, LANGS, LANG_NAMES } from './texts.js';

/** The seat kinds the server offers (docs/api.md). */
const KINDS = ['human', 'faceless', 'random', 'heuristic', 'ismcts'];
/** The default table: one person against the Faceless (the solo game). */
const DEFAULT = ['human', 'faceless', 'faceless', 'faceless'];

/** @type {any} */
let content = null;

async function loadContent() {
  content = await getJson(`/api/content/lov?lang=${lang()}`);
}

/** @param {number} s */
function characterLabel(s) {
  const c = content?.characters?.[s];
  if (!c) return t('web-seat', { seat: s + 1 });
  const kind = t(c.kind === 'dragon' ? 'web-dragon' : 'web-general');
  return `${c.name} (${c.realm}) · ${kind}`;
}

function renderSeats() {
  const box = /** @type {HTMLElement} */ (document.getElementById('seats'));
  const previous = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren(
    ...[0, 1, 2, 3].map((s) => {
      const select = el(
        'select',
        { id: `seat-${s}`, name: `seat-${s}` },
        KINDS.map((k) => el('option', { value: k, text: t(`web-seat-kind-${k}`) })),
      );
      select.value = previous[s] || DEFAULT[s];
      return el('div', { class: 'seat-row' }, [
        el('span', { class: `swatch seat${s}`, 'aria-hidden': 'true' }),
        el('label', { for: `seat-${s}`, text: characterLabel(s) }),
        select,
      ]);
    }),
  );
}

/** @param {string} link */
function absolute(link) {
  return new URL(link, location.origin).href;
}

/** The game created last, shown again in a new language. @type {{game: any, kinds: string[]} | null} */
let created = null;
/** Whether the game's language was chosen by hand (else it follows the page's). */
let gameLangChosen = false;

/** @param {any} game @param {string[]} kinds */
function showCreated(game, kinds) {
  created = { game, kinds };
  const box = /** @type {HTMLElement} */ (document.getElementById('created'));
  const humans = game.seats.filter((/** @type {any} */ s) => s.kind === 'human');
  const items = humans.map((/** @type {any} */ s) =>
    el('li', {}, [
      el('a', {
        class: 'seat-link',
        href: s.link,
        'data-seat': s.seat,
        text: t('web-lobby-play-as', { name: content?.characters?.[s.seat]?.name ?? s.seat }),
      }),
      ' ',
      el('input', {
        class: 'link-copy',
        readonly: true,
        value: absolute(s.link),
        'aria-label': t('web-lobby-link-of', { name: content?.characters?.[s.seat]?.name ?? s.seat }),
        onfocus: (/** @type {FocusEvent} */ e) => /** @type {HTMLInputElement} */ (e.target).select(),
      }),
    ]),
  );
  /** @type {(Node|string)[]} */
  const parts = [el('p', { text: t('web-lobby-created') }), el('ul', { class: 'links' }, items)];
  if (humans.length > 1) {
    const all = humans.map((/** @type {any} */ s) => `${s.seat}:${s.token}`).join(',');
    parts.push(
      el('p', {}, [
        el('a', {
          id: 'hotseat-link',
          class: 'button primary',
          href: `/play/${encodeURIComponent(game.id)}#seats=${all}`,
          text: t('web-lobby-hotseat'),
        }),
      ]),
    );
  }
  parts.push(el('p', { class: 'muted', text: kinds.map((k, i) => `${characterLabel(i)}: ${t(`web-seat-kind-${k}`)}`).join(' · ') }));
  box.replaceChildren(...parts);
  box.hidden = false;
}

/** @param {SubmitEvent} e */
async function create(e) {
  e.preventDefault();
  const err = /** @type {HTMLElement} */ (document.getElementById('create-error'));
  err.textContent = '';
  const kinds = [0, 1, 2, 3].map((s) => /** @type {HTMLSelectElement} */ (document.getElementById(`seat-${s}`)).value);
  if (!kinds.includes('human')) {
    err.textContent = t('web-lobby-need-human');
    return;
  }
  /** @type {any} */
  const body = {
    game: 'lov',
    seats: kinds,
    lang: /** @type {HTMLSelectElement} */ (document.getElementById('game-lang')).value,
  };
  const seed = /** @type {HTMLInputElement} */ (document.getElementById('seed')).value.trim();
  if (seed !== '') body.seed = Number(seed);
  try {
    const game = await postJson('/api/games', body);
    rememberCreated(game.id, game.seats);
    showCreated(game, kinds);
    refreshGames();
  } catch (x) {
    err.textContent = t('web-error', { message: x instanceof ApiError ? x.message : String(x) });
  }
}

/** The seats this browser holds for a game, from its links. @param {string} id */
function mySeats(id) {
  try {
    return JSON.parse(localStorage.getItem(`valerna.seats.${id}`) || '{}') || {};
  } catch {
    return {};
  }
}

async function refreshGames() {
  const box = /** @type {HTMLElement} */ (document.getElementById('games'));
  let games;
  try {
    games = await getJson('/api/games');
  } catch (x) {
    box.replaceChildren(el('p', { class: 'error', text: t('web-error', { message: String(x) }) }));
    return;
  }
  const list = (Array.isArray(games) ? games : games.games || []).filter(
    (/** @type {any} */ g) => g.status !== 'over' && g.status !== 'broken',
  );
  if (list.length === 0) {
    box.replaceChildren(el('p', { class: 'muted', text: t('web-lobby-no-games') }));
    return;
  }
  const rows = list.map((/** @type {any} */ g) => {
    const mine = mySeats(g.id);
    const seats = (g.seats || []).map((/** @type {any} */ s) => {
      const name = content?.characters?.[s.seat]?.name ?? String(s.seat);
      const kind = t(`web-seat-kind-${s.kind}`);
      const state = s.kind !== 'human' ? '' : s.taken ? ` · ${t('web-lobby-taken')}` : ` · ${t('web-lobby-free')}`;
      /** @type {(Node|string)[]} */
      const bits = [el('span', { class: `swatch seat${s.seat}`, 'aria-hidden': 'true' }), `${name}: ${kind}${state}`];
      if (mine[String(s.seat)]) {
        bits.push(
          ' ',
          el('a', {
            href: `/play/${encodeURIComponent(g.id)}#seat=${s.seat}&token=${mine[String(s.seat)]}`,
            text: t(s.taken ? 'web-lobby-rejoin' : 'web-lobby-play'),
          }),
        );
      }
      return el('li', {}, bits);
    });
    return el('tr', {}, [
      el('td', {}, [el('code', { text: g.id })]),
      el('td', { text: t(`web-game-status-${g.status}`) }),
      el('td', {}, [el('ul', { class: 'seats' }, seats)]),
      el('td', {}, [el('a', { href: `/play/${encodeURIComponent(g.id)}#spectate`, text: t('web-lobby-watch') })]),
    ]);
  });
  box.replaceChildren(
    el('table', { class: 'games' }, [
      el('thead', {}, [
        el('tr', {}, [
          el('th', { scope: 'col', text: t('web-lobby-game') }),
          el('th', { scope: 'col', text: t('web-lobby-status') }),
          el('th', { scope: 'col', text: t('web-lobby-seats') }),
          el('th', { scope: 'col', text: '' }),
        ]),
      ]),
      el('tbody', {}, rows),
    ]),
  );
}

async function start(/** @type {string} */ l) {
  await loadTexts(l);
  await loadContent();
  document.title = `${t('web-title')} · ${t('web-lov')}`;
  applyTexts(document);
  renderSeats();
  const gameLang = /** @type {HTMLSelectElement} */ (document.getElementById('game-lang'));
  const keep = gameLangChosen ? gameLang.value : l;
  gameLang.replaceChildren(...LANGS.map((x) => el('option', { value: x, text: LANG_NAMES[/** @type {'en'|'it'|'fr'} */ (x)] })));
  gameLang.value = keep;
  if (created) showCreated(created.game, created.kinds);
  await refreshGames();
}

async function main() {
  await start(initialLang());
  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), (l) => start(l));
  /** @type {HTMLFormElement} */ (document.getElementById('create')).addEventListener('submit', create);
  document.getElementById('game-lang')?.addEventListener('change', () => (gameLangChosen = true));
  setInterval(refreshGames, 10000);
}

main();
