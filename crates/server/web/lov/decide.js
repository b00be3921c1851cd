// @ts-check
/** The pending question as things to click: every option is a numbered
 * button in the status bar, labelled with the server's own words for it; an
 * option whose decision names a region also lights that region on the map,
 * and one that names a card of the hand lights that card. Keys: 1-9 pick an
 * option's button, Enter chooses it, Escape lets go. */

import { el } from '../texts.js';

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

/** Keys for the choices of the status bar: 1-9 focus a choice, Enter chooses it (the button's own), Escape lets go. */
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
      // A focused region is an SVG element: blur whatever has the focus.
      /** @type {HTMLElement | SVGElement | null} */ (document.activeElement)?.blur?.();
    } else if (e.key === 'Enter' && buttons.length === 1 && !(target instanceof HTMLButtonElement) && !target?.getAttribute?.('role')) {
      e.preventDefault();
      buttons[0].click();
    }
  });
}
