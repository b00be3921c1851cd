// A battle against the search bot, played through the page with a simple
// plan: deploy where suggested, charge when the dice favour it, attack the
// target that loses the most models, otherwise march toward the enemy by
// dragging. Screenshots each round; times each bot decision.
import { spawn } from 'node:child_process';
import { launch } from './lib/harness.mjs';
const bin = process.env.VALERNA_BIN;
const port = 18200 + Math.floor(Math.random() * 500);
const srv = spawn(bin, ['serve', '--port', String(port), '--db', `/tmp/vs/vs-${port}.db`, '--bot-delay-ms', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let slog = ''; srv.stdout.on('data', d => slog += d); srv.stderr.on('data', d => slog += d);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) { try { if ((await fetch(`${base}/healthz`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 100)); }
const g = await (await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'bov', seats: ['human', 'ismcts'], seed: Number(process.env.SEED || 42), me: 0, options: { lists: ['allaria_guild_line', 'tyveria_swarm'] } }) })).json();
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
const errors = [];
page.on('pageerror', e => errors.push(e.message));
await page.goto(`${base}${g.seats[0].link}`);
await page.waitForSelector('#field .cloth');
// When the bot decides: the time from a state asking seat 1 to the next state.
await page.evaluate(() => {
  window.__times = []; let asked = null;
  const st = () => window.__bov.state();
  setInterval(() => { const s = st(); if (!s) return; const seat = s.question?.seat; const v = s.version;
    if (asked && v !== asked.v) { window.__times.push(performance.now() - asked.t); asked = null; }
    if (seat === 1 && !asked) asked = { v, t: performance.now() }; }, 5);
});
let round = -1, decisions = 0, marches = 0, refused = 0;
const t0 = Date.now();
for (let step = 0; step < 2000; step++) {
  const h = await page.waitForFunction(() => document.body.dataset.status === 'over' ? 'over' : (document.querySelector('#choices button.choice:not([disabled])') && document.body.dataset.busy === 'false' ? 'choose' : false), undefined, { timeout: 120000, polling: 50 });
  if ((await h.jsonValue()) === 'over') break;
  const st = await page.evaluate(() => window.__bov.state());
  if (st.view.round !== round) { round = st.view.round; await page.screenshot({ path: `/tmp/vs/round-${round}.png` }); }
  const opts = st.question.options;
  const version = st.version;
  const kind = (o) => typeof o.decision === 'string' ? o.decision : Object.keys(o.decision)[0];
  let pick = null;
  const charge = opts.filter(o => kind(o) === 'Charge' && (o.meaning.odds?.chance ?? 0) >= 0.5).sort((a, b) => b.meaning.odds.chance - a.meaning.odds.chance)[0];
  const attack = opts.filter(o => kind(o) === 'Attack' || kind(o) === 'Skirmish').sort((a, b) => (b.meaning.odds?.mean_models ?? 0) - (a.meaning.odds?.mean_models ?? 0))[0];
  if (charge) pick = charge; else if (attack && (attack.meaning.odds?.mean_wounds ?? 0) > 0.5) pick = attack;
  else if (opts.some(o => kind(o) === 'March')) {
    // Drag toward the nearest enemy, 5" at most.
    const unit = st.view.units.find(u => u.id === opts[0].meaning.unit);
    const enemies = st.view.units.filter(u => u.owner !== 0 && u.models.length);
    const c = unit.models[0];
    const e = enemies.map(u => u.models[0]).sort((a, b) => Math.hypot(a.x - c.x, a.y - c.y) - Math.hypot(b.x - c.x, b.y - c.y))[0];
    if (e) {
      const d = Math.hypot(e.x - c.x, e.y - c.y); const k = Math.min(5, Math.max(0, d - 2)) / d;
      const a = await page.evaluate(([x, y]) => window.__bov.toScreen(x, y), [c.x, c.y]);
      const b = await page.evaluate(([x, y]) => window.__bov.toScreen(x, y), [c.x + (e.x - c.x) * k, c.y + (e.y - c.y) * k]);
      await page.mouse.move(a.x, a.y); await page.mouse.down(); await page.mouse.move(b.x, b.y, { steps: 25 });
      await page.waitForFunction(() => ['ok', 'refused'].includes(document.querySelector('#ghost')?.getAttribute('data-verdict') || ''), undefined, { timeout: 10000 }).catch(() => {});
      const verdict = await page.evaluate(() => document.querySelector('#ghost')?.getAttribute('data-verdict'));
      await page.mouse.up();
      if (verdict === 'ok') { await page.click('#move-confirm'); await page.waitForFunction(v => document.body.dataset.version !== String(v), version, { timeout: 20000 }); marches++; decisions++; continue; }
      refused++;
      if (refused < 4) console.log('refused drag:', await page.textContent('#notice'));
      await page.waitForTimeout(100);
    }
    pick = opts.find(o => kind(o) === 'March');
  }
  if (!pick) pick = opts.find(o => kind(o) === 'Activate') || opts.find(o => kind(o) !== 'Pass') || opts[0];
  await page.click(`#choices button.choice[data-index="${pick.index}"]`);
  await page.waitForFunction(v => document.body.dataset.version !== String(v) || document.querySelector('#notice')?.textContent, version, { timeout: 120000 });
  decisions++;
}
await page.waitForSelector('#end:not([hidden])', { timeout: 600000 });
await page.screenshot({ path: '/tmp/vs/end.png' });
const times = (await page.evaluate(() => window.__times)).sort((a, b) => a - b);
const q = p => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(JSON.stringify({ decisions, marches, refused, minutes: (Date.now() - t0) / 60000, outcome: await page.textContent('#end-title'), text: (await page.evaluate(() => window.__bov.state().outcome?.text)), bot: { n: times.length, p50: q(0.5), p90: q(0.9), max: times[times.length - 1] }, errors }));
await browser.close(); srv.kill();
