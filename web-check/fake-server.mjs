// A stand-in for `valerna serve` with fixed states, for checking the pages'
// drawing without the engine: static files, texts parsed from web.ftl, the
// content pack, and two hand-written states (Planning, a combat) shaped as
// the engine's View serialises. No WebSocket: the page falls back to HTTP.
// Usage: node fake-server.mjs PORT
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'crates/server/web');
const port = Number(process.argv[2] || 18099);

const jsonc = (f) => JSON.parse(fs.readFileSync(path.join(root, 'content/lov', f), 'utf8').replace(/^\s*\/\/.*$/gm, ''));

function texts(lang) {
  const out = {};
  for (const line of fs.readFileSync(path.join(root, `crates/texts/locales/${lang}/web.ftl`), 'utf8').split('\n')) {
    const m = /^([a-z][a-z0-9-]*) = (.*)$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/\{ \$(\w+) \}/g, '{$1}');
  }
  return out;
}

function content() {
  const map = jsonc('map.jsonc');
  const chars = jsonc('characters.jsonc');
  const ri = (id) => map.regions.findIndex((r) => r.id === id);
  const ci = (id) => chars.findIndex((c) => c.id === id);
  const colours = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];
  return {
    provisional: true,
    regions: map.regions.map((r, index) => ({ index, id: r.id, name: r.name, pos: r.pos, glyphs: r.glyphs })),
    borders: map.borders.map((b) => ({ a: ri(b.a), b: ri(b.b), mountain: !!b.mountain })),
    sea: map.sea.map((b) => ({ a: ri(b.a), b: ri(b.b) })),
    characters: chars.map((c, seat) => ({ seat, name: c.name, realm: c.realm, kind: c.kind, colour: colours[seat], wound_track: c.wound_track || [], essence: c.essence })),
    actions: jsonc('actions.jsonc').map((a, index) => ({ index, owner: ci(a.owner), glyphs: a.glyphs, label: a.glyphs.join(' + ') })),
    denizens: jsonc('denizens.jsonc').map((d, index) => ({ index, name: d.name, unit: d.unit, text: d.text })),
    events: jsonc('events.jsonc').map((e, index) => ({ index, name: e.name, text: e.text })),
    vaala: jsonc('vaala.jsonc').map((v, index) => ({ index, owner: ci(v.owner), name: v.name, cost: v.cost, text: v.text })),
  };
}

const force = (units = [0, 0, 0], general = false) => ({ units, general });
function region(f0, f1, neutral = 0, power = 0, city = false) {
  return { force: [f0 || force(), f1 || force()], neutral, power, city };
}
function player(o) {
  return { human: true, power: 0, spent: 0, partner: 255, at: 255, wounds: 0, essence: 0, denizens: [255, 255, 255], supply: [4, 4, 4], combat_bonus: 0, eliminated: false, played: false, action_count: 5, region_count: 2, vaala_count: 1, vaala_deck: 4, vaala_face_up: 0, vaala_discard: 0, actions: null, region_cards: null, vaala_hand: null, ...o };
}

function view(kind) {
  const regions = Array.from({ length: 12 }, () => region());
  regions[2] = region(force([2, 1, 1], true), null, 0, 1, true);
  regions[9] = region(null, force([2, 0, 1], true), 0, 1, true);
  regions[4] = region(null, null, 2, 1);
  regions[7] = region(kind === 'combat' ? force([1, 1, 0]) : null, null, 1, 2);
  regions[6] = region(force([1, 0, 0]), null, 0, 0);
  const players = [
    player({ power: 2, spent: 1, actions: 0b10110, region_cards: (1 << 2) | (1 << 7), vaala_hand: 0b1, action_count: 3, supply: [1, 3, 3], denizens: [6, 255, 255], played: kind === 'combat' }),
    player({ human: false, power: 3, at: 0, wounds: 1, essence: 2, action_count: 6 }),
    player({ human: false, power: 1, supply: [2, 4, 3] }),
    player({ human: false, power: 2, spent: 2, at: 10, partner: 255 }),
  ];
  const planning = kind === 'planning';
  return {
    seat: 0, round: 2, phase: planning ? { Planning: { turn: 0 } } : 'Resolution', initiative: 0, solo: true,
    regions, players, power_supply: 20, neutral_supply: 10, city_supply: 4, events_left: 9, denizen_deck: 20,
    lineup: [0, 4, 9, 13, 20, 27],
    stack: planning
      ? ['FaceDown', { Known: { kind: 'Action', id: 1, owner: 0 } }, 'FaceDown', 'FaceDown']
      : [{ Known: { kind: 'Event', id: 0, owner: 255 } }, { Known: { kind: 'Action', id: 0, owner: 0 } }, 'FaceDown', 'FaceDown', 'FaceDown'],
    stack_pos: planning ? 0 : 1, cancel_next: false,
    last_roll: [{ seat: 0, region: 7, criticals: 1, standard: 2, dice: 4 }, { seat: 255, region: 7, criticals: 0, standard: 1, dice: 2 }],
    bond_dice: [0, 0], to_decide: 0, deciding_for: null, options: [], end: null, winners: 0,
  };
}

const ev = (n, event, text, seat = null) => ({ n, event, text, seat });
function events(kind) {
  const list = [
    ev(0, { kind: 'round_started', round: 2 }, 'Round 2 begins.'),
    ev(1, { kind: 'phase_started', phase: { Planning: { turn: 0 } } }, 'Planning.'),
    ev(2, { kind: 'event_placed', position: 0 }, 'An Event card goes on the Action stack.'),
    ev(3, { kind: 'own_card_played', seat: 0, position: 1, card: { kind: 'action', id: 1 } }, 'Elyse plays Harvest + Vaala face down.', 0),
    ev(4, { kind: 'card_played', seat: 1, position: 2, back: 'Action' }, 'Ferellon plays an Action card face down.', 1),
    ev(5, { kind: 'card_played', seat: 2, position: 3, back: 'Region' }, 'Adrael plays a Region card face down.', 2),
  ];
  if (kind === 'combat') {
    list.push(
      ev(6, { kind: 'phase_started', phase: 'Resolution' }, 'Resolution.'),
      ev(7, { kind: 'revealed', position: 0, card: { kind: 'event', id: 0 }, owner: 255 }, 'Event: Vaala Surge.'),
      ev(8, { kind: 'force_moved', seat: 0, from: 6, to: 7, units: [1, 1, 0], general: false }, 'Elyse moves 1 Infantry and 1 Cavalry from Upper Primalian Range to Trade Road.', 0),
      ev(9, { kind: 'combat', attacker: 0, defender: 'Neutral', region: 7, attack: 3, defense: 1 }, 'Elyse attacks the neutral Units in Trade Road: Combat Value 3 against 1.', 0),
      ev(10, { kind: 'rolled', seat: 0, region: 7, faces: [1, 1, 0, 1, 0] }, 'Elyse rolls 3 dice.', 0),
      ev(11, { kind: 'neutral_lost', region: 7 }, 'A neutral Unit in Trade Road is lost.'),
      ev(12, { kind: 'rolled', seat: 255, region: 7, faces: [0, 0, 1, 0, 0] }, 'The neutral Units roll 1 die.'),
    );
  }
  return list;
}

const games = new Map();
function state(g) {
  const kind = g.kind;
  const q = kind === 'planning'
    ? { seat: 0, owner: 0, text: 'Elyse: play a card face down, or pass', options: [
        { index: 0, decision: { PlayAction: 2 }, meaning: { ask: { kind: 'plan' }, decision: { PlayAction: 2 }, owner: 0, eliminates: false }, label: 'Action card Deploy + Harvest' },
        { index: 1, decision: { PlayAction: 4 }, meaning: { ask: { kind: 'plan' }, decision: { PlayAction: 4 }, owner: 0, eliminates: false }, label: 'Action card Deploy + Harvest' },
        { index: 2, decision: { PlayRegion: 2 }, meaning: { ask: { kind: 'plan' }, decision: { PlayRegion: 2 }, owner: 0, eliminates: false }, label: 'Region card Allaria' },
        { index: 3, decision: { PlayRegion: 7 }, meaning: { ask: { kind: 'plan' }, decision: { PlayRegion: 7 }, owner: 0, eliminates: false }, label: 'Region card Trade Road' },
        { index: 4, decision: 'Pass', meaning: { ask: { kind: 'plan' }, decision: 'Pass', owner: 0, eliminates: false }, label: 'Pass' },
      ] }
    : { seat: 0, owner: 0, text: 'Elyse: choose where your force retreats', options: [3, 4, 5].map((r, i) => (
        { index: i, decision: { Region: r }, meaning: { ask: { kind: 'retreat_to', from: 7 }, decision: { Region: r }, owner: 0, eliminates: false }, label: ['Western Steppes', 'North Tyveria', 'Ogerron Plains'][i] })) };
  return { id: g.id, version: g.version, viewer: { seat: 0 }, status: 'playing', view: view(kind), question: q, events_total: events(kind).length, can_take_back: kind === 'combat', outcome: null };
}

const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };
const send = (res, code, body, type = 'application/json') => {
  res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
};

http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const p = url.pathname;
  let m;
  if (p === '/') return send(res, 200, fs.readFileSync(path.join(web, 'index.html')), types['.html']);
  if ((m = /^\/(play|replay)\/[^/]+$/.exec(p))) return send(res, 200, fs.readFileSync(path.join(web, `${m[1]}.html`)), types['.html']);
  if (p.startsWith('/static/')) {
    const f = path.join(web, p.slice(8));
    if (!f.startsWith(web) || !fs.existsSync(f)) return send(res, 404, { error: 'not_found', message: p });
    return send(res, 200, fs.readFileSync(f), types[path.extname(f)] || 'application/octet-stream');
  }
  if ((m = /^\/api\/texts\/(en|it|fr)$/.exec(p))) return send(res, 200, { lang: m[1], messages: texts(m[1]) });
  if (p === '/api/content/lov') return send(res, 200, content());
  if (p === '/api/games' && req.method === 'GET') return send(res, 200, [...games.values()].map((g) => ({ id: g.id, game: 'lov', created: 0, status: 'playing', seats: [0, 1, 2, 3].map((s) => ({ seat: s, kind: s ? 'faceless' : 'human', taken: !s })), version: g.version })));
  if (p === '/api/games' && req.method === 'POST') {
    const id = `g${games.size + 1}`;
    games.set(id, { id, version: 1, kind: 'planning' });
    return send(res, 201, { id, seats: [0, 1, 2, 3].map((s) => (s ? { seat: s, kind: 'faceless' } : { seat: 0, kind: 'human', token: 'ab'.repeat(16), link: `/play/${id}#seat=0&token=${'ab'.repeat(16)}` })) });
  }
  if ((m = /^\/api\/games\/([^/]+)\/at\/(\d+)$/.exec(p))) {
    const k = Number(m[2]);
    const g = { id: m[1], version: k + 1, kind: k ? 'combat' : 'planning' };
    const body = { ...state(g), viewer: { spectator: true }, decisions: 2, events: events(g.kind) };
    body.question = { seat: body.question.seat, owner: 0, text: body.question.text };
    return send(res, 200, body);
  }
  if ((m = /^\/api\/games\/([^/]+)(\/events|\/decisions)?$/.exec(p))) {
    let g = games.get(m[1]);
    if (!g) {
      g = { id: m[1], version: 1, kind: m[1].includes('combat') ? 'combat' : 'planning' };
      games.set(g.id, g);
    }
    if (m[2] === '/events') return send(res, 200, { from: 0, events: events(g.kind).slice(Number(url.searchParams.get('from') || 0)) });
    if (m[2] === '/decisions') {
      g.kind = 'combat';
      g.version += 1;
    }
    return send(res, 200, state(g));
  }
  send(res, 404, { error: 'not_found', message: p });
}).listen(port, '127.0.0.1', () => console.log(`fake server on ${port}`));
