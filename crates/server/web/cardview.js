// @ts-check
/** A Battles of Valerna unit card drawn as a card (stats, keywords, powers,
 * points), for the cards gallery, the card editor's preview and the list's
 * printed view. With the server's rule table (`/api/bov/rules`), each
 * keyword and power names its section and page of the book and links to
 * the rulings that touch it. */

import { t, el } from './texts.js';
import { diceText } from './workshop.js';

/** A keyword as printed: a string, or a tagged value. @param {any} k */
export function keyword(k) {
  if (typeof k === 'string') return k;
  if (k && typeof k === 'object') return Object.entries(k).map(([a, b]) => `${a} ${b}`).join(' ');
  return String(k);
}

/** Where a rule is, and its rulings, as a line. @param {any} ref */
function ruleLine(ref) {
  const links = (ref.rulings || []).map((/** @type {any} */ r) => el('a', { href: r.href, text: r.title }));
  /** @type {(Node|string)[]} */
  const parts = [t('web-ws-rule-cite', { section: ref.section, page: ref.page })];
  if (links.length) {
    parts.push(` · ${t('web-ws-rulings')} `);
    links.forEach((a, i) => parts.push(...(i ? [', ', a] : [a])));
  }
  return el('span', { class: 'cite' }, parts);
}

/** The rule a printed keyword names: "Command Infantry" is Command's. @param {Record<string, any> | undefined} table @param {string} word */
function ruleOf(table, word) {
  if (!table) return null;
  for (const [name, ref] of Object.entries(table)) if (word === name || word.startsWith(`${name} `)) return ref;
  return null;
}

/** A keyword, with its rule when it carries one. @param {string} word @param {any} ref */
function keywordItem(word, ref) {
  if (!ref) return el('li', { class: 'kw', text: word });
  return el('li', { class: 'kw' }, [el('details', { class: 'kw-rule' }, [el('summary', { text: word }), ruleLine(ref)])]);
}

/** @param {any} p a power @param {any} refs */
function power(p, refs) {
  const kind = typeof p.timing === 'string' ? p.timing.toLowerCase() : 'reaction';
  const ref = refs?.powers?.[kind];
  const ult = p.ultimate ? refs?.powers?.ultimate : null;
  return el('li', { class: 'power' }, [
    el('strong', { text: p.name }),
    p.ultimate ? ' ★' : '',
    ` (${typeof p.timing === 'string' ? p.timing : Object.keys(p.timing || {})[0] || ''})`,
    el('br'),
    p.text,
    ref ? el('br') : null,
    ref ? ruleLine(ref) : null,
    ult ? el('br') : null,
    ult ? ruleLine(ult) : null,
  ]);
}

/** @param {any} side a profile @param {any} refs */
function stats(side, refs) {
  const dice = diceText(side.melee?.dice);
  const items = [t('web-ws-health', { value: side.health }), t('web-ws-speed', { value: side.speed }), t('web-ws-defense', { value: t(`web-ws-die-${side.defense}`) }), t('web-ws-melee', { dice })];
  if (side.ranged) items.push(t('web-ws-ranged', { dice: diceText(side.ranged.dice), range: side.ranged.range ?? '?' }));
  const weaponKw = [...new Set([...(side.melee?.keywords || []), ...(side.ranged?.keywords || [])].map(keyword))];
  return [
    el('ul', { class: 'stats' }, items.map((s) => el('li', { text: s }))),
    weaponKw.length ? el('ul', { class: 'keywords small' }, weaponKw.map((w) => keywordItem(w, refs?.attack_keywords?.[w]))) : null,
  ];
}

/**
 * A unit card.
 * @param {any} u the card as the server sends it
 * @param {any} [refs] the rule table, for the links
 */
export function unitCard(u, refs) {
  const kws = (u.keywords || []).map(keyword);
  return el('article', { class: `ws-card force-${String(u.force).toLowerCase()}`, 'data-card': u.id, 'data-force': u.force }, [
    el('header', {}, [el('h3', { text: u.name }), el('span', { class: 'points', text: t('web-ws-card-points', { value: u.points }) })]),
    el('ul', { class: 'keywords' }, kws.map((/** @type {string} */ k) => keywordItem(k, ruleOf(refs?.unit_keywords, k)))),
    el('p', { class: 'small', text: t('web-ws-models', { value: u.models ?? 1 }) }),
    ...stats(u.front, refs),
    el('ul', { class: 'powers' }, (u.front.powers || []).map((/** @type {any} */ p) => power(p, refs))),
  ]);
}
