import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../support/next-server";

// A PostgreSQL server of the fault suite's own, on a free loopback port in a temporary directory:
// the database-loss fault stops and starts it, which must never happen to a server others use.

export interface PrivatePostgres {
  url: string;
  /** Stops in fast mode: every session is ended at once and its open transaction rolled back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, "bin")).find((dir) => existsSync(path.join(dir, "pg_ctl")));
  if (!found) throw new Error("The database-loss fault needs PostgreSQL's server programs (pg_ctl, initdb): apt-get install postgresql.");
  return found;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. Never blocks the load. */
async function run(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  try {
    await promisify(execFile)(command, argv);
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(bin)} ${args.join(" ")} failed:\n${stdout}${stderr}`);
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "lobby-faults-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  await run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const ctl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", data, "-w", "-t", "60", ...args]);
  const start = () => ctl("-o", options, "-l", path.join(dir, "server.log"), "start");
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => ctl("-m", "fast", "stop"),
    start,
    remove: async () => {
      await ctl("-m", "immediate", "stop").catch(() => {}); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
