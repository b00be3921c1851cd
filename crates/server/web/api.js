// @ts-check
/** HTTP and WebSocket access to the Valerna server (docs/api.md). The page
 * only shows what the server sends and sends decisions back: it never
 * computes a rule. */

/** An error answer of the API: `{"error": code, "message": text}`. */
export class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * One JSON request. Errors become `ApiError`s carrying the server's stable code.
 * @param {string} method
 * @param {string} path
 * @param {any} [body]
 * @param {string | null} [token]
 * @returns {Promise<any>}
 */
export async function request(method, path, body, token) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (e) {
    throw new ApiError(0, 'network', String(e));
  }
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const code = json && json.error ? json.error : `http_${res.status}`;
    const message = json && json.message ? json.message : text || res.statusText;
    throw new ApiError(res.status, code, message);
  }
  return json;
}

/**
 * What went wrong, for a person: the server's own sentence for a refusal;
 * for a server out of reach (or any other failure) the page's words, never
 * a browser's or a script's message.
 * @param {unknown} x @param {(id: string, args?: Record<string, unknown>) => string} t
 */
export function errorText(x, t) {
  if (x instanceof ApiError && x.code !== 'network' && x.message) return t('web-error', { message: x.message });
  return t('web-offline');
}

/** @param {string} path @param {string | null} [token] */
export const getJson = (path, token) => request('GET', path, undefined, token);
/** @param {string} path @param {any} body @param {string | null} [token] */
export const postJson = (path, body, token) => request('POST', path, body, token);

/** @param {string} gameId */
const seatsKey = (gameId) => `valerna.seats.${gameId}`;
/** @param {string} gameId */
const invitesKey = (gameId) => `valerna.invites.${gameId}`;

/** @param {string} key @returns {Record<string, string>} */
function readMap(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** @param {string} key @param {Record<string, string>} map */
function writeMap(key, map) {
  try {
    localStorage.setItem(key, JSON.stringify(map));
  } catch {
    /* private mode: kept for this page only */
  }
}

/** The seats this browser holds for a game, `{seat: token}`. @param {string} gameId */
export const heldSeats = (gameId) => readMap(seatsKey(gameId));
/** The invitations this browser created a game with, `{seat: invitation}`. @param {string} gameId */
export const heldInvites = (gameId) => readMap(invitesKey(gameId));

/**
 * Asks for a new invitation to a friend's seat, as the game's creator (the
 * seat this browser holds without an invitation of its own). A seat this
 * browser holds itself (a friend's invitation opened here) gives its token,
 * and is let go. The new invitation replaces the old one in this browser.
 * @param {string} gameId @param {number} seat
 * @returns {Promise<string>} the new invitation
 */
export async function inviteAgain(gameId, seat) {
  const held = heldSeats(gameId);
  const invites = heldInvites(gameId);
  const creator = Object.keys(held).find((s) => !invites[s]);
  const own = held[String(seat)];
  const body = own ? { seat, token: own } : { seat };
  const r = await postJson(`/api/games/${encodeURIComponent(gameId)}/invitations`, body, creator ? held[creator] : null);
  delete held[String(seat)];
  invites[String(seat)] = r.invite;
  writeMap(seatsKey(gameId), held);
  writeMap(invitesKey(gameId), invites);
  return r.invite;
}

/**
 * Opens the seats a link hands this browser, from its URL fragment:
 * `#invite=...` (a friend's invitation, exchanged once with the server for
 * the seat's token), `#seat=N&token=...` (one seat), `#seats=0:tok,2:tok`
 * (every person's seat of a game played at one screen), `#seat=N` (a seat
 * this browser holds already) or `#spectate`. The tokens are kept in
 * localStorage under the game's id, so the same browser comes back to its
 * seats, and the fragment leaves the visible address. A browser holds only
 * the seats it was handed: no link of one seat gives another. A browser that
 * holds a seat of the game already does not open an invitation to another
 * (most likely a friend's, opened by its creator): it is left `pending`,
 * for the page to ask, and opened only with `#invite=...&here`.
 * @param {string} gameId
 * @returns {Promise<{held: Record<string, string>, chosen: number | null, refused: string | null, pending: string | null}>}
 */
export async function openSeats(gameId) {
  let held = heldSeats(gameId);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  /** @type {number | null} */
  let chosen = null;
  /** @type {string | null} */
  let refused = null;
  /** @type {string | null} */
  let pending = null;
  const seat = hash.get('seat');
  const token = hash.get('token');
  const invite = hash.get('invite');
  const many = hash.get('seats');
  if (invite && Object.keys(held).length && !hash.has('here')) {
    pending = invite;
  } else if (invite) {
    try {
      const j = await postJson(`/api/games/${encodeURIComponent(gameId)}/join`, { invite });
      held[String(j.seat)] = j.token;
      chosen = j.seat;
    } catch (e) {
      // Opened before (by this browser, which then holds the seat, or by
      // another, whose it is), or not this game's.
      refused = e instanceof ApiError ? e.code : 'network';
    }
  } else if (seat !== null && token) {
    held[seat] = token;
    chosen = Number(seat);
  } else if (many) {
    for (const pair of many.split(',')) {
      const [s, tok] = pair.split(':');
      if (s !== undefined && tok) held[s] = tok;
    }
  } else if (seat !== null && held[seat]) {
    chosen = Number(seat);
  }
  if (hash.has('spectate')) held = {};
  if (location.hash) {
    writeMap(seatsKey(gameId), held);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return { held, chosen, refused, pending };
}

/**
 * Remembers what creating a game handed this browser: the tokens of the
 * seats that are its own (the creator's seat, or every person's at one
 * screen), and the invitations to send to friends, so the lobby can show
 * those links again. No friend's token is ever here: an invitation opens
 * its seat once, in the friend's browser.
 * @param {string} gameId
 * @param {{seat: number, kind: string, token?: string | null, invite?: string | null}[]} seats
 */
export function rememberCreated(gameId, seats) {
  /** @type {Record<string, string>} */
  const tokens = {};
  /** @type {Record<string, string>} */
  const invites = {};
  for (const s of seats) {
    if (s.token) tokens[String(s.seat)] = s.token;
    if (s.invite) invites[String(s.seat)] = s.invite;
  }
  writeMap(seatsKey(gameId), tokens);
  writeMap(invitesKey(gameId), invites);
}

/**
 * The game's WebSocket: sends `hello`, hands every `state` message to
 * `onState`, every `error` to `onError` and any other (`tried`) to
 * `onMessage`, and reconnects after a loss with a growing, jittered delay
 * (0.5 s doubling up to 15 s), asking for the events it has not seen yet.
 */
export class Live {
  /**
   * @param {string} gameId
   * @param {{token: string | null, lang: string, eventsFrom: () => number,
   *   onState: (msg: any) => void, onError: (msg: any) => void,
   *   onMessage?: (msg: any) => void,
   *   onStatus: (status: string, retryIn?: number) => void}} opts
   */
  constructor(gameId, opts) {
    this.gameId = gameId;
    this.opts = opts;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.attempt = 0;
    this.closed = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.pinger = null;
  }

  connect() {
    this.closed = false;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      ws.send(
        JSON.stringify({
          type: 'hello',
          token: this.opts.token,
          lang: this.opts.lang,
          events_from: this.opts.eventsFrom(),
        }),
      );
      this.opts.onStatus('open');
      if (this.pinger) clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.type === 'state') this.opts.onState(msg);
      else if (msg.type === 'error') this.opts.onError(msg);
      else this.opts.onMessage?.(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.pinger) clearInterval(this.pinger);
      if (this.closed) return;
      const base = Math.min(15000, 500 * 2 ** this.attempt);
      const delay = Math.round(base / 2 + (Math.random() * base) / 2);
      this.attempt += 1;
      this.opts.onStatus('retry', delay);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Whether messages can be sent now. */
  get ready() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** @param {any} msg */
  send(msg) {
    if (!this.ready || !this.ws) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Connects again with another seat's token or language. @param {string | null} token @param {string} lang */
  restart(token, lang) {
    this.opts.token = token;
    this.opts.lang = lang;
    this.close();
    this.connect();
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.pinger) clearInterval(this.pinger);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close(1000, 'leaving');
  }
}

/** Adds events to the log in stream order, ignoring ones already held. @param {{n: number}[]} log @param {{n: number}[]} events */
export function addEvents(log, events) {
  for (const e of events || []) {
    if (e.n === log.length) log.push(e);
    else if (e.n > log.length) return false;
  }
  return true;
}

/** The game id of a `/play/{id}` or `/replay/{id}` address. */
export function gameIdFromPath() {
  const parts = location.pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || '');
}

/**
 * What a table page starts from: the seats this browser holds for the game
 * (`openSeats`), the game's language, mode and seat kinds as a spectator
 * sees them (a link opened for the first time speaks the language the game
 * was created in), and the seats the page acts for: every person's at one
 * screen (a mode chosen when the game was created); otherwise the one seat
 * the link opened, or the one this browser holds. A page never falls into
 * acting for several people's seats.
 * @param {string} gameId @param {boolean} [watchOnly] a replay: no seat
 * @returns {Promise<{tokens: Record<string, string>, refused: string | null, pending: string | null, lang: string | null, kinds: string[] | null, localSeats: number[]}>}
 */
export async function openTable(gameId, watchOnly = false) {
  const opened = watchOnly ? { held: {}, chosen: null, refused: null, pending: null } : await openSeats(gameId);
  let lang = null;
  let hotseat = false;
  /** @type {string[] | null} */
  let kinds = null;
  try {
    const g = await getJson(`/api/games/${encodeURIComponent(gameId)}`);
    lang = typeof g.lang === 'string' ? g.lang : null;
    hotseat = g.mode === 'hotseat';
    if (Array.isArray(g.seats)) kinds = g.seats.map((/** @type {any} */ s) => (typeof s === 'string' ? s : s.kind));
  } catch {
    /* the language and the seat kinds are only a help */
  }
  const held = Object.keys(opened.held).map(Number).sort((a, b) => a - b);
  const one = opened.chosen ?? (held.length ? held[0] : null);
  const localSeats = hotseat ? held : one === null ? [] : [one];
  return { tokens: opened.held, refused: opened.refused, pending: opened.pending, lang, kinds, localSeats };
}
