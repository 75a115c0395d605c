// Follows a server-sent event stream with fetch rather than EventSource: a header can carry the
// player's token (never the URL), and a refused or dropped stream is connected again with backoff,
// where EventSource gives up for good after any answer but 200.

const RETRY_MS = [1000, 2000, 5000, 10_000];

export interface Follow {
  /** Headers of each connection, read afresh every time. */
  headers?: () => Record<string, string>;
  signal: AbortSignal;
  onEvent: (name: string) => void;
  /** Each (re)connection: events may have been missed while away. */
  onConnected: () => void;
}

/** A refusal that waiting cannot mend (401: the credential is gone), or one that says how long to wait (429). */
class Refused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs?: number,
  ) {
    super(`refused with ${status}`);
  }
}

export function followEvents(url: string, { headers, signal, onEvent, onConnected }: Follow): void {
  const read = async (): Promise<void> => {
    const response = await fetch(url, { headers: headers?.(), signal });
    if (response.status === 401) throw new Refused(401);
    if (response.status === 429) throw new Refused(429, 1000 * Number(response.headers.get("retry-after") ?? 60));
    if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
    attempt = 0;
    onConnected();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (name) onEvent(name);
      }
    }
  };

  let attempt = 0;
  void (async () => {
    while (!signal.aborted) {
      let waitMs: number | undefined;
      try {
        await read();
      } catch (error) {
        // Without a valid credential, asking again only counts as another failed attempt.
        if (error instanceof Refused && error.status === 401) return;
        if (error instanceof Refused) waitMs = error.retryAfterMs;
        // otherwise dropped or refused: wait, then connect again
      }
      if (signal.aborted) return;
      await new Promise((r) => setTimeout(r, waitMs ?? RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]));
    }
  })();
}
