// @ts-check
/** The rules at hand at the Battles of Valerna table: the round as it
 * stands (who went first, who has passed, what each unit has left before it
 * is Exhausted, what the end of the round brings) beside the battlefield,
 * and a dialog with the turn's structure, the actions, fatigue and the end
 * of the round and of the battle (BoV 5.1, "Rounds", "Turns", "Actions",
 * "Fatigue", "End of Round", "End of Game"; the starter edition's are the
 * same), with the selected unit's card. */

import { el, t } from '../texts.js';
import { sideName, unitCard } from './panels.js';
import { SIDE_COLOURS } from './field.js';

/** A unit that may still take part this round: on the table or in Reserve, not riding a Mount. @param {any} u */
const inPlay = (u) => (u.models?.length > 0 || u.reserve) && u.mounted_on === undefined;

/** One unit's activations left before it is Exhausted (the engine's count), in words. @param {any} u */
function left(u) {
  const n = u.activations_left ?? 0;
  if (n === 0) return t('web-bov-unit-exhausted', { unit: u.name });
  return t(n === 1 ? 'web-bov-unit-left-one' : 'web-bov-unit-left', { unit: u.name, count: n });
}

/**
 * The round as it stands, for the side column.
 * @param {any} view the battle's view
 * @param {number | null} deciding the side asked now
 * @returns {Node[]}
 */
export function roundPanel(view, deciding) {
  if (!view) return [];
  const out = [];
  if (!view.round) {
    out.push(el('h2', { text: t('web-bov-setup') }), el('p', { class: 'muted', text: t('web-bov-round-setup') }));
    return out;
  }
  out.push(el('h2', { text: t('web-bov-round-of', { round: view.round, rounds: view.rounds }) }));
  out.push(el('p', { id: 'round-first', text: t('web-bov-round-first', { side: sideName(view.initiative) }) }));
  for (const s of [0, 1]) if (view.passed?.[s]) out.push(el('p', { class: 'passed', text: t('web-bov-round-passed', { side: sideName(s) }) }));
  if (deciding === 0 || deciding === 1) out.push(el('p', { text: t('web-bov-round-turn', { side: sideName(deciding) }) }));
  for (const s of [0, 1]) {
    const units = view.units.filter((/** @type {any} */ u) => u.owner === s && inPlay(u));
    const ready = units.filter((/** @type {any} */ u) => u.activations_left > 0).length;
    const head = view.passed?.[s] ? t('web-bov-round-side-passed', { side: sideName(s) }) : t('web-bov-round-side', { side: sideName(s), ready, count: units.length });
    out.push(
      el('section', { class: 'round-side', 'data-seat': s, style: `border-left-color:${SIDE_COLOURS[s]}` }, [
        el('h3', { text: head }),
        el('ul', { class: 'round-units' }, units.map((/** @type {any} */ u) => el('li', { 'data-unit': u.id, class: u.activations_left > 0 ? '' : 'exhausted', text: left(u) }))),
      ]),
    );
  }
  const held = [0, 1].map((s) => (view.control || []).filter((/** @type {any} */ c) => c === s).length);
  if ((view.objectives || []).length) out.push(el('p', { text: t('web-bov-round-held', { side0: sideName(0), a: held[0], side1: sideName(1), b: held[1] }) }));
  out.push(
    el('p', {
      class: 'muted',
      text: view.round >= view.rounds ? t('web-bov-round-end-last', { round: view.round }) : t('web-bov-round-end', { next: view.round + 1 }),
    }),
  );
  return out;
}

/** The book's rules of a round, a turn and the battle's end. @returns {Node[]} */
function rulesBody() {
  const part = (/** @type {string} */ id, /** @type {string} */ title, /** @type {Node[]} */ body) =>
    el('section', { class: 'rules-part', 'aria-labelledby': id }, [el('h2', { id, text: t(title) }), ...body]);
  const list = (/** @type {'ol' | 'ul'} */ tag, /** @type {string[]} */ keys) => el(tag, {}, keys.map((k) => el('li', { text: t(k) })));
  return [
    part('rules-round', 'web-bov-rules-round', [el('p', { text: t('web-bov-rules-round-text') })]),
    part('rules-turn', 'web-bov-rules-turn', [list('ol', [1, 2, 3, 4, 5, 6].map((n) => `web-bov-rules-step-${n}`))]),
    part('rules-actions', 'web-bov-rules-actions', [list('ul', ['march', 'attack', 'charge', 'skirmish', 'power'].map((a) => `web-bov-rules-action-${a}`))]),
    part('rules-fatigue', 'web-bov-rules-fatigue', [list('ul', ['fresh', 'normal', 'exhausted'].map((f) => `web-bov-rules-fatigue-${f}`))]),
    part('rules-end-round', 'web-bov-rules-end-round', [list('ol', [1, 2, 3, 4].map((n) => `web-bov-rules-end-${n}`))]),
    part('rules-end', 'web-bov-rules-end', [el('p', { text: t('web-bov-rules-end-text') })]),
  ];
}

/**
 * Wires the rules button (`#rules-open`) to the dialog (`#rules`): the
 * selected unit's card first, when one is, then the book's rules.
 * @param {() => {content: any, unit: any}} model what the table shows now
 */
export function installRules(model) {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('rules'));
  if (!dialog) return;
  const open = () => {
    const { content, unit } = model();
    const close = el('button', { type: 'button', class: 'rules-close', text: t('web-rules-close'), onclick: () => dialog.close() });
    const card = unit && content ? [el('section', { class: 'rules-part unit-card', 'aria-label': unit.name }, unitCard(content, unit))] : [];
    dialog.replaceChildren(el('header', { class: 'rules-head' }, [el('h2', { id: 'rules-title', text: t('web-rules-title') }), close]), el('div', { class: 'rules-body' }, [...card, ...rulesBody()]));
    if (!dialog.open) dialog.showModal();
    close.focus();
  };
  document.getElementById('rules-open')?.addEventListener('click', open);
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => dialog.replaceChildren());
}
