import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { freePort, startNextServer, stopProcess } from "../support/next-server";
import { targets } from "./helpers";

// `npm run simulate` against the running build: players, rooms, wins and refunds, with no error. In a
// currency of its own, so that it plays only its own rooms while the other API files run beside it.

const run = promisify(execFile);

describe.each(targets)("$name: the platform simulator", (t) => {
  const simulate = async (...extra: string[]) => {
    // Half the full rooms end in game_error refunds, so that both endings happen in a short run.
    const args = ["--conditions=react-server", "--import", "tsx", "scripts/simulate.ts", "--base-url", t.baseUrl, "--duration", "6", "--players", "6", "--game-errors", "50", "--currency", "SMX", "--admin-token", t.adminToken, "--secret", t.walletSecrets[0], "--pull", ...extra];
    const { stdout } = await run(process.execPath, args, { timeout: 60_000 }).catch((error: { stdout?: string; message: string }) => {
      throw new Error(`The simulator failed:\n${error.stdout ?? ""}\n${error.message}`);
    });
    return JSON.parse(/^Done: (.+)$/m.exec(stdout)![1]!) as Record<string, number>;
  };

  it("plays rooms through every state, with wins and game_error refunds, and stops by itself with no error", async () => {
    const done = await simulate();
    expect(done.errors).toBe(0);
    expect(done.rooms).toBeGreaterThan(0);
    expect(done.joins).toBeGreaterThan(0);
    expect(done.wins).toBeGreaterThan(0);
    expect(done.refunds).toBeGreaterThan(0);
    // Every room it saw start, it saw end: the platform learned of them from the events alone.
    expect(done.started).toBeGreaterThan(0);
    expect(done.ended).toBe(done.started);
  }, 90_000);

  it("plays a spec-literal platform (null fields, fractional timestamps, late retries, player_exit after a leave) with no refusal", async () => {
    const done = await simulate("--spec-literal");
    expect(done).toMatchObject({ errors: 0, walletRefusals: 0 });
    expect(done.wins).toBeGreaterThan(0);
    expect(done.refunds).toBeGreaterThan(0);
    expect(done.exits).toBeGreaterThan(0);
    expect(done.retries).toBeGreaterThan(0);
  }, 90_000);
});

describe("the platform simulator, with room events pushed to it", () => {
  it("learns of rooms from the events the lobby pushes to its receiver, and ends every room it saw start", async () => {
    const port = await freePort();
    const [adminToken, secret] = [randomBytes(24).toString("hex"), randomBytes(24).toString("hex")];
    const server = await startNextServer(
      { PGLITE_DIR: "memory://", DATABASE_URL: "", ADMIN_TOKEN: adminToken, WALLET_SIGNING_SECRET: secret, PLATFORM_EVENTS_URL: `http://127.0.0.1:${port}/events` },
      { label: "pushing to the simulator" },
    );
    try {
      const args = ["--conditions=react-server", "--import", "tsx", "scripts/simulate.ts", "--base-url", server.baseUrl, "--duration", "6", "--players", "6", "--game-errors", "50", "--admin-token", adminToken, "--secret", secret, "--listen", String(port)];
      const { stdout } = await run(process.execPath, args, { timeout: 60_000 }).catch((error: { stdout?: string; message: string }) => {
        throw new Error(`The simulator failed:\n${error.stdout ?? ""}\n${error.message}`);
      });
      expect(stdout).toContain(`Receiving room events at http://127.0.0.1:${port}/events`);
      const done = JSON.parse(/^Done: (.+)$/m.exec(stdout)![1]!) as Record<string, number>;
      expect(done).toMatchObject({ errors: 0, walletRefusals: 0 });
      expect(done.started).toBeGreaterThan(0);
      expect(done.ended).toBe(done.started);
      expect(done.wins! + done.refunds!).toBeGreaterThan(0);
    } finally {
      await stopProcess(server.child);
    }
  }, 90_000);
});
