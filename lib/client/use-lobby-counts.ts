"use client";
import { useQuery } from "@tanstack/react-query";
import type { LobbyCounts } from "@/lib/live/contract";
import { api } from "./api";
import { queryKeys } from "./query-keys";
import { shedRetry } from "./use-rooms";

/** Counts change by themselves, not through the event stream. A hidden tab does not read them. */
const EVERY_MS = 30_000;

/** Players online and tables playing, read every 30 s while shown; a shed read waits as other lobby reads do. */
export function useLobbyCounts() {
  return useQuery({
    queryKey: queryKeys.lobbyCounts,
    queryFn: () => api<LobbyCounts>("/v1/lobby/counts"),
    refetchInterval: EVERY_MS,
    staleTime: EVERY_MS,
    ...shedRetry,
  });
}
