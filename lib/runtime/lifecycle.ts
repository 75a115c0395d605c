import "server-only";
import { processState } from "@/lib/process/state";

// Requests in flight and whether the process is shutting down: what graceful shutdown waits on.
// Process state (lib/process/state.ts): Next.js may load this module once per route bundle.

interface Lifecycle {
  inFlight: number;
  draining: boolean;
  idle: (() => void)[];
}

const lifecycle = () => processState("lifecycle", (): Lifecycle => ({ inFlight: 0, draining: false, idle: [] }));

export const isDraining = () => lifecycle().draining;

/** Counts a request in; false once shutdown has begun, and the request must be refused. */
export function enterRequest(): boolean {
  const l = lifecycle();
  if (l.draining) return false;
  l.inFlight++;
  return true;
}

export function leaveRequest(): void {
  const l = lifecycle();
  l.inFlight--;
  if (l.inFlight === 0) for (const wake of l.idle.splice(0)) wake();
}

/** Refuses new requests from now on and waits for those in flight, at most `timeoutMs`; true if all finished. */
export async function drain(timeoutMs: number): Promise<boolean> {
  const l = lifecycle();
  l.draining = true;
  if (l.inFlight === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    new Promise<true>((resolve) => l.idle.push(() => resolve(true))),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  return finished;
}

export const inFlight = () => lifecycle().inFlight;
