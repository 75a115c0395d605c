// npm run simulate -- --base-url http://localhost:3000 [--pull | --listen 4100] [--players 12] [--duration 60] [--game-errors 15] [--currency USD] [--spec-literal] [--admin-token T] [--secret S]
// Plays both other sides against a running lobby: players (registered through the admin API, as an
// operator would) create and join rooms through /v1; and a game platform that knows only what it is
// told: it learns of started rooms, their seats and bets from the room events (pushed to its own
// receiver at --listen, or pulled from POST /wallet/events with --pull), and ends each with a signed
// credit to a winner (round_completed) or, now and then, game_error refunds of every bet, which
// finish the room. --spec-literal plays a platform that follows wallet-callbacks.md to the letter:
// null optional fields, timestamps with fractions, every callback sent again later (a late retry), and
// a player_exit refund after each leave (the one use of POST /wallet/bets: a waiting room's bet is
// never announced). Watch /admin while it runs. Stops by itself.
import { randomBytes, randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { rakeOf } from "@/lib/ledger/rules";
import { formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { scriptConfig } from "./script-config";
import { followRoomEvents, type RoomEvent } from "./simulate-platform";
import { simulatorSession } from "./simulate-session";

const USAGE = "Usage: npm run simulate -- --base-url <origin> [--pull | --listen 4100] [--players 12] [--duration 60] [--game-errors 15] [--currency USD] [--spec-literal] [--admin-token T] [--secret S] [--events-secret S]";
const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    players: { type: "string", default: "12" },
    duration: { type: "string", default: "60" },
    /** Percent of full rooms the platform ends with game_error refunds instead of a win. */
    "game-errors": { type: "string", default: "15" },
    "spec-literal": { type: "boolean", default: false },
    /** The currency of its players and rooms: another than the lobby's others keeps it to rooms of its own. */
    currency: { type: "string", default: "USD" },
    "admin-token": { type: "string" },
    secret: { type: "string" },
    /** Read the room events with POST /wallet/events, instead of receiving them. */
    pull: { type: "boolean", default: false },
    /** The port of the receiver the lobby pushes room events to (PLATFORM_EVENTS_URL). */
    listen: { type: "string", default: "4100" },
    /** The secret pushed events are signed with (PLATFORM_EVENTS_SECRET); the wallet's by default. */
    "events-secret": { type: "string" },
  },
});
const base = values["base-url"]?.replace(/\/+$/, "");
const playerCount = Number(values.players);
const seconds = Number(values.duration);
const gameErrorPercent = Number(values["game-errors"]);
const literal = values["spec-literal"]!;
const currency = values.currency!;
if (!base || !/^[A-Z]{3}$/.test(currency) || !Number.isInteger(playerCount) || playerCount < 2 || !(seconds > 0) || !(gameErrorPercent >= 0 && gameErrorPercent <= 100)) {
  console.error(USAGE);
  process.exit(1);
}
// Secrets from the flags, else the environment or the embedded database's generated ones.
const settings = values["admin-token"] && values.secret ? undefined : scriptConfig();
const adminToken = values["admin-token"] ?? settings!.adminToken;
const secret = values.secret ?? settings!.walletSigningSecrets[0]!;
const eventsSecret = values["events-secret"] ?? values.secret ?? settings!.platform.eventsSecret;

interface Sim {
  id: string;
  token: string;
}
interface RoomInfo {
  id: string;
  status: string;
  players: { id: string }[];
}
/** A started room as the platform knows it: from its room.started event, less the seats freed since. */
interface Round {
  id: string;
  rake: number;
  seats: { player_id: string; bet_transfer_id: string | null; amount: string }[];
}

const { tally, problems, problem, call, wallet, refundBet, exitAfterLeave, creditTime, nulls, lateRetries } = simulatorSession({ base, secret, literal, currency });
const admin = { authorization: `Bearer ${adminToken}` };
const as = (p: Sim) => ({ "x-player-token": p.token });
/** Headers of some player, to read a room's state. */
let anyPlayer: Record<string, string> | undefined;
const pick = <T>(items: T[]) => items[randomInt(items.length)]!;

let finishes = 0;
/** Whether the next full room ends in a game error: spread evenly, so that both endings come early. */
function nextIsGameError() {
  const n = finishes++;
  return Math.floor(((n + 1) * gameErrorPercent) / 100) > Math.floor((n * gameErrorPercent) / 100);
}

/** The platform ends a started room: a win for one player (pot less rake), or, now and then, refunds of every bet. */
async function finish(room: Round) {
  const round = { session_id: "simulator", game_code: "simulated", round_id: room.id };
  if (room.seats.length === 0) return;
  if (!nextIsGameError()) {
    const pot = room.seats.reduce((sum, s) => sum.plus(s.amount), new Decimal(0));
    // What the wallet lets the round pay: its pot less the rake its settlement takes.
    const win = pot.minus(rakeOf(pot, room.rake, currency));
    const paid = await wallet("credit", {
      ...round,
      request_id: randomBytes(6).toString("hex"),
      timestamp: creditTime(),
      player_id: pick(room.seats).player_id,
      transfer_id: `sim-win-${room.id}`,
      round_completed: true,
      amount: formatMoney(win, currency),
      currency,
      reason: "win",
      ...nulls(),
    });
    if (paid.raw.status_code === "OK") tally.wins++;
    return;
  }
  // The platform returns each seat's bet, as room.started named it; the last one finishes the room.
  for (const seat of room.seats) {
    if (!seat.bet_transfer_id) continue;
    const bet = { transfer_id: seat.bet_transfer_id, player_id: seat.player_id, amount: seat.amount };
    if ((await refundBet(bet, room.id, "game_error")).raw.status_code === "OK") tally.refunds++;
  }
  const after = await call<RoomInfo>("GET", `/v1/rooms/${room.id}`, anyPlayer!);
  if (after.data?.status !== "finished") problem(`room ${room.id} is ${after.data?.status} after every bet was refunded`);
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
  if (roll < (literal ? 50 : 35) && mine.length > 0) {
    const room = pick(mine);
    const left = await call("POST", `/v1/rooms/${room.id}/leave`, as(p));
    if (left.status === 200) tally.leaves++;
    if (left.status === 200 && literal) await exitAfterLeave(p.id, room.id);
    return;
  }
  if (open.length === 0) return;
  const joined = await call<RoomInfo>("POST", `/v1/rooms/${pick(open).id}/join`, as(p));
  if (joined.status !== 200) return void tally.refused++;
  tally.joins++;
}

/** The platform's part: rooms of its players that start are played for a few seconds, then ended. */
const rounds = new Map<string, Round>();
const playing = new Set<Promise<void>>();
function onRoomEvent(e: RoomEvent, ours: Set<string>) {
  if (e.type === "room.started" && e.seats?.some((s) => ours.has(s.player_id))) {
    tally.started++;
    const round: Round = { id: e.round_id, rake: e.room?.rake_percentage ?? 0, seats: [...(e.seats ?? [])] };
    rounds.set(round.id, round);
    const played = new Promise<void>((resolve) => setTimeout(resolve, 1000 + randomInt(3000))).then(() => finish(round)).catch((error) => problem(String(error)));
    playing.add(played);
    void played.then(() => playing.delete(played));
  } else if (e.type === "room.seat_freed") {
    const round = rounds.get(e.round_id);
    if (round) round.seats = round.seats.filter((s) => s.player_id !== e.player_id);
  } else if (e.type === "room.ended" && rounds.delete(e.round_id)) {
    tally.ended++;
  }
}

async function main() {
  const ours = new Set<string>();
  const feed = await followRoomEvents({ base: base!, secret: values.pull ? secret : eventsSecret, pull: values.pull!, port: Number(values.listen), onEvent: (e) => onRoomEvent(e, ours) });
  console.log(
    feed.url
      ? `Receiving room events at ${feed.url}: start the lobby with PLATFORM_EVENTS_URL=${feed.url}, or run with --pull.`
      : `Reading room events from ${base}/wallet/events.`,
  );
  console.log(`Simulating ${playerCount} players against ${base} for ${seconds} s. Watch ${base}/admin.`);
  const players: Sim[] = [];
  for (let i = 0; i < playerCount; i++) {
    const made = await call<{ id: string }>("POST", "/v1/admin/players", admin, { username: `sim_${randomBytes(4).toString("hex")}`, currency, balance: "1000" });
    if (made.status !== 201) throw new Error(`Could not create a player (${made.status}): ${JSON.stringify(made.raw)}. Check --admin-token.`);
    const issued = await call<{ token: string }>("POST", `/v1/admin/players/${made.data.id}/tokens`, admin, {});
    players.push({ id: made.data.id, token: issued.data.token });
    ours.add(made.data.id);
  }
  anyPlayer = as(players[0]!);
  // The specification's own scenario, once for sure: a player exits before the game starts, then the platform's refund arrives.
  if (literal) {
    const made = await call<RoomInfo>("POST", "/v1/rooms", anyPlayer, { name: "Sim exit", bet_amount: 1, currency, player_limit: 4, turn: 20 });
    if ((await call("POST", `/v1/rooms/${made.data.id}/leave`, anyPlayer)).status === 200) tally.leaves++;
    await exitAfterLeave(players[0]!.id, made.data.id);
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
  // The rooms that started last: their rounds are played, and their room.ended arrives.
  for (const giveUpAt = Date.now() + 15_000; (playing.size > 0 || rounds.size > 0) && Date.now() < giveUpAt; ) await new Promise((r) => setTimeout(r, 250));
  await Promise.all(playing);
  if (rounds.size > 0) problem(`${rounds.size} started rooms had no room.ended event: ${[...rounds.keys()].slice(0, 3).join(", ")}`);
  await feed.stop();
  while (lateRetries.length > 0) await lateRetries.shift(); // late retries, including those the last awaits sent
  console.log(`Done: ${JSON.stringify(tally)}`);
  for (const p of problems) console.log(`  error: ${p}`);
  if (tally.errors > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
});
