// @ts-check
/** The card editor: a unit card written field by field as the pack's RON
 * entry, checked by the server's own loader (`POST /api/bov/cards/check`)
 * a moment after each change, every error shown on its field; previewed as
 * a card; exported as a file for `content/bov/units/`; kept in a pack of
 * one's own under a private link (`/cards/edit#pack=ID`), which the list
 * builder and a battle on this server take. */

import { getJson, postJson, request, errorText } from './api.js';
import { t, el } from './texts.js';
import { startPage, bovContent, diceText } from './workshop.js';
import { unitCard, keyword } from './cardview.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** Where each keyword and power is ruled. @type {any} */
let refs = null;
/** The pack of one's own, as the server keeps it. @type {{id: string, cards: string[], units: any[], file: string} | null} */
let pack = null;
/** The loader's last verdict. @type {any} */
let checked = null;
let asked = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/** A form field's text. @param {string} name */
function value(name) {
  const f = /** @type {HTMLFormElement} */ ($('card-form'));
  const x = /** @type {any} */ (f.elements.namedItem(name));
  if (!x) return '';
  return x.type === 'checkbox' ? (x.checked ? 'true' : '') : String(x.value);
}

/** @param {string} name @param {string | boolean} v */
function setValue(name, v) {
  const f = /** @type {HTMLFormElement} */ ($('card-form'));
  const x = /** @type {any} */ (f.elements.namedItem(name));
  if (!x) return;
  if (x.type === 'checkbox') x.checked = !!v;
  else x.value = String(v);
}

/** A RON string. @param {string} s */
function str(s) {
  return `"${String(s)
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/[\u0000-\u001f]/g, '')}"`;
}

/** A number as typed: anything else goes as text, for the loader to name. @param {string} s */
function num(s) {
  const v = s.trim();
  return /^\d+$/.test(v) ? v : str(v);
}

/** Comma-separated words. @param {string} s */
const words = (s) =>
  s
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/** An attack keyword is a name of the format; anything else goes as text. @param {string} w */
const ident = (w) => (/^[A-Za-z]+$/.test(w) ? w : str(w));

/** The card as one entry of a `content/bov/units/*.ron` file. */
export function toRon() {
  const melee = [`dice: ${str(value('front.melee.dice'))}`];
  const mk = words(value('front.melee.keywords'));
  if (mk.length) melee.push(`keywords: [${mk.map(ident).join(', ')}]`);
  const front = [`        health: ${num(value('front.health'))},`, `        speed: ${num(value('front.speed'))},`, `        defense: ${value('front.defense') || 'gray'},`, `        melee: (${melee.join(', ')}),`];
  if (value('front.ranged.dice').trim() || value('front.ranged.range').trim()) {
    const ranged = [`dice: ${str(value('front.ranged.dice'))}`, `range: ${num(value('front.ranged.range'))}`];
    const rk = words(value('front.ranged.keywords'));
    if (rk.length) ranged.push(`keywords: [${rk.map(ident).join(', ')}]`);
    front.push(`        ranged: (${ranged.join(', ')}),`);
  }
  const powers = value('front.powers').trim();
  if (powers) front.push(`        powers: ${powers.replace(/\n/g, '\n        ')},`);
  const lines = [
    '(',
    `    id: ${str(value('id').trim())},`,
    `    name: ${str(value('name'))},`,
    '    provisional: false,',
    `    force: ${str(value('force'))},`,
    ...(value('unique') ? ['    unique: true,'] : []),
    `    keywords: [${words(value('keywords')).map(str).join(', ')}],`,
    `    points: ${num(value('points'))},`,
    `    models: ${num(value('models'))},`,
    `    base_mm: ${num(value('base_mm'))},`,
    '    front: (',
    ...front,
    '    ),',
    ')',
  ];
  return lines.join('\n');
}

/** The field's label an error names: the longest field the path starts with. @param {string | null} field */
function labelFor(field) {
  if (!field) return null;
  const path = field.replace(/\[\d+\]/g, '');
  /** @type {HTMLElement | null} */
  let best = null;
  for (const l of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#card-form [data-field]'))) {
    const f = l.dataset.field || '';
    if ((path === f || path.startsWith(`${f}.`)) && (!best || f.length > (best.dataset.field || '').length)) best = l;
  }
  return best;
}

function schedule() {
  clearTimeout(timer);
  $('verdict').textContent = t('web-ws-checking');
  $('verdict').className = 'total';
  timer = setTimeout(check, 250);
}

async function check() {
  const n = ++asked;
  try {
    const answer = await postJson('/api/bov/cards/check', { card: toRon(), pack: pack?.id ?? null });
    if (n !== asked) return;
    checked = answer;
    $('save-error').textContent = '';
  } catch (e) {
    if (n !== asked) return;
    $('save-error').textContent = errorText(e, t);
  }
  renderCheck();
}

/** Each error beside its field; the rest above the form. */
function renderCheck() {
  for (const l of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#card-form [data-field]'))) {
    l.classList.remove('has-error');
    l.querySelector('.field-error')?.remove();
    const input = l.querySelector('input, select, textarea');
    input?.removeAttribute('aria-invalid');
    input?.removeAttribute('aria-describedby');
  }
  const errors = checked?.errors || [];
  /** @type {any[]} */
  const general = [];
  errors.forEach((/** @type {any} */ e, /** @type {number} */ i) => {
    const label = labelFor(e.field);
    if (!label) {
      general.push(e);
      return;
    }
    label.classList.add('has-error');
    const id = `field-error-${i}`;
    label.append(el('span', { class: 'field-error', id, 'data-error-field': e.field, text: e.message }));
    const input = label.querySelector('input, select, textarea');
    input?.setAttribute('aria-invalid', 'true');
    input?.setAttribute('aria-describedby', id);
  });
  $('errors-card').replaceChildren(...general.map((e) => el('p', { class: 'field-error', 'data-error-field': e.field || '', text: e.field ? `${e.field}: ${e.message}` : e.message })));
  const ok = !!checked?.valid;
  $('verdict').textContent = checked ? (ok ? t('web-ws-card-valid') : t('web-ws-card-errors', { count: errors.length })) : '';
  $('verdict').className = `total ${ok ? 'ok' : 'broken'}`;
  $('preview').replaceChildren(...(ok && checked.card ? [unitCard(checked.card, refs)] : []));
  $('ron').textContent = toRon();
  $('save').disabled = !ok;
  $('export').disabled = !ok;
}

/** The pack's cards, each to edit again, and its link. */
function renderPack() {
  const status = $('pack-status');
  if (!pack) {
    status.replaceChildren(t('web-ws-pack-none'));
  } else {
    const link = `${location.origin}/cards/edit#pack=${pack.id}`;
    status.replaceChildren(t('web-ws-pack-saved', { count: pack.units.length }), ' ', el('a', { id: 'pack-link', href: link, text: t('web-ws-pack-link') }));
  }
  $('pack-cards').replaceChildren(
    ...(pack?.units || []).map((/** @type {any} */ u) =>
      el('li', { 'data-card': u.id }, [
        el('strong', { text: u.name }),
        ` (${u.id}) `,
        el('button', { type: 'button', class: 'edit-own', 'aria-label': t('web-ws-edit-card', { name: u.name }), text: t('web-ws-edit'), onclick: () => open(u.id) }),
      ]),
    ),
  );
  $('pack-lists').hidden = !pack;
  if (pack) $('pack-lists').href = `/lists#pack=${pack.id}`;
  $('pack-export').hidden = !pack;
  const c = bovContent() || {};
  const own = (pack?.units || []).map((/** @type {any} */ u) => el('option', { value: u.id, text: `${u.name} (${t('web-ws-own')})` }));
  const shipped = (c.units || []).map((/** @type {any} */ u) => el('option', { value: u.id, text: `${u.name} (${u.force})` }));
  $('start-from').replaceChildren(...own, ...shipped);
}

/** Fills the form from a card of the pack or one's own. @param {string} id */
async function open(id) {
  const q = pack ? `?pack=${pack.id}` : '';
  const src = await getJson(`/api/bov/cards/${encodeURIComponent(id)}${q}`);
  const c = src.card;
  const f = c.front || {};
  setValue('id', c.id);
  setValue('name', c.name);
  setValue('force', c.force);
  setValue('unique', !!c.unique);
  setValue('keywords', (c.keywords || []).map(keyword).join(', '));
  setValue('points', c.points);
  setValue('models', c.models ?? 1);
  setValue('base_mm', c.base_mm);
  setValue('front.health', f.health);
  setValue('front.speed', f.speed);
  setValue('front.defense', f.defense);
  setValue('front.melee.dice', diceText(f.melee?.dice));
  setValue('front.melee.keywords', (f.melee?.keywords || []).map(keyword).join(', '));
  setValue('front.ranged.dice', f.ranged ? diceText(f.ranged.dice) : '');
  setValue('front.ranged.range', f.ranged ? f.ranged.range : '');
  setValue('front.ranged.keywords', (f.ranged?.keywords || []).map(keyword).join(', '));
  setValue('front.powers', src.powers.trim() === '[]' ? '' : src.powers);
  schedule();
}

/** Adds the card to the pack of one's own (in place of a card of its id), made at the first save. */
async function save() {
  const id = value('id').trim();
  const cards = pack ? pack.cards.filter((_, i) => pack?.units[i]?.id !== id) : [];
  cards.push(toRon());
  pack = pack ? await request('PUT', `/api/bov/packs/${pack.id}`, { cards }) : await postJson('/api/bov/packs', { cards });
  if (pack) history.replaceState(null, '', `/cards/edit#pack=${pack.id}`);
  renderPack();
  $('verdict').textContent = t('web-ws-card-saved');
}

/** @param {string} name @param {string} text */
function download(name, text) {
  const a = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

/** The page in the language chosen: the force menu, the pack, the check. */
async function render() {
  refs = refs || (await getJson('/api/bov/rules'));
  const c = bovContent() || {};
  const forces = [...new Set([...(c.forces || []), 'Neutral'])];
  const keep = value('force') || 'Allaria';
  const sel = /** @type {HTMLSelectElement} */ (/** @type {HTMLFormElement} */ ($('card-form')).elements.namedItem('force'));
  sel.replaceChildren(...forces.map((f) => el('option', { value: f, text: f })));
  sel.value = keep;
  renderPack();
  renderCheck();
  schedule();
}

async function main() {
  const m = /pack=([0-9a-f]{32})/.exec(location.hash);
  if (m) {
    try {
      pack = await getJson(`/api/bov/packs/${m[1]}`);
    } catch (e) {
      $('save-error').textContent = errorText(e, t);
    }
  }
  await startPage('web-ws-editor', render);
  $('card-form').addEventListener('input', schedule);
  $('card-form').addEventListener('submit', (/** @type {Event} */ e) => e.preventDefault());
  /** @param {() => Promise<void>} f */
  const guarded = (f) => async () => {
    try {
      await f();
    } catch (e) {
      $('save-error').textContent = errorText(e, t);
    }
  };
  $('start').addEventListener(
    'click',
    guarded(() => open($('start-from').value)),
  );
  $('save').addEventListener('click', guarded(save));
  $('export').addEventListener('click', () => checked?.file && download(`${value('id').trim() || 'card'}.ron`, checked.file));
  $('pack-export').addEventListener('click', () => pack && download('own.ron', pack.file));
}

main();
