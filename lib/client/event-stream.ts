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

export function followEvents(url: string, { headers, signal, onEvent, onConnected }: Follow): void {
  const read = async (): Promise<void> => {
    const response = await fetch(url, { headers: headers?.(), signal });
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
      try {
        await read();
      } catch {
        // dropped or refused: wait, then connect again
      }
      if (signal.aborted) return;
      await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]));
    }
  })();
}
