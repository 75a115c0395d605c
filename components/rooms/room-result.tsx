"use client";
import { displayMoney } from "@/lib/money/display";
import { useRoomResult } from "@/lib/client/use-rooms";
import type { RoomResult as RoomResultAnswer } from "@/lib/rooms/contract";
import { Skeleton } from "@/components/ui/skeleton";

type PlayerResult = RoomResultAnswer["players"][number];

/** The figures of a player's result, in the order they are shown. */
const figures = (p: PlayerResult) => [["Bet", p.bet], ["Payout", p.won], ["Refunded", p.refunded]] as const;

/** What the room left the player with: signed, and coloured for a gain or a loss. */
function Net({ net, money }: { net: string; money: (amount: string) => string }) {
  const loss = net.startsWith("-");
  return (
    <span className={`font-semibold whitespace-nowrap tabular-nums ${loss ? "text-rose-300" : "text-emerald-300"}`}>
      {loss ? "−" : "+"}
      {money(net.replace(/^-/, ""))}
    </span>
  );
}

/** A finished room's result: what each player bet, won and got back, and where that left them. */
export function RoomResult({ roomId }: { roomId: string }) {
  const result = useRoomResult(roomId);
  if (result.isPending) return <Skeleton className="h-24" />;
  if (result.error) return <p className="text-sm text-rose-300">The result could not be loaded: {result.error.message}</p>;
  const { players, currency } = result.data;
  const money = (amount: string) => displayMoney(amount, currency);
  return (
    <section aria-labelledby="result" className="space-y-2">
      <h2 id="result" className="text-lg font-semibold">
        Result
      </h2>
      {players.length === 0 ? (
        <p className="text-slate-300">No money moved in this room.</p>
      ) : (
        <>
          {/* A phone reads one player at a time, every figure labelled; a wider screen gets the table. */}
          <ul className="space-y-2 sm:hidden" data-testid="result-list">
            {players.map((p) => (
              <li key={p.player_id} className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2" aria-label={p.name}>
                <p className="font-medium [overflow-wrap:anywhere]">{p.name}</p>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm">
                  {figures(p).map(([label, amount]) => (
                    <div key={label} className="flex justify-between gap-2">
                      <dt className="text-slate-300">{label}</dt>
                      <dd className="whitespace-nowrap tabular-nums">{money(amount)}</dd>
                    </div>
                  ))}
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-300">Net</dt>
                    <dd>
                      <Net net={p.net} money={money} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-700 sm:block" tabIndex={0} role="region" aria-label="Result, by player">
            <table className="w-full text-sm" data-testid="result">
              <thead className="bg-slate-900 text-left text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">Player</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Bet</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Payout</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Refunded</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Net</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {players.map((p) => (
                  <tr key={p.player_id}>
                    <th scope="row" className="px-3 py-2 text-left font-medium [overflow-wrap:anywhere]">{p.name}</th>
                    {figures(p).map(([label, amount]) => (
                      <td key={label} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(amount)}</td>
                    ))}
                    <td className="px-3 py-2 text-right">
                      <Net net={p.net} money={money} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
