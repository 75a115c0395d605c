import { expect } from "vitest";
import type { RoomUpdate } from "@/lib/live/contract";

// A client of the live event streams (/v1/events, /v1/admin/events), for the tests that watch them.

export interface Received {
  event: string;
  data: Record<string, unknown>;
}

/** The update of one room in a received `rooms` batch, if it has one. */
export const updateOf = (r: Received, roomId: string): RoomUpdate | undefined =>
  r.event === "rooms" ? (r.data.rooms as RoomUpdate[]).find((u) => u.room.id === roomId) : undefined;

/** Opens an event stream and collects its events until closed. */
export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const received: Received[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let finished = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return void (finished = true);
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    received,
    /**
     * Waits until an event matches, or fails after `withinMs`. An event comes within milliseconds on
     * a quiet machine; the limit is for a busy one, and only a failure waits for it.
     */
    async next(match: (r: Received) => boolean, withinMs = 15_000): Promise<Received> {
      for (let i = 0; i < withinMs / 50; i++) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`No such event; received ${JSON.stringify(received)}`);
    },
    /** Waits until the room's pushed state matches, and answers that update. */
    async room(roomId: string, match: (u: RoomUpdate) => boolean = () => true): Promise<RoomUpdate> {
      const found = await this.next((r) => {
        const u = updateOf(r, roomId);
        return u !== undefined && match(u);
      });
      return updateOf(found, roomId)!;
    },
    /** Waits until the server ends the stream, or fails after 15 s. */
    async ended() {
      for (let i = 0; i < 300 && !finished; i++) await new Promise((r) => setTimeout(r, 50));
      if (!finished) throw new Error("The stream is still open");
    },
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
