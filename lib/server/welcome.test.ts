import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { players, rooms, roomSeats, roundPots } from "@/db/schema";
import { findInconsistencies } from "@/db/consistency";
import { demoPlayers, demoRooms } from "@/db/seed/demo-rooms";
import { insertPlayers, insertRooms } from "@/db/seed/insert-rooms";
import { parseConfig, type Config } from "@/lib/env";
import { DEMO_USERNAME, welcomeNewcomer } from "./welcome";

// The first start on the embedded database: a demo player, a living first lobby, and a greeting that
// prints the launch address (and the generated secrets the first time), even after `npm run db:seed`.

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const handle of handles.splice(0)) await handle.close();
});

async function emptyDatabase() {
  const handle = await openDatabase({ kind: "embedded", dir: "memory://" });
  handles.push(handle);
  return handle.db;
}

function settings(env: Record<string, string>, generatedSecrets: Config["generatedSecrets"]): Config {
  const secrets = { ADMIN_TOKEN: "a".repeat(32), WALLET_SIGNING_SECRET: "s".repeat(32) };
  return { ...parseConfig({ PGLITE_DIR: "memory://", ...secrets, ...env }), generatedSecrets };
}

/** What welcomeNewcomer printed. */
async function greeting(run: () => Promise<void>): Promise<string> {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
  await run();
  vi.restoreAllMocks();
  return printed.join("\n");
}

const roomsByStatus = async (db: Awaited<ReturnType<typeof emptyDatabase>>) =>
  Object.fromEntries(
    (await db.select({ status: rooms.status, n: count() }).from(rooms).groupBy(rooms.status)).map((r) => [r.status, Number(r.n)]),
  );

describe("the first start on the embedded database", { timeout: 90_000 }, () => {
  it("creates the demo player and rooms in every state, and prints the launch address and the secrets once", async () => {
    const db = await emptyDatabase();
    const first = await greeting(() => welcomeNewcomer(db, settings({}, "created"), "memory://"));
    expect(first).toMatch(/Demo player launch address: http:\/\/localhost:3000\/\?token=\S+/);
    expect(first).toContain("Admin token (generated)");
    const byStatus = await roomsByStatus(db);
    expect(Object.keys(byStatus).sort()).toEqual(["finished", "playing", "waiting"]);
    const usdWaiting = await db.select().from(rooms).where(eq(rooms.currency, "USD"));
    expect(usdWaiting.some((r) => r.status === "waiting")).toBe(true);
    // The bots' bets are real money: every seat paid its bet into its room's pot; finished rooms settled.
    const seats = await db.select().from(roomSeats);
    expect(seats.length).toBeGreaterThan(0);
    expect(seats.every((s) => s.betTransferId !== null)).toBe(true);
    const pots = await db.select().from(roundPots);
    const finished = (await db.select().from(rooms).where(eq(rooms.status, "finished"))).map((r) => r.id);
    expect(pots.filter((p) => p.settledAt !== null).map((p) => p.roundId).sort()).toEqual(finished.sort());
    expect(await findInconsistencies(db)).toEqual([]);

    const again = await greeting(() => welcomeNewcomer(db, settings({}, "loaded"), "memory://"));
    expect(again).toMatch(/Demo player launch address: /);
    expect(again).not.toContain("Admin token (generated)");
    expect(await roomsByStatus(db)).toEqual(byStatus);
    expect(await db.select().from(players).where(eq(players.username, DEMO_USERNAME))).toHaveLength(1);
  });

  it("keeps the lobby empty with DEMO=off", async () => {
    const db = await emptyDatabase();
    const printed = await greeting(() => welcomeNewcomer(db, settings({ DEMO: "off" }, "created"), "memory://"));
    expect(printed).toMatch(/Demo player launch address: /);
    expect(await db.select().from(rooms)).toEqual([]);
  });

  it("refuses a DEMO value other than on or off", () => {
    expect(() => parseConfig({ PGLITE_DIR: "memory://", DEMO: "maybe" })).toThrow(/DEMO must be on or off/);
  });

  it("still greets the newcomer after db:seed ran first: launch address and the secrets seed generated", async () => {
    const db = await emptyDatabase();
    const bots = demoPlayers();
    await insertPlayers(db, bots);
    await insertRooms(db, demoRooms(30, bots));
    const printed = await greeting(() => welcomeNewcomer(db, settings({}, "loaded"), "memory://"));
    expect(printed).toMatch(/Demo player launch address: /);
    expect(printed).toContain("Admin token (generated)");
    expect(printed).toContain("Wallet signing secret (generated)");
    // The seeded rooms are the lobby: none added.
    expect((await db.select({ n: count() }).from(rooms))[0]!.n).toBe(30);
  });
});
