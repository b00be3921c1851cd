// @ts-check
/** The cards gallery: every Battles of Valerna unit, Vaala and Artifact
 * card of the server's pack, drawn as a card (stats, keywords, powers,
 * points), searched by text and filtered by force and keyword; each
 * keyword and power names its rule and links to the rulings on it. */

/** Where each keyword and power is ruled (`/api/bov/rules`). @type {any} */
let refs = null;

import { t, el } from './texts.js';
import { getJson } from './api.js';
import { startPage, bovContent } from './workshop.js';
import { unitCard, keyword } from './cardview.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

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
  $('unit-cards').replaceChildren(...units.map((/** @type {any} */ u) => unitCard(u, refs)));
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

startPage('web-ws-cards', async () => {
  refs = refs || (await getJson('/api/bov/rules'));
  render();
});
for (const id of ['search', 'force-filter', 'keyword-filter']) $(id).addEventListener('input', draw);
