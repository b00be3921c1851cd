// @ts-check
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
