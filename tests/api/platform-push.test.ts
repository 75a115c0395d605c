import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameNeedingPostgres, DATABASE_URL_TEST } from "../support/needs-postgres";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { platformReceiver, until, type PlatformReceiver } from "../support/platform-receiver";
import { createScratchDatabase } from "../support/scratch-database";
import type { Target } from "./global-setup";
import { get, newPlayer, post } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// Room events pushed to the platform, on servers of this file's own with PLATFORM_EVENTS_URL set to a
// receiver that checks each signature with code of its own: signed, in order per room, retried while
// the platform is down, sent after a kill -9 between commit and send, and never by two instances at once.

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const METRICS_TOKEN = randomBytes(24).toString("hex");
const WALLET_SECRET = randomBytes(24).toString("hex");
const EVENTS_SECRET = randomBytes(24).toString("hex");
const settings = (database: Record<string, string>, eventsUrl?: string) => ({
  ...database,
  ADMIN_TOKEN,
  METRICS_TOKEN,
  WALLET_SIGNING_SECRET: WALLET_SECRET,
  PLATFORM_EVENTS_SECRET: EVENTS_SECRET,
  PLATFORM_EVENTS_URL: eventsUrl ?? "",
});
const targetOf = (server: NextServer, databaseUrl?: string): Target => ({
  name: databaseUrl ? "postgres" : "embedded",
  baseUrl: server.baseUrl,
  adminToken: ADMIN_TOKEN,
  metricsToken: METRICS_TOKEN,
  walletSecrets: [WALLET_SECRET, WALLET_SECRET],
  databaseUrl,
  logFile: "",
});

/** A room of two that starts, and with `end`, ends by a completing credit; its id. */
async function playRoom(t: Target, { end = true } = {}): Promise<string> {
  const [host, guest] = [await newPlayer(t), await newPlayer(t)];
  const made = await post(t, "/v1/rooms", { name: "pushed", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: host.token });
  expect((await post(t, `/v1/rooms/${made.body.data.id}/join`, undefined, { token: guest.token })).status).toBe(200);
  if (end) expect((await callWallet(t, "credit", creditBody(guest.id, { round_id: made.body.data.id, round_completed: true, amount: "1.90" }))).body.status_code).toBe("OK");
  return made.body.data.id;
}

const typesOf = (receiver: PlatformReceiver, roomId: string) => receiver.accepted().filter((a) => a.roundId === roomId).map((a) => a.type);

interface Database {
  env: Record<string, string>;
  url?: string;
  drop: () => Promise<void>;
}
const databases: { name: string; make: () => Promise<Database> }[] = [
  {
    name: "embedded",
    make: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "lobby-push-"));
      return { env: { PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: "" }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
if (DATABASE_URL_TEST) {
  databases.push({
    name: "postgres",
    make: async () => {
      const scratch = await createScratchDatabase(DATABASE_URL_TEST!);
      return { env: { DATABASE_URL: scratch.url }, url: scratch.url, drop: scratch.drop };
    },
  });
}

describe.each(databases)("$name: room events pushed to the platform", ({ make }) => {
  let database: Database;
  let receiver: PlatformReceiver;
  const servers: NextServer[] = [];
  beforeAll(async () => {
    database = await make();
    receiver = await platformReceiver(EVENTS_SECRET);
  });
  afterAll(async () => {
    for (const s of servers) await stopProcess(s.child);
    await receiver.close();
    await database.drop();
  });

  it("sends events committed before a kill -9 once the next instance starts, signed over their exact bytes", async () => {
    // No PLATFORM_EVENTS_URL: the events commit with the room's changes and nothing sends them.
    const silent = await startNextServer(settings(database.env), { label: "push: killed before sending" });
    const roomId = await playRoom(targetOf(silent, database.url));
    silent.child.kill("SIGKILL");
    await new Promise((resolve) => silent.child.once("exit", resolve));
    expect(receiver.attempts).toEqual([]);

    const sender = await startNextServer(settings(database.env, receiver.url), { label: "push: sender" });
    servers.push(sender);
    await until(() => typesOf(receiver, roomId).length === 2, "both events of the room");
    expect(typesOf(receiver, roomId)).toEqual(["room.started", "room.ended"]);
    for (const a of receiver.attempts) {
      expect(a.signatureValid).toBe(true);
      expect(a.timestamp).toMatch(/^\d{13}$/);
    }
    // The same check with openssl, as docs/integration.md shows it.
    const [first] = receiver.accepted();
    const openssl = execFileSync("openssl", ["dgst", "-sha256", "-hmac", EVENTS_SECRET], { input: first!.body }).toString();
    expect(openssl.trim().split(" ").at(-1)).toBe(createHmac("sha256", EVENTS_SECRET).update(first!.body).digest("hex"));
    // Two server starts and a migration: the time they take follows the machine's load, not the code.
  }, 120_000);

  it("keeps trying while the platform is down, with the same event ids, and delivers in order once it is up", async () => {
    const t = targetOf(servers[0]!, database.url);
    receiver.setUp(false);
    const roomId = await playRoom(t);
    await until(() => receiver.attempts.filter((a) => a.roundId === roomId).length >= 3, "three refused attempts");
    // While the first event is refused, the room's second waits behind it: order per room.
    expect(new Set(receiver.attempts.filter((a) => a.roundId === roomId).map((a) => a.type))).toEqual(new Set(["room.started"]));
    // The backlog shows in the metrics while the platform is down.
    const metrics = await (await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(Number(/^lobby_platform_events_undelivered (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    expect(/^lobby_platform_events_oldest_undelivered_seconds \d+$/m.test(metrics)).toBe(true);
    receiver.setUp(true);
    await until(() => typesOf(receiver, roomId).length === 2, "both events after the platform came back");
    expect(typesOf(receiver, roomId)).toEqual(["room.started", "room.ended"]);
    const ids = new Set(receiver.attempts.filter((a) => a.roundId === roomId && a.type === "room.started").map((a) => a.eventId));
    expect(ids.size).toBe(1);

    // Sent again from the console: the same event, the same id, and the action in the audit log.
    const [started] = ids;
    const resent = await post(t, `/v1/admin/platform-events/${started}/resend`, { reason: "platform lost it" }, { admin: ADMIN_TOKEN });
    expect(resent.body).toEqual({ type: "success", status: 200, data: { event_id: started, queued: true } });
    await until(() => receiver.accepted().filter((a) => a.eventId === started).length === 2, "the event sent again");
    const audit = await get(t, "/v1/admin/audit?action=resend_event", { admin: ADMIN_TOKEN });
    expect(audit.body.data.actions[0]).toMatchObject({ action: "resend_event", room_id: roomId, details: { event_id: started, reason: "platform lost it" } });
    expect((await post(t, "/v1/admin/platform-events/evt_none/resend", {}, { admin: ADMIN_TOKEN })).status).toBe(404);
  }, 120_000);
});

describe.skipIf(!DATABASE_URL_TEST)(nameNeedingPostgres("postgres: two instances pushing from one database", DATABASE_URL_TEST), () => {
  it("send each event once between them, a room's in order", async () => {
    const scratch = await createScratchDatabase(DATABASE_URL_TEST!);
    const receiver = await platformReceiver(EVENTS_SECRET);
    const env = settings({ DATABASE_URL: scratch.url }, receiver.url);
    const [a, b] = [await startNextServer(env, { label: "push: instance A" }), await startNextServer(env, { label: "push: instance B" })];
    try {
      const rooms: string[] = [];
      for (let i = 0; i < 12; i++) rooms.push(await playRoom(targetOf(i % 2 ? b : a, scratch.url)));
      await until(() => receiver.accepted().length === 24, "24 events");
      const ids = receiver.attempts.map((x) => x.eventId);
      expect(new Set(ids).size).toBe(24);
      expect(ids).toHaveLength(24);
      for (const roomId of rooms) expect(typesOf(receiver, roomId)).toEqual(["room.started", "room.ended"]);
    } finally {
      await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
      await receiver.close();
      await scratch.drop();
    }
  }, 120_000);
});
