// @ts-check
/** The list builder: a Battles of Valerna force list edited entry by entry,
 * every change checked by the server's validator (`POST
 * /api/bov/lists/check`, the rules `valerna bov list validate` applies),
 * each broken rule shown beside its entry; exported as the RON file the
 * command line reads, imported from a file or pasted text; kept on the
 * server under a private link (`/lists#list=ID`); printed on one page with
 * every card's text. A pack of one's own (`#pack=ID`, from the card
 * editor) adds its cards. Every unit on offer and in the list shows its
 * card's figures, worded as the battle table words them. */

import { ApiError, getJson, postJson, request, errorText } from './api.js';
import { t, el } from './texts.js';
import { startPage, bovContent } from './workshop.js';
import { unitCard } from './cardview.js';
import { diceText, colourName, keywordText, weaponKeywords } from './bov/panels.js';

/**
 * The list as written (the RON file's fields).
 * @typedef {{id?: string | null, card: string, general?: boolean, artifacts?: string[], bonded_to?: string | null, mounted_on?: string | null, captain?: string | null}} Entry
 * @typedef {{name: string, force: string, game_size: number, units: Entry[], vaala: string[], monsters?: string[], edition?: string | null, upgrade_tokens?: number}} List
 */

/** @type {List} */
let list = { name: 'My force', force: 'Allaria', game_size: 100, units: [], vaala: [] };
/** The pack of one's own whose cards the list may name (its link id and cards). @type {{id: string, units: any[]} | null} */
let own = null;
/** The link the list is kept under, once saved. @type {string | null} */
let savedId = null;
/** The validator's last answer. @type {any} */
let checked = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
let asked = 0;

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** A RON string. @param {string} s */
/** Where "Play this list" leaves the list for the lobby (this tab only). */
const CARRIED = 'valerna.carried-list';
/** And the pack of one's own it names cards of. */
const CARRIED_PACK = 'valerna.carried-pack';

function str(s) {
  return `"${String(s)
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/[\u0000-\u001f]/g, '')}"`;
}

/** The list as the RON file `valerna bov list validate` reads. @param {List} l */
export function toRon(l) {
  const lines = ['(', `    name: ${str(l.name)},`, `    force: ${str(l.force)},`, `    game_size: ${Math.max(0, Math.floor(Number(l.game_size) || 0))},`, '    units: ['];
  for (const u of l.units) {
    const f = [];
    if (u.id) f.push(`id: ${str(u.id)}`);
    f.push(`card: ${str(u.card)}`);
    if (u.general) f.push('general: true');
    if (u.artifacts && u.artifacts.length) f.push(`artifacts: [${u.artifacts.map(str).join(', ')}]`);
    if (u.bonded_to) f.push(`bonded_to: Some(${str(u.bonded_to)})`);
    if (u.mounted_on) f.push(`mounted_on: Some(${str(u.mounted_on)})`);
    if (u.captain) f.push(`captain: Some(${str(u.captain)})`);
    lines.push(`        (${f.join(', ')}),`);
  }
  lines.push('    ],');
  lines.push(`    vaala: [${l.vaala.map(str).join(', ')}],`);
  if (l.monsters && l.monsters.length) lines.push(`    monsters: [${l.monsters.map(str).join(', ')}],`);
  // An edition is a bare identifier in RON; only the two the engine knows.
  if (l.edition === 'v5_1' || l.edition === 'starter') lines.push(`    edition: ${l.edition},`);
  const tokens = Math.max(0, Math.floor(Number(l.upgrade_tokens) || 0));
  if (tokens) lines.push(`    upgrade_tokens: ${tokens},`);
  lines.push(')');
  return lines.join('\n') + '\n';
}

/** @param {string} id */
function card(id) {
  return (own?.units || []).find((/** @type {any} */ c) => c.id === id) || (bovContent()?.units || []).find((/** @type {any} */ c) => c.id === id);
}

/** @param {any} c @param {string} k */
function has(c, k) {
  return !!c && (c.keywords || []).some((/** @type {any} */ x) => String(x) === k);
}

/** @param {Entry} u */
const entryId = (u) => u.id || u.card;

/**
 * A card's figures as its front prints them: Speed, Defense die, Health,
 * melee and ranged dice (and range), points and keywords, each a term and
 * its value.
 * @param {any} c the card @param {boolean} [points] with the card's points
 * (an entry of the list shows the validator's instead, Artifacts counted)
 */
function figures(c, points = true) {
  const p = c.front || {};
  /** @type {[string, string, string][]} */
  const rows = [
    ['speed', t('web-bov-speed'), p.speed === undefined || p.speed === null ? '—' : `${p.speed}"`],
    ['defense', t('web-bov-defense'), colourName(p.defense)],
    ['health', t('web-bov-health'), String(p.health)],
    ['melee', t('web-bov-melee'), `${diceText(p.melee?.dice)}${weaponKeywords(p.melee)}`],
  ];
  if (p.ranged) rows.push(['ranged', t('web-bov-ranged'), `${diceText(p.ranged.dice)}, ${p.ranged.range}"${weaponKeywords(p.ranged)}`]);
  if (points) rows.push(['points', t('web-bov-points'), String(c.points)]);
  // Apart by a middle dot: a keyword may hold a comma ("Captain, Dreamfencer").
  if (c.keywords?.length) rows.push(['keywords', t('web-ws-keywords'), c.keywords.map(keywordText).join(' · ')]);
  return el(
    'dl',
    { class: 'unit-figures' },
    rows.map(([stat, term, value]) => el('div', { 'data-stat': stat }, [el('dt', { text: term }), el('dd', { text: value })])),
  );
}

/** Adds a card to the list: a second entry of the same card gets its own id. @param {string} id */
function addUnit(id) {
  const taken = new Set(list.units.map(entryId));
  /** @type {Entry} */
  const u = { card: id };
  if (taken.has(id)) {
    let k = 2;
    while (taken.has(`${id}_${k}`)) k += 1;
    u.id = `${id}_${k}`;
  }
  list.units.push(u);
  render();
}

/** The figures of the unit chosen under "Add a unit". */
function renderChosen() {
  const c = card($('add-card').value);
  $('add-card-figures').replaceChildren(...(c ? [figures(c)] : []));
}

/** Asks the validator, a moment after the last change. */
function schedule() {
  clearTimeout(timer);
  // A check still in flight judged the list as it was: its answer is dropped.
  asked += 1;
  $('total').textContent = t('web-ws-checking');
  timer = setTimeout(check, 250);
}

async function check() {
  const n = ++asked;
  try {
    const answer = await postJson('/api/bov/lists/check', { text: toRon(list), pack: own?.id ?? null });
    if (n !== asked) return;
    checked = answer;
    $('start-error').textContent = '';
  } catch (e) {
    if (n !== asked) return;
    $('start-error').textContent = errorText(e, t);
  }
  renderChecks();
}

/** Replaces the list with a text's, as the validator parsed it. @param {string} text */
async function load(text) {
  const answer = await postJson('/api/bov/lists/check', { text, pack: own?.id ?? null });
  if (!answer.list) {
    $('start-error').textContent = answer.violations.map((/** @type {any} */ v) => v.message).join(' ');
    return;
  }
  const l = answer.list;
  list = { name: l.name, force: l.force, game_size: l.game_size, units: l.units, vaala: l.vaala || [], monsters: l.monsters || [], edition: l.edition ?? null, upgrade_tokens: l.upgrade_tokens || 0 };
  checked = answer;
  $('start-error').textContent = '';
  render();
}

/** Violations of one entry kind. @param {(e: any) => boolean} which */
function violationsOf(which) {
  return (checked?.violations || []).filter((/** @type {any} */ v) => which(v.entry));
}

/** @param {any[]} vs */
function violationList(vs) {
  if (!vs.length) return null;
  return el(
    'ul',
    { class: 'violations' },
    vs.map((v) => el('li', { class: 'violation', 'data-rule': v.rule }, [v.message, ' ', el('span', { class: 'cite', text: `(${v.citation})` })])),
  );
}

/** The points and the rules broken, beside their entries. */
function renderChecks() {
  const pts = checked?.points;
  const ok = checked?.valid;
  const total = $('total');
  total.textContent = `${t('web-ws-points', { points: pts ? pts.total : '?', size: list.game_size })} · ${ok ? t('web-ws-valid') : t('web-ws-broken', { count: checked?.violations?.length ?? 0 })}`;
  total.className = `total ${ok ? 'ok' : 'broken'}`;
  const lv = violationsOf((e) => e.kind === 'list');
  $('list-violations').replaceChildren(...(lv.length ? [el('p', { class: 'small muted', text: t('web-ws-list-rules') }), /** @type {Node} */ (violationList(lv))] : []));
  list.units.forEach((_, i) => {
    const li = document.querySelector(`#units > li[data-index="${i}"]`);
    if (!li) return;
    const p = li.querySelector('.entry-points');
    if (p) p.textContent = t('web-ws-entry-points', { points: pts?.units?.[i] ?? '?' });
    const box = li.querySelector('.entry-violations');
    const vs = violationsOf((e) => (e.kind === 'unit' && e.index === i) || (e.kind === 'artifact' && e.unit === i));
    box?.replaceChildren(...[violationList(vs)].filter((x) => x !== null));
    li.classList.toggle('has-violation', vs.length > 0);
  });
  document.querySelectorAll('#vaala .vaala-pick, #monsters .vaala-pick').forEach((row) => {
    const id = /** @type {HTMLElement} */ (row).dataset.card;
    const vs = violationsOf((e) => (e.kind === 'vaala' || e.kind === 'monster') && e.card === id);
    row.querySelector('.entry-violations')?.replaceChildren(...[violationList(vs)].filter((x) => x !== null));
    row.classList.toggle('has-violation', vs.length > 0);
  });
}

/** @param {Entry} u @param {number} i */
function entryRow(u, i) {
  const c = card(u.card);
  const name = c ? c.name : u.card;
  const controls = [];
  if (has(c, 'Hero')) {
    controls.push(
      el('label', {}, [
        el('input', {
          type: 'checkbox',
          class: 'general',
          checked: !!u.general,
          onchange: (/** @type {Event} */ e) => {
            const on = /** @type {HTMLInputElement} */ (e.target).checked;
            list.units.forEach((x, j) => (x.general = j === i ? on : on ? false : x.general));
            render();
          },
        }),
        ` ${t('web-ws-general')}`,
      ]),
    );
    const arts = bovContent()?.artifacts || [];
    controls.push(
      el('label', {}, [
        `${t('web-ws-artifact')} `,
        el(
          'select',
          {
            class: 'artifact',
            onchange: (/** @type {Event} */ e) => {
              const v = /** @type {HTMLSelectElement} */ (e.target).value;
              u.artifacts = v ? [v] : [];
              render();
            },
          },
          [el('option', { value: '', text: t('web-ws-no-artifact') }), ...arts.map((/** @type {any} */ a) => el('option', { value: a.id, text: a.name, selected: (u.artifacts || [])[0] === a.id }))],
        ),
      ]),
    );
  }
  if (has(c, 'Dragonrider')) {
    const dragons = list.units.filter((x) => has(card(x.card), 'Dragon'));
    /** @param {'bonded_to' | 'mounted_on'} field @param {string} label */
    const pick = (field, label) =>
      el('label', {}, [
        `${t(label)} `,
        el(
          'select',
          {
            class: field,
            onchange: (/** @type {Event} */ e) => {
              u[field] = /** @type {HTMLSelectElement} */ (e.target).value || null;
              render();
            },
          },
          [el('option', { value: '', text: t('web-ws-none') }), ...dragons.map((d) => el('option', { value: entryId(d), text: card(d.card)?.name || d.card, selected: u[field] === entryId(d) }))],
        ),
      ]);
    controls.push(pick('bonded_to', 'web-ws-bonded'), pick('mounted_on', 'web-ws-mounted'));
  }
  // BoV starter, "Heroes as Captains": a Hero with "Captain, X" may lead a
  // unit of X troopers; a starter list names it on the troopers' entry.
  if (list.edition === 'starter' && c && !has(c, 'Hero')) {
    const leads = (/** @type {any} */ h) => (h?.keywords || []).some((/** @type {any} */ k) => {
      const x = /^Captain, (.+)$/.exec(String(k))?.[1];
      return x !== undefined && has(c, x);
    });
    const heroes = list.units.filter((x) => leads(card(x.card)));
    if (heroes.length || u.captain) {
      controls.push(
        el('label', {}, [
          `${t('web-ws-captain')} `,
          el(
            'select',
            {
              class: 'captain',
              onchange: (/** @type {Event} */ e) => {
                u.captain = /** @type {HTMLSelectElement} */ (e.target).value || null;
                render();
              },
            },
            [el('option', { value: '', text: t('web-ws-none') }), ...heroes.map((h) => el('option', { value: entryId(h), text: card(h.card)?.name || h.card, selected: u.captain === entryId(h) }))],
          ),
        ]),
      );
    }
  }
  return el('li', { 'data-index': String(i), 'data-card': u.card, class: 'entry' }, [
    el('div', { class: 'entry-head' }, [
      el('strong', { text: name }),
      el('span', { class: 'entry-points' }),
      el('button', {
        type: 'button',
        class: 'remove',
        'aria-label': t('web-ws-remove', { name }),
        text: '✕',
        onclick: () => {
          list.units.splice(i, 1);
          render();
        },
      }),
    ]),
    c ? figures(c, false) : null,
    controls.length ? el('div', { class: 'entry-controls' }, controls) : null,
    el('div', { class: 'entry-violations' }),
  ]);
}

function render() {
  const c = bovContent() || {};
  const forces = c.forces || [];
  const force = $('force');
  force.replaceChildren(...forces.filter((/** @type {string} */ f) => f !== 'Neutral').map((/** @type {string} */ f) => el('option', { value: f, text: f, selected: f === list.force })));
  $('shipped').replaceChildren(...(c.lists || []).map((/** @type {any} */ l) => el('option', { value: l.id, text: `${l.name} (${l.game_size})` })));
  $('name').value = list.name;
  $('size').value = String(list.game_size);
  // The rulebook the list names: either (none named), or one of the pack's
  // editions. Upgrade tokens are the starter edition's alone.
  $('edition').replaceChildren(
    el('option', { value: '', text: t('web-ws-edition-any'), selected: !list.edition }),
    ...(c.editions || []).map((/** @type {any} */ e) => el('option', { value: e.id, text: t(`web-edition-${e.id}`), selected: list.edition === e.id })),
  );
  $('tokens').value = String(list.upgrade_tokens || 0);
  $('tokens').disabled = list.edition !== 'starter' && !list.upgrade_tokens;
  const fits = (/** @type {any} */ u) => u.force === list.force || u.force === 'Neutral';
  // Monsters are picked below, as the list's `monsters`, not as units.
  const monsters = new Set((c.monsters || []).map((/** @type {any} */ x) => x.id));
  const mine = (own?.units || []).filter(fits).filter((/** @type {any} */ u) => !monsters.has(u.id));
  const cards = (c.units || []).filter(fits).filter((/** @type {any} */ u) => !monsters.has(u.id));
  const chosen = $('add-card').value;
  $('add-card').replaceChildren(
    ...mine.map((/** @type {any} */ u) => el('option', { value: u.id, text: `${u.name} (${t('web-ws-own')}, ${t('web-ws-card-points', { value: u.points })})` })),
    ...cards.map((/** @type {any} */ u) => el('option', { value: u.id, text: `${u.name} (${u.force}, ${t('web-ws-card-points', { value: u.points })})` })),
  );
  if ([...mine, ...cards].some((/** @type {any} */ u) => u.id === chosen)) $('add-card').value = chosen;
  renderChosen();
  // Every unit on offer with its figures, to compare them and add one.
  $('offer-summary').textContent = t('web-ws-offer', { count: mine.length + cards.length });
  $('offer-list').replaceChildren(
    ...[...mine, ...cards].map((/** @type {any} */ u) =>
      el('li', { class: 'offer-unit', 'data-card': u.id }, [
        el('div', { class: 'entry-head' }, [
          el('strong', { text: u.name }),
          el('span', { class: 'small muted', text: mine.includes(u) ? t('web-ws-own') : u.force }),
          el('button', { type: 'button', class: 'offer-add', text: t('web-ws-add'), 'aria-label': t('web-ws-add-this', { name: u.name }), onclick: () => addUnit(u.id) }),
        ]),
        figures(u),
      ]),
    ),
  );
  $('own-pack').replaceChildren(...(own ? [t('web-ws-list-own-pack', { count: own.units.length }), ' ', el('a', { href: `/cards/edit#pack=${own.id}`, text: t('web-ws-editor') })] : []));
  $('units').replaceChildren(...list.units.map(entryRow));
  $('vaala').replaceChildren(
    ...(c.vaala || []).map((/** @type {any} */ v) =>
      el('div', { class: 'vaala-pick', 'data-card': v.id }, [
        el('label', {}, [
          el('input', {
            type: 'checkbox',
            checked: list.vaala.includes(v.id),
            onchange: (/** @type {Event} */ e) => {
              const on = /** @type {HTMLInputElement} */ (e.target).checked;
              list.vaala = on ? [...list.vaala, v.id] : list.vaala.filter((x) => x !== v.id);
              schedule();
            },
          }),
          ` ${v.name}`,
        ]),
        el('span', { class: 'small muted', text: ` ${v.text}` }),
        el('div', { class: 'entry-violations' }),
      ]),
    ),
  );
  $('monsters').replaceChildren(
    ...(c.monsters || []).map((/** @type {any} */ x) => {
      const u = card(x.id);
      return el('div', { class: 'vaala-pick', 'data-card': x.id }, [
        el('label', {}, [
          el('input', {
            type: 'checkbox',
            checked: (list.monsters || []).includes(x.id),
            onchange: (/** @type {Event} */ e) => {
              const on = /** @type {HTMLInputElement} */ (e.target).checked;
              const now = list.monsters || [];
              list.monsters = on ? [...now, x.id] : now.filter((y) => y !== x.id);
              schedule();
            },
          }),
          ` ${x.name}`,
        ]),
        el('span', { class: 'small muted', text: u ? ` ${t('web-ws-card-points', { value: u.points })}` : '' }),
        el('div', { class: 'entry-violations' }),
      ]);
    }),
  );
  renderChecks();
  schedule();
}

/** @param {string} path */
async function getText(path) {
  const res = await fetch(path, { cache: 'no-store' });
  const text = await res.text();
  if (!res.ok) {
    let message = text;
    try {
      message = JSON.parse(text).message || text;
    } catch {
      /* the text itself */
    }
    throw new ApiError(res.status, 'http', message);
  }
  return text;
}

/** @param {() => Promise<void>} f */
const guarded = (f) => async () => {
  try {
    await f();
  } catch (e) {
    $('start-error').textContent = errorText(e, t);
  }
};

/** The list on one printed page: its name, force and points, then every
 * unit's card with its Artifact, and the Vaala cards' text. */
function printView() {
  const c = bovContent() || {};
  const pts = checked?.points;
  const units = list.units.map((u, i) => {
    const cd = card(u.card);
    const arts = (u.artifacts || []).map((a) => (c.artifacts || []).find((/** @type {any} */ x) => x.id === a)).filter(Boolean);
    return el('div', { class: 'print-entry', 'data-card': u.card }, [
      cd ? unitCard(cd) : el('p', { text: u.card }),
      el('p', { class: 'small', text: [u.general ? t('web-ws-general') : '', t('web-ws-entry-points', { points: pts?.units?.[i] ?? '?' })].filter(Boolean).join(' · ') }),
      ...arts.map((/** @type {any} */ a) => el('p', { class: 'small' }, [el('strong', { text: `${a.name}: ${a.power}` }), ` — ${a.text}`])),
    ]);
  });
  const vaala = list.vaala.map((id) => (c.vaala || []).find((/** @type {any} */ v) => v.id === id)).filter(Boolean);
  $('print-view').replaceChildren(
    el('h2', { text: list.name }),
    el('p', {
      text: [list.force, list.edition ? t(`web-edition-${list.edition}`) : '', t('web-ws-points', { points: pts ? pts.total : '?', size: list.game_size }), list.upgrade_tokens ? t('web-ws-tokens-count', { count: list.upgrade_tokens }) : '']
        .filter(Boolean)
        .join(' · '),
    }),
    el('div', { class: 'print-grid' }, units),
    vaala.length ? el('h3', { text: t('web-ws-vaala') }) : null,
    ...vaala.map((/** @type {any} */ v) => el('p', { class: 'small' }, [el('strong', { text: v.name }), ` — ${v.text}`])),
  );
}

/** The pack of one's own and the saved list a link names, if any. */
async function fromLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const listId = hash.get('list');
  let packId = hash.get('pack');
  /** @type {string | null} */
  let text = null;
  if (listId && /^[0-9a-f]{32}$/.test(listId)) {
    const saved = await getJson(`/api/bov/lists/${listId}`);
    savedId = saved.id;
    text = saved.text;
    packId = saved.pack || packId;
  }
  if (packId && /^[0-9a-f]{32}$/.test(packId)) {
    const p = await getJson(`/api/bov/packs/${packId}`);
    own = { id: p.id, units: p.units };
  }
  return text;
}

async function main() {
  let linked = null;
  try {
    linked = await fromLink();
  } catch (e) {
    $('start-error').textContent = errorText(e, t);
  }
  await startPage('web-ws-lists', render);
  if (linked) await guarded(() => load(/** @type {string} */ (linked)))();
  $('force').addEventListener('change', () => {
    list.force = $('force').value;
    render();
  });
  $('size').addEventListener('change', () => {
    list.game_size = Math.max(1, Math.floor(Number($('size').value) || 100));
    render();
  });
  $('edition').addEventListener('change', () => {
    list.edition = $('edition').value || null;
    render();
  });
  $('tokens').addEventListener('change', () => {
    list.upgrade_tokens = Math.max(0, Math.floor(Number($('tokens').value) || 0));
    render();
  });
  $('name').addEventListener('input', () => {
    list.name = $('name').value;
    schedule();
  });
  $('empty').addEventListener('click', () => {
    list = { name: list.name, force: $('force').value, game_size: Math.floor(Number($('size').value) || 100), units: [], vaala: [], edition: list.edition };
    render();
  });
  $('starter').addEventListener(
    'click',
    guarded(async () => {
      await load(await getText(`/api/bov/lists/new?faction=${encodeURIComponent($('force').value)}&points=${encodeURIComponent($('size').value)}`));
    }),
  );
  $('open-shipped').addEventListener(
    'click',
    guarded(async () => {
      await load(await getText(`/api/bov/lists/new?list=${encodeURIComponent($('shipped').value)}`));
    }),
  );
  $('import').addEventListener(
    'click',
    guarded(async () => {
      await load($('import-text').value);
    }),
  );
  $('import-file').addEventListener(
    'change',
    guarded(async () => {
      const f = $('import-file').files?.[0];
      if (f) await load(await f.text());
    }),
  );
  $('add').addEventListener('click', () => {
    const id = $('add-card').value;
    if (id) addUnit(id);
  });
  $('add-card').addEventListener('change', renderChosen);
  // The lobby, a battle set up with this list for the first side.
  $('play').addEventListener('click', () => {
    try {
      sessionStorage.setItem(CARRIED, toRon(list));
      if (own) sessionStorage.setItem(CARRIED_PACK, own.id);
      else sessionStorage.removeItem(CARRIED_PACK);
    } catch {
      /* private mode: the lobby opens without it */
    }
    location.href = '/#battle';
  });
  $('save').addEventListener(
    'click',
    guarded(async () => {
      const body = { text: toRon(list), pack: own?.id ?? null };
      const saved = savedId ? await request('PUT', `/api/bov/lists/${savedId}`, body) : await postJson('/api/bov/lists', body);
      savedId = saved.id;
      history.replaceState(null, '', `/lists#list=${saved.id}`);
      $('saved').replaceChildren(t('web-ws-list-saved'), ' ', el('a', { id: 'saved-link', href: `${location.origin}/lists#list=${saved.id}`, text: t('web-ws-list-link') }));
    }),
  );
  $('print').addEventListener('click', () => {
    printView();
    window.print();
  });
  $('export').addEventListener('click', () => {
    const blob = new Blob([toRon(list)], { type: 'text/plain' });
    const a = el('a', { href: URL.createObjectURL(blob), download: `${(list.name || 'list').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'list'}.ron` });
    document.body.append(a);
    a.click();
    a.remove();
  });
}

main();
