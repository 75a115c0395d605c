// A beat at once, then every `everyMs`, on a timer that never keeps the process alive. A beat still
// running when the next is due is not overlapped: that one is skipped (a slow database gets one
// write at a time, not a queue of them). A failed beat is reported and the next one tries again.

export interface Heartbeat {
  /** Stops the beats and waits for the one running, if any. */
  stop(): Promise<void>;
}

export function startHeartbeat(beat: () => Promise<void>, { everyMs, onError }: { everyMs: number; onError: (error: unknown) => void }): Heartbeat {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = beat()
      .catch(onError)
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
