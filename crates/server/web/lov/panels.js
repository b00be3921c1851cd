// @ts-check
/** The table's panels around the board: the players' boards, the Action
 * stack, the viewer's hand, the Denizen lineup, dice and the log. Each draws
 * what the view and the events say, in the server's words. */

import { t, el, colon, percent, decimal } from '../texts.js';
import { SEAT_COLOURS, NONE, UNIT_KEYS, icon, seatFill, s } from './map.js';

/** @typedef {{n: number, event: any, text: string, seat: number | null}} LogEntry */

/** @param {any} content @param {number} seat */
export function seatName(content, seat) {
  return content?.characters?.[seat]?.name ?? t('web-seat', { seat: seat + 1 });
}

/** The piece that stands for a seat: a General's star or a Dragon's diamond. @param {any} content @param {number} seat */
export function seatIcon(content, seat, size = 18) {
  const kind = content?.characters?.[seat]?.kind === 'dragon' ? 'dragon' : 'general';
  return icon(kind, seatFill(seat), size);
}

/** A seat's name in its colour, with its piece. @param {any} content @param {number} seat */
export function seatTag(content, seat) {
  return el('span', { class: `seat-tag seat${seat}` }, [seatIcon(content, seat, 14), ' ', seatName(content, seat)]);
}

/** @param {any} kinds @param {any} view @param {number} seat */
export function seatKind(kinds, view, seat) {
  if (kinds && kinds[seat]) return kinds[seat];
  return view?.players?.[seat]?.human === false ? 'faceless' : 'human';
}

/** A row of boxes: `filled` of `length` marked. @param {number} length @param {number} filled @param {string} cls @param {string} label */
function track(length, filled, cls, label) {
  const n = Math.max(length, filled);
  const boxes = [];
  for (let i = 0; i < n; i++) boxes.push(el('span', { class: `box ${i < filled ? 'on' : ''}` }));
  return el('span', { class: `track ${cls}`, role: 'img', 'aria-label': label, title: label }, boxes);
}

/** Power tokens: unspent ones gold, spent ones flipped. @param {number} power @param {number} spent */
function powerTokens(power, spent) {
  const tokens = [];
  for (let i = 0; i < power; i++) tokens.push(el('span', { class: 'token power' }));
  for (let i = 0; i < spent; i++) tokens.push(el('span', { class: 'token power spent' }));
  const label = t('web-power-count', { power, spent, total: power + spent });
  return el('span', { class: 'tokens', role: 'img', 'aria-label': label, title: label }, tokens);
}

/**
 * One player's board.
 * @param {any} content @param {any} view @param {number} seat
 * @param {{kinds: any, deciding: number | null, combat: any, winners?: number[]}} ctx the seat kinds, who decides, the combat shown, the winners once the game is over
 */
export function playerPanel(content, view, seat, ctx) {
  const p = view.players[seat];
  const c = content.characters[seat] || {};
  const dragon = c.kind === 'dragon';
  const kind = seatKind(ctx.kinds, view, seat);
  const turn = ctx.deciding === seat;
  /** @type {(Node|string|null)[]} */
  const rows = [];
  rows.push(
    el('div', { class: 'row power-row' }, [
      el('span', { class: 'label', text: t('web-power') }),
      powerTokens(p.power, p.spent),
      el('span', { class: 'num', text: `${p.power + p.spent}/10` }),
    ]),
  );
  if (dragon) {
    const wl = Array.isArray(c.wound_track) ? c.wound_track.length : 5;
    rows.push(
      el('div', { class: 'row' }, [
        el('span', { class: 'label', text: t('web-wounds') }),
        track(wl, p.wounds, 'wounds', t('web-wounds-count', { wounds: p.wounds, max: wl })),
      ]),
    );
    const el_ = typeof c.essence === 'number' ? c.essence : p.essence;
    rows.push(
      el('div', { class: 'row' }, [
        el('span', { class: 'label', text: t('web-essence') }),
        track(el_, p.essence, 'essence', t('web-essence-count', { essence: p.essence, max: el_ })),
      ]),
    );
  } else {
    rows.push(
      el('div', { class: 'row units' }, [
        el('span', { class: 'label', text: t('web-supply') }),
        ...UNIT_KEYS.map((k, u) =>
          el('span', { class: 'unit', title: `${t(`web-${k}`)}${colon()}${p.supply[u]}`, 'aria-label': `${t(`web-${k}`)}${colon()}${p.supply[u]}` }, [
            icon(k, seatFill(seat), 14),
            String(p.supply[u]),
          ]),
        ),
      ]),
    );
    const dens = UNIT_KEYS.map((k, u) => {
      const d = p.denizens[u];
      if (d === NONE || d === undefined || d === null) return null;
      const den = content.denizens?.[d];
      return el('li', { title: den?.text || '' }, [icon(k, seatFill(seat), 14), ' ', den?.name ?? String(d)]);
    }).filter(Boolean);
    rows.push(
      el('div', { class: 'row' }, [
        el('span', { class: 'label', text: t('web-denizens') }),
        dens.length ? el('ul', { class: 'denizens' }, dens) : el('span', { class: 'muted', text: '—' }),
      ]),
    );
  }
  if (p.combat_bonus) rows.push(el('div', { class: 'row', text: t('web-combat-bonus', { bonus: p.combat_bonus }) }));
  if (ctx.combat && (ctx.combat.attacker === seat || ctx.combat.defenderSeat === seat)) {
    // The Combat Value now (LoV p.13: Units lost lower it), as the view
    // counts it; the combat's opening values only where the view has none.
    const now = Array.isArray(view.combat_values) ? view.combat_values[seat] : undefined;
    const v = typeof now === 'number' ? now : ctx.combat.attacker === seat ? ctx.combat.attack : ctx.combat.defense;
    rows.push(el('div', { class: 'row combat-value', text: t('web-combat-value', { value: v }) }));
  }
  rows.push(
    el('div', { class: 'row' }, [
      el('span', { class: 'label', text: t('web-bond') }),
      p.partner !== NONE && p.partner !== undefined ? seatTag(content, p.partner) : el('span', { class: 'muted', text: '—' }),
    ]),
  );
  rows.push(
    el('div', { class: 'row small', text: t('web-hand-counts', { actions: p.action_count, regions: p.region_count, vaala: p.vaala_count }) }),
  );
  if (p.vaala_face_up || p.vaala_deck || p.vaala_discard) {
    rows.push(el('div', { class: 'row small', text: t('web-vaala-counts', { face_up: p.vaala_face_up, deck: p.vaala_deck, discard: p.vaala_discard }) }));
  }
  const badges = [];
  if (view.initiative === seat) badges.push(el('span', { class: 'badge initiative', text: t('web-initiative-token') }));
  if (p.eliminated) badges.push(el('span', { class: 'badge eliminated', text: t('web-eliminated') }));
  if (turn) badges.push(el('span', { class: 'badge turn', text: t('web-deciding') }));
  const won = (ctx.winners || []).includes(seat);
  if (won) badges.push(el('span', { class: 'badge winner', text: `★ ${t('web-winner')}` }));
  return el(
    'section',
    {
      class: `player seat${seat} ${turn ? 'turn' : ''} ${won ? 'winner' : ''} ${view.seat === seat && view.players[seat].actions != null ? 'mine' : ''}`,
      'aria-label': `${seatName(content, seat)} (${c.realm ?? ''})`,
      style: { borderColor: SEAT_COLOURS[seat] },
    },
    [
      el('header', {}, [
        seatIcon(content, seat, 22),
        el('strong', { class: `name seat${seat}`, text: seatName(content, seat) }),
        el('span', { class: 'muted', text: ` ${c.realm ?? ''} · ${t(dragon ? 'web-dragon' : 'web-general')} · ${t(`web-seat-kind-${kind}`)}` }),
        ...badges,
        el('button', {
          type: 'button',
          class: 'board-rules',
          'aria-label': t('web-rules-seat', { name: seatName(content, seat) }),
          title: t('web-rules-seat', { name: seatName(content, seat) }),
          text: 'i',
          onclick: () => document.dispatchEvent(new CustomEvent('rules', { detail: seat })),
        }),
      ]),
      ...rows,
    ],
  );
}

/** The Action cards of a character, in its order (the i-th is bit i of a hand). @param {any} content @param {number} seat */
export function handOf(content, seat) {
  if (Array.isArray(content.hand?.[seat])) return content.hand[seat];
  return (content.actions || []).filter((/** @type {any} */ a) => a.owner === seat).map((/** @type {any} */ a) => a.index);
}

/** The Vaala cards of a character, in its order. @param {any} content @param {number} seat */
export function vaalaOf(content, seat) {
  if (Array.isArray(content.vaala_of?.[seat])) return content.vaala_of[seat];
  return (content.vaala || []).filter((/** @type {any} */ v) => v.owner === seat).map((/** @type {any} */ v) => v.index);
}

/** Glyph names of a list of glyph ids. @param {string[]} glyphs @param {boolean} dragon */
function glyphNames(glyphs, dragon) {
  return (glyphs || []).map((g) => {
    const id = `web-glyph-${g}${dragon ? '-dragon' : ''}`;
    const word = t(id);
    return word === id ? t(`web-glyph-${g}`) : word;
  });
}

/** The face of a card. @param {any} content @param {{kind: string, id: number, owner?: number}} card */
export function cardFace(content, card) {
  const kind = String(card.kind).toLowerCase();
  if (kind === 'action') {
    const a = content.actions?.[card.id];
    const dragon = content.characters?.[a?.owner]?.kind === 'dragon';
    return {
      kind,
      title: a?.label || glyphNames(a?.glyphs, dragon).join(' + '),
      glyphs: glyphNames(a?.glyphs, dragon),
      owner: a?.owner ?? card.owner,
    };
  }
  if (kind === 'region') {
    const r = content.regions?.[card.id];
    return { kind, title: r?.name ?? String(card.id), glyphs: glyphNames(r?.glyphs, false), owner: card.owner };
  }
  const e = content.events?.[card.id];
  return { kind: 'event', title: e?.name ?? t('web-event-card'), glyphs: [], text: e?.text, owner: NONE };
}

/**
 * A card's whole text in the page's language, for its tooltip: an Action
 * card's glyphs as its owner's player board words them (LoV, "Glyphs"; the
 * Faceless side for a Faceless player), a Region card's glyphs as the rules
 * do ("Region Glyphs"), an Event's text.
 * @param {any} content @param {{kind: string, id: number}} card @param {boolean} [faceless]
 */
export function cardWords(content, card, faceless = false) {
  const kind = String(card.kind).toLowerCase();
  if (kind === 'action') {
    const a = content.actions?.[card.id];
    const board = content.characters?.[a?.owner]?.board;
    const side = faceless ? board?.faceless : board?.human;
    return (a?.glyphs || []).map((/** @type {string} */ g) => side?.[g] || '').filter(Boolean).join('\n');
  }
  if (kind === 'region') {
    const r = content.regions?.[card.id];
    return (r?.glyphs || []).map((/** @type {string} */ g) => `${t(`web-glyph-${g}`)}: ${t(`web-rules-${g}`)}`).join('\n');
  }
  return content.events?.[card.id]?.text || '';
}

/**
 * Shows a card's whole text (its `data-tip`) over the table: on hover, on
 * focus, and on a long press (a touch screen's context menu), hidden when
 * the pointer or the focus leaves or Escape is pressed. One tooltip,
 * `#card-tip`, for every card.
 */
export function installCardTips() {
  const tip = el('div', { id: 'card-tip', class: 'card-tip', role: 'tooltip', hidden: true });
  document.body.append(tip);
  /** @type {HTMLElement | null} */
  let shown = null;
  const hide = () => {
    shown?.removeAttribute('aria-describedby');
    shown = null;
    tip.hidden = true;
  };
  /** @param {HTMLElement} card */
  const show = (card) => {
    const text = card.dataset.tip;
    if (!text) return;
    shown?.removeAttribute('aria-describedby');
    shown = card;
    card.setAttribute('aria-describedby', 'card-tip');
    tip.replaceChildren(...text.split('\n').map((line) => el('p', { text: line })));
    tip.hidden = false;
    const r = card.getBoundingClientRect();
    const w = Math.min(320, innerWidth - 16);
    tip.style.width = `${w}px`;
    tip.style.left = `${Math.max(8, Math.min(r.left + scrollX, scrollX + innerWidth - w - 8))}px`;
    // Below the card, or above it when the card is low on the screen.
    const below = r.bottom + 6 + tip.offsetHeight < innerHeight;
    tip.style.top = `${(below ? r.bottom + 6 : r.top - 6 - tip.offsetHeight) + scrollY}px`;
  };
  const cardOf = (/** @type {EventTarget | null} */ x) => /** @type {HTMLElement | null} */ (x instanceof Element ? x.closest('[data-tip]') : null);
  document.addEventListener('pointerover', (e) => {
    const c = cardOf(e.target);
    if (c && e.pointerType === 'mouse' && c !== shown) show(c);
    else if (!c && shown && e.pointerType === 'mouse') hide();
  });
  document.addEventListener('focusin', (e) => {
    const c = cardOf(e.target);
    if (c) show(c);
    else if (shown) hide();
  });
  // A long press: the text, not the browser's menu.
  document.addEventListener('contextmenu', (e) => {
    const c = cardOf(e.target);
    if (!c) return;
    e.preventDefault();
    show(c);
  });
  document.addEventListener('pointerdown', (e) => {
    if (shown && !cardOf(e.target) && e.pointerType !== 'mouse') hide();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && shown) hide();
  });
}

/**
 * A card as a tile; clickable when `pick` is given.
 * @param {any} content @param {any} card @param {{label: string, choose: () => void} | undefined} pick @param {string} [extra]
 */
export function cardTile(content, card, pick, extra = '', faceless = false) {
  const f = cardFace(content, card);
  const owner = f.owner !== undefined && f.owner !== NONE ? f.owner : null;
  const tip = cardWords(content, card, faceless);
  const children = [
    el('span', { class: 'card-kind', text: t(`web-${f.kind}-card`) }),
    el('strong', { class: 'card-title', text: f.title }),
    f.glyphs.length && f.title !== f.glyphs.join(' + ') ? el('span', { class: 'card-glyphs', text: f.glyphs.join(' + ') }) : null,
    f.text ? el('span', { class: 'card-text', text: f.text }) : null,
  ];
  const cls = `card ${f.kind} ${owner !== null ? `seat${owner}` : ''} ${pick ? 'pickable' : ''} ${extra}`;
  if (pick) {
    // Named by the card's own text; what choosing it does is its description.
    return el('button', { type: 'button', class: cls, 'aria-description': pick.label, 'data-tip': [tip, pick.label].filter(Boolean).join('\n'), onclick: pick.choose }, children);
  }
  // Focusable, so that a keyboard reads its text too.
  return el('div', { class: cls, ...(tip ? { 'data-tip': tip, tabindex: 0 } : {}) }, children);
}

/**
 * The Action stack as it grows in Planning (face down, with who played each
 * card) and as it is revealed card by card in Resolution.
 * @param {any} content @param {any} view @param {LogEntry[]} log
 */
export function stackPanel(content, view, log) {
  /** @type {Map<number, {seat: number | null, back: string}>} */
  const played = new Map();
  for (const e of log) {
    const ev = e.event || {};
    if (ev.kind === 'round_started') played.clear();
    else if (ev.kind === 'card_played') played.set(ev.position, { seat: ev.seat, back: String(ev.back).toLowerCase() });
    else if (ev.kind === 'own_card_played') played.set(ev.position, { seat: ev.seat, back: String(ev.card?.kind || '').toLowerCase() });
    else if (ev.kind === 'event_placed') played.set(ev.position, { seat: null, back: 'event' });
  }
  const phase = view.phase;
  const resolving = phase === 'Resolution' ? view.stack_pos : -1;
  const cards = (view.stack || []).map((/** @type {any} */ c, /** @type {number} */ i) => {
    const who = played.get(i);
    const done = i < view.stack_pos && phase === 'Resolution';
    const extra = `${i === resolving ? 'resolving' : ''} ${done ? 'done' : ''}`;
    /** @type {Node} */
    let tile;
    if (c === 'FaceDown' || (c && c.FaceDown !== undefined)) {
      const back = who?.back || 'action';
      tile = el('div', { class: `card back ${back} ${who && who.seat !== null ? `seat${who.seat}` : ''} ${extra}` }, [
        el('span', { class: 'card-kind', text: t(`web-${back}-card`) }),
        el('span', { class: 'card-title', text: t('web-face-down') }),
      ]);
    } else {
      const known = c.Known || c;
      tile = cardTile(content, { kind: known.kind, id: known.id, owner: known.owner }, undefined, extra, seatKind(null, view, known.owner) === 'faceless');
    }
    const by = who && who.seat !== null ? seatTag(content, who.seat) : el('span', { class: 'muted', text: t('web-event-card') });
    return el('li', { class: 'stack-slot', 'data-position': i }, [el('span', { class: 'pos', text: String(i + 1) }), tile, by]);
  });
  return el('section', { id: 'stack', 'aria-label': t('web-stack') }, [
    el('h2', { text: t('web-stack') }),
    cards.length ? el('ol', { class: 'stack' }, cards) : el('p', { class: 'muted', text: t('web-stack-empty') }),
  ]);
}

/**
 * The viewer's hand: Action, Region and Vaala cards, those that can be played
 * now lit and clickable.
 * @param {any} content @param {any} view @param {Map<string, {label: string, choose: () => void}>} picks
 */
export function handPanel(content, view, picks) {
  const seat = view.seat;
  const me = view.players[seat];
  const cards = [];
  const hand = handOf(content, seat);
  for (let i = 0; i < 8; i++) {
    if (me.actions & (1 << i)) cards.push(cardTile(content, { kind: 'action', id: hand[i] ?? i, owner: seat }, picks.get(`action:${i}`)));
  }
  for (let r = 0; r < 16; r++) {
    if (me.region_cards & (1 << r)) cards.push(cardTile(content, { kind: 'region', id: r, owner: seat }, picks.get(`region:${r}`)));
  }
  const vaala = vaalaOf(content, seat);
  for (let i = 0; i < 8; i++) {
    if (me.vaala_hand & (1 << i)) {
      const v = content.vaala?.[vaala[i] ?? i];
      const pick = picks.get(`vaala:${i}`);
      const children = [
        el('span', { class: 'card-kind', text: t('web-vaala-card') }),
        el('strong', { class: 'card-title', text: v?.name ?? String(i) }),
        v ? el('span', { class: 'card-glyphs', text: t('web-cost', { cost: v.cost }) }) : null,
        v?.text ? el('span', { class: 'card-text', text: v.text }) : null,
      ];
      const tip = v ? `${v.name} (${t('web-cost', { cost: v.cost })}): ${v.text || ''}` : '';
      cards.push(
        pick
          ? el('button', { type: 'button', class: 'card vaala pickable', 'aria-description': pick.label, 'data-tip': [tip, pick.label].filter(Boolean).join('\n'), onclick: pick.choose }, children)
          : el('div', { class: 'card vaala', 'data-tip': tip, tabindex: 0 }, children),
      );
    }
  }
  return cards.length ? el('div', { class: 'hand', role: 'group', 'aria-label': t('web-your-hand', { name: seatName(content, seat) }) }, cards) : el('p', { class: 'muted', text: t('web-hand-empty') });
}

/** The Denizen lineup. @param {any} content @param {any} view @param {Map<string, {label: string, choose: () => void}>} picks */
export function lineupPanel(content, view, picks) {
  const items = (view.lineup || []).map((/** @type {number} */ d) => {
    const den = content.denizens?.[d];
    const pick = picks.get(`denizen:${d}`);
    const children = [
      icon(den?.unit || 'infantry', '#bbb', 14),
      el('strong', { class: 'card-title', text: den?.name ?? String(d) }),
      den?.text ? el('span', { class: 'card-text', text: den.text }) : null,
    ];
    const tip = den ? `${den.name}: ${den.text || ''}` : '';
    return pick
      ? el('button', { type: 'button', class: 'card denizen pickable', 'aria-description': pick.label, 'data-tip': [tip, pick.label].filter(Boolean).join('\n'), onclick: pick.choose }, children)
      : el('div', { class: 'card denizen', 'data-tip': tip, tabindex: 0 }, children);
  });
  return el('section', { id: 'lineup', 'aria-label': t('web-lineup') }, [
    el('h2', { text: t('web-lineup') }),
    el('div', { class: 'lineup', role: 'group', 'aria-label': t('web-lineup') }, items),
  ]);
}

/** The combat die's faces, worst first (docs/rulings.md, "The Lords of Vaala combat die"). */
export const FACES = ['miss', 'hit', 'double-hit', 'critical', 'double-critical'];

/** One combat die showing a face (LoV "Combat dice"; docs/rulings.md, "The Lords of Vaala combat die"). @param {number} face index into FACES */
export function combatDie(face) {
  const name = t(`web-die-${FACES[face]}`);
  const svg = /** @type {SVGSVGElement} */ (s('svg', { viewBox: '0 0 32 32', width: 28, height: 28, class: `die face-${FACES[face]}`, role: 'img', 'aria-label': name }));
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 29, height: 29, rx: 6, class: 'die-body' }));
  /** @param {number} x @param {number} y @param {number} r */
  const burst = (x, y, r) => {
    const pts = [];
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8;
      const rr = i % 2 ? r * 0.45 : r;
      pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
    }
    return s('polygon', { points: pts.join(' '), class: 'crit' });
  };
  /** @param {number} x @param {number} y @param {number} r */
  const hit = (x, y, r) => s('path', { d: `M${x - r},${y} L${x},${y - r} L${x + r},${y} L${x},${y + r} Z`, class: 'hit' });
  if (face === 1) svg.append(hit(16, 16, 8));
  if (face === 2) svg.append(hit(10, 16, 6), hit(22, 16, 6));
  if (face === 3) svg.append(burst(16, 16, 11));
  if (face === 4) svg.append(burst(10, 11, 8), burst(22, 21, 8));
  const tt = s('title');
  tt.textContent = name;
  svg.append(tt);
  return svg;
}

/** The dice of a `rolled` event: its face counts as dice. @param {number[]} faces */
export function rolledDice(faces) {
  const dice = [];
  // Best faces first, as a player lays out a roll.
  for (let f = faces.length - 1; f >= 0; f--) for (let k = 0; k < (faces[f] || 0); k++) dice.push(combatDie(f));
  return el('span', { class: 'dice' }, dice);
}

/** The face a combat die's d10 result (1-10) shows: 1-4 miss, 5-7 hit, 8 two hits, 9 critical, 10 two criticals (docs/rulings.md, "The Lords of Vaala combat die"). @param {number} n */
function faceOf(n) {
  return n <= 4 ? 0 : n <= 7 ? 1 : n - 6;
}

/** A Dragonbond die, drawn as the combat die's face it shows (LoV p.10: the check rolls the combat dice), named with its roller. @param {number} n the d10 result @param {string} label who rolled it */
export function bondDie(n, label) {
  const die = combatDie(faceOf(n));
  const name = `${label}${colon()}${t(`web-die-${FACES[faceOf(n)]}`)}`;
  die.setAttribute('aria-label', name);
  const tt = die.querySelector('title');
  if (tt) tt.textContent = name;
  return die;
}

/** The regions an event touched, to light them when its log line is hovered. @param {any} ev */
export function regionsOf(ev) {
  const out = [];
  if (!ev) return out;
  if (typeof ev.region === 'number') out.push(ev.region);
  if (['force_moved', 'dragon_moved', 'retreated'].includes(ev.kind)) out.push(ev.from, ev.to);
  if (ev.kind === 'revealed' && ev.card && String(ev.card.kind).toLowerCase() === 'region') out.push(ev.card.id);
  return out.filter((r) => typeof r === 'number' && r !== NONE);
}

/**
 * One line of the narrated log, in its player's colour, with dice drawn.
 * @param {any} content @param {LogEntry} e @param {(regions: number[]) => void} light
 */
export function logLine(content, e, light) {
  const ev = e.event || {};
  const seat = typeof e.seat === 'number' && e.seat !== NONE ? e.seat : null;
  /** @type {(Node|string|null)[]} */
  const parts = [];
  if (seat !== null) parts.push(seatIcon(content, seat, 12), ' ');
  parts.push(el('span', { class: 'text', text: e.text || ev.kind || '' }));
  if (ev.kind === 'rolled' && Array.isArray(ev.faces)) parts.push(' ', rolledDice(ev.faces));
  if (ev.kind === 'bond_rolled') {
    parts.push(' ', bondDie(ev.general_die, seatName(content, ev.general)), bondDie(ev.dragon_die, seatName(content, ev.dragon)));
  }
  if (ev.kind === 'bond_rerolled') parts.push(' ', bondDie(ev.die, seatName(content, ev.seat)));
  const regions = regionsOf(ev);
  const cls = `entry ${seat !== null ? `seat${seat}` : 'public'} ${ev.kind || ''} ${['round_started', 'phase_started'].includes(ev.kind) ? 'heading' : ''}`;
  return el(
    'li',
    {
      class: cls,
      'data-n': e.n,
      tabindex: regions.length ? 0 : undefined,
      onmouseenter: regions.length ? () => light(regions) : undefined,
      onmouseleave: regions.length ? () => light([]) : undefined,
      onfocus: regions.length ? () => light(regions) : undefined,
      onblur: regions.length ? () => light([]) : undefined,
    },
    parts,
  );
}

/** The newest roll the dice panel has shown: only newer ones are animated. */
let fallen = -1;

/**
 * The dice of the combat under way (or the last one): both sides' rolls since
 * the last `combat` event, and the last Dragonbond dice.
 * @param {any} content @param {LogEntry[]} log
 */
export function dicePanel(content, log) {
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const k = log[i].event?.kind;
    if (k === 'combat') {
      start = i;
      break;
    }
    // Only the combat of the card being resolved: a newer card ends it.
    if (k === 'round_started' || k === 'revealed') break;
  }
  /** @type {Node[]} */
  const rows = [];
  let combat = null;
  if (start >= 0) {
    const c = log[start].event;
    const defenderSeat = c.defender && typeof c.defender === 'object' && typeof c.defender.Seat === 'number' ? c.defender.Seat : null;
    combat = { attacker: c.attacker, defenderSeat, attack: c.attack, defense: c.defense, region: c.region };
    rows.push(el('p', { class: 'combat-line', text: log[start].text }));
    for (let i = start + 1; i < log.length; i++) {
      const ev = log[i].event;
      if (ev?.kind === 'rolled') {
        const who = ev.seat === NONE ? el('span', { class: 'muted', text: t('web-neutral') }) : seatTag(content, ev.seat);
        const n = log[i].n ?? i;
        // A roll not shown before falls onto the table; one drawn again stays still.
        const dice = rolledDice(ev.faces);
        if (n > fallen) {
          dice.classList.add('falling');
          fallen = n;
        }
        rows.push(el('div', { class: 'roll' }, [who, ' ', dice]));
      }
    }
  }
  return { node: rows.length ? el('section', { id: 'dice', 'aria-label': t('web-dice') }, [el('h2', { text: t('web-combat') }), ...rows]) : null, combat };
}

/**
 * The end of the game: who won and why, every seat's final Power (the
 * winners marked), the replay, the record and the lobby.
 * @param {any} content @param {any} st the state, with its `outcome`
 */
export function endPanel(content, st, log = []) {
  const view = st.view;
  const winners = /** @type {number[]} */ (st.outcome?.winners || []);
  const names = winners.map((w) => seatName(content, w));
  const title =
    names.length === 0 ? t('web-end-no-winner') : names.length === 1 ? t('web-end-won', { name: names[0] }) : t('web-end-won-together', { first: names[0], second: names.slice(1).join(', ') });
  const total = (/** @type {number} */ s) => view.players[s].power + view.players[s].spent;
  const partner = (/** @type {number} */ s) => (view.players[s].partner !== NONE && view.players[s].partner !== undefined ? view.players[s].partner : null);
  const order = view.players.map((/** @type {any} */ _p, /** @type {number} */ s) => s).sort((/** @type {number} */ a, /** @type {number} */ b) => {
    return Number(winners.includes(b)) - Number(winners.includes(a)) || total(b) - total(a) || a - b;
  });
  const story = gameStory(view, log);
  // A Dragonbonded team counts its Power together when the Event deck ends
  // the game (docs/rulings.md, "The end by the Event deck").
  const teams = view.players.some((/** @type {any} */ _p, /** @type {number} */ s) => partner(s) !== null);
  const rows = order.map((/** @type {number} */ s) => {
    const p = view.players[s];
    const won = winners.includes(s);
    const ally = partner(s);
    const out = story.eliminated.get(s);
    return el('tr', { class: won ? 'winner' : '', 'data-seat': s }, [
      el('th', { scope: 'row' }, [seatTag(content, s)]),
      el('td', { class: 'num', text: `${total(s)}/10` }),
      ...(teams ? [el('td', { class: 'team', text: ally === null ? '' : t('web-end-team', { ally: seatName(content, ally), power: total(s) + total(ally) }) })] : []),
      el('td', { class: 'num combats', text: t('web-end-combats-of', { won: story.won[s], fought: story.fought[s] }) }),
      el('td', { text: won ? `★ ${t('web-winner')}` : p.eliminated ? (out ? t('web-end-eliminated-in', { round: out }) : t('web-eliminated')) : '' }),
    ]);
  });
  const id = encodeURIComponent(st.id);
  const seats = view.players.map((/** @type {any} */ _p, /** @type {number} */ s) => s);
  return [
    el('h2', { id: 'end-title', text: title }),
    el('p', { class: 'end-why', text: endWhy(st.outcome, names) }),
    el('table', { class: 'end-scores' }, [
      el('thead', {}, [
        el('tr', {}, [el('th', { scope: 'col', text: t('web-players') }), el('th', { scope: 'col', text: t('web-power') }), ...(teams ? [el('th', { scope: 'col', text: t('web-end-team-head') })] : []), el('th', { scope: 'col', text: t('web-end-combats') }), el('th', { scope: 'col', text: '' })]),
      ]),
      el('tbody', {}, rows),
    ]),
    // Power at the end of each round, seat by seat, told by the log; shown
    // only when the log's story ends on the Power the board shows.
    ...(story.rounds.length && seats.every((/** @type {number} */ s) => story.rounds[story.rounds.length - 1][s] === total(s))
      ? [
          el('table', { class: 'end-scores end-rounds', id: 'end-rounds' }, [
            el('caption', { text: t('web-end-power-by-round') }),
            el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: t('web-players') }), ...story.rounds.map((_r, i) => el('th', { scope: 'col', class: 'num', text: t('web-round', { round: i + 1 }) }))])]),
            el('tbody', {}, seats.map((/** @type {number} */ s) => el('tr', { 'data-seat': s }, [el('th', { scope: 'row' }, [seatTag(content, s)]), ...story.rounds.map((r) => el('td', { class: 'num', text: String(r[s]) }))]))),
          ]),
        ]
      : []),
    el('p', { class: 'end-links' }, [
      el('a', { class: 'button primary', id: 'end-replay', href: `/replay/${id}`, text: t('web-replay') }),
      ' ',
      el('a', { class: 'button', href: `/api/games/${id}/record`, download: `valerna-${st.id}.json`, text: t('web-end-record') }),
      ' ',
      el('a', { class: 'button', href: '/', text: t('web-back-lobby') }),
    ]),
  ];
}

/**
 * What the log tells of a whole game: each seat's Power (spent or not) at
 * the end of each round, the round each eliminated seat went out in, and
 * the combats each seat fought and won. Power comes from the Power events:
 * collected and gained add, a theft moves one token, spending keeps it on
 * the track (LoV, "Power track"). A combat is the attacker's when the
 * engine says it won (it holds the region, no enemy left: LoV p.12-13),
 * else its last defender's; every seat that rolled in it fought it.
 * @param {any} view @param {{event: any}[]} log
 */
export function gameStory(view, log) {
  const seats = view.players.length;
  /** @type {number[][]} */
  const rounds = [];
  /** @type {Map<number, number>} */
  const eliminated = new Map();
  const power = new Array(seats).fill(0);
  const fought = new Array(seats).fill(0);
  const won = new Array(seats).fill(0);
  /** The seats in the combat under way, and its last defender (null: the neutral Units). */
  let combat = { seats: new Set(), last: /** @type {number | null} */ (null) };
  let round = 0;
  for (const { event: ev } of log) {
    if (!ev) continue;
    if (ev.kind === 'round_started') {
      if (round > 0) rounds.push([...power]);
      round = ev.round;
    } else if (ev.kind === 'power_collected' || ev.kind === 'power_gained') power[ev.seat] += ev.amount;
    else if (ev.kind === 'power_stolen') {
      power[ev.thief] += 1;
      power[ev.victim] -= 1;
    } else if (ev.kind === 'eliminated') eliminated.set(ev.seat, round);
    else if (ev.kind === 'combat') {
      const d = typeof ev.defender?.Seat === 'number' ? ev.defender.Seat : null;
      combat.seats.add(ev.attacker);
      if (d !== null) combat.seats.add(d);
      combat.last = d;
    } else if (ev.kind === 'combat_ended') {
      for (const s of combat.seats) fought[s] += 1;
      const winner = ev.won ? ev.attacker : combat.last;
      if (winner !== null) won[winner] += 1;
      combat = { seats: new Set(), last: null };
    }
  }
  if (round > 0) rounds.push([...power]);
  return { rounds, eliminated, fought, won };
}

/** Why the game ended, in words (LoV, "End of the Game"). @param {any} outcome @param {string[]} names */
function endWhy(outcome, names) {
  const id = `web-end-why-${outcome?.reason}`;
  const words = t(id, { name: names[0] ?? '' });
  return words === id ? outcome?.text || '' : words;
}

/**
 * "Counterattack or retreat?" weighed (LoV p.12): the attack's standard
 * hits still to land, and the counterattack's dice with the exact chance
 * of each number of hits (the server's `question.defense`, the numbers of
 * `valerna calc lov`).
 * @param {any} content @param {any} d the question's `defense`
 */
export function defensePanel(content, d) {
  const parts = [el('p', { text: t('web-defense-coming', { hits: d.standard_hits_coming, wounds: d.criticals_taken }) })];
  const hits = d.counterattack_hits;
  if (!hits) {
    parts.push(el('p', { text: t('web-defense-no-dice') }));
  } else {
    parts.push(el('p', { text: t('web-defense-dice', { dice: d.counterattack_dice, attacker: seatName(content, d.attacker) }) }));
    parts.push(oddsTable(hits, 'defense-odds'));
  }
  return el('div', { id: 'defense', class: 'defense' }, parts);
}

/**
 * An attacker's choice weighed (LoV p.12-13): which enemy, or attack again
 * or retreat. The attack's dice with the exact chance of each number of
 * hits, and each enemy with the dice of its counterattack (the server's
 * `question.attack`).
 * @param {any} content @param {any} a the question's `attack`
 */
export function attackPanel(content, a) {
  const parts = [];
  if (!a.attack_hits) {
    parts.push(el('p', { text: t('web-attack-no-dice') }));
  } else {
    parts.push(el('p', { text: t('web-attack-dice', { dice: a.attack_dice }) }));
    parts.push(oddsTable(a.attack_hits, 'attack-odds'));
  }
  const items = a.enemies.map((/** @type {any} */ e) => {
    const name = e.seat === null ? t('web-attack-neutral') : seatName(content, e.seat);
    const words = e.counterattack_hits
      ? t('web-attack-enemy', { name, dice: e.dice, mean: decimal(e.counterattack_hits.mean), one: percent(e.counterattack_hits.at_least[1] ?? 0) })
      : t('web-attack-enemy-no-dice', { name });
    return el('li', { class: e.seat === null ? '' : `seat${e.seat}`, text: words });
  });
  if (items.length) parts.push(el('ul', { class: 'attack-enemies' }, items));
  return el('div', { id: 'attack', class: 'defense' }, parts);
}

/**
 * "Assault which region?" weighed (LoV p.12, the Assault glyph): each
 * region's option says the attack at its strongest (every Unit that may
 * move in, and the General) and the Combat Value of each enemy there (the
 * server's `question.assault`), under a line that says so.
 * @param {HTMLElement} box the question's box, its options drawn
 * @param {any} content @param {{option: number, odds: any}[]} list
 */
export function markAssault(box, content, list) {
  for (const { option, odds: a } of list) {
    const b = box.querySelector(`button.choice[data-option="${option}"]`);
    if (!b) continue;
    const attack = a.attack_hits ? t('web-assault-option', { dice: a.attack_dice, mean: decimal(a.attack_hits.mean), one: percent(a.attack_hits.at_least[1] ?? 0) }) : t('web-assault-no-dice');
    const enemies = a.enemies.map((/** @type {any} */ e) => t('web-assault-enemy', { name: e.seat === null ? t('web-attack-neutral') : seatName(content, e.seat), dice: e.dice }));
    const words = enemies.length ? `${attack}; ${t('web-assault-against', { enemies: enemies.join(', ') })}` : attack;
    b.append(el('span', { class: 'assault-odds', text: words }));
  }
  box.prepend(el('p', { id: 'assault', class: 'hint-line', text: t('web-assault-head') }));
}

/**
 * The exact chance of each number of hits, one column a number, so that
 * the question stays short on a phone; the tail too unlikely to matter is
 * one column, "k+".
 * @param {any} hits a `Summary` of the dice crate's odds @param {string} cls
 */
function oddsTable(hits, cls) {
  const pct = (/** @type {number} */ p) => percent(p, 1);
  /** @type {string[]} */
  const heads = [];
  /** @type {number[]} */
  const chance = [];
  for (let k = 0; k < hits.pmf.length; k++) {
    const last = k === hits.pmf.length - 1 || hits.at_least[k + 1] < 0.005;
    heads.push(last && k < hits.pmf.length - 1 ? `${k}+` : String(k));
    chance.push(last ? hits.at_least[k] : hits.pmf[k]);
    if (last) break;
  }
  const row = (/** @type {string} */ head, /** @type {string[]} */ cells) =>
    el('tr', {}, [el('th', { scope: 'row', text: head }), ...cells.map((c) => el('td', { class: 'num', text: c }))]);
  return el('table', { class: `defense-odds ${cls}` }, [
    el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: t('web-defense-hits') }), ...heads.map((h) => el('th', { scope: 'col', class: 'num', text: h }))])]),
    el('tbody', {}, [row(t('web-defense-chance'), chance.map(pct)), row(t('web-defense-at-least'), heads.map((_h, k) => pct(hits.at_least[k])))]),
  ]);
}
