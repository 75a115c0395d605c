"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { queryKeys } from "./query-keys";
import type { PlayerInfo } from "./types";

/** The tab's player: profile and balance, refreshed whenever the tab regains focus. */
export function usePlayer() {
  return useQuery({ queryKey: queryKeys.player, queryFn: () => api<PlayerInfo>("/v1/player/me"), refetchOnWindowFocus: "always" });
}
