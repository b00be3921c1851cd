// @ts-check
/** The pending question as things to click: every option is a numbered
 * button in the status bar, labelled with the server's own words for it; an
 * option whose decision names a region also lights that region on the map,
 * and one that names a card of the hand lights that card. Keys: 1-9 pick an
 * option's button, Enter chooses it, Escape lets go. */

import { el, t } from '../texts.js';

/**
 * The region an option's decision names (`{"Region": r}`, `{"PlayRegion": r}`), if any.
 * @param {any} decision
 * @returns {number | null}
 */
export function regionOf(decision) {
  if (decision && typeof decision === 'object') {
    if (typeof decision.Region === 'number') return decision.Region;
    if (typeof decision.PlayRegion === 'number') return decision.PlayRegion;
  }
  return null;
}

/**
 * The card of the hand an option's decision names: `action:i`, `region:r`,
 * `vaala:i` or `denizen:d`.
 * @param {any} decision
 * @returns {string | null}
 */
export function cardOf(decision) {
  if (decision && typeof decision === 'object') {
    if (typeof decision.PlayAction === 'number') return `action:${decision.PlayAction}`;
    if (typeof decision.PlayRegion === 'number') return `region:${decision.PlayRegion}`;
    if (typeof decision.Vaala === 'number') return `vaala:${decision.Vaala}`;
    if (typeof decision.Denizen === 'number') return `denizen:${decision.Denizen}`;
  }
  return null;
}

/**
 * What the page offers for a question: buttons, map regions and cards.
 * @param {any[]} options the question's options (`{index, decision, meaning, label}`)
 * @param {(index: number) => void} choose
 */
export function choices(options, choose) {
  /** @type {Map<number, {label: string, choose: () => void}>} */
  const picks = new Map();
  /** @type {Map<string, {label: string, choose: () => void}>} */
  const cards = new Map();
  // Doing nothing ("stay", "take no Denizen") is offered last, never first.
  const shown = [...options.filter((o) => o.decision !== 'Done'), ...options.filter((o) => o.decision === 'Done')];
  const buttons = shown.map((o, i) => {
    const pick = () => choose(o.index);
    const r = regionOf(o.decision);
    if (r !== null && !picks.has(r)) picks.set(r, { label: o.label, choose: pick });
    const c = cardOf(o.decision);
    if (c !== null && !cards.has(c)) cards.set(c, { label: o.label, choose: pick });
    return el(
      'button',
      {
        type: 'button',
        class: 'choice',
        'data-option': o.index,
        'aria-keyshortcuts': i < 9 ? String(i + 1) : undefined,
        onclick: pick,
        onmouseenter: () => markRegion(r, true),
        onmouseleave: () => markRegion(r, false),
        onfocus: () => markRegion(r, true),
        onblur: () => markRegion(r, false),
      },
      [i < 9 ? el('kbd', { text: String(i + 1) }) : null, ' ', o.label],
    );
  });
  return { buttons, picks, cards };
}

/** Lights a region on the map while its button is hovered or focused. @param {number | null} r @param {boolean} on */
function markRegion(r, on) {
  if (r === null) return;
  document.querySelector(`#map [data-region="${r}"]`)?.classList.toggle('hover', on);
}

/** Keys for the choices of the status bar: 1-9 focus a choice, Enter chooses it (the button's own), Escape lets go (and skips a playback). */
export function installKeys() {
  document.addEventListener('keydown', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const buttons = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('#choices button.choice')]);
    if (/^[1-9]$/.test(e.key)) {
      const b = buttons[Number(e.key) - 1];
      if (b) {
        e.preventDefault();
        b.focus();
      }
    } else if (e.key === 'Escape') {
      // The others' moves being played back are skipped.
      if (!document.querySelector('dialog[open]')) document.getElementById('skip-playback')?.click();
      // A focused region is an SVG element: blur whatever has the focus.
      /** @type {HTMLElement | SVGElement | null} */ (document.activeElement)?.blur?.();
    } else if (e.key === 'Enter' && buttons.length === 1 && !(target instanceof HTMLButtonElement) && !target?.getAttribute?.('role')) {
      e.preventDefault();
      buttons[0].click();
    }
  });
}

/** The Unit types in the engine's order (`UnitType`). */
const UNIT_TYPES = ['infantry', 'cavalry', 'ranged'];

/**
 * A move in one step (LoV "Move"): the engine asks, for a force going from
 * one region to another, how many of each Unit type go and whether the
 * General goes, one question at a time. The form asks them together; what
 * it is given is answered question by question as they come (`moveAnswer`).
 * @param {any} q the question (its first option's meaning asks `move_count`)
 * @param {any} view the seat's view (the force in the region left)
 * @param {(intent: {from: number, to: number, units: number[], general: boolean}) => void} send
 */
export function moveForm(q, view, send) {
  const ask = q.options[0].meaning.ask;
  const seat = q.owner ?? q.seat;
  const f = view.regions[ask.from]?.force?.[seat >> 1];
  if (!f) return null;
  /** @type {HTMLInputElement[]} */
  const inputs = [];
  const fields = UNIT_TYPES.map((u, i) => {
    if (!f.units[i]) return null;
    const input = el('input', { type: 'number', min: '0', max: String(f.units[i]), value: String(f.units[i]), id: `move-${u}`, 'data-unit': String(i) });
    inputs.push(input);
    return el('label', { class: 'move-count' }, [t(`web-${u}`), ' ', input, ` / ${f.units[i]}`]);
  });
  const general = f.general ? el('input', { type: 'checkbox', id: 'move-general', checked: true }) : null;
  const go = el('button', { type: 'submit', class: 'primary', id: 'move-go', text: t('web-move-go') });
  const form = el('form', { class: 'move-form', id: 'move-form', 'aria-label': t('web-move-form') }, [
    ...fields,
    general ? el('label', { class: 'move-count' }, [general, ' ', t('web-general')]) : null,
    go,
  ]);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const units = [0, 0, 0];
    for (const input of inputs) units[Number(input.dataset.unit)] = Math.max(0, Math.min(Number(input.max), Math.round(Number(input.value) || 0)));
    send({ from: ask.from, to: ask.to, units, general: !!general?.checked });
  });
  return form;
}

/**
 * The option answering a move's question as `intent` says, if the question
 * is one of that move's (`move_count` or `move_general`, same regions).
 * @param {any} q @param {{from: number, to: number, units: number[], general: boolean} | null | undefined} intent
 * @returns {number | null} the option's index
 */
export function moveAnswer(q, intent) {
  const ask = q?.options?.[0]?.meaning?.ask;
  if (!intent || !ask || ask.from !== intent.from || ask.to !== intent.to) return null;
  let want = null;
  if (ask.kind === 'move_count') want = intent.units[UNIT_TYPES.indexOf(ask.unit)];
  else if (ask.kind === 'move_general') want = intent.general ? 1 : 0;
  if (want === null || want === undefined) return null;
  const o = q.options.find((/** @type {any} */ x) => x.decision?.Count === want);
  return o ? o.index : null;
}

