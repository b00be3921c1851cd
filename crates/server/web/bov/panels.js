// @ts-check
/** The Battles of Valerna table's panels and words: what a decision names,
 * a unit's card, a roll's dice, the end of the battle. */

import { el, t, percent as wholePercent } from '../texts.js';
import { unitColour } from './field.js';

/** The units a decision names (to act on, to target), by id. @param {any} d */
export function unitsOf(d) {
  if (!d || typeof d !== 'object') return [];
  const [kind, body] = Object.entries(d)[0] || [];
  if (!body || typeof body !== 'object') return [];
  /** @type {number[]} */
  const out = [];
  for (const key of ['unit', 'target', 'mount', 'general_target']) {
    if (typeof body[key] === 'number') out.push(body[key]);
  }
  if (kind === 'Reaction' && body.reaction) {
    const r = Object.values(body.reaction)[0];
    if (r && typeof r === 'object') for (const key of ['unit', 'target']) if (typeof (/** @type {any} */ (r))[key] === 'number') out.push(/** @type {any} */ (r)[key]);
  }
  return out;
}

/** The decision's kind (`"March"`, `"Pass"`). @param {any} d */
export const kindOf = (d) => (typeof d === 'string' ? d : Object.keys(d || {})[0] || '');

/** A side's name. @param {number} seat */
export const sideName = (seat) => t('web-side', { seat: seat + 1 });

/** A keyword of a card as the pack writes it. @param {any} k */
export function keywordText(k) {
  if (typeof k === 'string') return k;
  const [name, v] = Object.entries(k || {})[0] || ['', ''];
  if (name === 'Tag' || name === 'Rule') return String(v);
  if (typeof v === 'object') return `${name} ${JSON.stringify(v)}`;
  return `${name} ${v}`;
}

/** A die's colour in the page's language. @param {string} c */
export const colourName = (c) => t(`web-bov-colour-${String(c).toLowerCase()}`);

/** A weapon's dice as the pack writes them (`"2xblack"`, `"3xgray+1xwhite"`), in words. @param {any} dice */
export function diceText(dice) {
  if (typeof dice === 'string') return dice.replace(/(\d+)x(\w+)/g, (_, n, c) => `${n} ${colourName(c)}`).replace(/\+/g, ' + ');
  return dice === undefined || dice === null ? '' : JSON.stringify(dice);
}

/** A weapon's keywords. @param {any} w */
export const weaponKeywords = (w) => (w?.keywords?.length ? ` (${w.keywords.map(keywordText).join(', ')})` : '');

/** A chance as a whole percent, "<1%" and ">99%" at the ends. @param {number} p */
export function percent(p) {
  if (p > 0 && p < 0.005) return `<${wholePercent(0.01)}`;
  if (p < 1 && p > 0.995) return `>${wholePercent(0.99)}`;
  return wholePercent(p);
}

/** The selected unit's card: its stats, keywords, powers, wounds, fatigue and markers. @param {any} content @param {any} u */
export function unitCard(content, u) {
  const card = (content.units || []).find((/** @type {any} */ c) => c.id === u.card);
  /** @type {(Node|string)[]} */
  const out = [el('h2', {}, [el('span', { class: 'swatch', style: `background:${unitColour(u)}`, 'aria-hidden': 'true' }), ' ', u.name])];
  const facts = [
    `${sideName(u.owner)}`,
    u.general ? t('web-bov-general') : '',
    t('web-bov-models', { count: u.models.length || 0 }),
    t('web-bov-wounds', { count: u.wounds }),
    t('web-bov-fatigue', { count: u.fatigue }),
  ].filter(Boolean);
  for (const [k, n] of Object.entries(u.status || {})) if (n) facts.push(`${t(`web-bov-status-${k}`)} ${n}`);
  if (u.reserve) facts.push(t('web-bov-reserve'));
  if (u.captain !== undefined && !u.captain_card) facts.push(t('web-bov-captain-in-play'));
  if (u.mounted_side) facts.push(t('web-bov-mounted-side'));
  out.push(el('p', { class: 'facts', text: facts.join(' · ') }));
  if (card) {
    // BoV starter, "General cards": a General riding shows its mounted
    // side, which prints no Speed (the creature's is used).
    const p = u.mounted_side && card.mounted ? card.mounted : u.injured && card.injured ? card.injured : card.front;
    const stats = [
      [t('web-bov-speed'), p.speed === undefined ? '—' : `${p.speed}"`],
      [t('web-bov-defense'), colourName(p.defense)],
      [t('web-bov-health'), String(p.health)],
      [t('web-bov-melee'), `${diceText(p.melee?.dice)}${weaponKeywords(p.melee)}`],
    ];
    if (p.ranged) stats.push([t('web-bov-ranged'), `${diceText(p.ranged.dice)}, ${p.ranged.range}"${weaponKeywords(p.ranged)}`]);
    stats.push([t('web-bov-points'), String(card.points)]);
    if (u.models?.length && typeof u.allowance_in === 'number' && u.allowance_in !== Number(p.speed)) stats.push([t('web-bov-allowance'), `${u.allowance_in.toFixed(1)}"`]);
    if (u.charge?.length) stats.push([t('web-bov-charge-reach'), u.charge.map((/** @type {any} */ c) => `${c.inches.toFixed(1)}" ${percent(c.chance)}`).join(' · ')]);
    out.push(el('dl', { class: 'stats' }, stats.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })])));
    out.push(el('p', { class: 'keywords', text: (card.keywords || []).map(keywordText).join(', ') }));
    for (const pw of p.powers || []) out.push(el('p', { class: 'power' }, [el('strong', { text: pw.name }), ` — ${pw.text}`]));
    // BoV starter, "Heroes as Captains": the Hero's card, on its side
    // without stats, lends the unit its power while it leads.
    const lead = u.captain_card && (content.units || []).find((/** @type {any} */ c) => c.id === u.captain_card);
    if (lead) {
      out.push(el('h3', { class: 'captain', text: t('web-bov-captain', { name: lead.name }) }));
      for (const pw of lead.front?.powers || []) out.push(el('p', { class: 'power' }, [el('strong', { text: pw.name }), ` — ${pw.text}`]));
    }
    // BoV starter, "Generals mounted on an Epic Creature": the General's
    // card, on its mounted side, is attached to the creature's.
    const rider = u.rider_card && (content.units || []).find((/** @type {any} */ c) => c.id === u.rider_card);
    if (rider) {
      const side = rider.mounted || rider.front;
      out.push(el('h3', { class: 'captain', text: t('web-bov-rider', { name: rider.name }) }));
      const riderStats = [
        [t('web-bov-defense'), colourName(side.defense)],
        [t('web-bov-health'), String(side.health)],
        [t('web-bov-melee'), `${diceText(side.melee?.dice)}${weaponKeywords(side.melee)}`],
      ];
      if (side.ranged) riderStats.push([t('web-bov-ranged'), `${diceText(side.ranged.dice)}, ${side.ranged.range}"${weaponKeywords(side.ranged)}`]);
      out.push(el('dl', { class: 'stats' }, riderStats.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })])));
      for (const pw of side.powers || []) out.push(el('p', { class: 'power' }, [el('strong', { text: pw.name }), ` — ${pw.text}`]));
    }
    if (card.provisional || lead?.provisional || rider?.provisional) out.push(el('p', { class: 'muted', text: t('web-bov-provisional') }));
  }
  return out;
}

/** Attack faces as drawn on the dice. */
export const FACES = { miss: '–', hit: '●', doublehit: '●●', double_hit: '●●', critical: '★', doublecritical: '★★', double_critical: '★★' };

/** A roll's dice drawn as the game's black, gray and white dice (the log's
 * words say the same, so the drawing is hidden from screen readers). @param {any[]} dice */
export function diceRow(dice) {
  return el(
    'span',
    { class: 'dice-row', 'aria-hidden': 'true' },
    dice.map((/** @type {any} */ d) => {
      const colour = String(d.colour || '').toLowerCase();
      const face = 'block' in d ? (d.block ? '■' : '–') : FACES[/** @type {keyof typeof FACES} */ (String(d.face || '').toLowerCase())] || '?';
      return el('span', { class: `die die-${colour}${d.rerolled ? ' rerolled' : ''}`, text: face });
    }),
  );
}

/** The end of the battle: who won, the score, and where to go next. @param {any} st */
export function endPanel(st) {
  const v = st.view;
  return [
    el('h2', { id: 'end-title', text: st.outcome.winners?.length === 1 ? t('web-bov-won', { side: sideName(st.outcome.winners[0]) }) : t('web-bov-drawn') }),
    el('p', { text: st.outcome.text }),
    el('p', { class: 'score', text: `${sideName(0)} ${v.score[0]} · ${sideName(1)} ${v.score[1]}` }),
    el('p', {}, [el('a', { class: 'button', href: `/replay/${encodeURIComponent(st.id)}`, text: t('web-replay') }), ' ', el('a', { class: 'button', href: '/', text: t('web-back-lobby') })]),
  ];
}
