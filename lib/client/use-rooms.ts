"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { queryKeys } from "./query-keys";
import type { Room, RoomPage } from "./types";

/** A page of rooms for the lobby's query string (the API's own parameters). */
export function useRooms(search: string) {
  return useQuery({
    queryKey: queryKeys.roomList(search),
    queryFn: () => api<RoomPage>(`/v1/rooms${search ? `?${search}` : ""}`),
    placeholderData: keepPreviousData,
  });
}

export function useRoom(id: string) {
  return useQuery({ queryKey: queryKeys.room(id), queryFn: () => api<Room>(`/v1/rooms/${encodeURIComponent(id)}`) });
}
