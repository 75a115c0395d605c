import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { targets } from "./helpers";

// `npm run simulate` against the running build: players, rooms, wins and refunds, with no error. In a
// currency of its own, so that it plays only its own rooms while the other API files run beside it.

const run = promisify(execFile);

describe.each(targets)("$name: the platform simulator", (t) => {
  const simulate = async (...extra: string[]) => {
    // Half the full rooms end in game_error refunds, so that both endings happen in a short run.
    const args = ["--import", "tsx", "scripts/simulate.ts", "--base-url", t.baseUrl, "--duration", "6", "--players", "6", "--game-errors", "50", "--currency", "SMX", "--admin-token", t.adminToken, "--secret", t.walletSecrets[0], ...extra];
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
