"use client";
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { followEvents } from "./event-stream";
import { liveStatus } from "./live-status";
import { queryKeys } from "./query-keys";
import { roomLog } from "./room-log";
import { catchUp, heldPage, parseRoomsEvent, type HeldPage } from "./room-updates";
import { playerToken } from "./token";
import { LATEST_MOVES } from "./use-moves";
import type { Hello, LobbyCounts } from "@/lib/live/contract";
import { LONGEST_LIST_QUERY } from "@/lib/shared/query-string";
import type { PlayerInfo } from "@/lib/players/contract";

// Keeps the lobby's cached answers fresh from the server's event stream (/v1/events). Each
// connection opens with a hello that brings what the lobby shows (the player, the room list on
// screen, the latest movements), read after the stream began to follow changes: coming back after a
// drop or a restart is one call, not one for each thing shown. Room changes are then applied to the
// cached pages and rooms where they are (lib/client/room-patch.ts), with no read. A stream the server
// closes because the token expired or was revoked ends in a 401, and the player's page shows why.

/** What one connection asked its hello to bring: the list shown then, by its query string. */
interface Asked {
  search?: string;
  /** Whether a hello came before on this tab: the stream is then coming back, not opening. */
  greeted?: boolean;
}

/** The stream's address: the hello brings the room list on screen, if any, and the latest movements. */
export function eventsAddress(client: QueryClient, asked: Asked): string {
  // The list shown: of those on screen, one with an answer (a refused filter's query has none).
  const lists = client.getQueryCache().findAll({ queryKey: queryKeys.roomLists, type: "active" });
  const shown = lists.find((q) => q.state.data !== undefined && !q.state.error) ?? lists[0];
  const search = shown ? String(shown.queryKey[2]) : undefined;
  // The server leaves out a list longer than it reads (lib/live/greeting.ts): no use sending it.
  asked.search = search !== undefined && `?${search}`.length <= LONGEST_LIST_QUERY ? search : undefined;
  const params = new URLSearchParams({ moves: String(LATEST_MOVES) });
  // A leading "?" keeps the default list (an empty query string) from reading as no list at all.
  if (asked.search !== undefined) params.set("list", `?${asked.search}`);
  return `/v1/events?${params}`;
}

/**
 * Puts what the hello brought in the cache, and has everything else read again: it may have changed
 * while away. All but the lobby's counts, once the stream is coming back: the stream brings them as
 * they change (`event: counts`), and a crowd of lobbies reconnecting after a deploy must not add a
 * read each for them. The first hello has them read, so that they count this tab's own stream.
 */
export function applyHello(client: QueryClient, data: string, asked: Asked) {
  let hello: Hello = {};
  try {
    hello = JSON.parse(data) as Hello;
  } catch {
    // unreadable: everything is read again
  }
  const kept: QueryKey[] = [];
  const keep = (key: QueryKey, value: unknown) => (client.setQueryData(key, value), kept.push(key));
  if (hello.player) keep(queryKeys.player, hello.player);
  if (hello.list && asked.search !== undefined) keep(queryKeys.roomList(asked.search), heldPage(hello.list, asked.search, roomLog, hello.player?.id));
  if (hello.moves) keep(queryKeys.latestMoves, hello.moves);
  if (asked.greeted) kept.push(queryKeys.lobbyCounts);
  asked.greeted = true;
  const keptHashes = new Set(kept.map(hashKey));
  void client.invalidateQueries({ predicate: (query) => !keptHashes.has(query.queryHash) });
}

export function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    const asked: Asked = {};
    void followEvents(() => eventsAddress(client, asked), {
      headers: () => ({ "x-player-token": playerToken() ?? "" }),
      signal: stop.signal,
      onEvent: (name, data) => {
        if (name === "hello") applyHello(client, data, asked);
        else if (name === "rooms") applyRoomsEvent(client, data);
        else if (name === "balance") {
          void client.invalidateQueries({ queryKey: queryKeys.player });
          void client.invalidateQueries({ queryKey: queryKeys.moves });
        } else if (name === "counts") applyCounts(client, data);
        else if (name === "resync") void client.invalidateQueries();
      },
      onConnected: () => liveStatus.set("live"),
      onRefused: () => liveStatus.set("reconnecting"),
      onDropped: () => liveStatus.set("reconnecting"),
      onClosed: () => liveStatus.set("reconnecting"),
      onUnauthorized: () => void client.invalidateQueries({ queryKey: queryKeys.player }),
    });
    return () => stop.abort();
  }, [client]);
}

/** The lobby's counts as the stream sent them; an unreadable message waits for the next. */
export function applyCounts(client: QueryClient, data: string) {
  try {
    const counts = JSON.parse(data) as Partial<LobbyCounts>;
    if (typeof counts.players_online === "number" && typeof counts.tables_playing === "number") client.setQueryData(queryKeys.lobbyCounts, counts);
  } catch {
    // not JSON: the counts shown stay until the next
  }
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
