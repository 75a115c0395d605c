import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";

// A Cookie header of 2,700 names (15 KB, no credential) cost about a second of CPU in every API route:
// Next.js's route runtime copies each request cookie into a response jar, at a cost that grows with
// the square of their number. The server's own CPU time is read from /proc, so the measure holds on a
// loaded machine: it counts what the server spent, not how long the answer took to come.

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const JUNK = Array.from({ length: 2700 }, (_, i) => `${i}=`).join(";");
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time the process has used so far, user and system, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

describe.runIf(process.platform === "linux")("a Cookie header of thousands of names", () => {
  let server: NextServer;
  beforeAll(async () => {
    server = await startNextServer({ PGLITE_DIR: "memory://", DATABASE_URL: "", ADMIN_TOKEN, WALLET_SIGNING_SECRET: randomBytes(24).toString("hex") });
  });
  afterAll(() => stopProcess(server.child));

  /** CPU the server spent on `n` sequential GETs of `path`, per request, in milliseconds. */
  async function cpuPerRequest(path: string, headers: Record<string, string>, n: number): Promise<number> {
    const before = cpuMs(server.child.pid!);
    for (let i = 0; i < n; i++) {
      const answer = await fetch(server.baseUrl + path, { headers });
      await answer.arrayBuffer();
    }
    return (cpuMs(server.child.pid!) - before) / n;
  }

  // The bound is a tenth of what the quadratic copy cost: far from it either way, so that a busy
  // machine's noise in /proc's 10 ms ticks never decides the result.
  it("costs an API route under 100 ms of server CPU more than the same request without it", async () => {
    const paths = ["/v1", "/v1/ready", "/metrics", "/wallet/credit"];
    for (const path of paths) await cpuPerRequest(path, { cookie: JUNK }, 2); // warm up every route
    const plain: number[] = [];
    const cookied: number[] = [];
    // Alternated, so that whatever else the server does (its live-update heartbeat, a collection)
    // falls on both sides alike.
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        plain.push(await cpuPerRequest(path, {}, 5));
        cookied.push(await cpuPerRequest(path, { cookie: JUNK }, 5));
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const extra = mean(cookied) - mean(plain);
    console.log(`server CPU per request: plain ${mean(plain).toFixed(2)} ms, with 2,700 cookies ${mean(cookied).toFixed(2)} ms`);
    expect(extra).toBeLessThan(100);
  }, 120_000);

  it("still hands the API the console's session cookie among them, and pages their cookies", async () => {
    const signedIn = await fetch(`${server.baseUrl}/v1/admin/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: ADMIN_TOKEN }) });
    const session = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    const cookie = `${JUNK};${session};other=1`;
    const rooms = await fetch(`${server.baseUrl}/v1/admin/rooms`, { headers: { cookie } });
    expect(rooms.status).toBe(200);
    expect(((await rooms.json()) as { type: string }).type).toBe("success");
    const page = await fetch(`${server.baseUrl}/api-docs`, { headers: { cookie } });
    expect(page.status).toBe(200);
  }, 60_000);
});
