// @ts-check
/** The rules at hand: every seat's player board (the side in play) and
 * Character card, the Region glyphs, how the game ends, and a legend of every
 * mark the table draws, in one dialog. The board and card texts come from the
 * content pack (`GET /api/content/lov`), the rules from the book (LoV,
 * "Glyphs", "Region Glyphs", "End of Game", "Combat dice"). */

import { t, el } from '../texts.js';
import { icon, legend, s, glyphMark } from './map.js';
import { seatIcon, seatName, seatKind, combatDie, FACES } from './panels.js';

const BOARD_GLYPHS = ['attack', 'move', 'collect', 'vaala'];
const REGION_GLYPHS = ['upgrade', 'reinforce', 'fortify'];

/** A glyph's text with its name ("Hoard: …", "Réserves : …") set in bold. @param {string} text */
function named(text) {
  const m = /^([^:]{1,40}?) ?: /.exec(text);
  return m ? [el('strong', { text: m[1] }), text.slice(m[1].length)] : [text];
}

/** A Region card's glyph as the board marks it, in an icon of its own. @param {string} glyph */
function glyphBox(glyph) {
  const svg = s('svg', { viewBox: '-11 -11 22 22', width: 20, height: 20, 'aria-hidden': 'true', class: 'icon' });
  svg.append(glyphMark(glyph, 0, 0));
  return svg;
}

/** A region tile as the board draws it with a class (`pickable`, `focus`, `lit`). @param {string} cls */
function tile(cls) {
  const svg = s('svg', { viewBox: '0 0 44 28', width: 44, height: 28, 'aria-hidden': 'true', class: 'icon' });
  svg.append(s('g', { class: `region ${cls}` }, [s('rect', { x: 4, y: 4, width: 36, height: 20, rx: 6, class: 'tile' })]));
  return svg;
}

/** One seat's board: the side in play, its glyphs, and its Character card. @param {any} content @param {any} view @param {any} kinds @param {number} seat */
function seatBoard(content, view, kinds, seat) {
  const c = content.characters[seat];
  const kind = seatKind(kinds, view, seat);
  const faceless = kind === 'faceless';
  const dragon = c.kind === 'dragon';
  const side = faceless ? c.board?.faceless : c.board?.human;
  /** @type {Node[]} */
  const items = BOARD_GLYPHS.map((g) => el('li', {}, named(side?.[g] ?? '')));
  if (dragon) items.push(el('li', {}, named(t('web-rules-rest'))));
  if (!faceless && c.traits) items.push(el('li', {}, named(c.traits)));
  const you = view?.seat === seat && !faceless ? ` ${t('web-rules-you')}` : '';
  return el('section', { id: `rules-seat-${seat}`, class: `rules-seat seat${seat}`, tabindex: -1, 'aria-labelledby': `rules-seat-${seat}-title` }, [
    el('h3', { id: `rules-seat-${seat}-title` }, [
      seatIcon(content, seat, 18),
      ` ${seatName(content, seat)}${you} · ${c.realm} · ${t(dragon ? 'web-dragon' : 'web-general')} · ${t(`web-seat-kind-${kind}`)}`,
    ]),
    el('p', { class: 'muted', text: t(faceless ? 'web-rules-side-faceless' : 'web-rules-side-human') }),
    el('ul', { class: 'rules-glyphs' }, items),
    dragon && Array.isArray(c.wound_track) ? el('p', { text: t('web-rules-wound-track', { values: c.wound_track.join(' · ') }) }) : null,
    faceless
      ? el('p', { class: 'bond-card muted', text: t('web-rules-no-bond') })
      : el('p', { class: 'bond-card' }, [el('strong', { text: t('web-rules-bond') }), ' ', c.bond ?? '']),
  ]);
}

/** A legend row: a sample and what it means. @param {(Node|string)[]} sample @param {string} text */
function row(sample, text) {
  return el('li', {}, [el('span', { class: 'sample' }, sample), el('span', { text })]);
}

/** Everything the dialog shows. @param {any} content @param {any} view @param {any} kinds */
function rulesBody(content, view, kinds) {
  const seats = content.characters.map((/** @type {any} */ _c, /** @type {number} */ i) => i);
  // The viewer's own board first.
  if (typeof view?.seat === 'number' && view.seat >= 0 && view.seat < seats.length) seats.sort((/** @type {number} */ a, /** @type {number} */ b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  const power = el('span', { class: 'tokens' }, [el('span', { class: 'token power' }), el('span', { class: 'token power spent' })]);
  const boxes = el('span', { class: 'track wounds' }, [el('span', { class: 'box on' }), el('span', { class: 'box' })]);
  const arrow = s('svg', { viewBox: '0 0 44 20', width: 44, height: 20, 'aria-hidden': 'true', class: 'icon' });
  arrow.append(s('g', { class: 'move-arrow' }, [s('line', { x1: 4, y1: 10, x2: 32, y2: 10, stroke: '#1a5fb4' }), s('polygon', { points: '40,10 30,4 30,16', fill: '#1a5fb4' })]));
  return [
    el('section', { class: 'rules-part', 'aria-labelledby': 'rules-boards' }, [
      el('h2', { id: 'rules-boards', text: t('web-rules-boards') }),
      ...seats.map((/** @type {number} */ seat) => seatBoard(content, view, kinds, seat)),
    ]),
    el('section', { class: 'rules-part', 'aria-labelledby': 'rules-regions' }, [
      el('h2', { id: 'rules-regions', text: t('web-rules-regions') }),
      el('ul', { class: 'rules-glyphs' }, REGION_GLYPHS.map((g) => el('li', {}, [glyphBox(g), ' ', el('strong', { text: t(`web-glyph-${g}`) }), ` ${t(`web-rules-${g}`)}`]))),
    ]),
    el('section', { class: 'rules-part', 'aria-labelledby': 'rules-end' }, [
      el('h2', { id: 'rules-end', text: t('web-rules-end') }),
      el('ul', {}, ['power', 'events', 'elimination', 'tie'].map((k) => el('li', { text: t(`web-rules-end-${k}`) }))),
    ]),
    el('section', { class: 'rules-part legend-part', 'aria-labelledby': 'rules-legend' }, [
      el('h2', { id: 'rules-legend', text: t('web-rules-legend') }),
      el('h3', { text: t('web-rules-legend-pieces') }),
      el('p', { class: 'legend' }, legend()),
      el('h3', { text: t('web-rules-legend-marks') }),
      el('ul', { class: 'legend-rows' }, [
        row([tile('pickable')], t('web-rules-mark-pick')),
        row([tile('focus')], t('web-rules-mark-combat')),
        row([tile('lit')], t('web-rules-mark-lit')),
        row([arrow], t('web-rules-mark-arrow')),
        row(REGION_GLYPHS.map(glyphBox), t('web-rules-mark-glyphs')),
      ]),
      el('h3', { text: t('web-rules-legend-panels') }),
      el('ul', { class: 'legend-rows' }, [
        row([el('span', { class: 'badge turn', text: t('web-deciding') })], t('web-rules-badge-turn')),
        row([el('span', { class: 'badge initiative', text: t('web-initiative-token') })], t('web-rules-badge-initiative')),
        row([el('span', { class: 'badge eliminated', text: t('web-eliminated') })], t('web-rules-badge-eliminated')),
        row([el('span', { class: 'badge winner', text: `★ ${t('web-winner')}` })], t('web-rules-badge-winner')),
        row([power], t('web-rules-token-power')),
        row([boxes], t('web-rules-token-tracks')),
        row([icon('general', '#888', 16), icon('infantry', '#888', 16)], t('web-rules-token-supply')),
      ]),
      el('h3', { text: t('web-rules-legend-dice') }),
      el('ul', { class: 'legend-rows' }, FACES.map((f, i) => row([combatDie(i)], t(`web-rules-die-${f}`)))),
      el('p', { text: t('web-rules-die-bond') }),
    ]),
  ];
}

/**
 * Wires the rules button (`#rules-open`) and each panel's board button (a
 * `rules` event whose detail is a seat) to the dialog (`#rules`).
 * @param {() => {content: any, view: any, kinds: any}} model what the table shows now
 */
export function installRules(model) {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('rules'));
  if (!dialog) return;
  /** @param {number | null} seat */
  const open = (seat) => {
    const { content, view, kinds } = model();
    if (!content) return;
    const close = el('button', { type: 'button', class: 'rules-close', text: t('web-rules-close'), onclick: () => dialog.close() });
    dialog.replaceChildren(
      el('header', { class: 'rules-head' }, [el('h2', { id: 'rules-title', text: t('web-rules-title') }), close]),
      el('div', { class: 'rules-body' }, rulesBody(content, view, kinds)),
    );
    if (!dialog.open) dialog.showModal();
    const target = seat === null ? null : /** @type {HTMLElement | null} */ (dialog.querySelector(`#rules-seat-${seat}`));
    if (target) {
      target.scrollIntoView({ block: 'start' });
      target.focus();
    } else {
      close.focus();
    }
  };
  document.getElementById('rules-open')?.addEventListener('click', () => open(null));
  document.addEventListener('rules', (e) => open(typeof (/** @type {CustomEvent} */ (e)).detail === 'number' ? /** @type {CustomEvent} */ (e).detail : null));
  // A click on the backdrop closes it, as Escape does.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  // Closed, it keeps nothing.
  dialog.addEventListener('close', () => dialog.replaceChildren());
}
