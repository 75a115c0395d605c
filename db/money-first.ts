// The embedded database runs one statement at a time, in the order they are handed to it. Left alone,
// a credit that arrives behind eight queued lobby reads waits for all eight. This gate hands PGlite
// at most one lobby statement (or transaction) at a time, and none while money is waiting or running:
// money waits at most for the one lobby statement already inside, never for the queue behind it.

export class MoneyFirst {
  private money = 0;
  private lobbyRunning = false;
  private readonly lobbyQueue: (() => void)[] = [];

  /** Runs money's work straight away; lobby work queued meanwhile waits until no money is left. */
  async forMoney<T>(work: () => Promise<T>): Promise<T> {
    this.money++;
    try {
      return await work();
    } finally {
      this.money--;
      this.pump();
    }
  }

  /** Runs lobby work once nothing of money's is waiting and no other lobby work is inside. */
  async forLobby<T>(work: () => Promise<T>): Promise<T> {
    if (this.money > 0 || this.lobbyRunning) await new Promise<void>((resolve) => this.lobbyQueue.push(resolve));
    this.lobbyRunning = true;
    try {
      return await work();
    } finally {
      this.lobbyRunning = false;
      this.pump();
    }
  }

  /** Lobby statements waiting their turn: for the metrics and tests. */
  get lobbyWaiting(): number {
    return this.lobbyQueue.length;
  }

  private pump() {
    if (this.money > 0 || this.lobbyRunning) return;
    const next = this.lobbyQueue.shift();
    if (next) {
      // Taken now, before the woken work runs: a lobby call arriving meanwhile queues behind it.
      this.lobbyRunning = true;
      next();
    }
  }
}

type Gate = <T>(work: () => Promise<T>) => Promise<T>;
const GATED = new Set<PropertyKey>(["query", "exec", "transaction"]);

/**
 * The same client, its statements passed through `gate`. Everything else is the client's own, bound to
 * it (PGlite keeps private fields, which a proxy as `this` cannot reach).
 */
export function gatedClient<C extends object>(client: C, gate: Gate): C {
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return GATED.has(key) ? (...args: unknown[]) => gate(() => method(...args) as Promise<unknown>) : method;
    },
  });
}
