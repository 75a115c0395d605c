import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import type { Endpoint } from "@/lib/api/endpoints";
import { signBody } from "@/lib/wallet/signature";
import { assertMatchesDocument } from "../support/openapi-validator";
import type { Target } from "./global-setup";
import { newPlayer, targets } from "./helpers";

// Every route (player, admin, wallet) gets arbitrary query strings, path parameters, headers and
// bodies. Whatever arrives, the answer is never a 5xx and always the route's documented shape: the
// error envelope of /v1, or a wallet answer with its status_code. Bounded: a few hundred requests
// per database. A failure prints the smallest request fast-check found that breaks it.

/** Runs per endpoint: more for more inputs, so that combinations of fields get tried. */
const runsFor = (inputs: number) => Math.min(40, 6 + 6 * inputs);

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
/** Values of the kind a query or a field takes, well formed or nearly so, and anything at all. */
const text = fc.oneof(
  fc.constantFrom("1", "2", "4", "0", "2.5", "0.01", "100", "abc", "-1", "1e3", "1.", "NaN", "USD", "waiting", "finished", "x".repeat(300)),
  fc.stringMatching(/^\d{1,4}(\.\d{1,3})?$/),
  fc.string({ maxLength: 30 }),
);
const jsonValue = fc.oneof(text.map((s): unknown => s), fc.jsonValue({ maxDepth: 3 }), fc.double(), fc.constant(null));

interface Fuzzed {
  params: Record<string, string>;
  query: [string, string][];
  credentials: "valid" | "wrong" | "none";
  headers: Record<string, string>;
  body: { kind: "mutated"; fields: Record<string, unknown> } | { kind: "raw"; text: string } | { kind: "none" };
  signed: boolean;
}

type Shape = Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
const shapeOf = (schema: unknown): Shape => ((schema as { shape?: Shape })?.shape ?? {}) as Shape;
const SAMPLES = ["1", "2", "4", "0", "2.5", "0.01", "100", "USD", "waiting", "playing", "finished", "dice", "x"];

/** A field's values: mostly ones its own schema accepts (so that the other fields are what is tried), else anything. */
function valuesOf(shape: Shape, key: string) {
  const valid = SAMPLES.filter((v) => shape[key]?.safeParse(v).success);
  return valid.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 3 }, { arbitrary: text, weight: 1 }) : text;
}

/** Requests for one endpoint: its own parameter and field names most of the time, anything otherwise. */
function requests(e: Endpoint, example: Record<string, unknown>) {
  const paramNames = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const query = shapeOf(e.query);
  const fieldNames = [...Object.keys(example), ...Object.keys(shapeOf(e.body)), "extra"];
  const mutated = fc
    .tuple(fc.dictionary(fc.constantFrom(...fieldNames), jsonValue, { maxKeys: 4 }), fc.subarray(Object.keys(example)))
    .map(([changes, dropped]) => {
      const fields: Record<string, unknown> = { ...example, ...changes };
      for (const key of dropped) delete fields[key];
      return { kind: "mutated" as const, fields };
    });
  return fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((p) => [p, fc.oneof(text, printable)]))),
    // Each of the endpoint's own parameters or not, and now and then others (refused before the rest is looked at).
    query: fc
      .tuple(
        fc.record(Object.fromEntries(Object.keys(query).map((k) => [k, valuesOf(query, k)])), { requiredKeys: [] }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: fc.array(fc.tuple(printable, text), { minLength: 1, maxLength: 2 }), weight: 1 }),
      )
      .map(([own, other]) => [...(Object.entries(own) as [string, string][]), ...other]),
    credentials: fc.constantFrom<Fuzzed["credentials"]>("valid", "valid", "valid", "valid", "wrong", "none"),
    headers: fc.record(
      {
        "content-type": fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", ""),
        "x-request-id": printable,
        "x-forwarded-for": fc.oneof(fc.ipV4(), printable),
        "x-timestamp": fc.oneof(text, fc.constant(String(Date.now()))),
        origin: fc.constantFrom("http://evil.example", "null"),
      },
      { requiredKeys: ["content-type"] },
    ),
    body: e.method === "GET" ? fc.constant<Fuzzed["body"]>({ kind: "none" }) : fc.oneof(mutated, mutated, printable.map((t) => ({ kind: "raw" as const, text: t })), fc.constant({ kind: "none" as const })),
    signed: fc.constantFrom(true, true, true, false),
  });
}

async function send(t: Target, e: Endpoint, r: Fuzzed, token: string) {
  let path = e.path;
  for (const [name, value] of Object.entries(r.params)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const url = new URL(t.baseUrl + path);
  for (const [key, value] of r.query) url.searchParams.append(key, value);
  const headers: Record<string, string> = Object.fromEntries(Object.entries(r.headers).filter(([, v]) => v !== ""));
  const body = r.body.kind === "mutated" ? JSON.stringify(r.body.fields) : r.body.kind === "raw" ? r.body.text : undefined;
  if (r.credentials !== "none") {
    const valid = r.credentials === "valid";
    if (e.auth === "player") headers["x-player-token"] = valid ? token : "not-a-token";
    if (e.auth === "admin") headers.authorization = `Bearer ${valid ? t.adminToken : "wrong-admin-token"}`;
  }
  if (e.tag === "Wallet" && body !== undefined) {
    headers["x-signature"] = r.signed ? signBody(body, t.walletSecrets[0]) : "0".repeat(64);
    if (r.body.kind === "mutated" && r.signed && typeof r.body.fields.timestamp === "number") headers["x-timestamp"] = String(r.body.fields.timestamp);
  }
  const controller = new AbortController();
  const response = await fetch(url, { method: e.method, headers, body, signal: controller.signal, redirect: "manual" });
  const type = response.headers.get("content-type") ?? "";
  // Event streams and metrics answer text on success; only their errors are JSON.
  if (!type.startsWith("application/json") && response.status < 400) {
    controller.abort();
    return { status: response.status, pathname: url.pathname };
  }
  const answer = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    throw new Error(`${e.method} ${url.pathname}${url.search} answered ${response.status} with a body that is not JSON: ${answer.slice(0, 200)}`);
  }
  assertMatchesDocument(e.method, url.pathname, response.status, parsed);
  return { status: response.status, pathname: url.pathname, body: parsed };
}

describe.each(targets)("$name: arbitrary requests to every route", (t) => {
  it("never answer 5xx, and always in the route's documented shape", async () => {
    const player = await newPlayer(t, { balance: "100000.00" });
    let sent = 0;
    for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
      const example = { ...((e.bodyExample as Record<string, unknown> | undefined) ?? {}), ...(e.tag === "Wallet" ? { player_id: player.id } : {}) };
      const inputs = Object.keys(shapeOf(e.query)).length + Object.keys(example).length + (e.params ? 1 : 0);
      await fc.assert(
        fc.asyncProperty(requests(e, example), async (r) => {
          sent++;
          const { status, pathname, body } = await send(t, e, r, player.token);
          expect(status, `${name}: ${e.method} ${pathname} ${JSON.stringify(r)} → ${JSON.stringify(body)}`).toBeLessThan(500);
        }),
        { numRuns: runsFor(inputs), endOnFailure: false },
      );
    }
    expect(sent).toBeGreaterThan(200);
  }, 240_000);
});
