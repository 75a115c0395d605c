"use client";
import { useQuery } from "@tanstack/react-query";
import type { LobbyCounts } from "@/lib/live/contract";
import { api } from "./api";
import { queryKeys } from "./query-keys";
import { shedRetry } from "./use-rooms";

/**
 * Players online and tables playing: read once, then kept by the event stream (`event: counts`,
 * use-live-updates.ts), so that a lobby left open costs the server no reads of its own for them. A
 * shed read waits as other lobby reads do.
 */
export function useLobbyCounts() {
  return useQuery({
    queryKey: queryKeys.lobbyCounts,
    queryFn: () => api<LobbyCounts>("/v1/lobby/counts"),
    staleTime: Infinity,
    ...shedRetry,
  });
}
