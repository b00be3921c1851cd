// The creator sets a game up in the lobby and plays their own seat; a friend
// opens their invitation in another browser context. Neither ever receives
// the other's hand, and the creator's browser never holds the friend's seat. Every WebSocket frame and HTTP body each context
// receives is recorded and searched: the other seat's cards in a view, its
// private events, its options, and the words of its private events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catchErrors, rng, settle, clickOne, lostClicks, record, accessibility, sideBySide, serverAndBrowser, SCREENSHOTS } from '../lib/harness.mjs';

const at = serverAndBrowser();

/** Every JSON value in a received text (a frame or a body). @param {string} text */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whether an event is one only its own seat may see. @param {any} e */
function isPrivate(e) {
  return e?.kind === 'own_card_played' || e?.kind === 'own_vaala_drawn';
}

/** Calls `f` on every object inside `v`. @param {any} v @param {(o: any) => void} f */
function walk(v, f) {
  if (Array.isArray(v)) v.forEach((x) => walk(x, f));
  else if (v && typeof v === 'object') {
    f(v);
    Object.values(v).forEach((x) => walk(x, f));
  }
}

/**
 * What `mine` received that belongs to `other` only. Returns the leaks found.
 * @param {{text: string, url: string}[]} got @param {number} other
 */
function leaks(got, other) {
  const found = [];
  for (const g of got) {
    const v = parse(g.text);
    if (v === null) continue;
    walk(v, (o) => {
      // A view: the other seat's board shows counts only.
      if (Array.isArray(o.players) && typeof o.seat === 'number' && o.seat !== other) {
        const p = o.players[other];
        if (p && (p.actions != null || p.region_cards != null || p.vaala_hand != null)) found.push(`${g.url}: view shows seat ${other}'s hand`);
        if (Array.isArray(o.options) && o.options.length && o.to_decide === other) found.push(`${g.url}: view lists seat ${other}'s options`);
      }
      // Private events of the other seat.
      if (isPrivate(o) && o.seat === other) found.push(`${g.url}: ${o.kind} of seat ${other}`);
      // The question's options go to the deciding seat only.
      if (typeof o.seat === 'number' && o.seat === other && typeof o.text === 'string' && Array.isArray(o.options) && o.options.length) {
        found.push(`${g.url}: seat ${other}'s options`);
      }
    });
  }
  return found;
}

/**
 * Whether `seat` received the words `words` anywhere but in its own private
 * events: both seats may play the same Region card in turn (a General holds
 * the cards of the regions it controls), and each then reads the same words
 * of its own play.
 * @param {{text: string}[]} got @param {string} words @param {number} seat
 */
function elsewhere(got, words, seat) {
  const own = (o) => isPrivate(o.event) && o.event.seat === seat;
  const scan = (v) => {
    if (typeof v === 'string') return v.includes(words);
    if (Array.isArray(v)) return v.some(scan);
    if (v && typeof v === 'object') return !own(v) && Object.values(v).some(scan);
    return false;
  };
  return got.some((g) => {
    const v = parse(g.text);
    return v === null ? g.text.includes(JSON.stringify(words).slice(1, -1)) : scan(v);
  });
}

/** Whether a seat received a view of its own hand. @param {{text: string}[]} got @param {number} seat */
function ownHand(got, seat) {
  let seen = false;
  for (const g of got) {
    walk(parse(g.text), (o) => {
      if (Array.isArray(o.players) && o.seat === seat && o.players[seat] && typeof o.players[seat].actions === 'number') seen = true;
    });
  }
  return seen;
}

/** The texts of the private events a seat received. @param {{text: string}[]} got */
function privateTexts(got) {
  const out = new Set();
  for (const g of got) {
    walk(parse(g.text), (o) => {
      if (isPrivate(o.event) && typeof o.text === 'string') out.add(o.text);
    });
  }
  return out;
}

test('the search finds another seat\'s hand where there is one', () => {
  // The search itself, on frames that would leak: it must not pass anything.
  const view = { seat: 0, players: [{ actions: 3 }, {}, { actions: 5, region_cards: null, vaala_hand: null }, {}], options: [] };
  assert.equal(leaks([{ url: 'ws', text: JSON.stringify({ type: 'state', view }) }], 2).length, 1);
  const ev = { n: 4, event: { kind: 'own_card_played', seat: 2, position: 1, card: { kind: 'action', id: 12 } }, text: 'x', seat: 2 };
  assert.equal(leaks([{ url: 'ws', text: JSON.stringify({ events: [ev] }) }], 2).length, 1);
  // The words of a seat's own private event are not a leak there; anywhere else they are.
  const mine = [{ url: 'ws', text: JSON.stringify({ events: [{ ...ev, event: { ...ev.event, seat: 0 }, text: 'the card', seat: 0 }] }) }];
  assert.equal(elsewhere(mine, 'the card', 0), false);
  assert.equal(elsewhere(mine, 'the card', 2), true);
  assert.equal(elsewhere([{ url: 'ws', text: JSON.stringify({ log: ['... the card ...'] }) }], 'the card', 0), true);
  const q = { seat: 2, owner: 2, text: 'Adrael: …', options: [{ index: 0 }] };
  assert.equal(leaks([{ url: 'http', text: JSON.stringify({ question: q }) }], 2).length, 1);
  assert.equal(leaks([{ url: 'ws', text: JSON.stringify({ question: { seat: 2, owner: 2, text: 'Adrael: …' } }) }], 2).length, 0);
});

test('the creator and a friend play one game from two browsers; neither receives the other\'s hand', { timeout: 180000 }, async () => {
  const errors = [];
  /** @type {Record<number, {page: import('playwright-core').Page, rec: ReturnType<typeof record>}>} */
  const players = {};
  /** @param {number} seat */
  async function open(seat) {
    const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const rec = record(context);
    const page = await context.newPage();
    rec.watch(page);
    catchErrors(page, errors);
    players[seat] = { page, rec };
    return page;
  }

  // The creator sets the game up in the lobby: two people, each in their
  // own browser; the creator plays Allaria (seat 0).
  const creator = await open(0);
  await creator.goto(`${at.server.base}/`);
  await creator.waitForSelector('#seat-2 option', { state: 'attached' });
  await creator.selectOption('#seat-2', 'human');
  await creator.fill('#seed', '11');
  assert.ok(await creator.isChecked('#mode-network'), 'each in their own browser, unless chosen otherwise');
  assert.equal(await creator.inputValue('#me'), '0');
  await creator.click('#create-button');
  await creator.waitForSelector('a.seat-link');
  assert.equal(await creator.$$eval('a.seat-link', (a) => a.length), 1, 'one seat to open here: the creator\'s own');
  assert.equal(await creator.$('#hotseat-link'), null, 'no one-screen table in a network game');
  const invite = await creator.inputValue('li.invite[data-seat="2"] input.link-copy');
  assert.match(invite, /\/play\/[0-9a-f]+#invite=[0-9a-f]{32}$/, 'the friend\'s link is an invitation');
  const id = decodeURIComponent(new URL(invite).pathname.split('/').pop() || '');
  assert.deepEqual(await accessibility(creator), [], 'axe-core on the lobby with its invitations');
  const stored = await creator.evaluate((g) => ({ ...localStorage }), id);
  assert.deepEqual(Object.keys(JSON.parse(stored[`valerna.seats.${id}`])), ['0'], 'the creator\'s browser holds its own seat only');
  await creator.click('a.seat-link');

  // The friend opens the invitation in their own browser.
  const friend = await open(2);
  await friend.goto(invite);
  await friend.waitForFunction(() => document.body.dataset.status === 'playing' || document.body.dataset.status === 'open');
  assert.ok(!friend.url().includes('invite'), `the invitation leaves the address: ${friend.url()}`);
  // The invitation is spent: the creator's browser cannot take the seat.
  const again = await creator.evaluate(async ([g, inv]) => {
    const r = await fetch(`/api/games/${g}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ invite: inv }) });
    return { status: r.status, body: await r.json() };
  }, [id, new URL(invite).hash.replace('#invite=', '')]);
  assert.deepEqual([again.status, again.body.error], [409, 'already_joined']);
  const held = await friend.evaluate((g) => Object.keys(JSON.parse(localStorage.getItem(`valerna.seats.${g}`) || '{}')), id);
  assert.deepEqual(held, ['2'], 'the friend\'s browser holds seat 2');

  /** The creator's page shows its own seat only: no cover to lift, no other hand. */
  async function creatorShowsOwnOnly() {
    const dom = await creator.evaluate(() => ({
      cover: !!document.querySelector('#show-hand'),
      hand: document.querySelector('#hand h2')?.textContent || '',
    }));
    assert.equal(dom.cover, false, 'the creator\'s page never turns into a one-screen table');
    return dom.hand;
  }
  const hands = new Set();
  let pictured = false;

  const random = rng(99);
  let decisions = 0;
  let toldWaiting = 0;
  let rounds = 0;
  const deadline = Date.now() + 120000;
  // Both tables follow the game; whichever has choices clicks one.
  while (Date.now() < deadline) {
    const states = await Promise.all(
      [0, 2].map(async (seat) => {
        const p = players[seat].page;
        return p.evaluate(() => {
          const b = document.body;
          if (b.dataset.status === 'over') return 'over';
          return document.querySelector('#choices button.choice') ? 'choose' : 'wait';
        });
      }),
    );
    if (states.includes('over')) break;
    const who = states.indexOf('choose');
    if (who < 0) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const seat = [0, 2][who];
    hands.add(await creatorShowsOwnOnly());
    // The two browsers at one moment, the friend deciding: for the README.
    if (!pictured && seat === 2 && decisions >= 30) {
      await settle(friend);
      await creator.waitForFunction((v) => document.body.dataset.version === v, await friend.evaluate(() => document.body.dataset.version));
      const shots = [];
      for (const [page, caption] of [[creator, 'The creator\'s browser (Elyse, Allaria)'], [friend, 'A friend\'s browser (Adrael, Tyveria), choosing']]) {
        await /** @type {import('playwright-core').Page} */ (page).evaluate(() => window.scrollTo(0, 0));
        shots.push({ png: await /** @type {import('playwright-core').Page} */ (page).screenshot(), caption: /** @type {string} */ (caption) });
      }
      await sideBySide(at.browser, shots, 'two-browsers-en.png');
      pictured = true;
    }
    await settle(players[seat].page);
    // The other browser says what this one is deciding, in the question's
    // own words (public, as the question is).
    const other = players[seat === 0 ? 2 : 0].page;
    const asked = await players[seat].page.textContent('#status-text');
    const version = await players[seat].page.evaluate(() => document.body.dataset.version);
    if (states[1 - who] === 'wait' && (await other.evaluate((v) => document.body.dataset.version === v, version))) {
      const waiting = (await other.textContent('#status-text')) || '';
      const ask = (asked || '').replace(/^[^:]*: /, '');
      assert.ok(waiting.includes(' is deciding: ') || waiting.startsWith('waiting — '), waiting);
      assert.ok(waiting.endsWith(ask), `"${waiting}" says what "${asked}" asks`);
      toldWaiting += 1;
    }
    await clickOne(players[seat].page, random);
    decisions += 1;
    rounds = Number(await players[seat].page.evaluate(() => document.body.dataset.round));
    if (rounds >= 4 && decisions >= 60) break;
  }
  assert.ok(decisions >= 20, `both played (${decisions} decisions)`);
  assert.ok(toldWaiting >= 5, `the waiting browser said what the other decides (${toldWaiting} times)`);
  assert.ok(pictured, 'the two browsers were pictured side by side');
  hands.delete('');
  assert.equal(hands.size, 1, `the creator's page showed one hand only: ${[...hands].join(', ')}`);

  const got0 = await players[0].rec.all();
  const got2 = await players[2].rec.all();
  assert.ok(got0.some((g) => g.url.includes('/ws')), 'seat 0 received WebSocket frames');
  assert.ok(got2.some((g) => g.url.includes('/ws')), 'seat 2 received WebSocket frames');
  // Each saw its own hand (so the search below looks where a hand would be).
  assert.ok(ownHand(got0, 0), 'seat 0 received its own hand');
  assert.ok(ownHand(got2, 2), 'seat 2 received its own hand');
  assert.deepEqual(leaks(got0, 2), [], 'seat 0 never received seat 2\'s hand');
  assert.deepEqual(leaks(got2, 0), [], 'seat 2 never received seat 0\'s hand');
  const secret0 = privateTexts(got0);
  const secret2 = privateTexts(got2);
  assert.ok(secret0.size > 0 && secret2.size > 0, 'each received private events of its own');
  for (const s of secret2) assert.ok(!elsewhere(got0, s, 0), `seat 0 never received "${s}"`);
  for (const s of secret0) assert.ok(!elsewhere(got2, s, 2), `seat 2 never received "${s}"`);
  console.log(`two players: ${decisions} decisions by clicking, to round ${rounds}; frames+bodies searched: ${got0.length} and ${got2.length}; private events: ${secret0.size} and ${secret2.size}; clicks made again: ${lostClicks.count}`);
  assert.deepEqual(errors, []);
});

test("the creator's browser opening a friend's invitation is warned, and the creator issues a new one", { timeout: 120000 }, async () => {
  const errors = [];
  const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const creator = await context.newPage();
  catchErrors(creator, errors);
  await creator.goto(`${at.server.base}/?lang=en`);
  await creator.waitForSelector('#seat-2 option', { state: 'attached' });
  await creator.selectOption('#seat-2', 'human');
  await creator.fill('#seed', '12');
  await creator.click('#create-button');
  await creator.waitForSelector('a.seat-link');
  const invite = await creator.inputValue('li.invite[data-seat="2"] input.link-copy');
  const id = decodeURIComponent(new URL(invite).pathname.split('/').pop() || '');
  const seatTaken = async () => (await (await fetch(`${at.server.base}/api/games/${id}`)).json()).seats[2].taken;

  // The creator opens the friend's link in their own browser: warned, the
  // seat is not opened, and the page plays the creator's own seat.
  await creator.goto(invite);
  await creator.waitForSelector('#invite-warning');
  const warning = await creator.locator('#invite-warning-text').innerText();
  assert.match(warning, /plays a seat of this game already/, warning);
  assert.equal(await creator.inputValue('#invite-warning input.link-copy'), invite, 'the link to send is shown');
  assert.equal(await seatTaken(), false, 'the friend\'s seat stays free');
  await creator.waitForFunction(() => document.body.dataset.status === 'open' || document.body.dataset.status === 'playing');
  assert.deepEqual(await accessibility(creator), [], 'axe-core on the table with the warning');
  await creator.screenshot({ path: `${SCREENSHOTS}/invite-warning-en.png` });
  await creator.click('#invite-keep');
  assert.equal(await creator.$('#invite-warning'), null);
  let held = await creator.evaluate((g) => JSON.parse(localStorage.getItem(`valerna.seats.${g}`) || '{}'), id);
  assert.deepEqual(Object.keys(held), ['0'], 'the creator\'s browser holds its own seat only');

  // Opened here on purpose: the seat is this browser's too ... (from
  // another page: a new fragment alone does not load the page again)
  await creator.goto(`${at.server.base}/?lang=en`);
  await creator.goto(invite);
  await creator.click('#invite-here');
  await creator.waitForFunction(() => !location.hash && document.body.dataset.status);
  held = await creator.evaluate((g) => JSON.parse(localStorage.getItem(`valerna.seats.${g}`) || '{}'), id);
  assert.deepEqual(Object.keys(held).sort(), ['0', '2']);
  assert.equal(await seatTaken(), true);

  // ... until the creator gives it a new invitation from the lobby.
  await creator.goto(`${at.server.base}/?lang=en`);
  const button = creator.locator(`#games tr:has-text("${id}") button.reinvite[data-seat="2"]`);
  await button.waitFor();
  await button.click();
  await creator.waitForFunction((g) => {
    const m = JSON.parse(localStorage.getItem(`valerna.seats.${g}`) || '{}');
    return !m['2'];
  }, id);
  const fresh = await creator.evaluate((g) => JSON.parse(localStorage.getItem(`valerna.invites.${g}`) || '{}')['2'], id);
  assert.ok(fresh && !invite.endsWith(fresh), 'a new invitation, kept for the lobby');
  assert.equal(await seatTaken(), false, 'the seat is free again');
  assert.deepEqual(await accessibility(creator), [], 'axe-core on the lobby with its new invitation');

  // The friend's browser: the old link opens nothing, the new one the seat.
  const friendContext = await at.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const friend = await friendContext.newPage();
  catchErrors(friend, errors);
  await friend.goto(invite);
  await friend.waitForFunction(() => (document.getElementById('notice')?.textContent || '').length > 0);
  assert.match(await friend.locator('#notice').innerText(), /not an invitation to this game/);
  await friend.goto(`${at.server.base}/?lang=en`);
  await friend.goto(`${at.server.base}/play/${id}#invite=${fresh}`);
  await friend.waitForFunction(() => document.body.dataset.status === 'playing');
  assert.equal(await seatTaken(), true);
  assert.deepEqual(errors, []);
  await friendContext.close();
  await context.close();
});
