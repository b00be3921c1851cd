// @ts-check
/** The search bot's view of a question, at both tables and in the replay:
 * asked of the server (`/hint`), its choice (the most visited option), and
 * each option's button marked with its estimated chance to win. */

import { getJson, ApiError } from './api.js';
import { el, t, lang, percent } from './texts.js';

/**
 * Asks what the search bot makes of each option of the question at the
 * table's version (`GET /api/games/{id}/hint`), for both tables: the answer
 * kept in `m.hint` while that version stands; the wait, and a search that
 * found nothing, told in `m.notice`.
 * @param {{state: any, busy: boolean, notice: string, hint?: any}} m
 * @param {{id: string, token: string | null, draw: () => void, fail: (x: any) => void}} at
 */
export async function askHint(m, at) {
  if (!m.state || m.busy) return;
  const version = m.state.version;
  m.notice = t('web-hint-thinking');
  at.draw();
  try {
    const h = await getJson(`/api/games/${encodeURIComponent(at.id)}/hint?lang=${lang()}`, at.token);
    if (h.version === m.state?.version && h.version === version) m.hint = h;
    m.notice = '';
  } catch (x) {
    if (!(x instanceof ApiError && x.code === 'no_hint')) return at.fail(x);
    m.notice = t('web-hint-none');
  }
  at.draw();
}

/** What the search bot would choose: a hint's most visited option (the first of equals). @param {any} hint */
export function searchChoice(hint) {
  return hint.options.reduce((/** @type {any} */ a, /** @type {any} */ o) => (o.visits > a.visits ? o : a), hint.options[0]);
}

/**
 * Marks each choice of `box` with the search's estimated chance to win
 * after it, outlines the one the search bot would choose (opening a "more"
 * box it waits behind), and names it above the choices; `unweighed`, when
 * given, is said when some option was never tried.
 * @param {HTMLElement} box @param {any} hint the answer of `GET /api/games/{id}/hint`
 * @param {string} attr the buttons' attribute holding an option's index
 * @param {string} [unweighed] the words for options never tried
 */
export function markHint(box, hint, attr, unweighed) {
  const best = searchChoice(hint);
  for (const o of hint.options) {
    const b = box.querySelector(`button.choice[${attr}="${o.index}"]`);
    if (!b || o.win === null) continue;
    b.append(el('span', { class: 'hint-win', text: ` ${percent(o.win)}` }));
    if (o === best) {
      b.classList.add('hinted');
      const more = b.closest('details');
      if (more) /** @type {HTMLDetailsElement} */ (more).open = true;
    }
  }
  const lines = [];
  if (best) lines.push(el('p', { id: 'hint-best', class: 'hint-line', text: t('web-hint-best', { option: best.label, win: percent(best.win ?? 0) }) }));
  if (unweighed && hint.options.some((/** @type {any} */ o) => o.win === null)) lines.push(el('p', { class: 'hint-line muted', text: unweighed }));
  box.prepend(...lines);
}
