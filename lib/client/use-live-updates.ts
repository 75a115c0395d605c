"use client";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { followEvents } from "./event-stream";
import { queryKeys } from "./query-keys";
import { roomLog } from "./room-log";
import { catchUp, parseRoomsEvent, type HeldPage } from "./room-updates";
import { playerToken } from "./token";
import type { PlayerInfo } from "@/lib/players/contract";

// Keeps the lobby's cached answers fresh from the server's event stream (/v1/events). Room changes
// are applied to the cached pages and rooms where they are (lib/client/room-patch.ts), with no
// read; only after a drop or a resync, when changes may have been missed, is what is shown read
// again. A stream the server closes because the token expired or was revoked ends in a 401, and
// the player's page then shows why.

export function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    void followEvents("/v1/events", {
      headers: () => ({ "x-player-token": playerToken() ?? "" }),
      signal: stop.signal,
      onEvent: (name, data) => {
        if (name === "rooms") applyRoomsEvent(client, data);
        else if (name === "balance") {
          void client.invalidateQueries({ queryKey: queryKeys.player });
          void client.invalidateQueries({ queryKey: queryKeys.moves });
        }
        else if (name === "resync") void client.invalidateQueries();
      },
      onConnected: () => void client.invalidateQueries(),
      onUnauthorized: () => void client.invalidateQueries({ queryKey: queryKeys.player }),
    });
    return () => stop.abort();
  }, [client]);
}

function applyRoomsEvent(client: QueryClient, data: string) {
  const updates = parseRoomsEvent(data);
  if (!updates) return void client.invalidateQueries({ queryKey: queryKeys.rooms });
  roomLog.push(updates);
  const playerId = client.getQueryData<PlayerInfo>(queryKeys.player)?.id;
  for (const [key, page] of client.getQueriesData<HeldPage>({ queryKey: queryKeys.roomLists })) {
    if (page) client.setQueryData(key, catchUp(page, String(key[2]), roomLog, playerId));
  }
  for (const { room } of updates) {
    if (client.getQueryData(queryKeys.room(room.id))) client.setQueryData(queryKeys.room(room.id), room);
  }
}
