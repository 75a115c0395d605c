import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { roomStatusChanges } from "@/db/schema";
import { insertPlayers, insertRooms, type NewRoom } from "@/db/seed/insert-rooms";
import type { Config } from "@/lib/env";
import { Decimal } from "@/lib/money/decimal";
import { createScratchDatabase } from "../support/scratch-database";
import { startNextServer, stopProcess } from "../support/next-server";
import type { Target } from "./global-setup";
import { clearOfUtcTimes } from "../support/utc-day";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// The dashboard's series. Money is checked to the cent in a currency of the test's own, on the
// shared servers. Rooms are counted across all currencies, so they are checked on servers of this
// file's own, whose rooms all have a history the test wrote: every count is known exactly.

interface Dashboard {
  by: "hour" | "day";
  periods: string[];
  today: { date: string; currencies: { currency: string; bets: string; wins: string; refunds: string; ggr: string; rake: string; players: number }[] };
  rooms: { period: string; waiting: number | null; playing: number | null; finished: number | null; created: number; finished_in_period: number }[];
  money: { currency: string; points: { period: string; bets: string; wins: string; refunds: string; rake: string }[] }[];
  players: { period: string; players: number }[];
}

async function dashboard(t: Target, by: "hour" | "day"): Promise<Dashboard> {
  const answer = await get(t, `/v1/admin/dashboard?by=${by}`, { admin: t.adminToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const total = (d: Dashboard, currency: string, field: "bets" | "wins" | "refunds" | "rake") =>
  (d.money.find((m) => m.currency === currency)?.points ?? []).reduce((s, p) => s.plus(p[field]), new Decimal(0)).toFixed(2);

describe.each(targets)("$name: the admin dashboard", (t) => {
  it("sums bets, wins, refunds and rake per currency, by hour and by day, to the cent, and today's figures with GGR", async () => {
    await clearOfUtcTimes(30_000);
    const currency = `D${randomBytes(4).toString("hex").toUpperCase()}`;
    const [a, b] = [await newPlayer(t, { currency, balance: "100" }), await newPlayer(t, { currency, balance: "100" })];
    // A round played: two bets of 2 at 5%, a win of 3.80 that completes it, and the pot settled with
    // a rake of 0.20. Then a room that never plays: two bets of 2 at 5%, b's refunded; no rake.
    const played = (await post(t, "/v1/rooms", { name: "charted", bet_amount: 2, currency, player_limit: 2, turn: 10, rake_percentage: 5 }, { token: a.token })).body.data.id;
    expect((await post(t, `/v1/rooms/${played}/join`, undefined, { token: b.token })).status).toBe(200);
    expect((await callWallet(t, "credit", creditBody(a.id, { amount: "3.80", currency, round_id: played, round_completed: true }))).body.status_code).toBe("OK");
    const unplayed = (await post(t, "/v1/rooms", { name: "charted", bet_amount: 2, currency, player_limit: 4, turn: 10, rake_percentage: 5 }, { token: a.token })).body.data.id;
    expect((await post(t, `/v1/rooms/${unplayed}/join`, undefined, { token: b.token })).status).toBe(200);
    const bet = (await ledgerOf(t, b.id)).find((r) => r.kind === "debit" && r.round_id === unplayed)!;
    const refund = refundBody(b.id, { amount: "2", currency, transfer_id: bet.transfer_id, round_id: unplayed });
    expect((await callWallet(t, "refund", refund)).body.status_code).toBe("OK");

    for (const by of ["hour", "day"] as const) {
      const d = await dashboard(t, by);
      expect(d.periods).toHaveLength(by === "hour" ? 24 : 30);
      expect([total(d, currency, "bets"), total(d, currency, "wins"), total(d, currency, "refunds"), total(d, currency, "rake")]).toEqual(["8.00", "3.80", "2.00", "0.20"]);
      // Both players bet within the last period or two (a test may cross an hour's end).
      expect(d.players.slice(-2).reduce((n, p) => n + p.players, 0)).toBeGreaterThanOrEqual(2);
      // Today's tiles, whichever the period: GGR = bets − refunds − wins = 8 − 2 − 3.80.
      expect(d.today.date).toBe(new Date().toISOString().slice(0, 10));
      expect(d.today.currencies.find((c) => c.currency === currency)).toEqual({ currency, bets: "8.00000000", wins: "3.80000000", refunds: "2.00000000", ggr: "2.20000000", rake: "0.20000000", players: 2 });
    }
   }, 70_000);

  it("refuses an unknown period with 400 naming the field, and callers without the admin token with 401", async () => {
    const refused = await get(t, "/v1/admin/dashboard?by=week", { admin: t.adminToken });
    expectError(refused, 400, "validation_failed");
    expect(refused.body.errors[0].path).toBe("by");
    expectError(await get(t, "/v1/admin/dashboard"), 401, "admin_unauthorized");
  });
});

// Four rooms and what they went through, `ago` hours before the hour the test began in (ten minutes
// past that hour), with where each ended up.
type Status = "waiting" | "playing" | "finished";
const HISTORY: { room: number; ago: number; from: Status | null; to: Status }[] = [
  { room: 1, ago: 5, from: null, to: "waiting" },
  { room: 2, ago: 5, from: null, to: "waiting" },
  { room: 1, ago: 4, from: "waiting", to: "playing" },
  { room: 4, ago: 4, from: null, to: "waiting" },
  { room: 1, ago: 3, from: "playing", to: "finished" },
  { room: 3, ago: 3, from: null, to: "waiting" },
  { room: 2, ago: 2, from: "waiting", to: "finished" },
  { room: 4, ago: 1, from: "waiting", to: "playing" },
];
const FINAL: Record<number, Status> = { 1: "finished", 2: "finished", 3: "waiting", 4: "playing" };

// Worked out by hand from HISTORY: rooms in each status at the end of each of those hours, and the
// rooms created and finished in it. Before the first change nothing is known; since the last, the
// counts are those of the rooms as they are.
const HOURS: Record<number, { waiting: number; playing: number; finished: number; created: number; finished_in_period: number }> = {
  5: { waiting: 2, playing: 0, finished: 0, created: 2, finished_in_period: 0 },
  4: { waiting: 2, playing: 1, finished: 0, created: 1, finished_in_period: 0 },
  3: { waiting: 3, playing: 0, finished: 1, created: 1, finished_in_period: 1 },
  2: { waiting: 2, playing: 0, finished: 2, created: 0, finished_in_period: 1 },
  1: { waiting: 1, playing: 1, finished: 2, created: 0, finished_in_period: 0 },
};
const UNKNOWN = { waiting: null, playing: null, finished: null };
// With a room loaded now that was made 40 days ago (a seed, an import): the log saw it appear now,
// but it was not created in any period shown.
const SEEDED = { waiting: 2, playing: 1, finished: 2 };

const HOUR = 3_600_000;
const hourLabel = (at: number) => new Date(at).toISOString().slice(0, 13);
const dayLabel = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The seeded rooms and their history, written before the server starts. */
async function seedHistory(database: Config["database"], hour: number) {
  const at = (ago: number) => new Date(hour - ago * HOUR + 10 * 60_000);
  const seated = [randomUUID(), randomUUID()];
  const roomIds = Object.fromEntries(Object.keys(FINAL).map((n) => [n, randomUUID()]));
  const handle = await openDatabase(database);
  try {
    await insertPlayers(handle.db, seated.map((id, n) => ({ id, username: `counted_${n}_${randomBytes(3).toString("hex")}`, currency: "USD", realBalance: "0", avatarName: "default", avatarUrl: "/avatars/default.svg" })));
    const rooms: NewRoom[] = Object.entries(FINAL).map(([n, status]) => ({
      id: roomIds[n]!,
      name: `Counted back ${n}`,
      betAmount: "1",
      currency: "USD",
      playerLimit: 2,
      status,
      turn: 10,
      createdAt: at(HISTORY.find((h) => h.room === Number(n) && h.from === null)!.ago),
      seats: (status === "waiting" ? seated.slice(0, 1) : seated).map((playerId) => ({ playerId })),
    }));
    const loaded = randomUUID();
    rooms.push({ id: loaded, name: "Loaded long ago", betAmount: "1", currency: "USD", playerLimit: 2, status: "waiting", turn: 10, createdAt: new Date(hour - 40 * 24 * HOUR), seats: [] });
    await insertRooms(handle.db, rooms);
    // The triggers logged each room as made now, in its last status: the log is replaced by its
    // history, but for the room loaded long ago, which keeps its row of now.
    await handle.db.delete(roomStatusChanges);
    await handle.db.insert(roomStatusChanges).values([
      ...HISTORY.map((h) => ({ roomId: roomIds[h.room]!, fromStatus: h.from, toStatus: h.to, at: at(h.ago) })),
      { roomId: loaded, fromStatus: null, toStatus: "waiting" as const, at: new Date() },
    ]);
  } finally {
    await handle.close();
  }
}

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const SECRET = randomBytes(24).toString("hex");

interface Backend {
  name: Target["name"];
  start: (hour: number) => Promise<{ target: Target; stop: () => Promise<void> }>;
}

async function serve(name: Target["name"], env: Record<string, string>, databaseUrl?: string) {
  const server = await startNextServer({ ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET, ...env }, { label: `${name} dashboard` });
  const target: Target = { name, baseUrl: server.baseUrl, adminToken: ADMIN_TOKEN, walletSecrets: [SECRET, SECRET], databaseUrl, logFile: "" };
  return { target, stop: () => stopProcess(server.child) };
}

const backends: Backend[] = [
  {
    name: "embedded",
    start: async (hour) => {
      const dir = mkdtempSync(path.join(tmpdir(), "lobby-dashboard-"));
      await seedHistory({ kind: "embedded", dir }, hour);
      const { target, stop } = await serve("embedded", { PGLITE_DIR: dir, DATABASE_URL: "" });
      return {
        target,
        stop: async () => {
          await stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (process.env.DATABASE_URL_TEST) {
  backends.push({
    name: "postgres",
    start: async (hour) => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!);
      await seedHistory({ kind: "postgres", url: scratch.url }, hour);
      const { target, stop } = await serve("postgres", { DATABASE_URL: scratch.url }, scratch.url);
      return {
        target,
        stop: async () => {
          await stop();
          await scratch.drop();
        },
      };
    },
  });
}

type Counts = { waiting: number | null; playing: number | null; finished: number | null };

describe.each(backends)("$name: the dashboard's rooms back in time, on a server of its own", (backend) => {
  // The hour the test began in: HISTORY's hours are counted back from it, whatever the hour when read.
  const hour = Math.floor(Date.now() / HOUR) * HOUR;
  let t: Target;
  let stop = async () => {};
  beforeAll(async () => {
    ({ target: t, stop } = await backend.start(hour));
  }, 120_000);
  afterAll(() => stop());

  /** Each hour as HISTORY says; the hours since, with the rooms as they are now (`now`, while unchanged). */
  function expectHours(d: Dashboard, now: Counts | undefined) {
    expect(d.periods).toHaveLength(24);
    for (const point of d.rooms) {
      const ago = (hour - Date.parse(`${point.period}:00:00Z`)) / HOUR;
      if (ago > 5) expect(point, point.period).toEqual({ period: point.period, ...UNKNOWN, created: 0, finished_in_period: 0 });
      else if (ago >= 1) expect(point, point.period).toEqual({ period: point.period, ...HOURS[ago] });
      else if (now) expect(point, point.period).toEqual({ period: point.period, ...now, created: 0, finished_in_period: 0 });
    }
    expect(d.rooms.at(-1)!.period).toBe(hourLabel(Date.now()));
  }

  /** Each day ends as its last hour does; its rooms created and finished are those of its hours. */
  function expectDays(d: Dashboard, now: Counts) {
    expect(d.periods).toHaveLength(30);
    for (const point of d.rooms.slice(0, -1)) {
      const lastHourAgo = (hour - (Date.parse(`${point.period}T00:00:00Z`) + 23 * HOUR)) / HOUR;
      const hours = [5, 4, 3, 2, 1].filter((ago) => dayLabel(hour - ago * HOUR) === point.period).map((ago) => HOURS[ago]!);
      const ends = lastHourAgo > 5 ? UNKNOWN : lastHourAgo >= 1 ? HOURS[lastHourAgo]! : now;
      expect(point, point.period).toEqual({
        period: point.period,
        waiting: ends.waiting,
        playing: ends.playing,
        finished: ends.finished,
        created: hours.reduce((n, h) => n + h.created, 0),
        finished_in_period: hours.reduce((n, h) => n + h.finished_in_period, 0),
      });
    }
    expect(d.rooms.at(-1)).toMatchObject({ period: dayLabel(Date.now()), ...now });
  }

  const sum = (d: Dashboard, field: "created" | "finished_in_period") => d.rooms.reduce((n, p) => n + p[field], 0);
  const adminCounts = async () => (await get(t, "/v1/admin/rooms", { admin: t.adminToken })).body.data.counts;

  it("counts the rooms in each status at the end of every hour and day exactly as their history says, before and after rooms change now", async () => {
    expectHours(await dashboard(t, "hour"), SEEDED);
    const byDay = await dashboard(t, "day");
    expectDays(byDay, SEEDED);
    expect([sum(byDay, "created"), sum(byDay, "finished_in_period")]).toEqual([4, 2]);
    expect(await adminCounts()).toEqual(SEEDED);

    // Now three rooms: one filled (playing), one closed (finished), one left waiting.
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const open = async () => (await post(t, "/v1/rooms", { name: "counted now", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: a.token })).body.data.id as string;
    const [filled, closed] = [await open(), await open(), await open()];
    expect((await post(t, `/v1/rooms/${filled}/join`, undefined, { token: b.token })).body.data.status).toBe("playing");
    expect((await post(t, `/v1/admin/rooms/${closed}/close`, { reason: "dashboard test" }, { admin: t.adminToken })).body.data.room.status).toBe("finished");
    const now = { waiting: SEEDED.waiting + 1, playing: SEEDED.playing + 1, finished: SEEDED.finished + 1 };

    // The past hours are unchanged; the rooms made and closed now show since the test began.
    const byHour = await dashboard(t, "hour");
    expectHours(byHour, undefined);
    expect(byHour.rooms.at(-1)).toMatchObject(now);
    const since = byHour.rooms.filter((p) => Date.parse(`${p.period}:00:00Z`) >= hour);
    expect([since.reduce((n, p) => n + p.created, 0), since.reduce((n, p) => n + p.finished_in_period, 0)]).toEqual([3, 1]);
    const afterByDay = await dashboard(t, "day");
    expect(afterByDay.rooms.at(-1)).toMatchObject({ period: dayLabel(Date.now()), ...now });
    expect([sum(afterByDay, "created"), sum(afterByDay, "finished_in_period")]).toEqual([7, 3]);
    expect(await adminCounts()).toEqual(now);
  });
});
