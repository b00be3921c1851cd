// @ts-check
/** What the workshop's pages (`/lists`, `/cards`, `/odds`) share: their
 * header, the language menu, the Battles of Valerna content and a bar chart
 * drawn from the server's numbers. No rule is computed here. */

import { getJson } from './api.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el, percent as percentIn, decimal } from './texts.js';

/** @type {any} */
let content = null;

/** The Battles of Valerna cards, forces and shipped lists (`/api/content/bov`). */
export function bovContent() {
  return content;
}

/**
 * Loads the words and the content, then calls `render`; again on a change of language.
 * @param {string} titleId the page's title message
 * @param {() => void} render
 */
export async function startPage(titleId, render) {
  const go = async (/** @type {string} */ l) => {
    await loadTexts(l);
    content = await getJson(`/api/content/bov?lang=${lang()}`);
    document.title = `${t(titleId)} · ${t('web-title')}`;
    applyTexts(document);
    render();
  };
  await go(initialLang());
  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), (l) => go(l));
}

/** A percentage as shown. @param {number} p */
export function percent(p) {
  return percentIn(Math.max(0, Math.min(1, p)), 1);
}

/** The first `k` holding (nearly) all the mass, so long tails are not drawn. @param {number[]} pmf */
function shown(pmf) {
  let last = pmf.length - 1;
  while (last > 0 && pmf[last] < 0.0005) last -= 1;
  return last + 1;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A bar chart of one distribution: P(= k) for each k, with each bar's
 * value in its title and in a table for screen readers.
 * @param {string} title
 * @param {{pmf: number[], at_least: number[], mean: number}} d
 * @param {string} id
 */
export function barChart(title, d, id) {
  const n = shown(d.pmf);
  const top = Math.max(...d.pmf.slice(0, n), 1e-9);
  // Every chart is as wide, its bars sharing the width.
  const w = 300;
  const bw = w / Math.max(n, 6);
  const h = 120;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h + 18}`);
  svg.setAttribute('class', 'chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-labelledby', `${id}-title`);
  for (let k = 0; k < n; k++) {
    const p = d.pmf[k];
    const bh = (p / top) * (h - 14);
    const r = document.createElementNS(SVG, 'rect');
    r.setAttribute('x', String(k * bw + bw * 0.12));
    r.setAttribute('y', String(h - bh));
    r.setAttribute('width', String(bw * 0.76));
    r.setAttribute('height', String(Math.max(bh, 0.5)));
    r.setAttribute('class', 'bar');
    const tip = document.createElementNS(SVG, 'title');
    tip.textContent = t('web-ws-chart-bar', { k, percent: percent(p), atleast: percent(d.at_least[k] ?? 0) });
    r.append(tip);
    const label = document.createElementNS(SVG, 'text');
    label.setAttribute('x', String(k * bw + bw / 2));
    label.setAttribute('y', String(h + 14));
    label.setAttribute('text-anchor', 'middle');
    label.textContent = String(k);
    svg.append(r, label);
  }
  const rows = [];
  for (let k = 0; k < n; k++) {
    rows.push(el('tr', {}, [el('th', { scope: 'row', text: String(k) }), el('td', { text: percent(d.pmf[k]) }), el('td', { text: percent(d.at_least[k] ?? 0) })]));
  }
  return el('figure', { class: 'chart-box', id }, [
    el('figcaption', { id: `${id}-title` }, [el('strong', { text: title }), ' ', el('span', { class: 'mean', text: t('web-ws-mean', { mean: decimal(d.mean, 3) }) })]),
    svg,
    el('details', {}, [el('summary', { text: title }), el('table', { class: 'chart-table' }, [el('tbody', {}, rows)])]),
  ]);
}

/** A unit card's dice as written: "3xblack". @param {any} dice */
export function diceText(dice) {
  return typeof dice === 'string' ? dice : String(dice ?? '');
}
