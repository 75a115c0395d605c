"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { followEvents } from "./event-stream";
import { queryKeys } from "./query-keys";
import { playerToken } from "./token";

// Keeps the lobby's cached answers fresh from the server's event stream (/v1/events). After a drop it
// reconnects by itself, and refetches what is shown, since events may have been missed.

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
    followEvents("/v1/events", {
      headers: () => ({ "x-player-token": playerToken() ?? "" }),
      signal: stop.signal,
      onEvent: (name) => {
        if (name === "balance") void client.invalidateQueries({ queryKey: queryKeys.player });
        else if (name === "room") refreshRooms();
        else if (name === "resync") void client.invalidateQueries();
      },
      onConnected: () => void client.invalidateQueries(),
    });
    return () => {
      stop.abort();
      clearTimeout(roomTimer);
    };
  }, [client]);
}
