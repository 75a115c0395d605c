import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { adminActions } from "@/db/schema";
import { signBody } from "@/lib/wallet/signature";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "lobby-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = "a-signing-secret-for-the-cli-test";
const env = { ...process.env, PGLITE_DIR: path.join(dir, "pglite"), ADMIN_TOKEN: "an-admin-token-for-the-cli-test", WALLET_SIGNING_SECRET: SECRET };
// As the npm scripts run them: server modules import "server-only" (docs/architecture.md, "Boundaries").
const tsx = (script: string, args: string[]) => run(process.execPath, ["--conditions=react-server", "--import", "tsx", `scripts/${script}.ts`, ...args], { env });

describe("npm run wallet:sign", () => {
  it("prints the signature of the file's exact bytes and a curl command for the right endpoint", async () => {
    const refund = path.join(dir, "refund.json");
    const body = '{"reference_id": "r", "timestamp": 1732200000000}\n';
    writeFileSync(refund, body);
    const { stdout } = await tsx("wallet-sign", [refund, "--url", "http://127.0.0.1:4000/"]);
    const [signature, , curl] = stdout.trim().split("\n");
    expect(signature).toBe(signBody(body, SECRET));
    expect(curl).toBe(
      `curl -s http://127.0.0.1:4000/wallet/refund -H 'Content-Type: application/json' -H 'X-Signature: ${signature}' -H 'X-Timestamp: 1732200000000' --data-binary @${refund}`,
    );
  });
});

describe("npm run player:create", () => {
  it("registers a player on the database and prints a launch address", async () => {
    const { stdout } = await tsx("player-create", ["--username", "cli_alice", "--currency", "usd", "--balance", "100", "--url", "https://lobby.example.com"]);
    expect(stdout).toMatch(/^Player cli_alice \([0-9a-f-]{36}\)\nLaunch address, valid until \d{4}-\d\d-\d\dT.+:\nhttps:\/\/lobby\.example\.com\/\?token=[A-Za-z0-9_-]{43}\n$/);
    // Audited like the console's registration: who (the command line, and the operator's account on
    // this machine), the opening balance, and the launch address issued.
    const playerId = /\(([0-9a-f-]{36})\)/.exec(stdout)![1]!;
    const handle = await openDatabase({ kind: "embedded", dir: env.PGLITE_DIR });
    try {
      const rows = await handle.db.select().from(adminActions).where(eq(adminActions.playerId, playerId)).orderBy(adminActions.seq);
      expect(rows.map((r) => [r.action, r.actor, r.source])).toEqual([
        ["create_player", "command line", `${userInfo().username}@${hostname()}`],
        ["issue_launch_token", "command line", `${userInfo().username}@${hostname()}`],
      ]);
      expect(rows[0]!.details).toEqual({ username: "cli_alice", currency: "USD", balance: "100" });
    } finally {
      await handle.close();
    }
  });

  it("refuses bad input with the problem and the usage, exiting 1", async () => {
    const failure = await tsx("player-create", ["--username", "x", "--currency", "US D"]).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("currency must be 1 to 10 letters or digits");
    expect(failure.stderr).toContain("Usage: npm run player:create");
  });
});
