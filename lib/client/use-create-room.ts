"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { queryKeys } from "./query-keys";
import type { Room } from "@/lib/rooms/contract";

/** Creates a room; afterwards the balance and every room list are fetched afresh. */
export function useCreateRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<Room>("/v1/rooms", { method: "POST", body }),
    onSuccess: (room) => {
      client.setQueryData(queryKeys.room(room.id), room);
      void client.invalidateQueries({ queryKey: queryKeys.player });
      void client.invalidateQueries({ queryKey: queryKeys.rooms });
    },
  });
}
