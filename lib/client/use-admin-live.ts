"use client";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { adminKeys } from "./admin-api";
import { followEvents } from "./event-stream";
import { parseRoomsEvent } from "./room-updates";
import type { AdminRoom } from "@/lib/admin/contract";
import type { Room } from "@/lib/rooms/contract";

// Keeps the console's data fresh from /v1/admin/events (the session cookie goes along), reconnecting
// after a drop. A pushed room change updates its row where it is shown at once; what a row cannot
// tell (its pot, which is the pot account's balance, counts by status, totals, rooms new to a page)
// is read again at most every 2 s, however busy the rooms are.

const REFRESH_EVERY_MS = 2_000;

/** The row with the room's pushed state; its pot and rake stay as read until the refresh reads them again. */
export function patchedRow(row: AdminRoom, room: Room): AdminRoom {
  return { ...row, ...room };
}

function patchRows(client: QueryClient, rooms: Room[]) {
  const byId = new Map(rooms.map((r) => [r.id, r]));
  for (const [key, data] of client.getQueriesData<{ rooms?: AdminRoom[] }>({ queryKey: adminKeys.all })) {
    if (!data?.rooms?.some((r) => byId.has(r.id))) continue;
    client.setQueryData(key, { ...data, rooms: data.rooms.map((r) => (byId.has(r.id) ? patchedRow(r, byId.get(r.id)!) : r)) });
  }
}

export function useAdminLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let refreshedAt = 0;
    const refresh = () => {
      timer ??= setTimeout(
        () => {
          timer = undefined;
          refreshedAt = Date.now();
          void client.invalidateQueries({ queryKey: adminKeys.all });
        },
        Math.max(500, refreshedAt + REFRESH_EVERY_MS - Date.now()),
      );
    };
    void followEvents("/v1/admin/events", {
      signal: stop.signal,
      onEvent: (name, data) => {
        const updates = name === "rooms" ? parseRoomsEvent(data) : undefined;
        if (updates) patchRows(client, updates.map((u) => u.room));
        refresh();
      },
      onConnected: refresh,
    });
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [client]);
}
