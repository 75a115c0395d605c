"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { queryKeys } from "./query-keys";
import type { PlayerTransactionList } from "@/lib/wallet/contract";
import { shedRetry } from "./use-rooms";

/** Rows of the history a page holds, and that the CSV export reads page after page. */
export const HISTORY_PAGE_SIZE = 20;
export const EXPORT_PAGE_SIZE = 100;
/** The latest movements the notices watch; the event stream's hello brings as many (use-live-updates.ts). */
export const LATEST_MOVES = 10;

export const readMoves = (page: number, limit: number) => api<PlayerTransactionList>(`/v1/player/transactions?page=${page}&limit=${limit}`);

/** A page of the player's own ledger, newest first; read again on every balance change (use-live-updates.ts). */
export function useMovesPage(page: number) {
  return useQuery({ queryKey: queryKeys.movesPage(page), queryFn: () => readMoves(page, HISTORY_PAGE_SIZE), placeholderData: keepPreviousData, ...shedRetry });
}

/** The latest movements, which the notices watch for refunds the player did not make. */
export function useLatestMoves() {
  return useQuery({ queryKey: queryKeys.latestMoves, queryFn: () => readMoves(1, LATEST_MOVES), ...shedRetry });
}
