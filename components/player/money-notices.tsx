"use client";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "@/lib/client/i18n";
import { noticeOf } from "@/lib/client/notices";
import { useLatestMoves } from "@/lib/client/use-moves";

/**
 * Tells the player of money they did not move themselves (an admin closed their room or removed
 * them, the platform refunded a bet) as it arrives: the latest movements are read again on every
 * balance change, and what was there on arrival is not news.
 */
export function MoneyNotices() {
  const i18n = useI18n();
  const latest = useLatestMoves();
  const seen = useRef<Set<string> | null>(null);
  const [notices, setNotices] = useState<{ id: string; text: string }[]>([]);

  useEffect(() => {
    const rows = latest.data?.transactions;
    if (!rows) return;
    if (seen.current === null) {
      seen.current = new Set(rows.map((r) => r.id));
      return;
    }
    const fresh = rows.filter((r) => !seen.current!.has(r.id));
    for (const r of fresh) seen.current.add(r.id);
    const news = fresh.flatMap((r) => {
      const text = noticeOf(r, i18n);
      return text ? [{ id: r.id, text }] : [];
    });
    if (news.length > 0) setNotices((shown) => [...news.reverse(), ...shown]);
  }, [latest.data, i18n]);

  return (
    <div role="status" aria-live="polite" className="space-y-2 empty:hidden">
      {notices.map((n) => (
        <div key={n.id} data-testid="notice" className="flex items-start justify-between gap-3 rounded-lg border border-amber-300/50 bg-amber-950/50 p-3 text-amber-50">
          <p className="min-w-0 [overflow-wrap:anywhere]">{n.text}</p>
          <button
            type="button"
            onClick={() => setNotices((shown) => shown.filter((s) => s.id !== n.id))}
            className="shrink-0 rounded px-2 text-sm text-amber-100 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-200"
          >
            {i18n.t.shell.notices.dismiss}
          </button>
        </div>
      ))}
    </div>
  );
}
