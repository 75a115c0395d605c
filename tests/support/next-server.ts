import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";

// The production build (`next build`) started as its own process on loopback: what the API tests
// and the benchmark talk to.

/** A port nothing listens on now, other than those `taken` (ports chosen but not yet listened on). */
export async function freePort(...taken: number[]): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!taken.includes(port)) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface NextServer {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: string[];
}

/**
 * Starts `next start` with these environment variables and waits until `GET /v1` answers (unless
 * `wait` is false: for a server that is not meant to get that far). With `logFile`, everything it
 * prints is also written there, for tests that read its logs.
 */
export async function startNextServer(
  env: Record<string, string | undefined>,
  { label = "app", logFile, port: fixedPort, wait = true }: { label?: string; logFile?: string; port?: number; wait?: boolean } = {},
): Promise<NextServer> {
  // The system may offer the port just chosen for the wallet lane again: it is not listened on yet.
  const port = fixedPort ?? (await freePort(...(env.WALLET_PORT ? [Number(env.WALLET_PORT)] : [])));
  const output: string[] = [];
  // DEMO=off: a test's empty database stays empty (no demo rooms on the embedded database's first start).
  const settings: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1", DEMO: "off", ...env };
  // Every start says its mode, never the shell's: on PostgreSQL the servers run as production does
  // (each is given secrets of its own, never test-only ones), on the embedded database as development.
  // A caller's own APP_MODE wins; "" leaves it unsaid, as a start that must be refused does.
  const mode = "APP_MODE" in env ? env.APP_MODE : settings.DATABASE_URL ? "production" : "development";
  // SERVER_CPU_PROFILE_DIR: each server writes a CPU profile there when it exits (docs/performance.md).
  const profile = process.env.SERVER_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...settings, APP_MODE: mode },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A server outlives its starter only by mistake: a benchmark or test that crashes takes it along
  // instead of leaving it to answer (and spin) beside the next run.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  child.once("exit", () => process.off("exit", orphanGuard));
  child.stdout!.on("data", (d) => output.push(String(d)));
  child.stderr!.on("data", (d) => output.push(String(d)));
  if (logFile) {
    const file = createWriteStream(logFile);
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  if (!wait) return { baseUrl, child, output };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${baseUrl}/v1`).then((r) => r.ok, () => false);
    if (ready) return { baseUrl, child, output };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`The ${label} server did not start:\n${output.join("")}`);
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
