// @ts-check
/** The Lords of Vaala table: the status bar (who must do what now, with the
 * choices), the board, the players' boards, the Action stack, the hand and
 * the log, kept up to date over the game's WebSocket. Several human seats at
 * one screen (hot seat) play in turn: each hand stays hidden until its owner
 * asks to see it. */

import { getJson, postJson, openTable, errorText, Live, ApiError, addEvents, gameIdFromPath } from '../api.js';
import { askHint, markHint } from '../hint.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el, colon } from '../texts.js';
import { phoneTabs, sinceMark, sinceSummary } from '../tabs.js';
import { warnOfInvite } from '../invite.js';
import { drawMap, icon, seatFill, legend } from './map.js';
import { boardsThrough, sameBoard } from './steps.js';
import { choices, installKeys, moveForm, moveAnswer } from './decide.js';
import { installRules } from './rules.js';
import { playerPanel, stackPanel, handPanel, lineupPanel, logLine, dicePanel, seatName, seatTag, seatKind, regionsOf, endPanel, defensePanel, attackPanel, markAssault, installCardTips } from './panels.js';

/** @typedef {import('./panels.js').LogEntry} LogEntry */

/**
 * Everything the table draws from. `log` is the viewer's event stream
 * (entry n at index n).
 * @typedef {{content: any, state: any, log: LogEntry[], kinds: string[] | null,
 *   hidden: boolean, lit: Set<number>, mode: 'play' | 'replay', busy: boolean,
 *   localSeats: number[], notice: string, following?: number, since?: number,
 *   hint?: any, walk?: {from: number, boards: any[]},
 *   move?: {from: number, to: number, units: number[], general: boolean} | null, moveSent?: number}} TableModel
 */

/** @param {TableModel} m */
function mine(m) {
  const q = m.state?.question;
  return q && Array.isArray(q.options) && q.options.length > 0 && m.mode === 'play' ? q : null;
}

/** Who must decide now, in words. @param {TableModel} m */
function waitingText(m) {
  const q = m.state.question;
  const name = seatName(m.content, q.seat);
  const kind = seatKind(m.kinds, m.state.view, q.seat);
  const human = kind === 'human';
  const kindName = human ? '' : t(`web-seat-kind-${kind}`);
  // What the other seat is deciding: the question as the server words it
  // (public, as the question is), without the name said already.
  if (q.text) {
    const ask = stripName(q.text, name);
    if (ask === q.text) return t('web-waiting-for', { ask });
    return human ? t('web-waiting-on', { name, ask }) : t('web-waiting-kind-on', { name, kind: kindName, ask });
  }
  return human ? t('web-waiting', { name }) : t('web-waiting-kind', { name, kind: kindName });
}

/**
 * Draws the whole table.
 * @param {TableModel} m
 * @param {{choose: (i: number) => void, takeBack: () => void, showHand: () => void, hint: () => void, move?: (intent: any) => void, skip?: () => void}} act
 */
export function render(m, act) {
  const st = m.state;
  const view = st?.view;
  const content = m.content;
  const q = mine(m);
  const covered = m.hidden && m.localSeats.length > 1;
  // A move given in one step answers its questions as they come.
  const moving = q && !covered ? moveAnswer(q, m.move) : null;
  if (moving === null) m.move = null;
  else if (!m.busy && m.moveSent !== m.state.version) {
    m.moveSent = m.state.version;
    setTimeout(() => act.choose(moving));
  }
  const offer = q && !covered && !m.busy ? choices(q.options, act.choose) : { buttons: [], picks: new Map(), cards: new Map() };

  // The round line.
  const round = document.getElementById('round');
  if (round && view) {
    const phaseKey = typeof view.phase === 'string' ? view.phase : Object.keys(view.phase)[0];
    const bits = [
      t('web-round', { round: view.round }),
      t(`web-phase-${String(phaseKey).toLowerCase()}`),
      `${t('web-initiative-token')}${colon()}${seatName(content, view.initiative)}`,
      t('web-events-left', { count: view.events_left }),
    ];
    round.textContent = bits.join(' · ');
  }

  // The status bar.
  const status = /** @type {HTMLElement} */ (document.getElementById('status-text'));
  const box = /** @type {HTMLElement} */ (document.getElementById('choices'));
  const extra = /** @type {HTMLElement} */ (document.getElementById('status-extra'));
  // The status bar is rebuilt only when what it shows changes, so that a
  // focused choice keeps its focus while the log or the board update.
  document.body.dataset.events = String(m.log.length);
  const statusKey = JSON.stringify([m.mode === 'replay' ? m.log.length : 0, st?.version, st?.status, covered, m.busy, lang(), !!q, st?.question?.seat, st?.can_take_back, st?.viewer?.spectator, m.mode, m.hint?.version === st?.version, m.following !== undefined]);
  if (box.dataset.key !== statusKey) {
    box.dataset.key = statusKey;
    extra.replaceChildren();
    document.body.classList.toggle('my-turn', !!q && !covered);
    // For people, the words; for scripts that drive the page, the same facts as data.
    document.body.dataset.status = st ? String(st.status || '') : '';
    document.body.dataset.version = st ? String(st.version) : '';
    document.body.dataset.round = view ? String(view.round) : '';
    document.body.dataset.busy = String(m.busy);
    document.body.dataset.ask = q && !covered ? String(q.options[0]?.meaning?.ask?.kind || '') : '';
    if (!st) {
      status.textContent = t('web-loading');
      box.replaceChildren();
    } else if (st.outcome || st.status === 'over') {
      // At the table the end screen says who won and why; a replay's last
      // step says it here.
      status.textContent = m.mode === 'play' ? t('web-game-over') : st.outcome?.text || t('web-game-over');
      box.replaceChildren();
    } else if (st.status === 'broken') {
      status.textContent = t('web-broken', { message: st.broken || '' });
      box.replaceChildren();
    } else if (q && covered) {
      status.textContent = t('web-pass-screen', { name: seatName(content, q.seat) });
      box.replaceChildren(el('button', { type: 'button', id: 'show-hand', class: 'primary', onclick: act.showHand, text: t('web-show-hand') }));
    } else if (q) {
      status.replaceChildren(seatTag(content, q.seat), colon(), el('span', { text: stripName(q.text, seatName(content, q.seat)) }));
      const asksMove = q.options[0]?.meaning?.ask?.kind === 'move_count' && act.move && moving === null;
      const form = asksMove && act.move ? moveForm(q, view, act.move) : null;
      box.replaceChildren(...(q.defense ? [defensePanel(content, q.defense)] : []), ...(q.attack ? [attackPanel(content, q.attack)] : []), ...(form ? [form] : []), ...offer.buttons);
      if (q.assault) markAssault(box, content, q.assault);
      if (m.hint?.version === st.version) markHint(box, m.hint, 'data-option');
    } else if (st.question) {
      status.replaceChildren(el('span', { class: 'waiting', text: waitingText(m) }));
      box.replaceChildren();
    } else {
      status.textContent = '';
      box.replaceChildren();
    }
    // What happened since the player's last decision, its own results
    // and the others' turns, beside the new question.
    const since = q && !covered && m.mode === 'play' ? sinceSummary(m.log, m.since) : null;
    if (st?.viewer?.spectator) extra.append(el('span', { class: 'badge', text: t('web-spectating') }));
    // The search bot's view of the question: in a game with one person
    // only (between people it would be a third player at the table).
    const people = (m.kinds || []).filter((k) => k === 'human').length;
    if (q && !covered && m.mode === 'play' && people === 1 && m.hint?.version !== st.version) {
      extra.append(el('button', { type: 'button', id: 'hint', onclick: act.hint, text: t('web-hint'), title: t('web-hint-title') }));
    }
    // The others' moves being played back on the board may be skipped.
    if (m.mode === 'play' && m.following !== undefined && act.skip) {
      extra.append(el('button', { type: 'button', id: 'skip-playback', onclick: act.skip, text: t('web-skip-playback'), 'aria-keyshortcuts': 'Escape' }));
    }
    if (m.mode === 'play' && st?.can_take_back) {
      extra.append(el('button', { type: 'button', id: 'take-back', onclick: act.takeBack, text: t('web-take-back'), 'aria-keyshortcuts': 'Control+Z' }));
    }
    // The list of what happened comes after the buttons, which it would
    // push out of view on a phone.
    if (since) extra.append(since);
  }
  const notice = document.getElementById('notice');
  if (notice) notice.textContent = m.notice;

  // The end of the game, over the table (not in a replay's steps).
  const end = document.getElementById('end');
  const over = m.mode === 'play' && !!st?.outcome && !!view;
  if (end && end.hidden === over) end.hidden = !over;
  if (end && over && end.dataset.key !== `${st.id}:${lang()}:${m.log.length}`) {
    const first = !end.dataset.key;
    end.dataset.key = `${st.id}:${lang()}:${m.log.length}`;
    end.replaceChildren(...endPanel(content, st, m.log));
    // The result comes into view at the top of the page, wherever the
    // player had scrolled to, and a screen reader starts there.
    if (first) {
      window.scrollTo({ top: 0 });
      const title = /** @type {HTMLElement | null} */ (end.querySelector('#end-title'));
      title?.setAttribute('tabindex', '-1');
      title?.focus({ preventScroll: true });
    }
  }

  // The page title says when it is your turn, and at the end who won.
  if (m.mode === 'play') {
    document.title = q
      ? `● ${t('web-your-turn')} · ${t('web-title')}`
      : over
        ? `${end?.querySelector('#end-title')?.textContent} · ${t('web-title')}`
        : `${t('web-title')} · ${t('web-lov')}`;
  }

  if (!view) return;
  // The board, the boards of the players, the stack and the hand are drawn
  // again only when what they show changes: a follow step only moves the
  // light, and an element replaced between the press and the release of a
  // click would lose the click.
  if (redraw([st, content, m.log.length, lang(), m.busy, covered, m.kinds, m.walk ? m.following : undefined])) drawBoard(m, st, view, q, offer, covered);
  for (const g of document.querySelectorAll('#map .region')) g.classList.toggle('lit', m.lit.has(Number(/** @type {HTMLElement} */ (g).dataset.region)));

  const logBox = document.getElementById('log');
  if (logBox) {
    const light = (/** @type {number[]} */ regions) => {
      document.querySelectorAll('#map .region.lit').forEach((e) => e.classList.remove('lit'));
      for (const r of regions) document.querySelector(`#map [data-region="${r}"]`)?.classList.add('lit');
    };
    if (logBox.childElementCount > m.log.length || logBox.dataset.lang !== lang()) {
      logBox.replaceChildren();
      logBox.dataset.lang = lang();
    }
    const have = logBox.childElementCount;
    for (let i = logBox.childElementCount; i < m.log.length; i++) logBox.append(logLine(content, m.log[i], light));
    sinceMark(logBox, m.since);
    if (logBox.childElementCount > have) logBox.scrollTop = logBox.scrollHeight;
    logBox.querySelectorAll('.following').forEach((e) => e.classList.remove('following'));
    const line = m.following === undefined ? null : logBox.querySelector(`[data-n="${m.following}"]`);
    if (line) {
      line.classList.add('following');
      const box = logBox.getBoundingClientRect();
      const at = line.getBoundingClientRect();
      if (at.top < box.top || at.bottom > box.bottom) logBox.scrollTop += at.top - box.top - box.height / 2;
    } else if (logBox.dataset.following === 'yes') {
      // The walk-through is over: back to the newest line.
      logBox.scrollTop = logBox.scrollHeight;
    }
    logBox.dataset.following = line ? 'yes' : 'no';
  }
}

/** What the board was last drawn from. @type {unknown[] | null} */
let drawnFrom = null;

/** Whether `from` differs, part by part (`===`), from what the board was last drawn from. @param {unknown[]} from */
function redraw(from) {
  const last = drawnFrom;
  drawnFrom = from;
  return last === null || last.length !== from.length || from.some((x, i) => x !== last[i]);
}

/** The move an event makes on the board, for its arrow. @param {any} e */
function moveOf(e) {
  if (!e) return null;
  if (e.kind === 'force_moved' || e.kind === 'dragon_moved' || e.kind === 'retreated') return { from: e.from, to: e.to, seat: e.seat };
  return null;
}

/**
 * The legend, the board, the players' boards, the dice, the stack, the line-up and the hand.
 * @param {TableModel} m @param {any} st @param {any} view @param {any} q
 * @param {ReturnType<typeof choices>} offer @param {boolean} covered
 */
function drawBoard(m, st, view, q, offer, covered) {
  const content = m.content;
  // In a walk through others' moves: the board as it stood after the
  // followed event, and the dice rolled so far.
  const step = m.walk && m.following !== undefined ? m.walk.boards[m.following - m.walk.from] : null;
  const board = step ? { ...view, regions: step.regions, players: step.players } : view;
  const log = step && m.following !== undefined ? m.log.slice(0, m.following + 1) : m.log;
  const moving = step && m.following !== undefined ? moveOf(m.log[m.following]?.event) : null;
  const lg = document.getElementById('legend');
  if (lg && lg.dataset.lang !== lang()) {
    lg.replaceChildren(...legend());
    lg.dataset.lang = lang();
  }
  const dice = dicePanel(content, log);
  const focus = new Set();
  if (dice.combat && st.question) focus.add(dice.combat.region);
  const askRegion = q?.options?.[0]?.meaning?.ask?.region;
  if (typeof askRegion === 'number') focus.add(askRegion);

  drawMap(/** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('map'))), content, board, { picks: step ? new Map() : offer.picks, focus, lit: m.lit, move: moving });
  document.body.dataset.walk = step ? String(m.following) : '';

  const deciding = st.question ? st.question.seat : null;
  document.getElementById('players')?.replaceChildren(
    ...board.players.map((/** @type {any} */ _p, /** @type {number} */ seat) =>
      playerPanel(content, board, seat, { kinds: m.kinds, deciding, combat: dice.combat, winners: st.outcome?.winners }),
    ),
  );

  const sideDice = document.getElementById('dice-box');
  if (sideDice) sideDice.replaceChildren(...(dice.node ? [dice.node] : []));

  document.getElementById('stack-box')?.replaceChildren(stackPanel(content, view, m.log), lineupPanel(content, view, offer.cards));

  const hand = document.getElementById('hand');
  if (hand) {
    const me = view.players[view.seat];
    const own = !st.viewer?.spectator && me && me.actions !== null && me.actions !== undefined;
    hand.hidden = !own;
    if (own) {
      const heading = el('h2', {}, [icon(content.characters[view.seat]?.kind === 'dragon' ? 'dragon' : 'general', seatFill(view.seat), 16), ' ', t('web-your-hand', { name: seatName(content, view.seat) })]);
      if (covered) {
        hand.replaceChildren(heading, el('p', { class: 'covered', text: t('web-hand-hidden') }));
      } else {
        hand.replaceChildren(heading, handPanel(content, view, offer.cards));
      }
    }
  }
}

/** The question's text without the name the status bar already shows. @param {string} text @param {string} name */
function stripName(text, name) {
  const s = String(text || '');
  // "Elyse: …", "Elyse (Allaria): …" or the French "Elyse (Allaria) : …"; a
  // longer address ("… for Nagasha") stays.
  const m = /^(.*?) ?: /.exec(s);
  if (!m) return s;
  const who = m[1];
  return who === name || (who.startsWith(`${name} (`) && who.endsWith(')') && !who.slice(name.length + 2, -1).includes('(')) ? s.slice(m[0].length) : s;
}

/** The table page. */
async function main() {
  const id = gameIdFromPath();
  const { tokens, refused, pending, lang: gameLang, kinds, localSeats } = await openTable(id);
  let acting = localSeats.length ? localSeats[0] : null;
  /** @type {TableModel} */
  const m = { content: null, state: null, log: [], kinds, hidden: localSeats.length > 1, lit: new Set(), mode: 'play', busy: false, localSeats, notice: '' };
  const token = () => (acting === null ? null : tokens[String(acting)]);
  await loadTexts(initialLang(gameLang));
  applyTexts(document);
  phoneTabs();
  // An invitation opened before by this browser leaves it its seat; opened
  // by another, or not this game's, leaves it watching, told why.
  if (refused && !localSeats.length) m.notice = t(refused === 'already_joined' ? 'web-already-joined' : 'web-wrong-invite');
  // A seat of this game held already: another's invitation waits to be asked.
  if (pending) warnOfInvite(id, pending);
  const loadContent = async () => {
    m.content = await getJson(`/api/content/lov?lang=${lang()}`);
  };
  await loadContent();

  const act = { choose, takeBack, showHand, hint, move, skip: () => (catchUp(), draw()) };
  const draw = () => render(m, act);
  installRules(() => ({ content: m.content, view: m.state?.view, kinds: m.kinds }));
  installCardTips();
  // On a phone, a tap on the board away from a region to choose zooms it in
  // around the tap, or back out.
  const board = /** @type {HTMLElement | null} */ (document.querySelector('section.board'));
  document.getElementById('map')?.addEventListener('click', (e) => {
    if (!board || !window.matchMedia('(max-width: 760px)').matches) return;
    if (/** @type {Element} */ (e.target).closest?.('.region.pickable')) return;
    const map = /** @type {SVGSVGElement} */ (e.currentTarget);
    const r = map.getBoundingClientRect();
    const fx = (e.clientX - r.left) / r.width;
    const fy = (e.clientY - r.top) / r.height;
    const zoomed = board.classList.toggle('zoomed');
    document.body.dataset.mapZoom = zoomed ? 'in' : '';
    if (!zoomed) return;
    const z = map.getBoundingClientRect();
    board.scrollLeft = fx * z.width - board.clientWidth / 2;
    window.scrollBy(0, z.top + fy * z.height - innerHeight / 2);
  });

  // What happened since the last look (a Faceless turn arrives whole, and
  // a player's own decision has its results too): the board lights each
  // event's regions in turn, its log line marked, so a player can follow
  // the moves rather than find the board changed.
  const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  /** @type {number[]} */
  const toFollow = [];
  let following = false;
  let seen = -1;
  /** A step of the walk-through is shown this long (ms); a long run of the
   * others' moves goes faster, so that the whole of it takes about
   * `FOLLOW_WHOLE`, each step at least `FOLLOW_FASTEST`. */
  const FOLLOW_STEP = 650;
  const FOLLOW_WHOLE = 12000;
  const FOLLOW_FASTEST = 250;
  /** The log lines walked through, for tests and the curious. @type {number[]} */
  const followed = [];
  /** @type {any} */ (window).__lov = { followed, log: () => m.log.map((e) => e.event) };
  /** @param {any} [before] the view the new events start from, if known */
  function follow(before) {
    const from = seen;
    seen = m.log.length;
    // A log started again (take-back, language) is not news; nor is the
    // history a page finds on opening.
    if (m.log.length < from) toFollow.length = 0;
    if (from <= 0 || calm) return;
    // The boards between: walked through only if they end on the new
    // state's board (no event missed, none unknown).
    const view = m.state?.view;
    if (before && view && m.log.length > from) {
      const boards = boardsThrough(before, m.log.slice(from));
      const w = m.walk;
      if (!sameBoard(boards[boards.length - 1], view)) m.walk = undefined;
      else if (w && w.from + w.boards.length === from) m.walk = { from: w.from, boards: [...w.boards, ...boards] };
      else m.walk = { from, boards };
    } else if (m.log.length > from) {
      m.walk = undefined;
    }
    for (let i = from; i < m.log.length; i++) {
      const e = m.log[i];
      if (regionsOf(e.event).length) toFollow.push(i);
    }
    // Every step that moves something on the board is walked through, a
    // long run faster; "Skip" (or a decision) ends it.
    if (!following) nextFollowed();
  }

  /** Skips what is left of the walk-through: the player has moved on. */
  function catchUp() {
    walk += 1;
    toFollow.length = 0;
    if (following) {
      following = false;
      m.following = undefined;
      m.lit = new Set();
    }
    m.walk = undefined;
  }
  /** Which walk-through a pending step belongs to: a skip starts another. */
  let walk = 0;
  function nextFollowed() {
    const i = toFollow.shift();
    following = i !== undefined;
    m.following = i;
    m.lit = new Set(i === undefined ? [] : regionsOf(m.log[i]?.event));
    if (i !== undefined) followed.push(i);
    draw();
    const mine = walk;
    const pace = Math.max(FOLLOW_FASTEST, Math.min(FOLLOW_STEP, FOLLOW_WHOLE / (toFollow.length + 1)));
    if (following) setTimeout(() => mine === walk && nextFollowed(), pace);
  }

  /** Takes a state body (HTTP or socket) and its events. @param {any} body */
  function accept(body) {
    if (Array.isArray(body.seats)) m.kinds = body.seats.map((/** @type {any} */ s) => (typeof s === 'string' ? s : s.kind));
    if (body.events && !addEvents(m.log, body.events)) fetchEvents();
    if (m.state && body.version < m.state.version) return;
    const before = m.state?.view;
    m.state = body;
    m.busy = false;
    follow(before);
    // At the end the board and the log stand as the game ended.
    if (body.outcome) catchUp();
    // Several seats at one screen: follow the seat that must decide.
    const q = body.question;
    if (q && localSeats.length > 1 && localSeats.includes(q.seat) && q.seat !== acting) {
      acting = q.seat;
      m.hidden = true;
      m.log = [];
      m.since = undefined;
      live.restart(token(), lang());
      draw();
      return;
    }
    draw();
  }

  async function fetchState() {
    try {
      accept(await getJson(`/api/games/${encodeURIComponent(id)}?lang=${lang()}`, token()));
    } catch (x) {
      showError(x);
    }
  }

  async function fetchEvents() {
    try {
      const body = await getJson(`/api/games/${encodeURIComponent(id)}/events?from=${m.log.length}&lang=${lang()}`, token());
      addEvents(m.log, body.events);
      follow();
      draw();
    } catch (x) {
      showError(x);
    }
  }

  /** @param {any} x */
  function showError(x) {
    m.busy = false;
    if (x instanceof ApiError && x.code === 'no_game') m.notice = t('web-no-game');
    else m.notice = errorText(x, t);
    draw();
  }

  /** @param {number} index */
  async function choose(index) {
    if (!m.state || m.busy) return;
    catchUp();
    m.since = m.log.length;
    m.busy = true;
    m.notice = '';
    draw();
    if (live.send({ type: 'decide', version: m.state.version, option: index })) return;
    try {
      accept(await postJson(`/api/games/${encodeURIComponent(id)}/decisions`, { version: m.state.version, option: index }, token()));
      fetchEvents();
    } catch (x) {
      showError(x);
      fetchState();
    }
  }

  /**
   * A move given in one step: its first question answered now, the others
   * as they come (`render`).
   * @param {{from: number, to: number, units: number[], general: boolean}} intent
   */
  function move(intent) {
    if (!m.state || m.busy) return;
    m.move = intent;
    const i = moveAnswer(m.state.question, intent);
    if (i === null) {
      m.move = null;
      return;
    }
    m.moveSent = m.state.version;
    choose(i);
  }

  /** Asks the server what the search bot makes of each option. */
  function hint() {
    return askHint(m, { id, token: token(), draw, fail: showError });
  }

  async function takeBack() {
    if (!m.state || m.busy) return;
    m.busy = true;
    if (live.send({ type: 'takeback', version: m.state.version })) return;
    try {
      accept(await postJson(`/api/games/${encodeURIComponent(id)}/takeback`, { version: m.state.version }, token()));
      m.log = [];
      fetchEvents();
    } catch (x) {
      showError(x);
      fetchState();
    }
  }

  function showHand() {
    m.hidden = false;
    draw();
    /** @type {HTMLElement | null} */ (document.querySelector('#choices button'))?.focus();
  }

  const live = new Live(id, {
    token: token(),
    lang: lang(),
    eventsFrom: () => m.log.length,
    onState: (msg) => {
      // A take-back rewrites the stream's end: start the log again.
      if (m.state && msg.events_total !== undefined && msg.events_total < m.log.length) m.log = [];
      accept(msg);
    },
    onError: (msg) => {
      m.busy = false;
      m.notice = msg.message || msg.error;
      fetchState();
    },
    onStatus: (status, retry) => {
      const c = document.getElementById('connection');
      if (!c) return;
      if (status === 'open') {
        c.textContent = '';
        c.className = 'connection ok';
        // Back in touch: a failure of the lost connection is old news.
        if (m.notice === t('web-offline')) {
          m.notice = '';
          draw();
        }
      } else {
        c.textContent = t('web-reconnecting', { seconds: Math.ceil((retry || 0) / 1000) });
        c.className = 'connection lost';
        m.busy = false;
      }
    },
  });

  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), async (l) => {
    // Everything is worded again in the new language: the page's words, the
    // content's names, the question and the log.
    m.log = [];
    m.state = null;
    live.close();
    await loadTexts(l);
    applyTexts(document);
    await loadContent();
    draw();
    live.restart(token(), l);
  });
  installKeys();
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'z' && m.state?.can_take_back) {
      e.preventDefault();
      takeBack();
    }
  });
  draw();
  live.connect();
  // The socket brings the state; ask over HTTP too if it is slow to come.
  setTimeout(() => {
    if (!m.state) fetchState().then(() => fetchEvents());
  }, 1500);
}

if (document.body.dataset.page === 'play') main();
