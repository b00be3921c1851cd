// A client generated from docs/openapi.json alone plays whole games against
// a real `valerna serve`: openapi-typescript writes the document's types
// (schema.d.ts, which `tsc` checks this file against), openapi-fetch makes
// the requests, and every answer is validated with ajv against the schema
// the document gives for its route and status. Lords of Vaala with four
// seats (two people, a Faceless player, a bot) and Battles of Valerna
// against the greedy bot; no answer may break the document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { client, create, play, seen, use } from "./client.mjs";

const doc = JSON.parse(readFileSync(new URL("../../docs/openapi.json", import.meta.url), "utf8"));
use(doc);
const bin = process.env.VALERNA_BIN ?? new URL("../../target/debug/valerna", import.meta.url).pathname;

/** Starts `valerna serve` on a free port of loopback: its address and a stop. */
async function serve() {
  const dir = mkdtempSync(join(tmpdir(), "valerna-api-client-"));
  const child = spawn(bin, ["serve", "--port", "0", "--db", join(dir, "api.db"), "--bot-delay-ms", "0", "--rate-per-address", "0", "--rate-per-token", "0"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const addr = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.:]+/);
      if (m) resolve(m[0]);
    });
    child.on("exit", (code) => reject(new Error(`valerna serve exited ${code}`)));
  });
  return {
    addr,
    stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("a client generated from the document plays both games with every answer as documented", { timeout: 600_000 }, async () => {
  const server = await serve();
  try {
    const c = client(server.addr);
    for (const game of ["lov", "bov"]) await c.GET("/api/content/{game}", { params: { path: { game } } });
    let decisions = 0;
    const lov = await create(c, { game: "lov", seed: 5, first: 0, seats: ["human", "faceless", "human", "heuristic"] });
    decisions += await play(c, lov.id, lov.tokens, 5);
    const bov = await create(c, { game: "bov", seed: 21, seats: ["human", "greedy"], options: { lists: ["allaria_guild_line", "tyveria_swarm"] } });
    decisions += await play(c, bov.id, bov.tokens, 21);
    for (const id of [lov.id, bov.id]) {
      const rec = await c.GET("/api/games/{id}/record", { params: { path: { id } } });
      assert.equal(rec.response.status, 200);
      const total = rec.data.decisions.length;
      for (const k of [0, Math.floor(total / 2), total]) {
        await c.GET("/api/games/{id}/at/{k}", { params: { path: { id, k }, query: {} } });
      }
    }
    await c.GET("/api/games");
    assert.ok(decisions > 100, `${decisions} decisions`);
    assert.deepEqual(seen.violations.slice(0, 10), [], `${seen.violations.length} of ${seen.checked} answers break the document`);
    console.log(`${seen.checked} answers, ${decisions} decisions, no violation`);
  } finally {
    server.stop();
  }
});
