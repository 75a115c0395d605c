// npm run simulate -- --base-url http://localhost:3000 [--players 12] [--duration 60] [--game-errors 15] [--currency USD] [--admin-token T] [--secret S]
// Plays both other sides against a running lobby: players create and join rooms through /v1, and, as
// the game platform, full rooms are finished with a signed credit to a winner (round_completed), or
// now and then refunded with game_error and closed. Watch /admin while it runs. Stops by itself.
import { randomBytes, randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { config } from "@/lib/env";
import { Decimal } from "@/lib/money/decimal";
import { signBody } from "@/lib/wallet/signature";

const USAGE = "Usage: npm run simulate -- --base-url <origin> [--players 12] [--duration 60] [--game-errors 15] [--currency USD] [--admin-token T] [--secret S]";
const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    players: { type: "string", default: "12" },
    duration: { type: "string", default: "60" },
    /** Percent of full rooms the platform ends with game_error refunds instead of a win. */
    "game-errors": { type: "string", default: "15" },
    /** The currency of its players and rooms: another than the lobby's others keeps it to rooms of its own. */
    currency: { type: "string", default: "USD" },
    "admin-token": { type: "string" },
    secret: { type: "string" },
  },
});
const base = values["base-url"]?.replace(/\/+$/, "");
const playerCount = Number(values.players);
const seconds = Number(values.duration);
const gameErrorPercent = Number(values["game-errors"]);
const currency = values.currency!;
if (!base || !/^[A-Z]{3}$/.test(currency) || !Number.isInteger(playerCount) || playerCount < 2 || !(seconds > 0) || !(gameErrorPercent >= 0 && gameErrorPercent <= 100)) {
  console.error(USAGE);
  process.exit(1);
}
// Secrets from the flags, else the environment or the embedded database's generated ones.
const settings = values["admin-token"] && values.secret ? undefined : config();
const adminToken = values["admin-token"] ?? settings!.adminToken;
const secret = values.secret ?? settings!.walletSigningSecrets[0]!;

interface Sim {
  id: string;
  token: string;
}
interface RoomInfo {
  id: string;
  status: string;
  bet_amount: number;
  rake_percentage: number;
  players: { id: string }[];
}

const tally = { rooms: 0, joins: 0, leaves: 0, wins: 0, refunds: 0, refused: 0, busy: 0, errors: 0 };
/** The first few errors, to say what went wrong. */
const problems: string[] = [];
function problem(text: string) {
  tally.errors++;
  if (problems.length < 5) problems.push(text.slice(0, 300));
}

async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; data: T; raw: Record<string, unknown> }> {
  const response = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const raw = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  // 503 is "busy, nothing changed": expected under load, counted apart. Any other 5xx is an error.
  if (response.status === 503) tally.busy++;
  else if (response.status >= 500) problem(`${method} ${path} answered ${response.status}: ${JSON.stringify(raw)}`);
  return { status: response.status, data: raw.data as T, raw };
}
const admin = { authorization: `Bearer ${adminToken}` };
const as = (p: Sim) => ({ "x-player-token": p.token });
const pick = <T>(items: T[]) => items[randomInt(items.length)]!;

/** Sends a callback as a platform does: a retryable answer (5xx, nothing registered) is sent again, same body. */
async function wallet(endpoint: "credit" | "refund", body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { "x-signature": signBody(raw, secret) };
  if (endpoint === "refund") headers["x-timestamp"] = String(body.timestamp);
  for (let attempt = 1; ; attempt++) {
    const answer = await call("POST", `/wallet/${endpoint}`, headers, raw);
    if (answer.status < 500 || attempt === 5) {
      if (answer.raw.status_code !== "OK") problem(`${endpoint} ${body.transfer_id}: ${JSON.stringify(answer.raw)}`);
      return answer;
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
}

let finishes = 0;
/** Whether the next full room ends in a game error: spread evenly, so that both endings come early. */
function nextIsGameError() {
  const n = finishes++;
  return Math.floor(((n + 1) * gameErrorPercent) / 100) > Math.floor((n * gameErrorPercent) / 100);
}

/** The platform ends a full room: a win for one player (pot less rake), or, now and then, refunds and a close. */
async function finish(room: RoomInfo) {
  const round = { session_id: "simulator", game_code: "simulated", round_id: room.id };
  if (!nextIsGameError()) {
    const pot = new Decimal(room.bet_amount).times(room.players.length);
    const win = pot.minus(pot.times(room.rake_percentage).dividedBy(100)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const paid = await wallet("credit", {
      ...round,
      request_id: randomBytes(6).toString("hex"),
      timestamp: Math.floor(Date.now() / 1000),
      player_id: pick(room.players).id,
      transfer_id: `sim-win-${room.id}`,
      round_completed: true,
      amount: win.toFixed(2),
      currency,
      reason: "win",
    });
    if (paid.raw.status_code === "OK") tally.wins++;
    return;
  }
  const detail = await call<{ seats: { player_id: string; bet_transfer_id: string | null; refund: string | null }[] }>("GET", `/v1/admin/rooms/${room.id}`, admin);
  for (const seat of detail.data?.seats ?? []) {
    // A platform refunds a bet once: a seat whose bet came back already is left to the close.
    if (!seat.bet_transfer_id || seat.refund) continue;
    const timestamp = Date.now();
    const refunded = await wallet("refund", {
      ...round,
      request_id: randomBytes(6).toString("hex"),
      timestamp,
      player_id: seat.player_id,
      transfer_id: seat.bet_transfer_id,
      amount: new Decimal(room.bet_amount).toFixed(2),
      currency,
      reason: "game_error",
      reference_id: `sim-refund-${randomBytes(6).toString("hex")}`,
    });
    if (refunded.raw.status_code === "OK") tally.refunds++;
  }
  await call("POST", `/v1/admin/rooms/${room.id}/close`, admin);
}

async function step(players: Sim[]) {
  const p = pick(players);
  const roll = randomInt(100);
  if (roll < 30) {
    const made = await call("POST", "/v1/rooms", as(p), { name: `Sim table ${randomInt(1000)}`, bet_amount: pick([1, 2, 5]), currency, player_limit: pick([2, 4]), turn: 20, rake_percentage: pick([0, 2.5, 5]) });
    if (made.status === 200) tally.rooms++;
    else if (made.status !== 503) tally.refused++;
    return;
  }
  const waiting = await call<{ rooms: RoomInfo[] }>("GET", `/v1/rooms?status=waiting&currency=${currency}&limit=20`, as(p));
  const open = (waiting.data?.rooms ?? []).filter((r) => !r.players.some((s) => s.id === p.id));
  const mine = (waiting.data?.rooms ?? []).filter((r) => r.players.some((s) => s.id === p.id));
  if (roll < 35 && mine.length > 0) {
    const left = await call("POST", `/v1/rooms/${pick(mine).id}/leave`, as(p));
    if (left.status === 200) tally.leaves++;
    return;
  }
  if (open.length === 0) return;
  const joined = await call<RoomInfo>("POST", `/v1/rooms/${pick(open).id}/join`, as(p));
  if (joined.status !== 200) return void tally.refused++;
  tally.joins++;
  if (joined.data.status === "playing") setTimeout(() => finish(joined.data).catch((error) => problem(String(error))), 1000 + randomInt(3000));
}

async function main() {
  console.log(`Simulating ${playerCount} players against ${base} for ${seconds} s. Watch ${base}/admin.`);
  const players: Sim[] = [];
  for (let i = 0; i < playerCount; i++) {
    const made = await call<{ id: string }>("POST", "/v1/admin/players", admin, { username: `sim_${randomBytes(4).toString("hex")}`, currency, balance: "1000" });
    if (made.status !== 201) throw new Error(`Could not create a player (${made.status}): ${JSON.stringify(made.raw)}. Check --admin-token.`);
    const issued = await call<{ token: string }>("POST", `/v1/admin/players/${made.data.id}/tokens`, admin, {});
    players.push({ id: made.data.id, token: issued.data.token });
  }
  const end = Date.now() + seconds * 1000;
  const progress = setInterval(() => console.log(`  ${Math.ceil((end - Date.now()) / 1000)} s left: ${JSON.stringify(tally)}`), 5000);
  // A few players at a time, each acting every few hundred milliseconds.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < end) {
        await step(players).catch((error) => problem(String(error)));
        await new Promise((r) => setTimeout(r, 200 + randomInt(400)));
      }
    }),
  );
  clearInterval(progress);
  await new Promise((r) => setTimeout(r, 4500)); // the last rooms' results
  console.log(`Done: ${JSON.stringify(tally)}`);
  for (const p of problems) console.log(`  error: ${p}`);
  if (tally.errors > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
});
