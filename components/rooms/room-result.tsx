"use client";
import { useI18n } from "@/lib/client/i18n";
import { useRoomResult } from "@/lib/client/use-rooms";
import type { Messages } from "@/lib/i18n/catalogue";
import type { RoomResult as RoomResultAnswer } from "@/lib/rooms/contract";
import { Skeleton } from "@/components/ui/skeleton";

type PlayerResult = RoomResultAnswer["players"][number];

/** The figures of a player's result, in the order they are shown. */
const figures = (p: PlayerResult, t: Messages["room"]["result"]) => [[t.bet, p.bet], [t.payout, p.won], [t.refunded, p.refunded]] as const;

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
  const i18n = useI18n();
  const t = i18n.t.room.result;
  const result = useRoomResult(roomId);
  if (result.isPending) return <Skeleton className="h-24" />;
  if (result.error) return <p className="text-sm text-rose-300">{t.failed(i18n.error(result.error))}</p>;
  const { players, currency } = result.data;
  const money = (amount: string) => i18n.money(amount, currency);
  return (
    <section aria-labelledby="result" className="space-y-2">
      <h2 id="result" className="text-lg font-semibold">
        {t.heading}
      </h2>
      {players.length === 0 ? (
        <p className="text-slate-300">{t.nothingMoved}</p>
      ) : (
        <>
          {/* A phone reads one player at a time, every figure labelled; a wider screen gets the table. */}
          <ul className="space-y-2 sm:hidden" data-testid="result-list">
            {players.map((p) => (
              <li key={p.player_id} className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2" aria-label={p.name}>
                <p className="font-medium [overflow-wrap:anywhere]">{p.name}</p>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm">
                  {figures(p, t).map(([label, amount]) => (
                    <div key={label} className="flex justify-between gap-2">
                      <dt className="text-slate-300">{label}</dt>
                      <dd className="whitespace-nowrap tabular-nums">{money(amount)}</dd>
                    </div>
                  ))}
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-300">{t.net}</dt>
                    <dd>
                      <Net net={p.net} money={money} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-700 sm:block" tabIndex={0} role="region" aria-label={t.byPlayer}>
            <table className="w-full text-sm" data-testid="result">
              <thead className="bg-slate-900 text-left text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{t.player}</th>
                  {[t.bet, t.payout, t.refunded, t.net].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 text-right font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {players.map((p) => (
                  <tr key={p.player_id}>
                    <th scope="row" className="px-3 py-2 text-left font-medium [overflow-wrap:anywhere]">{p.name}</th>
                    {figures(p, t).map(([label, amount]) => (
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
