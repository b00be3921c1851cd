// The browser tests' harness: a real `valerna serve` on a free loopback port
// with a temporary database, and Debian's headless Chromium driven by
// playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, before, after } from 'node:test';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOTS = path.join(ROOT, 'docs/screenshots');

/** The `valerna` binary: $VALERNA_BIN, else the release or debug build. */
export function binary() {
  if (process.env.VALERNA_BIN) return process.env.VALERNA_BIN;
  for (const p of ['target/release/valerna', 'target/debug/valerna']) {
    const f = path.join(ROOT, p);
    if (fs.existsSync(f)) return f;
  }
  throw new Error('no valerna binary: run `cargo build -p valerna-cli` or set VALERNA_BIN');
}

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `valerna serve` and waits for /healthz: on a free port with a new
 * database, or on `again`'s port and database (a restart), with `serve`'s
 * `extra` flags.
 * @param {{port: number, dir: string} | undefined} [again]
 * @param {string[]} [extra]
 */
export async function startServer(again, extra = []) {
  const port = again ? again.port : await freePort();
  const dir = again ? again.dir : fs.mkdtempSync(path.join(os.tmpdir(), 'valerna-web-'));
  const db = path.join(dir, 'games.db');
  const args = ['serve', '--port', String(port), '--db', db];
  // Bots wait a moment before deciding so that people can follow; the tests
  // shorten the wait when the server lets them.
  const help = spawnSync(binary(), ['serve', '--help'], { encoding: 'utf8' }).stdout || '';
  if (help.includes('--bot-delay-ms')) args.push('--bot-delay-ms', process.env.VALERNA_BOT_DELAY_MS || '20');
  args.push(...extra);
  const child = spawn(binary(), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'info' },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`valerna serve exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`valerna serve did not answer /healthz:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    dir,
    log: () => log,
    /** Stops the server and keeps its database. */
    async stop(keep = false) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r(null);
          }, 5000);
          child.on('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Prints the end of the server's log after a test that failed, so that a
 * failure on a machine one cannot look at can still be understood.
 * @param {() => {log: () => string} | undefined} server
 */
export function showLogOnFailure(server) {
  afterEach((t) => {
    const log = server()?.log() ?? '';
    if (!t.passed && log) console.log(`the server's log (its end):\n${log.slice(-6000)}`);
  });
}

/** Headless Chromium, as the CI machine has it. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Records every WebSocket frame and every HTTP response body a browser
 * context receives, as text.
 * @param {import('playwright-core').BrowserContext} context
 */
export function record(context) {
  /** @type {{kind: string, url: string, text: string}[]} */
  const got = [];
  const pending = [];
  context.on('page', (page) => watch(page));
  /** @param {import('playwright-core').Page} page */
  function watch(page) {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => got.push({ kind: 'ws', url: ws.url(), text: String(f.payload) }));
    });
    page.on('response', (res) => {
      pending.push(
        res
          .text()
          .then((text) => got.push({ kind: 'http', url: res.url(), text }))
          .catch(() => {}),
      );
    });
  }
  return {
    watch,
    async all() {
      await Promise.all(pending);
      return got;
    },
  };
}

/**
 * Fails loudly on a page's script errors, on anything the page's
 * Content-Security-Policy refused, and on a page sent without that policy.
 * @param {import('playwright-core').Page} page @param {string[]} errors
 */
export function catchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // Chromium reports a refusal on the console too; the event names the directive.
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('response', (r) => {
    if (r.request().isNavigationRequest() && r.status() === 200 && !r.headers()['content-security-policy']) {
      errors.push(`no Content-Security-Policy on the page ${r.url()}`);
    }
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
}

/** A small seeded generator (mulberry32), so that a failing run can be repeated. @param {number} seed */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Clicks the Battles of Valerna choice with this index as a person would:
 * first "more" when the choice waits behind it, and a charge's "Charge!".
 * @param {import('playwright-core').Page} page @param {number} index
 */
export async function pressChoice(page, index) {
  const selector = `#choices button.choice[data-index="${index}"]`;
  const { closed, kind } = await page.$eval(selector, (b) => {
    const d = b.closest('details');
    return { closed: !!d && !d.open, kind: b.getAttribute('data-kind') };
  });
  if (closed) await page.click(`#choices details:has(button.choice[data-index="${index}"]) > summary`);
  await page.click(selector);
  // A charge is shown until it is made (or undone).
  if (kind === 'Charge') await page.click('#charge-confirm');
}

/**
 * Waits until the table can be played or is over: choices in the status bar,
 * a hot-seat "show my hand", or the game's end. Returns which.
 * @param {import('playwright-core').Page} page
 */
export async function settle(page, timeout = 30000) {
  const h = await page.waitForFunction(
    () => {
      const b = document.body;
      if (b.dataset.status === 'over' || b.dataset.status === 'broken') return b.dataset.status;
      if (document.querySelector('#show-hand')) return 'cover';
      const c = document.querySelector('#choices button.choice:not([disabled])');
      return c ? 'choose' : false;
    },
    undefined,
    { timeout, polling: 50 },
  );
  return /** @type {string} */ (await h.jsonValue());
}

/**
 * The models of a battle that moved between two views of its units, and
 * those of them whose move the story told since (`events`: the events in
 * between) does not end where they stand: a move on the board with no line
 * in the log.
 * @param {any[]} before @param {any[]} after @param {any[]} events
 */
export function movesWithoutLog(before, after, events) {
  const ends = events.filter((e) => e.event?.kind === 'moved').flatMap((e) => e.event.paths.map((/** @type {any} */ p) => ({ unit: p.unit, at: p.waypoints[p.waypoints.length - 1] })));
  let moved = 0;
  /** @type {string[]} */
  const unlogged = [];
  for (const u of after) {
    const was = before.find((x) => x.id === u.id);
    if (!was?.models?.length || !u.models?.length) continue;
    u.model_ids.forEach((/** @type {number} */ id, /** @type {number} */ i) => {
      const j = was.model_ids.indexOf(id);
      if (j < 0) return;
      const [a, b] = [was.models[j], u.models[i]];
      if (Math.hypot(a.x - b.x, a.y - b.y) < 0.001) return;
      moved += 1;
      if (!ends.some((e) => e.unit === u.id && e.at && Math.hypot(e.at.x - b.x, e.at.y - b.y) < 0.01)) unlogged.push(`${u.name} model ${id + 1}`);
    });
  }
  return { moved, unlogged };
}

/**
 * Makes one decision by clicking: a lit region of the map or a lit card of
 * the hand when the question offers one (half of the time), else a button of
 * the status bar. Waits until the table has moved on.
 *
 * A click can be lost before the page hears it, as a person's can: then the
 * table still offers the same choices, has sent nothing (`data-busy` is
 * false) and shows no refusal, and the same element is clicked again, at most twice, and counted in
 * `lostClicks`. A decision the page sent that gets no answer fails the test.
 * @param {import('playwright-core').Page} page @param {() => number} random
 */
export async function clickOne(page, random) {
  const before = await page.evaluate(() => document.body.dataset.version);
  // Locators find their element again if the table redraws in between.
  const regions = page.locator('#map .region.pickable');
  const cards = page.locator('#hand .card.pickable, #lineup .card.pickable');
  const buttons = page.locator('#choices button.choice');
  const [nr, nc, nb] = [await regions.count(), await cards.count(), await buttons.count()];
  let how;
  let target;
  const r = random();
  if (nr && r < 0.5) {
    target = regions.nth(Math.floor(random() * nr));
    how = 'map';
  } else if (nc && r < 0.5) {
    target = cards.nth(Math.floor(random() * nc));
    how = 'card';
  } else {
    target = buttons.nth(Math.floor(random() * nb));
    how = 'button';
  }
  const moved = (/** @type {string | undefined} */ v) =>
    document.body.dataset.version !== v || document.body.dataset.status === 'over' || document.body.dataset.busy === 'true';
  // A choice behind "more" (Battles of Valerna) is shown first.
  if (how === 'button' && (await target.evaluate((b) => !!b.closest('details:not([open])')))) {
    const index = await target.getAttribute('data-index');
    await page.click(`#choices details:has(button.choice[data-index="${index}"]) > summary`);
  }
  for (let attempt = 0; ; attempt++) {
    await target.click();
    try {
      await page.waitForFunction(moved, before, { timeout: 5000, polling: 50 });
      break;
    } catch (e) {
      const lost = await page.evaluate(
        (v) => document.body.dataset.version === v && document.body.dataset.busy === 'false' && !document.getElementById('notice')?.textContent,
        before,
      );
      if (!lost || attempt === 2) throw await stuck(page, before, how, e);
      lostClicks.count += 1;
      console.log(`a click (${how}) at version ${before} was lost; clicking again`);
    }
  }
  try {
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.body.dataset.status === 'over', before, {
      timeout: 30000,
      polling: 50,
    });
  } catch (e) {
    throw await stuck(page, before, how, e);
  }
  return how;
}

/** How many clicks `clickOne` made again because the page never heard them. */
export const lostClicks = { count: 0 };

/** An error that says what the table showed when it did not move on. @param {import('playwright-core').Page} page @param {string | undefined} before @param {string} how @param {unknown} cause */
async function stuck(page, before, how, cause) {
  const shown = await page.evaluate(() => ({
    version: document.body.dataset.version,
    status: document.body.dataset.status,
    busy: document.body.dataset.busy,
    connection: document.getElementById('connection')?.textContent,
    notice: document.getElementById('notice')?.textContent,
    question: document.getElementById('status-text')?.textContent,
    choices: [...document.querySelectorAll('#choices button.choice')].map((b) => b.textContent),
  }));
  return new Error(`the table stayed at version ${before} after a click (${how}): ${JSON.stringify(shown)}`, { cause });
}

/** axe-core's script, injected into a page for its accessibility checks. */
const AXE = path.join(ROOT, 'web-check/node_modules/axe-core/axe.min.js');

/**
 * The page's serious and critical accessibility violations, by axe-core
 * (WCAG 2.1 A and AA rules): `[]` when none. Each is named with its rule, its
 * help text and the elements it found.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export async function accessibility(page) {
  // Evaluated, not added as a <script>: the page's policy refuses inline
  // scripts, and a test's own evaluation is not the page's script.
  await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  const found = await page.evaluate(async () => {
    // @ts-ignore: injected above
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations
      .filter((/** @type {any} */ v) => v.impact === 'serious' || v.impact === 'critical')
      .map((/** @type {any} */ v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((/** @type {any} */ n) => n.target.join(' ')).slice(0, 5).join(', ')})`);
  });
  return found;
}

/**
 * Saves screenshots side by side in one PNG under docs/screenshots/, each
 * with its caption above it (the pages of two browsers at one moment).
 * @param {import('playwright-core').Browser} browser
 * @param {{png: Buffer, caption: string}[]} shots
 * @param {string} name
 */
export async function sideBySide(browser, shots, name) {
  const page = await browser.newPage({ viewport: { width: 400, height: 300 } });
  const figures = shots
    .map((s) => `<figure><figcaption>${s.caption.replace(/[<&]/g, '')}</figcaption><img src="data:image/png;base64,${s.png.toString('base64')}"></figure>`)
    .join('');
  await page.setContent(
    `<!doctype html><style>body{margin:0;display:flex;gap:12px;padding:12px;background:#2b2118;font:18px sans-serif}` +
      `figure{margin:0}figcaption{color:#fff;padding:0 0 8px}img{display:block;width:900px;border:1px solid #000}</style>${figures}`,
  );
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
  await page.close();
}

/**
 * Creates a game through the API (`POST /api/games`) and answers its body;
 * an answer other than 201 fails the test with the server's words.
 * @param {{base: string}} server @param {any} body
 */
export async function createGame(server, body) {
  const res = await fetch(`${server.base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`creating ${JSON.stringify(body)}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Plays a hot-seat game through the API, as each deciding seat (its token
 * from `game.seats`), until `stop` holds for the state that seat sees or
 * `limit` decisions were made. Returns that state, or null if the game
 * ended or the limit came first.
 * @param {any} server @param {any} game the game's creation answer
 * @param {{limit: number, stop?: (st: any) => boolean, choose: (st: any, i: number) => number}} how
 */
export async function playUntil(server, game, how) {
  const base = `${server.base}/api/games/${game.id}`;
  for (let i = 0; i <= how.limit; i++) {
    const q = (await (await fetch(base)).json()).question;
    if (!q) return null;
    const auth = { Authorization: `Bearer ${game.seats[q.seat].token}` };
    const st = await (await fetch(base, { headers: auth })).json();
    if (how.stop?.(st)) return st;
    if (i === how.limit) return how.stop ? null : st;
    const res = await fetch(`${base}/decisions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify({ version: st.version, option: how.choose(st, i) }),
    });
    if (res.status !== 200) throw new Error(`decision ${i}: ${res.status} ${await res.text()}`);
  }
  return null;
}

/**
 * Creates a game of bots (and the Faceless) and waits for its end.
 * @param {any} server @param {any} body the game's creation (`POST /api/games`)
 */
export async function finishedGame(server, body) {
  const game = await createGame(server, body);
  for (let i = 0; i < 3000; i++) {
    const st = await (await fetch(`${server.base}/api/games/${game.id}`)).json();
    if (st.status === 'over') return game;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`game ${game.id} did not end`);
}

/**
 * Starts a server and headless Chromium before a file's tests and stops
 * them after, printing the server's log after a test that failed. Read
 * `at.server` and `at.browser` inside the tests.
 * @param {{screenshots?: boolean, serve?: string[]}} [options] make
 *   docs/screenshots/ first; `serve`'s own flags
 * @returns {{server: any, browser: import('playwright-core').Browser}}
 */
export function serverAndBrowser(options = {}) {
  /** @type {{server: any, browser: any}} */
  const at = { server: null, browser: null };
  showLogOnFailure(() => at.server);
  before(async () => {
    at.server = await startServer(undefined, options.serve);
    at.browser = await launch();
    if (options.screenshots) fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await at.browser?.close();
    await at.server?.stop();
  });
  return at;
}
