"use client";
import { useQuery } from "@tanstack/react-query";
import { api, isTokenProblem } from "./api";
import { queryKeys } from "./query-keys";
import type { PlayerInfo } from "@/lib/players/contract";

/**
 * The tab's player: profile and balance, refreshed whenever the tab regains focus. A refused token
 * is final (the shell shows why at once); other failures are asked again as usual.
 */
export function usePlayer() {
  return useQuery({
    queryKey: queryKeys.player,
    queryFn: () => api<PlayerInfo>("/v1/player/me"),
    refetchOnWindowFocus: "always",
    retry: (count, error) => !isTokenProblem(error) && count < 3,
  });
}
