// @ts-check
/**
 * The warning a table shows when this browser, which holds a seat of the
 * game already, is handed an invitation to another seat: most likely the
 * creator opening a friend's link. The seat is not opened unless asked:
 * "Open it here" reloads the page with `#invite=...&here`.
 */
import { el, t } from './texts.js';

/**
 * Puts the warning after the table's status region.
 * @param {string} gameId @param {string} invite
 */
export function warnOfInvite(gameId, invite) {
  const link = `${location.origin}/play/${encodeURIComponent(gameId)}#invite=${invite}`;
  const box = el('section', { id: 'invite-warning', class: 'invite-warning', role: 'region', 'aria-labelledby': 'invite-warning-text' }, [
    el('p', { id: 'invite-warning-text', text: t('web-invite-held') }),
    el('p', {}, [
      el('input', { class: 'link-copy', readonly: true, value: link, 'aria-label': t('web-invite-link') }),
    ]),
    el('p', {}, [
      el('button', {
        type: 'button',
        id: 'invite-keep',
        class: 'primary',
        text: t('web-invite-keep'),
        onclick: () => box.remove(),
      }),
      ' ',
      el('button', {
        type: 'button',
        id: 'invite-here',
        text: t('web-invite-here'),
        onclick: () => {
          location.hash = `invite=${invite}&here`;
          location.reload();
        },
      }),
    ]),
  ]);
  const status = document.getElementById('status');
  if (status) status.after(box);
  else document.body.prepend(box);
}
