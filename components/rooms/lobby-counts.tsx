"use client";
import { useI18n } from "@/lib/client/i18n";
import { lobbyCountsLine } from "@/lib/client/lobby-counts";
import { useLobbyCounts } from "@/lib/client/use-lobby-counts";

/**
 * One short line under the heading. Its height is kept while it loads or cannot be read, so the rooms
 * below never move for it. Not announced: it changes every 30 s, and a screen reader reads it when asked.
 */
export function LobbyCounts() {
  const counts = useLobbyCounts().data;
  const i18n = useI18n();
  return (
    <p aria-live="off" className="min-h-5 text-sm text-slate-300" data-testid="lobby-counts">
      {counts ? lobbyCountsLine(counts, i18n) : null}
    </p>
  );
}
