import { retryDelayMs } from "./backoff";

// Follows a server-sent event stream with fetch rather than EventSource: a header can carry the
// player's token (never the URL), and a refused or dropped stream is connected again with backoff,
// where EventSource gives up for good after any answer but 200. A busy server's 503 and a 429 are
// waited out as their Retry-After says, each client a little differently, so that a crowd of
// lobbies does not come back at the same instant.

export interface Follow {
  /** Headers of each connection, read afresh every time. */
  headers?: () => Record<string, string>;
  signal: AbortSignal;
  onEvent: (name: string, data: string) => void;
  /** Each (re)connection: events may have been missed while away. */
  onConnected?: () => void;
  /** The server refused the credential (401) or the player (403, blocked): following ends for good. */
  onUnauthorized?: () => void;
  /** The server asked to wait (429, 503): following goes on after the wait. */
  onRefused?: (status: number) => void;
  /** The connection failed or broke off (no answer, or a stream cut): following goes on after a wait. */
  onDropped?: () => void;
  /** The server ended the stream (a restart, a deploy): following goes on after a wait. */
  onClosed?: () => void;
  /** Waits before connecting again; a test passes one that records the delay instead of sleeping. */
  wait?: (ms: number) => Promise<void>;
  /** How a connection is made; the browser's fetch unless given (the live benchmark's lobbies pass a lighter one). */
  fetch?: (url: string, init: { headers?: Record<string, string>; signal: AbortSignal }) => Promise<StreamAnswer>;
}

/** What following needs of an answer: a fetch Response has it all. */
export interface StreamAnswer {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } } | null;
  arrayBuffer(): Promise<unknown>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How one connection ended. A refusal is an answer, not an error: nothing is thrown for it, so a
 * storm's thousands of refusals cost no stack traces.
 */
type Ended = { refused: number; retryAfterSeconds?: number } | { dropped: true } | { closed: true };

const retryAfterOf = (response: StreamAnswer) => {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
};

/** Each complete event of an SSE text, and what is left over for the next chunk. */
export function splitEvents(buffer: string): { events: { name: string; data: string }[]; rest: string } {
  const events: { name: string; data: string }[] = [];
  let end: number;
  while ((end = buffer.indexOf("\n\n")) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const name = /^event: (.+)$/m.exec(block)?.[1];
    if (!name) continue;
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => line.slice(6))
      .join("\n");
    events.push({ name, data });
  }
  return { events, rest: buffer };
}

/** Follows the stream until aborted or refused for good (401, 403); the promise resolves then. */
export function followEvents(
  address: string | (() => string),
  { headers, signal, onEvent, onConnected, onUnauthorized, onRefused, onDropped, onClosed, wait = sleep, fetch = globalThis.fetch }: Follow,
): Promise<void> {
  const connect = async (): Promise<Ended> => {
    // Each connection asks afresh: what the first event brings may have changed while away.
    const url = typeof address === "string" ? address : address();
    const response = await fetch(url, { headers: headers?.(), signal });
    if (!response.ok || !response.body) {
      // Read to its end, so that the connection serves the next try.
      await response.arrayBuffer().catch(() => undefined);
      const refused = response.status === 401 || response.status === 403 || response.status === 429 || response.status === 503;
      return refused ? { refused: response.status, retryAfterSeconds: retryAfterOf(response) } : { dropped: true };
    }
    attempt = 0;
    onConnected?.();
    // A decoder on the bytes rather than a decoding stream: one stage less for every chunk.
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { closed: true };
      const { events, rest } = splitEvents(buffer + decoder.decode(value, { stream: true }));
      buffer = rest;
      for (const e of events) onEvent(e.name, e.data);
    }
  };

  let attempt = 0;
  return (async () => {
    while (!signal.aborted) {
      const ended = await connect().catch((): Ended => ({ dropped: true }));
      if (signal.aborted) return;
      let retryAfterSeconds: number | undefined;
      if ("refused" in ended) {
        // Without a valid credential, asking again only counts as another failed attempt; a blocked
        // player stays blocked until support lifts it, which a reload then sees.
        if (ended.refused === 401 || ended.refused === 403) return onUnauthorized?.();
        retryAfterSeconds = ended.retryAfterSeconds;
        onRefused?.(ended.refused);
      } else if ("dropped" in ended) onDropped?.();
      else onClosed?.();
      await wait(retryDelayMs(attempt++, retryAfterSeconds));
    }
  })();
}
