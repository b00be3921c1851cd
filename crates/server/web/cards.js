// @ts-check
/** The cards gallery: every Battles of Valerna unit, Vaala and Artifact
 * card of the server's pack, drawn as a card (stats, keywords, powers,
 * points), searched by text and filtered by force and keyword. */

import { t, el } from './texts.js';
import { startPage, bovContent, diceText } from './workshop.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** A keyword as printed: a string, or a tagged value. @param {any} k */
function keyword(k) {
  if (typeof k === 'string') return k;
  if (k && typeof k === 'object') return Object.entries(k).map(([a, b]) => `${a} ${b}`).join(' ');
  return String(k);
}

/** @param {any} p a power */
function power(p) {
  return el('li', { class: 'power' }, [el('strong', { text: p.name }), p.ultimate ? ' ★' : '', ` (${p.timing})`, el('br'), p.text]);
}

/** @param {any} side a profile */
function stats(side) {
  const dice = diceText(side.melee?.dice);
  const items = [t('web-ws-health', { value: side.health }), t('web-ws-speed', { value: side.speed }), t('web-ws-defense', { value: t(`web-ws-die-${side.defense}`) }), t('web-ws-melee', { dice })];
  if (side.ranged) items.push(t('web-ws-ranged', { dice: diceText(side.ranged.dice), range: side.ranged.range ?? '?' }));
  const weaponKw = [...(side.melee?.keywords || []), ...(side.ranged?.keywords || [])].map(keyword);
  return [el('ul', { class: 'stats' }, items.map((s) => el('li', { text: s }))), weaponKw.length ? el('p', { class: 'small', text: weaponKw.join(', ') }) : null];
}

/** @param {any} u */
function unitCard(u) {
  const kws = (u.keywords || []).map(keyword);
  return el('article', { class: `ws-card force-${String(u.force).toLowerCase()}`, 'data-card': u.id, 'data-force': u.force }, [
    el('header', {}, [el('h3', { text: u.name }), el('span', { class: 'points', text: t('web-ws-card-points', { value: u.points }) })]),
    el('p', { class: 'keywords', text: kws.join(' · ') }),
    el('p', { class: 'small', text: t('web-ws-models', { value: u.models ?? 1 }) }),
    ...stats(u.front),
    el('ul', { class: 'powers' }, (u.front.powers || []).map(power)),
  ]);
}

/** @param {any} u @param {string} q */
function matches(u, q) {
  if (!q) return true;
  return JSON.stringify(u).toLowerCase().includes(q);
}

function render() {
  const c = bovContent() || {};
  const units = c.units || [];
  const forceSel = $('force-filter');
  const keepForce = forceSel.value;
  forceSel.replaceChildren(el('option', { value: '', text: t('web-ws-all-forces') }), ...(c.forces || []).map((/** @type {string} */ f) => el('option', { value: f, text: f })));
  forceSel.value = keepForce;
  const kwSel = $('keyword-filter');
  const keepKw = kwSel.value;
  const kws = [...new Set(units.flatMap((/** @type {any} */ u) => (u.keywords || []).map(keyword)))].sort();
  kwSel.replaceChildren(el('option', { value: '', text: t('web-ws-all-keywords') }), ...kws.map((k) => el('option', { value: k, text: k })));
  kwSel.value = keepKw;
  draw();
}

function draw() {
  const c = bovContent() || {};
  const q = String($('search').value || '').trim().toLowerCase();
  const force = $('force-filter').value;
  const kw = $('keyword-filter').value;
  const units = (c.units || []).filter((/** @type {any} */ u) => (!force || u.force === force) && (!kw || (u.keywords || []).map(keyword).includes(kw)) && matches(u, q));
  $('unit-cards').replaceChildren(...units.map(unitCard));
  // Vaala and Artifact cards belong to no force and carry no unit keyword.
  const others = !force && !kw;
  const vaala = others ? (c.vaala || []).filter((/** @type {any} */ v) => matches(v, q)) : [];
  const arts = others ? (c.artifacts || []).filter((/** @type {any} */ a) => matches(a, q)) : [];
  $('vaala-cards').replaceChildren(
    ...vaala.map((/** @type {any} */ v) =>
      el('article', { class: 'ws-card vaala', 'data-card': v.id }, [el('header', {}, [el('h3', { text: v.name }), el('span', { class: 'points', text: t('web-ws-card-points', { value: 1 }) })]), el('p', { text: v.text })]),
    ),
  );
  $('artifact-cards').replaceChildren(
    ...arts.map((/** @type {any} */ a) =>
      el('article', { class: 'ws-card artifact', 'data-card': a.id }, [
        el('header', {}, [el('h3', { text: a.name }), el('span', { class: 'points', text: t('web-ws-card-points', { value: 1 }) })]),
        el('p', {}, [el('strong', { text: a.power }), el('br'), a.text]),
      ]),
    ),
  );
  $('shown').textContent = t('web-ws-shown', { count: units.length + vaala.length + arts.length });
}

startPage('web-ws-cards', render);
for (const id of ['search', 'force-filter', 'keyword-filter']) $(id).addEventListener('input', draw);
