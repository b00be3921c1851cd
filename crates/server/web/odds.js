// @ts-check
/** The odds page: an attack from the cards or raw dice against a defense,
 * with the book's modifier conditions ticked, answered by the server's
 * exact odds (`GET /api/bov/odds`, the numbers of `valerna calc`), drawn
 * as bar charts of wounds, models lost, models fleeing and the charge. */

import { getJson, errorText } from './api.js';
import { t, el } from './texts.js';
import { startPage, bovContent, barChart, percent, diceText } from './workshop.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** The conditions of each modifier table the server accepts by name (docs/api.md). */
const CONDITIONS = {
  'attack-with': ['fresh', 'exhausted', 'charge', 'skirmish', 'dragonbonded'],
  'defense-with': ['fresh', 'exhausted', 'obscured', 'flanked', 'dragonbonded'],
  'morale-with': ['fresh', 'exhausted', 'in_command_of_hero', 'generals_aura', 'dragonbonded'],
};
const COLOURS = ['black', 'gray', 'white'];

/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
let asked = 0;

function render() {
  const units = bovContent()?.units || [];
  for (const id of ['attacker-card', 'defender-card']) {
    const s = $(id);
    const keep = s.value;
    s.replaceChildren(el('option', { value: '', text: t('web-ws-raw-dice') }), ...units.map((/** @type {any} */ u) => el('option', { value: u.id, text: `${u.name} (${u.force})` })));
    s.value = keep;
  }
  for (const id of ['defense', 'morale-die']) {
    const s = $(id);
    const keep = s.value || 'gray';
    s.replaceChildren(...COLOURS.map((c) => el('option', { value: c, text: t(`web-ws-die-${c}`) })));
    s.value = keep;
  }
  for (const [box, names] of Object.entries(CONDITIONS)) {
    const f = $(box);
    const on = new Set([...f.querySelectorAll('input:checked')].map((/** @type {HTMLInputElement} */ i) => i.value));
    const legend = f.querySelector('legend');
    f.replaceChildren(legend, ...names.map((n) => el('label', {}, [el('input', { type: 'checkbox', value: n, name: box, checked: on.has(n) }), ` ${t(`web-ws-cond-${n}`)}`])));
  }
  ask();
}

/** A card's numbers into the form. @param {string} which */
function fromCard(which) {
  const u = (bovContent()?.units || []).find((/** @type {any} */ x) => x.id === $(`${which}-card`).value);
  if (!u) return;
  if (which === 'attacker') {
    const w = $('weapon').value === 'ranged' && u.front.ranged ? u.front.ranged : u.front.melee;
    $('attack').value = diceText(w.dice);
    $('models').value = String(u.models ?? 1);
    $('speed').value = String(u.front.speed);
  } else {
    $('defense').value = u.front.defense;
    $('health').value = String(u.front.health);
    $('target-models').value = String(u.models ?? 1);
    $('wounds').value = '0';
    $('morale-die').value = (u.keywords || []).includes('Hero') || (u.keywords || []).includes('Epic') ? 'black' : (u.keywords || []).includes('Shirkers') ? 'white' : 'gray';
  }
  ask();
}

function query() {
  const q = new URLSearchParams();
  q.set('attack', $('attack').value.trim());
  q.set('defense', $('defense').value);
  q.set('models', $('models').value);
  q.set('health', $('health').value);
  q.set('target_models', $('target-models').value);
  q.set('wounds', $('wounds').value || '0');
  q.set('morale_die', $('morale-die').value);
  q.set('speed', $('speed').value || '0');
  if ($('distance').value !== '') q.set('distance', $('distance').value);
  for (const box of Object.keys(CONDITIONS)) {
    const on = [...$(box).querySelectorAll('input:checked')].map((/** @type {HTMLInputElement} */ i) => i.value);
    if (on.length) q.set(box.replace('-', '_'), on.join(','));
  }
  return q.toString();
}

function ask() {
  clearTimeout(timer);
  timer = setTimeout(show, 150);
}

async function show() {
  const n = ++asked;
  let o;
  try {
    o = await getJson(`/api/bov/odds?${query()}`);
  } catch (e) {
    if (n === asked) $('odds-error').textContent = errorText(e, t);
    return;
  }
  if (n !== asked) return;
  $('odds-error').textContent = '';
  $('results').dataset.mean = String(o.wounds.mean);
  $('wounds-box').replaceChildren(barChart(t('web-ws-wounds-chart'), o.wounds, 'chart-wounds'));
  $('lost-box').replaceChildren(...(o.models_lost ? [barChart(t('web-ws-lost-chart'), o.models_lost.lost, 'chart-lost')] : []));
  $('morale-box').replaceChildren(barChart(t('web-ws-fleeing-chart'), o.morale.fleeing, 'chart-morale'), el('p', { text: t('web-ws-pass', { percent: percent(o.morale.pass_probability) }) }));
  $('charge-box').replaceChildren(
    barChart(t('web-ws-charge-chart'), o.charge.inches, 'chart-charge'),
    o.charge.reach_probability !== null ? el('p', { id: 'reach', text: t('web-ws-reach', { distance: o.charge.distance, percent: percent(o.charge.reach_probability) }) }) : null,
  );
}

startPage('web-ws-odds', render);
$('odds-form').addEventListener('input', (/** @type {Event} */ e) => {
  const id = /** @type {HTMLElement} */ (e.target).id;
  if (id === 'attacker-card' || id === 'weapon') fromCard('attacker');
  else if (id === 'defender-card') fromCard('defender');
  else ask();
});
$('odds-form').addEventListener('submit', (/** @type {Event} */ e) => e.preventDefault());
