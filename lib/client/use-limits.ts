"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlayerLimits } from "@/lib/players/limits-contract";
import type { LimitSetWire } from "@/lib/players/limits-contract";
import { api } from "./api";
import { queryKeys } from "./query-keys";

/** The player's limits and what counts against them now; fetched afresh whenever the page regains focus. */
export function useLimits() {
  return useQuery({ queryKey: queryKeys.limits, queryFn: () => api<PlayerLimits>("/v1/player/limits"), refetchOnWindowFocus: "always" });
}

/** Replaces the player's limits with a whole new set (the server refuses any that loosens one). */
export function useSetLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (limits: LimitSetWire) => api<PlayerLimits>("/v1/player/limits", { method: "PUT", body: limits }),
    onSuccess: (answer) => client.setQueryData(queryKeys.limits, answer),
  });
}
