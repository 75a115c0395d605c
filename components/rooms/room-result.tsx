"use client";
import { displayMoney } from "@/lib/money/display";
import { useRoomResult } from "@/lib/client/use-rooms";
import { Skeleton } from "@/components/ui/skeleton";

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
        // Scrolls sideways on a narrow phone; focusable, so that a keyboard can scroll it too.
        <div className="overflow-x-auto rounded-lg border border-slate-700" tabIndex={0} role="region" aria-label="Result, by player">
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
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(p.bet)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(p.won)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(p.refunded)}</td>
                  <td className={`px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums ${p.net.startsWith("-") ? "text-rose-300" : "text-emerald-300"}`}>
                    {p.net.startsWith("-") ? "−" : "+"}
                    {money(p.net.replace(/^-/, ""))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
