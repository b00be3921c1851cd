// @ts-check
/** The board between two states the server sent: a turn of the Faceless,
 * or any run of others' moves, arrives as one new state and its events. The
 * table walks through it by applying each event to the board it had (what
 * the map and the players' tracks show: forces, neutral Units, Power,
 * cities, Dragons, wounds), so that pieces move region by region and the
 * board passes through each intermediate state. The walk is used only when
 * its last board is the new state's (`sameBoard`): an event it does not
 * know, or a gap in the log, and the table shows the new state at once. */

/** The engine's index of a Unit type (`UnitType`). */
const UNIT = /** @type {Record<string, number>} */ ({ infantry: 0, cavalry: 1, ranged: 2 });

/** No seat (`NONE`): the neutral Units. */
const NONE = 255;

/** Forces are kept per General: seat 0's at index 0, seat 2's at 1. @param {number} seat */
const force = (seat) => seat >> 1;

/** Whether a seat plays a General (even seats; the odd ones are Dragons). @param {number} seat */
const isGeneral = (seat) => (seat & 1) === 0;

/**
 * The board of a view after one event: a copy, the view left as it was.
 * Events that change nothing on the board give the same board back.
 * @param {any} view @param {any} e one event of the log (its `event`)
 */
export function applyEvent(view, e) {
  const v = { ...view, regions: view.regions.map((/** @type {any} */ r) => ({ ...r, force: r.force.map((/** @type {any} */ f) => ({ ...f, units: [...f.units] })) })), players: view.players.map((/** @type {any} */ p) => ({ ...p })) };
  const R = v.regions;
  const P = v.players;
  switch (e.kind) {
    case 'force_moved': {
      const a = R[e.from].force[force(e.seat)];
      const b = R[e.to].force[force(e.seat)];
      for (let t = 0; t < 3; t++) {
        a.units[t] -= e.units[t];
        b.units[t] += e.units[t];
      }
      if (e.general) {
        a.general = false;
        b.general = true;
      }
      break;
    }
    case 'dragon_moved':
      P[e.seat].at = e.to;
      break;
    case 'retreated':
      if (isGeneral(e.seat)) {
        // The whole force goes (LoV p.13, "Retreat").
        const a = R[e.from].force[force(e.seat)];
        const b = R[e.to].force[force(e.seat)];
        for (let t = 0; t < 3; t++) b.units[t] += a.units[t];
        b.general = b.general || a.general;
        R[e.from].force[force(e.seat)] = { units: [0, 0, 0], general: false };
      } else {
        P[e.seat].at = e.to;
      }
      break;
    case 'units_placed':
      if (e.seat === NONE) R[e.region].neutral += e.units[0] + e.units[1] + e.units[2];
      else for (let t = 0; t < 3; t++) R[e.region].force[force(e.seat)].units[t] += e.units[t];
      break;
    case 'unit_lost':
      R[e.region].force[force(e.seat)].units[UNIT[e.unit]] -= 1;
      break;
    case 'neutral_lost':
      R[e.region].neutral -= 1;
      break;
    case 'force_destroyed':
      // Its Units go; a General with them is eliminated next.
      R[e.region].force[force(e.seat)].units = [0, 0, 0];
      break;
    case 'wounded':
      P[e.seat].wounds = e.wounds;
      break;
    case 'healed':
      P[e.seat].wounds = Math.max(0, P[e.seat].wounds - e.amount);
      break;
    case 'power_collected':
      R[e.region].power -= e.amount;
      P[e.seat].power += e.amount;
      break;
    case 'power_gained':
      P[e.seat].power += e.amount;
      break;
    case 'power_placed':
      R[e.region].power += e.amount;
      break;
    case 'power_spent':
      P[e.seat].power -= e.amount;
      P[e.seat].spent += e.amount;
      break;
    case 'power_stolen': {
      const key = e.spent ? 'spent' : 'power';
      P[e.victim][key] -= 1;
      P[e.thief][key] += 1;
      break;
    }
    case 'city_built':
      R[e.region].city = true;
      break;
    case 'city_destroyed':
      R[e.region].city = false;
      break;
    case 'eliminated':
      P[e.seat].eliminated = true;
      break;
    default:
      return view;
  }
  return v;
}

/**
 * The boards after each of `events`, from `view`'s: one a step.
 * @param {any} view @param {any[]} events the log's items (`{event}`)
 */
export function boardsThrough(view, events) {
  const out = [];
  let v = view;
  for (const item of events) {
    v = applyEvent(v, item.event);
    out.push(v);
  }
  return out;
}

/** What the walk compares of a board: the map and the players' tracks. @param {any} v */
function board(v) {
  return JSON.stringify({
    regions: v.regions.map((/** @type {any} */ r) => [r.force.map((/** @type {any} */ f) => [f.units, f.general]), r.neutral, r.power, r.city]),
    players: v.players.map((/** @type {any} */ p) => [p.at, p.wounds, p.power, p.spent, p.eliminated]),
  });
}

/** Whether two views show the same board. @param {any} a @param {any} b */
export function sameBoard(a, b) {
  return board(a) === board(b);
}

/** Why two boards differ, for a test's message. @param {any} a @param {any} b */
export function boardDiff(a, b) {
  return `${board(a)}\n${board(b)}`;
}
