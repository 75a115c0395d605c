"use client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, ApiError } from "./api";
import { isPassing, MAX_READ_ATTEMPTS, retryDelayMs } from "./backoff";
import { queryKeys } from "./query-keys";
import { roomLog } from "./room-log";
import { heldPage, type HeldPage } from "./room-updates";
import type { PlayerInfo } from "@/lib/players/contract";
import type { RoomDetails, RoomList, RoomResult } from "@/lib/rooms/contract";

/**
 * A read the server shed, or whose connection was lost, is asked again (as Retry-After says, when it
 * says) a few times before it shows as an error; a refusal of the request itself (4xx) is not asked
 * again; any other failure is asked once more.
 */
const passing = (error: Error) => error instanceof ApiError && isPassing(error.status);
const refused = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500 && !passing(error);
export const shedRetry = {
  retry: (count: number, error: Error) => count < (passing(error) ? MAX_READ_ATTEMPTS - 1 : refused(error) ? 0 : 1),
  retryDelay: (attempt: number, error: Error) => retryDelayMs(attempt, error instanceof ApiError ? error.retryAfterSeconds : undefined),
};

/** Rereads of stale pages are spread over this long, so that lobbies do not ask all at once. */
const STALE_SPREAD_MS = 3000;

/**
 * A page of rooms for the lobby's query string (the API's own parameters), kept up to date by the
 * room changes of the event stream (use-live-updates.ts); read again only once stale, while shown.
 */
export function useRooms(search: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.roomList(search),
    queryFn: async (): Promise<HeldPage> => {
      const answer = await api<RoomList>(`/v1/rooms${search ? `?${search}` : ""}`);
      return heldPage(answer, search, roomLog, client.getQueryData<PlayerInfo>(queryKeys.player)?.id);
    },
    placeholderData: keepPreviousData,
    ...shedRetry,
  });
  const { stale } = query.data ?? {};
  const { refetch } = query;
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => void refetch(), 500 + Math.random() * STALE_SPREAD_MS);
    return () => clearTimeout(timer);
  }, [stale, refetch]);
  return query;
}

/** What each player bet and got back in a room (shown once it is finished). */
export function useRoomResult(id: string) {
  return useQuery({ queryKey: queryKeys.roomResult(id), queryFn: () => api<RoomResult>(`/v1/rooms/${encodeURIComponent(id)}/result`), ...shedRetry });
}

export function useRoom(id: string) {
  return useQuery({ queryKey: queryKeys.room(id), queryFn: () => api<RoomDetails>(`/v1/rooms/${encodeURIComponent(id)}`), ...shedRetry });
}
