// @ts-check
import { el, t } from './texts.js';
/** On a phone, the table's board, players and log are each one tap away:
 * the buttons of `nav.phone-tabs` show one of them at a time (the page's
 * style sheet hides the others only on narrow screens), and the log's
 * button is marked when new lines arrive while another is shown. */

/** Wires the phone's view buttons of the table page. */
export function phoneTabs() {
  const main = /** @type {HTMLElement | null} */ (document.querySelector('main.table'));
  const nav = document.querySelector('nav.phone-tabs');
  if (!main || !nav) return;
  const buttons = /** @type {HTMLButtonElement[]} */ ([...nav.querySelectorAll('button[data-view]')]);
  const show = (/** @type {string} */ view) => {
    main.dataset.view = view;
    for (const b of buttons) {
      b.setAttribute('aria-pressed', String(b.dataset.view === view));
      if (b.dataset.view === view) b.classList.remove('fresh');
    }
  };
  for (const b of buttons) b.addEventListener('click', () => show(b.dataset.view || 'main'));
  show('main');
  const log = document.getElementById('log');
  const logButton = buttons.find((b) => b.dataset.view === 'log');
  if (log && logButton) {
    new MutationObserver(() => {
      if (main.dataset.view !== 'log') logButton.classList.add('fresh');
    }).observe(log, { childList: true });
  }
}

/** Whether the log stands as a column beside the board (wide screens, as
 * the style sheet lays the table out): then what happened since the
 * player's last decision is marked in the log rather than summed up above
 * the board. */
export const logBeside = () => !!window.matchMedia?.('(min-width: 1200px)').matches;

/** Marks the first line of the log since the player's last decision (the
 * line at `since`), or none. @param {HTMLElement} log @param {number | undefined} since */
export function sinceMark(log, since) {
  const at = since === undefined ? null : log.children[since] || null;
  for (const li of log.querySelectorAll('li.since-start')) if (li !== at) li.classList.remove('since-start');
  if (at && !at.classList.contains('since-start')) at.classList.add('since-start');
}

/** What happened since the player's last decision (the log from `since`)
 * as a list to open above the board, or null: none when there is nothing
 * new, or when the log stands beside the board and `sinceMark` marks it.
 * @param {{text: string}[]} log @param {number | undefined} since */
export function sinceSummary(log, since) {
  const lines = since === undefined || logBeside() ? [] : log.slice(since).filter((e) => e.text);
  if (!lines.length) return null;
  return el('details', { class: 'since', open: lines.length <= 8 }, [
    el('summary', { text: t('web-since-last', { count: lines.length }) }),
    el('ol', {}, lines.slice(-12).map((e) => el('li', { text: e.text }))),
  ]);
}
