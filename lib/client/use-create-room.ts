"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { moneyActionOptions, sendNow } from "./money-action";
import { queryKeys } from "./query-keys";
import type { Room } from "@/lib/rooms/contract";

/** Creates a room, now or not at all (money-action.ts); afterwards the balance and every room list are fetched afresh. */
export function useCreateRoom() {
  const client = useQueryClient();
  return useMutation({
    ...moneyActionOptions,
    /** `key`: the Idempotency-Key of this body (newActionKey), the same for each try of it. */
    mutationFn: ({ body, key }: { body: Record<string, unknown>; key: string }) => sendNow(() => api<Room>("/v1/rooms", { method: "POST", body, idempotencyKey: key })),
    onSuccess: (room) => {
      client.setQueryData(queryKeys.room(room.id), room);
      void client.invalidateQueries({ queryKey: queryKeys.player });
      void client.invalidateQueries({ queryKey: queryKeys.rooms });
    },
  });
}
