// @ts-check
/** A finished battle, stepped through at `/replay/{id}` on the table's own
 * page. */

import { getJson } from '../api.js';
import { lang, t, el } from '../texts.js';

/** A finished battle, decision by decision (`GET /api/games/{id}/at/{k}`),
 * drawn as the table draws it for a spectator. Keys: ← → step, Home and
 * End jump. @param {string} id @param {(body: any) => void} show */
export async function replay(id, show) {
  const nav = el('nav', { class: 'replay-controls', 'aria-label': t('web-replay') });
  const button = (/** @type {string} */ bid, /** @type {string} */ key, /** @type {string} */ text, /** @type {string} */ keys) =>
    el('button', { type: 'button', id: bid, 'aria-label': t(key), 'aria-keyshortcuts': keys, text });
  const step = /** @type {HTMLInputElement} */ (el('input', { type: 'range', id: 'step', min: 0, max: 0, value: 0, 'aria-label': t('web-replay-step-label') }));
  const text = el('span', { id: 'step-text', 'aria-live': 'polite' });
  const download = el('a', { id: 'download', class: 'button', href: `/api/games/${encodeURIComponent(id)}/record`, download: `valerna-${id}.json`, text: t('web-download') });
  nav.append(button('first', 'web-replay-first', '«', 'Home'), button('prev', 'web-replay-prev', '◀', 'ArrowLeft'), step, button('next', 'web-replay-next', '▶', 'ArrowRight'), button('last', 'web-replay-last', '»', 'End'), text, download);
  document.getElementById('status')?.prepend(nav);
  let k = Number(new URLSearchParams(location.hash.replace(/^#/, '')).get('k') || 0);
  let total = 0;
  /** @param {number} to */
  async function go(to) {
    k = Math.max(0, total ? Math.min(total, to) : to);
    const body = await getJson(`/api/games/${encodeURIComponent(id)}/at/${k}?lang=${lang()}`);
    total = body.decisions ?? total;
    step.max = String(total);
    step.value = String(k);
    text.textContent = t('web-replay-step', { step: k, total });
    document.body.dataset.step = String(k);
    history.replaceState(null, '', `#k=${k}`);
    show(body);
  }
  document.getElementById('first')?.addEventListener('click', () => go(0));
  document.getElementById('prev')?.addEventListener('click', () => go(k - 1));
  document.getElementById('next')?.addEventListener('click', () => go(k + 1));
  document.getElementById('last')?.addEventListener('click', () => go(total));
  step.addEventListener('change', () => go(Number(step.value)));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== step) return;
    if (e.key === 'ArrowRight') go(k + 1);
    else if (e.key === 'ArrowLeft') go(k - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total);
    else return;
    e.preventDefault();
  });
  await go(k);
}
