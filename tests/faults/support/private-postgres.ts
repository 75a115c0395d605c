import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../support/next-server";

// A PostgreSQL server of the fault suite's own, on a free loopback port in a temporary directory:
// the database-loss fault stops and starts it, which must never happen to a server others use.

export interface PrivatePostgres {
  url: string;
  /** Stops at once, as a crash would: open transactions are lost, committed ones are kept. */
  stop(): void;
  start(): void;
  remove(): void;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, "bin")).find((dir) => existsSync(path.join(dir, "pg_ctl")));
  if (!found) throw new Error("The database-loss fault needs PostgreSQL's server programs (pg_ctl, initdb): apt-get install postgresql.");
  return found;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
function run(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(command, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "lobby-faults-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const ctl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", data, "-w", "-t", "60", ...args]);
  const start = () => ctl("-o", options, "-l", path.join(dir, "server.log"), "start");
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => ctl("-m", "immediate", "stop"),
    start,
    remove: () => {
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
