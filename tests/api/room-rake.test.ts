import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNextServer, stopProcess } from "../support/next-server";
import type { Target } from "./global-setup";
import { backends } from "./own-backends";
import { expectError, get, newPlayer, post } from "./helpers";

// ROOM_RAKE_PERCENTAGES on a server of its own, on each database: only the listed rakes make a room.
// Without the setting any rake from 0 to 100 does (tests/api/create-room.test.ts, on the shared servers).

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const SECRET = randomBytes(24).toString("hex");
const ALLOWED = "0,2.5,5";
const valid = { name: "Raked table", bet_amount: "1.50", currency: "USD", player_limit: 2, turn: 30 };

describe.each(backends)("$name: POST /v1/rooms with ROOM_RAKE_PERCENTAGES", (backend) => {
  let t: Target;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const database = await backend.env();
    const server = await startNextServer(
      { ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET, ROOM_RAKE_PERCENTAGES: ALLOWED, ...database.env },
      { label: `${backend.name} room rakes` },
    );
    t = { name: backend.name, baseUrl: server.baseUrl, adminToken: ADMIN_TOKEN, walletSecrets: [SECRET, SECRET], databaseUrl: database.databaseUrl, logFile: "" };
    stop = async () => (await stopProcess(server.child), await database.drop());
  });
  afterAll(() => stop?.());

  it.each([
    [0, 0],
    [2.5, 2.5],
    [5, 5],
    ["omitted", 0],
  ] as const)("makes a room with a listed rake: %s", async (label, rake) => {
    const player = await newPlayer(t);
    const body = label === "omitted" ? valid : { ...valid, rake_percentage: rake };
    const answer = await post(t, "/v1/rooms", body, { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ rake_percentage: rake, status: "waiting", current_players: 1 });
    expect((await get(t, "/v1/player/balance", { token: player.token })).body.data.balance).toBe("98.50");
  });

  it.each([1, 2.49, 3, 100])("refuses rake %d with 400, naming the field and the allowed values, and moves no money", async (rake) => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", { ...valid, rake_percentage: rake }, { token: player.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toEqual([{ path: "rake_percentage", message: "must be one of 0, 2.5, 5" }]);
    expect(answer.body.message).toBe("Invalid body: rake_percentage must be one of 0, 2.5, 5");
    expect((await get(t, "/v1/player/balance", { token: player.token })).body.data.balance).toBe("100.00");
    expect((await get(t, "/v1/rooms?status=waiting&limit=100", { token: player.token })).body.data.active_rooms).toEqual([]);
  });

  it("still reports a rake outside 0 to 100 as the schema does, before the list", async () => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", { ...valid, rake_percentage: 101 }, { token: player.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toEqual([{ path: "rake_percentage", message: "must be at most 100" }]);
  });
});
