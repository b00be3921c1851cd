// The generated client: openapi-fetch typed by the types openapi-typescript
// writes from docs/openapi.json (schema.d.ts), each answer validated by ajv
// against the document's schema for its route and status. No Node module
// here, so that `tsc` checks this file against the generated types.
import createClient from "openapi-fetch";
import Ajv2020 from "ajv/dist/2020.js";

/** @type {any} */
let doc;
/** Reads the document the answers are checked against. */
export function use(document) {
  doc = document;
  ajv.addSchema({ $id: "api", components: doc.components });
}

function expect(ok, what) {
  if (!ok) throw new Error(what);
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validators = new Map();
/** Every answer checked, and each that breaks the document. */
export const seen = { checked: 0, violations: [] };

/** Validates one answer against the document's schema for it. */
export function check(method, template, status, body) {
  seen.checked += 1;
  const key = `${method} ${template} ${status}`;
  if (!validators.has(key)) {
    const op = doc.paths[template]?.[method.toLowerCase()];
    const schema = op?.responses?.[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) {
      seen.violations.push(`${key}: not documented`);
      return;
    }
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/');
    validators.set(key, ajv.compile(JSON.parse(text)));
  }
  const validate = validators.get(key);
  if (!validate(body)) {
    seen.violations.push(`${key}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/** The generated client, every answer checked on its way back. */
export function client(baseUrl) {
  /** @type {import("openapi-fetch").Client<import("./schema").paths>} */
  const c = createClient({ baseUrl });
  c.use({
    async onResponse({ request, response, schemaPath }) {
      const body = await response.clone().json().catch(() => undefined);
      check(request.method, schemaPath, response.status, body);
    },
  });
  return c;
}

/** Creates a network game and joins every person's seat: its id and tokens. */
export async function create(c, body) {
  const { data, error, response } = await c.POST("/api/games", { body });
  expect(response.status === 201, JSON.stringify(error));
  const tokens = [];
  for (const seat of data.seats) {
    if (seat.invite) {
      const j = await c.POST("/api/games/{id}/join", {
        params: { path: { id: data.id } },
        body: { invite: seat.invite },
      });
      expect(j.response.status === 200, JSON.stringify(j.error));
      tokens.push(j.data.token);
    } else tokens.push(null);
  }
  return { id: data.id, tokens };
}

/** Plays the game to its end, each person's seat picking options (Pass last). */
export async function play(c, id, tokens, seed) {
  const path = { id };
  let made = 0;
  let r = seed;
  for (let i = 0; i < 20000; i++) {
    const spectator = await c.GET("/api/games/{id}", { params: { path } });
    expect(spectator.response.status === 200, "the state");
    if (spectator.data.status === "over") return made;
    const seat = spectator.data.question?.seat;
    const token = seat === undefined ? null : tokens[seat];
    if (!token) {
      await new Promise((res) => setTimeout(res, 5));
      continue;
    }
    const auth = { Authorization: `Bearer ${token}` };
    const st = await c.GET("/api/games/{id}", { params: { path, query: { lang: ["en", "it", "fr"][made % 3] } }, headers: auth });
    await c.GET("/api/games/{id}/events", { params: { path, query: { from: Math.max(0, st.data.events_total - 5) } }, headers: auth });
    const options = st.data.question?.options ?? [];
    if (options.length === 0 || st.data.question.seat !== seat) continue;
    r = (r * 1103515245 + 12345) % 2147483648;
    const acts = options.filter((o) => o.decision !== "Pass");
    const pick = acts.length ? acts[r % acts.length] : options[0];
    const body = made % 2 ? { version: st.data.version, option: pick.index } : { version: st.data.version, decision: pick.decision };
    const d = await c.POST("/api/games/{id}/decisions", { params: { path }, headers: auth, body });
    expect(d.response.status === 200 || d.response.status === 409, JSON.stringify(d.error));
    if (d.response.status === 200) made += 1;
    if (made % 23 === 7) {
      await c.POST("/api/games/{id}/takeback", { params: { path }, headers: auth, body: { version: d.data?.version ?? 0 } });
    }
  }
  throw new Error(`game ${id} did not end`);
}

