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

/** @param {string} path @param {string | null} [token] */
export const getJson = (path, token) => request('GET', path, undefined, token);
/** @param {string} path @param {any} body @param {string | null} [token] */
export const postJson = (path, body, token) => request('POST', path, body, token);

/**
 * The seats this browser holds for a game: `{seat: token}`. A join link
 * carries them in the URL fragment (`#seat=0&token=...`, or
 * `#seats=0:tok,2:tok` for several seats at one screen); they are kept in
 * localStorage under the game's id, so the same browser comes back to its
 * seats, and removed from the visible address.
 * @param {string} gameId
 * @returns {Record<string, string>}
 */
export function seatTokens(gameId) {
  const key = `valerna.seats.${gameId}`;
  /** @type {Record<string, string>} */
  let seats = {};
  try {
    seats = JSON.parse(localStorage.getItem(key) || '{}') || {};
  } catch {
    seats = {};
  }
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const seat = hash.get('seat');
  const token = hash.get('token');
  let found = false;
  if (seat !== null && token) {
    seats[seat] = token;
    found = true;
  }
  const many = hash.get('seats');
  if (many) {
    for (const pair of many.split(',')) {
      const [s, tok] = pair.split(':');
      if (s !== undefined && tok) {
        seats[s] = tok;
        found = true;
      }
    }
  }
  if (found || hash.has('spectate')) {
    if (hash.has('spectate')) seats = {};
    try {
      localStorage.setItem(key, JSON.stringify(seats));
    } catch {
      /* private mode: the seats last for this page only */
    }
    history.replaceState(null, '', location.pathname + location.search);
  }
  return seats;
}

/**
 * Remembers the links of a game this browser created, for the lobby.
 * @param {string} gameId
 * @param {{seat: number, kind: string, token?: string, link?: string}[]} seats
 */
export function rememberCreated(gameId, seats) {
  /** @type {Record<string, string>} */
  const tokens = {};
  for (const s of seats) if (s.token) tokens[String(s.seat)] = s.token;
  try {
    localStorage.setItem(`valerna.seats.${gameId}`, JSON.stringify(tokens));
  } catch {
    /* ignore */
  }
}

/**
 * The game's WebSocket: sends `hello`, hands every `state` message to
 * `onState`, and reconnects after a loss with a growing, jittered delay
 * (0.5 s doubling up to 15 s), asking for the events it has not seen yet.
 */
export class Live {
  /**
   * @param {string} gameId
   * @param {{token: string | null, lang: string, eventsFrom: () => number,
   *   onState: (msg: any) => void, onError: (msg: any) => void,
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
