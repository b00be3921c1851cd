// The server goes away in the middle of a game and comes back: the table
// says it lost the connection, tries again with a growing delay, and goes on
// where the game was without a reload.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { showLogOnFailure, startServer, launch, catchErrors, rng, settle, clickOne, createGame } from '../lib/harness.mjs';

let server;
showLogOnFailure(() => server);
let browser;
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the table reconnects after the server restarts', { timeout: 120000 }, async () => {
  server = await startServer();
  browser = await launch();
  // No `me`: the page opens seat 0 with its invitation.
  const game = await createGame(server, { game: 'lov', seats: ['human', 'faceless', 'faceless', 'faceless'], lang: 'en', seed: 21 });
  const errors = [];
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  catchErrors(page, errors);
  await page.goto(`${server.base}${game.seats[0].link}`);
  const random = rng(21);
  for (let i = 0; i < 5; i++) {
    assert.equal(await settle(page), 'choose');
    await clickOne(page, random);
  }
  assert.equal(await settle(page), 'choose');
  const before = await page.evaluate(() => ({ v: Number(document.body.dataset.version), n: Number(document.body.dataset.events) }));

  await server.stop(true);
  await page.waitForSelector('#connection.lost', { timeout: 10000 });
  const shown = await page.textContent('#connection');
  // A decision tried while the server is away is told in the page's words.
  await page.evaluate(() => /** @type {HTMLElement | null} */ (document.querySelector('#choices button.choice'))?.click());
  await page.waitForFunction(() => (document.querySelector('#notice')?.textContent || '').includes('server'), undefined, { timeout: 10000 });
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), /TypeError|Failed to fetch|NetworkError/);
  assert.match(shown || '', /\d/, `the page says when it tries again: ${shown}`);
  server = await startServer(server);

  // Back without a reload: the same game, the log not repeated, playable.
  await page.waitForSelector('#connection.ok', { state: 'attached', timeout: 30000 });
  assert.equal(await settle(page), 'choose');
  const back = await page.evaluate(() => ({ v: Number(document.body.dataset.version), n: Number(document.body.dataset.events), lines: document.querySelectorAll('#log li').length }));
  assert.equal(back.v, before.v, 'the same state after the restart');
  assert.equal(back.n, before.n, 'no event lost or repeated');
  assert.equal(back.lines, back.n, 'one log line per event');
  // No stale failure stays, and no browser's own error text is ever shown.
  assert.equal((await page.textContent('#notice')) || '', '', 'no stale notice once back');
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), /TypeError|Failed to fetch|NetworkError/);
  await clickOne(page, random);
  assert.ok(Number(await page.evaluate(() => document.body.dataset.version)) > before.v, 'the game goes on');
  assert.deepEqual(errors, []);
});
