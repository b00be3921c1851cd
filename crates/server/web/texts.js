// @ts-check
/** The page's words: the messages of web.ftl, resolved by the server in the
 * chosen language (`GET /api/texts/{lang}`), with `{name}` left for the page
 * to fill in. Nothing is translated here. */

import { getJson } from './api.js';

/** The languages the books exist in. */
export const LANGS = ['en', 'it', 'fr'];
/** Each language's own name, for the language menu. */
export const LANG_NAMES = { en: 'English', it: 'Italiano', fr: 'Français' };

/** @type {Record<string, string>} */
let messages = {};
let current = 'en';

/** The language in use. */
export function lang() {
  return current;
}

/**
 * The language to start in: `?lang=`, the last choice made on this browser,
 * the game's own (`preferred`: the language its table was created in), the
 * browser's, else English.
 * @param {string | null} [preferred]
 */
export function initialLang(preferred) {
  const q = new URLSearchParams(location.search).get('lang');
  if (q && LANGS.includes(q)) return q;
  try {
    const saved = localStorage.getItem('valerna.lang');
    if (saved && LANGS.includes(saved)) return saved;
  } catch {
    /* ignore */
  }
  if (preferred && LANGS.includes(preferred)) return preferred;
  const nav = (navigator.language || 'en').slice(0, 2);
  return LANGS.includes(nav) ? nav : 'en';
}

/** Loads one language's messages. @param {string} l */
export async function loadTexts(l) {
  const body = await getJson(`/api/texts/${l}`);
  messages = body.messages || {};
  current = l;
  document.documentElement.lang = l;
  try {
    localStorage.setItem('valerna.lang', l);
  } catch {
    /* ignore */
  }
}

/**
 * A message with its `{name}` places filled in; an unknown id shows itself.
 * @param {string} id
 * @param {Record<string, string | number>} [vars]
 */
export function t(id, vars = {}) {
  const s = messages[id] ?? id;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** The colon between a name and what follows, in the language's typography
 * (French puts a space before it): "Elyse: ", "Elyse : ". */
export function colon() {
  return t('web-colon');
}

/** Fills `data-t` (text), `data-t-aria` (aria-label) and `data-t-title` elements. @param {ParentNode} root */
export function applyTexts(root) {
  root.querySelectorAll('[data-t]').forEach((el) => {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.t || '');
  });
  root.querySelectorAll('[data-t-aria]').forEach((el) => {
    el.setAttribute('aria-label', t(/** @type {HTMLElement} */ (el).dataset.tAria || ''));
  });
  root.querySelectorAll('[data-t-title]').forEach((el) => {
    el.setAttribute('title', t(/** @type {HTMLElement} */ (el).dataset.tTitle || ''));
  });
}

/**
 * Fills a <select> with the three languages and calls `onChange` on a change.
 * @param {HTMLSelectElement} select
 * @param {(lang: string) => void} onChange
 */
export function languageMenu(select, onChange) {
  select.replaceChildren(
    ...LANGS.map((l) => {
      const o = document.createElement('option');
      o.value = l;
      o.textContent = LANG_NAMES[/** @type {'en'|'it'|'fr'} */ (l)];
      return o;
    }),
  );
  select.value = current;
  select.addEventListener('change', () => onChange(select.value));
}

/**
 * A chance (0 to 1) as a percentage in the page's language ("12.5%",
 * "12,5%", "12,5 %"), with `digits` decimals.
 * @param {number} p @param {number} [digits]
 */
export function percent(p, digits = 0) {
  return new Intl.NumberFormat(current, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(p);
}

/** A number in the page's language, with `digits` decimals. @param {number} x @param {number} [digits] */
export function decimal(x, digits = 1) {
  return new Intl.NumberFormat(current, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}

/**
 * Creates an element with attributes and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {(Node | string | null | undefined | false)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'style' && typeof v === 'object') Object.assign(e.style, v);
    // Through the CSSOM, which the page's Content-Security-Policy allows (a
    // `style` attribute it refuses).
    else if (k === 'style') e.style.cssText = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}
