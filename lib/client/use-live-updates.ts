"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "./query-keys";
import { playerToken } from "./token";

// Keeps the lobby's cached answers fresh from the server's event stream (/v1/events). The stream is
// read with fetch rather than EventSource so that the token travels in a header, never in the URL.
// After a drop it reconnects by itself, and refetches what is shown, since events may have been missed.

const RETRY_MS = [1000, 2000, 5000, 10_000];
/** Bursts of room events (a busy lobby) cause one refetch, not one per event. */
const ROOM_REFRESH_MS = 500;

export function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let roomTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshRooms = () => {
      roomTimer ??= setTimeout(() => {
        roomTimer = undefined;
        void client.invalidateQueries({ queryKey: queryKeys.rooms });
      }, ROOM_REFRESH_MS);
    };
    const onEvent = (name: string) => {
      if (name === "balance") void client.invalidateQueries({ queryKey: queryKeys.player });
      else if (name === "room") refreshRooms();
    };

    const read = async (onConnected: () => void): Promise<void> => {
      const response = await fetch("/v1/events", { headers: { "x-player-token": playerToken() ?? "" }, signal: stop.signal });
      if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
      onConnected();
      // Connected (again): whatever changed while away is fetched afresh.
      void client.invalidateQueries();
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

    void (async () => {
      let attempt = 0;
      while (!stop.signal.aborted) {
        try {
          await read(() => (attempt = 0));
        } catch {
          // dropped or refused: wait, then connect again
        }
        if (stop.signal.aborted) return;
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]));
      }
    })();
    return () => {
      stop.abort();
      clearTimeout(roomTimer);
    };
  }, [client]);
}
