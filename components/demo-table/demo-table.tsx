"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { MAIN_ID } from "@/components/ui/main-id";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import type { TableAction, TableAnswer } from "@/lib/demo-table/play";

type Shown = TableAnswer & { busy?: boolean };
type PlayAtTable = (session: string, action: TableAction) => Promise<TableAnswer>;

const play = (playAtTable: PlayAtTable, session: string, action: TableAction): Promise<Shown> =>
  playAtTable(session, action).catch(() => ({ problem: "The table could not be reached; try again." }));

/**
 * The demo table: high card for the seats of one round, paid through the wallet like a real game.
 * `playAtTable` is the page's server action (app/table/actions.ts), handed down as a prop.
 */
export function DemoTable({ session, playAtTable }: { session: string; playAtTable: PlayAtTable }) {
  const [shown, setShown] = useState<Shown>({ busy: true });
  useEffect(() => {
    void play(playAtTable, session, "look").then(setShown);
  }, [playAtTable, session]);
  const act = async (action: "deal" | "abandon") => {
    setShown((s) => ({ ...s, busy: true, problem: undefined }));
    const answer = await play(playAtTable, session, action);
    setShown((s) => ({ ...s, ...answer, busy: false }));
  };
  const { table, outcome } = shown;
  const cardOf = (seat: number) => outcome?.cards.find((c) => c.seat === seat)?.card;
  return (
    <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none mx-auto max-w-2xl space-y-6 p-4">
      <p role="note" className="rounded-md border border-amber-400 bg-amber-950 px-3 py-2 text-amber-100">
        Demo table: a stand-in for the game platform, to try the lobby end to end. High card wins the pot, less the room's rake. Not a real game.
      </p>
      <h1 className="text-2xl font-semibold">Demo table</h1>
      {shown.problem && (
        <p role="alert" className="text-amber-300">
          {shown.problem}
        </p>
      )}
      {table && (
        <section aria-labelledby="seats" className="space-y-3">
          <h2 id="seats" className="text-lg font-semibold">
            {table.you.username}, you sit at seat {table.you.seat ?? "—"}
          </h2>
          <ol className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900">
            {table.seats.map((s) => (
              <li key={s.seat} data-testid="table-seat" className="flex justify-between gap-2 px-4 py-2">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  Seat {s.seat} · {s.username}
                  {s.playerId === table.you.playerId ? " (you)" : ""} · {s.bet ? `bet ${s.bet.amount} ${table.you.currency}` : "no bet (a demo bot)"}
                  {s.bet?.refunded ? " · returned" : ""}
                </span>
                <span className="font-mono text-lg" aria-label={cardOf(s.seat) ? `card ${cardOf(s.seat)}` : undefined}>
                  {cardOf(s.seat) ?? ""}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {outcome && (
        <p role="status" className="text-lg">
          Seat {outcome.winnerSeat} wins {outcome.won} {outcome.currency}. The round is over.
        </p>
      )}
      {shown.abandoned && <p role="status">The round was abandoned: every bet was returned.</p>}
      <div className="flex flex-wrap gap-3">
        {table && !outcome && !shown.abandoned && (
          <>
            <button type="button" className={primaryButton} disabled={shown.busy} onClick={() => void act("deal")}>
              Deal the cards
            </button>
            <button type="button" className={secondaryButton} disabled={shown.busy} onClick={() => void act("abandon")}>
              Abandon and return the bets
            </button>
          </>
        )}
        <Link href="/" className={`${secondaryButton} inline-block`}>
          Back to the lobby
        </Link>
      </div>
    </main>
  );
}
