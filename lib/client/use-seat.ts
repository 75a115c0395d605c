"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { moneyActionOptions, sendNow } from "./money-action";
import { queryKeys } from "./query-keys";
import type { Room } from "@/lib/rooms/contract";

/**
 * Takes a seat in a room (`join`) or gives it back (`leave`), now or not at all (money-action.ts);
 * afterwards the balance and room lists are fetched afresh. `then` runs on success even if the
 * component that asked is gone by then (a live update may seat the player before the answer arrives,
 * and the row that asked changes): the way to the room is not lost with it.
 */
export function useSeat(roomId: string, action: "join" | "leave", then?: (room: Room) => void) {
  const client = useQueryClient();
  return useMutation({
    ...moneyActionOptions,
    /** `key`: the question's Idempotency-Key (newActionKey), the same for each try of one question. */
    mutationFn: (key: string) => sendNow(() => api<Room>(`/v1/rooms/${encodeURIComponent(roomId)}/${action}`, { method: "POST", idempotencyKey: key })),
    onSuccess: (room) => {
      client.setQueryData(queryKeys.room(room.id), room);
      void client.invalidateQueries({ queryKey: queryKeys.player });
      void client.invalidateQueries({ queryKey: queryKeys.rooms });
      then?.(room);
    },
  });
}
