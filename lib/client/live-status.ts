// Whether the tab's event stream (use-live-updates.ts) is following the server now. One per tab, as
// the stream is; the lobby's banner reads it, so that a player knows when what they see may be late.

export type LiveStatus = "connecting" | "live" | "reconnecting";

/** A value with subscribers, in the shape React's useSyncExternalStore reads. */
export class LiveStatusStore {
  private status: LiveStatus = "connecting";
  private readonly listeners = new Set<() => void>();

  get = (): LiveStatus => this.status;

  set(next: LiveStatus) {
    if (next === this.status) return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

export const liveStatus = new LiveStatusStore();
