import { randomBytes } from "node:crypto";
import { describe, inject } from "vitest";
import { nameNeedingPostgres } from "../support/needs-postgres";
import { assertMatchesDocument } from "../support/openapi-validator";
import type { Target } from "./global-setup";

/** The servers under test: embedded always, PostgreSQL when DATABASE_URL_TEST is set. */
export const targets = inject("targets");

/** The PostgreSQL server under test, when DATABASE_URL_TEST is set. */
export const postgresTarget = targets.find((t) => t.name === "postgres");

/**
 * A suite that needs PostgreSQL. Without DATABASE_URL_TEST it is skipped, and its name says why; CI
 * sets the variable and refuses any skipped test.
 */
export function describePostgres(name: string, suite: (t: Target) => void) {
  describe.skipIf(!postgresTarget)(nameNeedingPostgres(`postgres: ${name}`, postgresTarget?.databaseUrl), () => suite(postgresTarget!));
}

export interface Answer {
  status: number;
  headers: Headers;
  // Answers are checked field by field against the documented shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface CallOptions {
  token?: string;
  admin?: string;
  headers?: Record<string, string>;
  /** A body sent exactly as given, instead of JSON-encoding it. */
  raw?: string;
}

export async function call(target: Target, method: string, path: string, body?: unknown, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers["x-player-token"] = o.token;
  if (o.admin) headers.authorization = `Bearer ${o.admin}`;
  let payload: string | undefined = o.raw;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(target.baseUrl + path, { method, headers, body: payload });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  assertMatchesDocument(method, new URL(target.baseUrl + path).pathname, response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed };
}

export const get = (t: Target, path: string, o?: CallOptions) => call(t, "GET", path, undefined, o);
export const post = (t: Target, path: string, body?: unknown, o?: CallOptions) => call(t, "POST", path, body, o);

export const unique = (prefix: string) => `${prefix}_${randomBytes(5).toString("hex")}`;

/** A new player made through the admin API, with a launch token. */
export async function newPlayer(t: Target, { currency = "USD", balance = "100.00" }: { currency?: string; balance?: string } = {}) {
  const username = unique("player");
  const made = await post(t, "/v1/admin/players", { username, currency, balance }, { admin: t.adminToken });
  if (made.status !== 201) throw new Error(`Could not create a player: ${JSON.stringify(made.body)}`);
  const issued = await post(t, `/v1/admin/players/${made.body.data.id}/tokens`, {}, { admin: t.adminToken });
  if (issued.status !== 201) throw new Error(`Could not issue a token: ${JSON.stringify(issued.body)}`);
  return { id: made.body.data.id as string, username, currency, token: issued.body.data.token as string };
}

/** Checks the error envelope: type, status equal to the HTTP status, the code, and a readable message. */
export function expectError(answer: Answer, status: number, code: string) {
  const { body } = answer;
  const problem =
    answer.status !== status ||
    body.type !== "error" ||
    body.status !== status ||
    body.code !== code ||
    typeof body.message !== "string" ||
    body.message.length === 0;
  if (problem) throw new Error(`Expected ${status} ${code}, got ${answer.status} ${JSON.stringify(body)}`);
}

/** A new operator of `role`, made with the owner's token, with an API token of their own. */
export async function newOperator(t: Target, role: "viewer" | "support" | "finance" | "admin") {
  const username = unique(role);
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const made = await post(t, "/v1/admin/operators", { username, password, role }, { admin: t.adminToken });
  if (made.status !== 201) throw new Error(`Could not create an operator: ${JSON.stringify(made.body)}`);
  const issued = await post(t, `/v1/admin/operators/${made.body.data.id}/tokens`, { label: "tests" }, { admin: t.adminToken });
  if (issued.status !== 201) throw new Error(`Could not give a token: ${JSON.stringify(issued.body)}`);
  return { id: made.body.data.id as string, username, password, role, token: issued.body.data.token as string };
}
