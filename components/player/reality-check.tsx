"use client";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "@/lib/client/i18n";
import { answered, arrivalOf, keepArrival, nextCheckAt, realityLines, type Arrival } from "@/lib/client/reality-check";
import type { PlayerInfo } from "@/lib/players/contract";
import { primaryButton, secondaryButton } from "@/components/ui/styles";

/**
 * Every `minutes` since the player opened the lobby (REALITY_CHECK_MINUTES), a modal dialog says how
 * long they have played and how their balance moved. "Keep playing" (or Escape) closes it until the
 * next; "Take a break" opens the Limits page, where they can set limits or exclude themselves.
 */
export function RealityCheck({ minutes, player }: { minutes: number; player: PlayerInfo }) {
  const router = useRouter();
  const i18n = useI18n();
  const t = i18n.t.limits.reality;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const keepPlaying = useRef<HTMLButtonElement>(null);
  const [arrival, setArrival] = useState<Arrival>();
  const [lines, setLines] = useState<string[]>();
  const balance = useRef(player.balance);
  balance.current = player.balance;

  // The arrival is the first balance seen in this tab: a later one is the result of play.
  useEffect(() => setArrival(arrivalOf({ id: player.id, balance: balance.current, currency: player.currency }, Date.now())), [player.id, player.currency]);

  useEffect(() => {
    if (!arrival || lines) return;
    const timer = setTimeout(() => setLines(realityLines(arrival, balance.current, i18n, Date.now())), Math.max(0, nextCheckAt(arrival, minutes) - Date.now()));
    return () => clearTimeout(timer);
  }, [arrival, lines, minutes, i18n]);

  useEffect(() => {
    const d = dialog.current;
    // Opened by the timer, not by the player: focus goes to the answer that changes nothing.
    if (d && lines && !d.open) {
      d.showModal();
      keepPlaying.current?.focus();
    }
    if (d && !lines && d.open) d.close();
  }, [lines]);

  function answer(then?: () => void) {
    if (!arrival) return;
    const next = answered(arrival, minutes, Date.now());
    keepArrival(next);
    setArrival(next);
    setLines(undefined);
    then?.();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        answer();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-600 bg-slate-900 p-0 text-slate-100 backdrop:bg-slate-950/70"
    >
      {lines && (
        <div className="space-y-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t.title}
          </h2>
          <div id={`${id}-body`} className="space-y-2 text-slate-200">
            {lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => answer(() => router.push("/limits"))}>
              {t.takeBreak}
            </button>
            <button ref={keepPlaying} type="button" className={primaryButton} onClick={() => answer()}>
              {t.keepPlaying}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
