import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const lockFile = (dir: string) => `${dir.replace(/\/+$/, "")}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of another live process holding the embedded database directory, if any. */
export function dirLockHolder(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile(dir), "utf8"));
    return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Claim the directory for this process, or fail with a message that says who holds it. */
export function acquireDirLock(dir: string): void {
  const holder = dirLockHolder(dir);
  if (holder !== undefined) {
    throw new Error(
      `The embedded database ${dir} is in use by process ${holder}. ` +
        "PGlite allows one process at a time: stop that process first, or set PGLITE_DIR to another directory.",
    );
  }
  mkdirSync(path.dirname(lockFile(dir)), { recursive: true });
  writeFileSync(lockFile(dir), String(process.pid));
}

export function releaseDirLock(dir: string): void {
  if (dirLockHolder(dir) === undefined) rmSync(lockFile(dir), { force: true });
}
