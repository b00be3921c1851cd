// @ts-check
/** The lobby: create a game of Lords of Vaala (which seats are people,
 * Faceless or bots, the language, a seed) and list the games under way,
 * each with when it last moved; those the server calls idle (no decision
 * for a week) after the others, said to be idle. */

import { getJson, postJson, rememberCreated, heldSeats, heldInvites, inviteAgain, errorText } from './api.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el, LANGS, LANG_NAMES, colon } from './texts.js';

/** Each game's seat kinds (docs/api.md) and default table: one person
 * against the Faceless (the solo game), or against the greedy bot. */
const GAMES = {
  lov: { kinds: ['human', 'faceless', 'random', 'heuristic', 'ismcts'], seats: ['human', 'faceless', 'faceless', 'faceless'] },
  bov: { kinds: ['human', 'greedy', 'ismcts', 'random'], seats: ['human', 'greedy'] },
};

/** The list choice that reads the side's own list file. */
const OWN = '(own)';
/** The list choice that plays the list carried from the list builder. */
const CARRIED = '(carried)';

/** The list the list builder carried here ("Play this list"), if any (or
 * the pack of one's own it names cards of). */
function carriedList(key = 'valerna.carried-list') {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** @type {any} */
let content = null;
/** The Battles of Valerna content: the shipped lists, scenarios, sizes. @type {any} */
let battleContent = null;

async function loadContent(/** @type {string} */ l) {
  content = await getJson(`/api/content/lov?lang=${l}`);
  battleContent = await getJson(`/api/content/bov?lang=${l}`);
}

/** The game the form creates. @returns {'lov' | 'bov'} */
function chosenGame() {
  return /** @type {HTMLInputElement | null} */ (document.getElementById('game-bov'))?.checked ? 'bov' : 'lov';
}

/** @param {number} s */
function characterLabel(s) {
  if (chosenGame() === 'bov') return t('web-side', { seat: s + 1 });
  const c = content?.characters?.[s];
  if (!c) return t('web-seat', { seat: s + 1 });
  const kind = t(c.kind === 'dragon' ? 'web-dragon' : 'web-general');
  return `${c.name} (${c.realm}) · ${kind}`;
}

function renderSeats() {
  const box = /** @type {HTMLElement} */ (document.getElementById('seats'));
  const game = GAMES[chosenGame()];
  /** The choices made before, by the select's id (kept across a redraw). @type {Record<string, string>} */
  const previous = box.dataset.game === chosenGame() ? Object.fromEntries([...box.querySelectorAll('select')].map((s) => [s.id, s.value])) : {};
  box.dataset.game = chosenGame();
  box.replaceChildren(
    ...game.seats.map((_, s) => {
      const select = el(
        'select',
        { id: `seat-${s}`, name: `seat-${s}`, onchange: renderMe },
        game.kinds.map((k) => el('option', { value: k, text: t(`web-seat-kind-${k}`) })),
      );
      select.value = previous[`seat-${s}`] || game.seats[s];
      /** @type {(Node|string)[]} */
      const row = [el('span', { class: `swatch seat${s}`, 'aria-hidden': 'true' }), el('label', { for: `seat-${s}`, text: characterLabel(s) }), select];
      if (chosenGame() === 'bov') {
        // Each side's force list: a shipped one the battle's rules play (a
        // list naming no edition is read by them: the starter refuses
        // Artifacts and Mercenaries).
        const edition = /** @type {HTMLSelectElement | null} */ (document.getElementById('edition'))?.value || 'v5_1';
        const lists = (battleContent?.lists || []).filter((/** @type {any} */ l) => (l.editions || []).includes(edition));
        // By default two lists written for these rules, if there are two.
        const named = lists.filter((/** @type {any} */ l) => l.edition === edition);
        const fallback = named.length >= 2 ? named[s === 0 ? 0 : named.length - 1] : lists[s === 0 ? 1 : lists.length - 1];
        const file = /** @type {HTMLInputElement} */ (el('input', { type: 'file', id: `list-file-${s}`, accept: '.ron,text/plain', 'aria-label': t('web-lobby-list-file', { side: characterLabel(s) }), hidden: true }));
        const list = /** @type {HTMLSelectElement} */ (
          el(
            'select',
            { id: `list-${s}`, name: `list-${s}`, 'aria-label': t('web-lobby-list-of', { side: characterLabel(s) }), onchange: () => (file.hidden = list.value !== OWN) },
            [
              ...(carriedList() ? [el('option', { value: CARRIED, text: t('web-lobby-list-carried') })] : []),
              ...lists.map((/** @type {any} */ l) => el('option', { value: l.id, text: `${l.name} (${l.game_size})` })),
              el('option', { value: OWN, text: t('web-lobby-list-own') }),
            ],
          )
        );
        list.value = previous[`list-${s}`] || (s === 0 && carriedList() ? CARRIED : fallback?.id || '');
        if (list.selectedIndex < 0) list.value = fallback?.id || OWN;
        file.hidden = list.value !== OWN;
        row.push(list, file);
      }
      return el('div', { class: 'seat-row' }, row);
    }),
  );
  const battle = document.getElementById('battle-options');
  if (battle) battle.hidden = chosenGame() !== 'bov';
  renderMe();
}

/** The seat kinds chosen in the form, in seat order. */
function chosenKinds() {
  const game = GAMES[chosenGame()];
  return game.seats.map((d, s) => /** @type {HTMLSelectElement} */ (document.getElementById(`seat-${s}`))?.value || d);
}

/** Whether the people play at this screen. */
function hotseatChosen() {
  return /** @type {HTMLInputElement | null} */ (document.getElementById('mode-hotseat'))?.checked === true;
}

/** "Your seat": the person's seats of the form, or none (a game set up for
 * others); hidden at one screen, where every person's seat is this one's. */
function renderMe() {
  const me = /** @type {HTMLSelectElement | null} */ (document.getElementById('me'));
  const row = document.getElementById('me-row');
  if (!me || !row) return;
  const kinds = chosenKinds();
  const humans = kinds.map((_, s) => s).filter((s) => kinds[s] === 'human');
  const previous = me.value;
  me.replaceChildren(
    ...humans.map((s) => el('option', { value: String(s), text: characterLabel(s) })),
    el('option', { value: '', text: t('web-lobby-me-none') }),
  );
  // "None" stays once chosen by hand; otherwise the first person's seat.
  const keepNone = previous === '' && me.dataset.chosen === '1';
  me.value = humans.map(String).includes(previous) || keepNone ? previous : humans.length ? String(humans[0]) : '';
  row.hidden = hotseatChosen();
}

/** @param {string} link */
function absolute(link) {
  return new URL(link, location.origin).href;
}

/** The game created last, shown again in a new language. @type {{game: any, kinds: string[]} | null} */
let created = null;
/** Whether the game's language was chosen by hand (else it follows the page's). */
let gameLangChosen = false;

/** A name for seat `s` of a game of `game` in the lobby. @param {number} s @param {string} [game] */
const seatName = (s, game = chosenGame()) => (game === 'bov' ? t('web-side', { seat: s + 1 }) : content?.characters?.[s]?.name ?? String(s));

/** A field holding a link to copy, with its Copy button. @param {string} link @param {string} label */
function copyField(link, label) {
  const input = el('input', {
    class: 'link-copy',
    readonly: true,
    value: absolute(link),
    'aria-label': label,
    onfocus: (/** @type {FocusEvent} */ e) => /** @type {HTMLInputElement} */ (e.target).select(),
  });
  const button = el('button', {
    type: 'button',
    class: 'copy',
    text: t('web-lobby-copy'),
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(/** @type {HTMLInputElement} */ (input).value);
      } catch {
        /** @type {HTMLInputElement} */ (input).select();
        document.execCommand?.('copy');
      }
      button.textContent = t('web-lobby-copied');
    },
  });
  return [input, ' ', button];
}

/**
 * "New invitation" for a friend's seat, in the creator's browser.
 * @param {string} gameId @param {number} seat @param {string} name
 */
function reinviteButton(gameId, seat, name) {
  const said = el('span', { class: 'reinvited', role: 'status' });
  const button = el('button', {
    type: 'button',
    class: 'reinvite',
    'data-seat': seat,
    text: t('web-lobby-reinvite'),
    'aria-label': t('web-lobby-reinvite-of', { name }),
    onclick: async () => {
      try {
        await inviteAgain(gameId, seat);
        await refreshGames();
      } catch (x) {
        said.textContent = ` ${errorText(x, t)}`;
      }
    },
  });
  return el('span', {}, [button, said]);
}

/** What creating a game handed this browser: at one screen, the table that
 * holds every person's seat; else the creator's own seat, and each friend's
 * invitation to send (never a friend's token).
 * @param {any} game @param {string[]} kinds */
function showCreated(game, kinds) {
  created = { game, kinds };
  const box = /** @type {HTMLElement} */ (document.getElementById('created'));
  /** @type {(Node|string)[]} */
  const parts = [];
  if (game.mode === 'hotseat') {
    parts.push(
      el('p', { text: t('web-lobby-created-hotseat') }),
      el('p', {}, [el('a', { id: 'hotseat-link', class: 'button primary', href: game.link, text: t('web-lobby-hotseat') })]),
    );
  } else {
    parts.push(el('p', { text: t('web-lobby-created') }));
    const own = game.seats.filter((/** @type {any} */ s) => s.token);
    for (const s of own) {
      parts.push(el('p', {}, [el('a', { class: 'seat-link button primary', href: s.link, 'data-seat': s.seat, text: t('web-lobby-play-as', { name: seatName(s.seat) }) })]));
    }
    const invited = game.seats.filter((/** @type {any} */ s) => s.invite);
    if (invited.length) {
      parts.push(
        el(
          'ul',
          { class: 'links' },
          invited.map((/** @type {any} */ s) =>
            el('li', { class: 'invite', 'data-seat': s.seat }, [
              el('span', { text: t('web-lobby-send-to', { name: seatName(s.seat) }) }),
              ' ',
              ...copyField(s.link, t('web-lobby-link-of', { name: seatName(s.seat) })),
            ]),
          ),
        ),
      );
    }
  }
  parts.push(el('p', { class: 'muted', text: kinds.map((k, i) => `${characterLabel(i)}${colon()}${t(`web-seat-kind-${k}`)}`).join(' · ') }));
  box.replaceChildren(...parts);
  box.hidden = false;
}

/** @param {SubmitEvent} e */
async function create(e) {
  e.preventDefault();
  const err = /** @type {HTMLElement} */ (document.getElementById('create-error'));
  err.textContent = '';
  const kinds = chosenKinds();
  if (!kinds.includes('human')) {
    err.textContent = t('web-lobby-need-human');
    return;
  }
  /** @type {any} */
  const body = {
    game: chosenGame(),
    seats: kinds,
    lang: /** @type {HTMLSelectElement} */ (document.getElementById('game-lang')).value,
    mode: hotseatChosen() ? 'hotseat' : 'network',
  };
  const me = /** @type {HTMLSelectElement} */ (document.getElementById('me')).value;
  if (!hotseatChosen() && me !== '') body.me = Number(me);
  const seed = /** @type {HTMLInputElement} */ (document.getElementById('seed')).value.trim();
  if (seed !== '') body.seed = Number(seed);
  if (body.game === 'bov') {
    const value = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ (document.getElementById(id)).value;
    /** A side's list: a shipped one's name, or the text of its own file,
     * which the server checks as `valerna bov list validate` does. @param {number} s */
    const listOf = async (s) => {
      if (value(`list-${s}`) === CARRIED) return carriedList() || '';
      if (value(`list-${s}`) !== OWN) return value(`list-${s}`);
      const f = /** @type {HTMLInputElement} */ (document.getElementById(`list-file-${s}`)).files?.[0];
      if (!f) throw new Error(t('web-lobby-list-missing', { side: characterLabel(s) }));
      return f.text();
    };
    let sides;
    try {
      sides = [await listOf(0), await listOf(1)];
    } catch (x) {
      err.textContent = x instanceof Error ? x.message : String(x);
      return;
    }
    const monsters = [...document.querySelectorAll('#monsters input:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value);
    body.options = { lists: sides, edition: value('edition') || undefined, scenario: value('scenario'), battlefield: value('battlefield'), monsters };
    // A carried list may name cards of a pack of one's own.
    const carriedPack = value('list-0') === CARRIED || value('list-1') === CARRIED ? carriedList('valerna.carried-pack') : null;
    if (carriedPack) body.options.pack = carriedPack;
    if (value('terrain-map') === OWN) {
      // A map file of one's own (as `valerna bov map` writes it): its own size.
      const f = /** @type {HTMLInputElement} */ (document.getElementById('map-file')).files?.[0];
      if (!f) {
        err.textContent = t('web-lobby-map-missing');
        return;
      }
      body.options.map = await f.text();
      delete body.options.battlefield;
    } else if (value('terrain-map')) body.options.map = value('terrain-map');
  }
  try {
    const game = await postJson('/api/games', body);
    rememberCreated(game.id, game.seats);
    showCreated(game, kinds);
    refreshGames();
  } catch (x) {
    err.textContent = errorText(x, t);
  }
}

/** The games being played the server lists a page, and how many pages
 * the lobby shows ("More games" adds one). */
const PAGE = 100;
let pages = 1;

/** How long ago a time of the server's clock was, in the page's language
 * ("5 minutes ago", "3 days ago"); never "in ..." on a clock running behind.
 * @param {number} seconds since the Unix epoch */
function ago(seconds) {
  const past = Math.max(1, Math.round(Date.now() / 1000 - seconds));
  const words = new Intl.RelativeTimeFormat(lang(), { numeric: 'always' });
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (past >= size) return words.format(-Math.floor(past / size), unit);
  return words.format(-past, 'second');
}

/** A day of the server's clock, the year said only when it is not this one.
 * @param {number} seconds since the Unix epoch */
function day(seconds) {
  const d = new Date(seconds * 1000);
  const year = d.getFullYear() === new Date().getFullYear() ? undefined : 'numeric';
  return new Intl.DateTimeFormat(lang(), { day: 'numeric', month: 'short', year }).format(d);
}

/** A listed game's state, honestly: waiting or under way with when it last
 * moved, idle since the day it last moved, or broken.
 * @param {any} g @returns {(Node|string)[]} */
function statusCell(g) {
  const moved = Number(g.last_move ?? g.created);
  if (g.idle) return [el('span', { class: 'game-status', 'data-status': 'idle', text: t('web-game-status-idle', { date: day(moved) }) })];
  const parts = [el('span', { class: 'game-status', 'data-status': g.status, text: t(`web-game-status-${g.status}`) })];
  if (g.status === 'open' || g.status === 'playing') {
    const when = g.version > 0 ? t('web-game-status-last-move', { when: ago(moved) }) : t('web-game-status-no-move', { when: ago(moved) });
    parts.push(el('span', { class: 'game-since', text: when }));
  }
  return parts;
}

async function refreshGames() {
  const box = /** @type {HTMLElement} */ (document.getElementById('games'));
  /** @type {any[]} */
  const all = [];
  let more = false;
  try {
    for (let p = 0; p < pages; p++) {
      const page = await getJson(`/api/games?limit=${PAGE}&offset=${p * PAGE}`);
      const list = Array.isArray(page) ? page : [];
      all.push(...list);
      more = list.filter((/** @type {any} */ g) => g.status !== 'over').length === PAGE;
      if (!more) break;
    }
  } catch (x) {
    box.replaceChildren(el('p', { class: 'error', text: errorText(x, t) }));
    return;
  }
  showFinished(all.filter((/** @type {any} */ g) => g.status === 'over'));
  // Broken games are listed too, as broken: never hidden.
  const list = all.filter((/** @type {any} */ g) => g.status !== 'over');
  if (list.length === 0) {
    box.replaceChildren(el('p', { class: 'muted', text: t('web-lobby-no-games') }));
    return;
  }
  const row = (/** @type {any} */ g) => {
    // This browser's own seats (their tokens stay in its storage: the link
    // names the seat only), and the invitations it may still send.
    const mine = heldSeats(g.id);
    const invites = heldInvites(g.id);
    const seats = (g.seats || []).map((/** @type {any} */ s) => {
      const name = seatName(s.seat, g.game);
      const kind = t(`web-seat-kind-${s.kind}`);
      const state = s.kind !== 'human' ? '' : s.taken ? ` · ${t('web-lobby-taken')}` : ` · ${t('web-lobby-free')}`;
      /** @type {(Node|string)[]} */
      const bits = [el('span', { class: `swatch seat${s.seat}`, 'aria-hidden': 'true' }), `${name}${colon()}${kind}${state}`];
      /** @type {(Node|string)[]} */
      const invite = [];
      if (mine[String(s.seat)]) {
        bits.push(' ', el('a', { href: `/play/${encodeURIComponent(g.id)}#seat=${s.seat}`, text: t('web-lobby-rejoin') }));
      } else if (invites[String(s.seat)] && !s.taken) {
        const link = `/play/${encodeURIComponent(g.id)}#invite=${invites[String(s.seat)]}`;
        bits.push(` · ${t('web-lobby-invited')}`);
        invite.push(...copyField(link, t('web-lobby-link-of', { name })));
      }
      // The creator's browser may invite a friend's seat again: a link
      // opened by mistake (here), or lost; the server refuses a seat its
      // friend plays, and says so.
      if (invites[String(s.seat)]) invite.push(' ', reinviteButton(g.id, s.seat, name));
      // An invitation's link and buttons on a line of their own, which
      // wraps within the panel.
      if (invite.length) return el('li', { class: 'with-invite' }, [el('span', { class: 'seat-who' }, bits), el('span', { class: 'seat-invite' }, invite)]);
      return el('li', {}, bits);
    });
    return el('tr', { 'data-game': g.id }, [
      el('td', {}, [el('code', { text: g.id }), ' ', el('span', { class: 'muted', text: t(g.game === 'bov' ? 'web-bov' : 'web-lov') })]),
      el('td', { class: 'status-cell' }, statusCell(g)),
      el('td', {}, [el('ul', { class: 'seats' }, seats)]),
      el('td', {}, [el('a', { class: 'watch', href: `/play/${encodeURIComponent(g.id)}#spectate`, text: t('web-lobby-watch') })]),
    ]);
  };
  /** @param {any[]} games @param {string} [heading] the id of the heading that names the table */
  const table = (games, heading) =>
    el('table', { class: 'games', 'aria-labelledby': heading }, [
      el('thead', {}, [
        el('tr', {}, [
          el('th', { scope: 'col', text: t('web-lobby-game') }),
          el('th', { scope: 'col', text: t('web-lobby-status') }),
          el('th', { scope: 'col', text: t('web-lobby-seats') }),
          el('th', { scope: 'col', text: '' }),
        ]),
      ]),
      el('tbody', {}, games.map(row)),
    ]);
  // The games under way first; those left without a decision for a week
  // after them, apart, so that the live ones are not lost among them.
  const live = list.filter((/** @type {any} */ g) => !g.idle);
  const idle = list.filter((/** @type {any} */ g) => g.idle);
  box.replaceChildren(
    live.length ? table(live) : el('p', { class: 'muted', text: t('web-lobby-no-games') }),
    ...(idle.length ? [el('h3', { id: 'idle-heading', class: 'idle-heading', text: t('web-lobby-idle-games') }), table(idle, 'idle-heading')] : []),
    ...(more
      ? [
          el('button', {
            type: 'button',
            id: 'more-games',
            text: t('web-lobby-more'),
            onclick: () => {
              pages += 1;
              refreshGames();
            },
          }),
        ]
      : []),
  );
}

/** The games finished last (the server keeps the last 100), each with its
 * replay. @param {any[]} list */
function showFinished(list) {
  const box = document.getElementById('finished');
  if (!box) return;
  if (list.length === 0) {
    box.replaceChildren(el('p', { class: 'muted', text: t('web-lobby-no-finished') }));
    return;
  }
  const when = new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' });
  const rows = list.map((/** @type {any} */ g) =>
    el('tr', { 'data-game': g.id }, [
      el('td', { text: when.format(new Date(Number(g.created) * 1000)) }),
      el('td', { text: (g.seats || []).map((/** @type {any} */ s) => `${seatName(s.seat, g.game)}${colon()}${t(`web-seat-kind-${s.kind}`)}`).join(' · ') }),
      el('td', {}, [el('a', { class: 'replay-link', href: `/replay/${encodeURIComponent(g.id)}`, text: t('web-replay') })]),
    ]),
  );
  box.replaceChildren(
    el('table', { class: 'games' }, [
      el('thead', {}, [
        el('tr', {}, [
          el('th', { scope: 'col', text: t('web-lobby-when') }),
          el('th', { scope: 'col', text: t('web-lobby-seats') }),
          el('th', { scope: 'col', text: t('web-replay') }),
        ]),
      ]),
      el('tbody', {}, rows),
    ]),
  );
}

/** The scenario and the battlefield of a battle, in the page's language. */
function renderBattleOptions() {
  /** @param {string} id @param {string[]} names @param {string} prefix */
  const fill = (id, names, prefix) => {
    const select = /** @type {HTMLSelectElement | null} */ (document.getElementById(id));
    if (!select) return;
    const keep = select.value;
    select.replaceChildren(...names.map((n) => el('option', { value: n, text: t(`${prefix}-${n}`) })));
    if (keep && names.includes(keep)) select.value = keep;
    else if (id === 'battlefield') select.value = 'standard4x3';
  };
  // The edition first: its scenarios are the ones offered (the starter
  // set's rules have the Grand Tactical and no Pitched Battle).
  const editions = battleContent?.editions || [];
  fill('edition', editions.map((/** @type {any} */ e) => e.id), 'web-edition');
  const edition = /** @type {HTMLSelectElement | null} */ (document.getElementById('edition'));
  const scenarios = () => editions.find((/** @type {any} */ e) => e.id === edition?.value)?.scenarios || battleContent?.scenarios || [];
  fill('scenario', scenarios(), 'web-scenario');
  if (edition) {
    edition.onchange = () => {
      const scenario = /** @type {HTMLSelectElement | null} */ (document.getElementById('scenario'));
      fill('scenario', scenarios(), 'web-scenario');
      // Each edition's own default, unless the scenario chosen is also one of its.
      if (scenario && !scenarios().includes(scenario.value)) scenario.value = scenarios()[0];
      // And its own lists, unless a side plays a file or the builder's.
      for (const s of [0, 1]) {
        const list = /** @type {HTMLSelectElement | null} */ (document.getElementById(`list-${s}`));
        if (list && list.value !== OWN && list.value !== CARRIED) list.value = '';
      }
      renderSeats();
    };
  }
  fill('battlefield', battleContent?.battlefields || [], 'web-battlefield');
  // Terrain placed by the rules, or a shipped map (which sets the size).
  const map = /** @type {HTMLSelectElement | null} */ (document.getElementById('terrain-map'));
  if (map) {
    const keep = map.value;
    map.replaceChildren(
      el('option', { value: '', text: t('web-lobby-terrain-rules') }),
      ...(battleContent?.maps || []).map((/** @type {any} */ x) => el('option', { value: x.id, text: `${x.id.replace(/_/g, ' ')} (${t(`web-battlefield-${x.battlefield}`)})` })),
      el('option', { value: OWN, text: t('web-lobby-map-own') }),
    );
    map.value = keep;
    const file = /** @type {HTMLInputElement | null} */ (document.getElementById('map-file'));
    if (file) file.hidden = map.value !== OWN;
    map.onchange = () => {
      if (file) file.hidden = map.value !== OWN;
      const chosen = (battleContent?.maps || []).find((/** @type {any} */ x) => x.id === map.value);
      const size = /** @type {HTMLSelectElement | null} */ (document.getElementById('battlefield'));
      if (chosen && size) size.value = chosen.battlefield;
    };
  }
  // The Monsters a battle may field (BoV 5.1, "Monsters"), none by default.
  const box = document.getElementById('monsters');
  if (box) {
    const kept = new Set([...box.querySelectorAll('input:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value));
    box.replaceChildren(
      ...(battleContent?.monsters || []).map((/** @type {any} */ mo) =>
        el('label', {}, [el('input', { type: 'checkbox', name: 'monster', value: mo.id, id: `monster-${mo.id}`, checked: kept.has(mo.id) }), ` ${mo.name}`]),
      ),
    );
  }
}

async function start(/** @type {string} */ l) {
  // The content first: the page's language changes with its texts, all at once.
  await loadContent(l);
  await loadTexts(l);
  document.title = t('web-title');
  applyTexts(document);
  renderBattleOptions();
  renderSeats();
  const gameLang = /** @type {HTMLSelectElement} */ (document.getElementById('game-lang'));
  const keep = gameLangChosen ? gameLang.value : l;
  gameLang.replaceChildren(...LANGS.map((x) => el('option', { value: x, text: LANG_NAMES[/** @type {'en'|'it'|'fr'} */ (x)] })));
  gameLang.value = keep;
  if (created) showCreated(created.game, created.kinds);
  await refreshGames();
}

async function main() {
  // Come from the list builder's "Play this list": a battle.
  const fromBuilder = location.hash === '#battle';
  if (fromBuilder) {
    /** @type {HTMLInputElement} */ (document.getElementById('game-bov')).checked = true;
    history.replaceState(null, '', location.pathname);
  }
  // Heard from the first drawing of the seats on, while the games listed
  // are still being fetched: a game chosen then shows its options.
  for (const id of ['game-lov', 'game-bov']) document.getElementById(id)?.addEventListener('change', renderSeats);
  await start(initialLang());
  // A carried list that names its rulebook sets the battle's rules to it,
  // as the server reads the list (the validator the builder asks).
  const carried = fromBuilder ? carriedList() : null;
  /** @type {string | undefined} */
  let named;
  if (carried) {
    try {
      named = (await postJson('/api/bov/lists/check', { text: carried, pack: carriedList('valerna.carried-pack') })).list?.edition;
    } catch {
      /* unread, the rules stay as chosen; creating the battle says why */
    }
  }
  const edition = /** @type {HTMLSelectElement | null} */ (document.getElementById('edition'));
  if (named && edition && [...edition.options].some((o) => o.value === named)) {
    edition.value = named;
    edition.dispatchEvent(new Event('change'));
  }
  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), (l) => start(l));
  /** @type {HTMLFormElement} */ (document.getElementById('create')).addEventListener('submit', create);
  document.getElementById('game-lang')?.addEventListener('change', () => (gameLangChosen = true));
  document.getElementById('me')?.addEventListener('change', (e) => {
    /** @type {HTMLSelectElement} */ (e.target).dataset.chosen = '1';
  });
  for (const id of ['mode-network', 'mode-hotseat']) document.getElementById(id)?.addEventListener('change', renderMe);
  setInterval(refreshGames, 10000);
}

main();
