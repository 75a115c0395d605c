"use client";
import { formatMoney } from "@/lib/money/amount";
import { useRoom } from "@/lib/client/use-rooms";
import { usePlayer } from "@/lib/client/use-player";
import { useSeat } from "@/lib/client/use-seat";
import type { Room } from "@/lib/client/types";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { RoomHeading } from "./room-heading";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** A room's page: every detail and who sits in it since when. */
export function RoomDetails({ id }: { id: string }) {
  const room = useRoom(id);
  if (room.isPending) return <Skeleton className="h-64" />;
  if (room.error) {
    const missing = "code" in room.error && room.error.code === "room_not_found";
    return <ErrorPanel title={missing ? "This room does not exist" : "The room could not be loaded"} message={room.error.message} onRetry={missing ? undefined : () => room.refetch()} />;
  }
  const r = room.data;
  const facts: [string, string][] = [
    ["Bet", `${formatMoney(String(r.bet_amount), r.currency)} ${r.currency}`],
    ["Seats", `${r.current_players} of ${r.max_players}`],
    ["Joinable", r.is_joinable ? "yes" : "no"],
    ["Turn", `${r.turn} s`],
    ["Time bank", r.time_bank ? `${r.time_bank} s` : "none"],
    ["Incremental bets", r.is_incremental ? "yes" : "no"],
    ["Rake", `${r.rake_percentage}%`],
    ["Created", when(r.created_at)],
    ["Updated", when(r.updated_at)],
  ];
  return (
    <article className="space-y-6">
      <RoomHeading room={r} back="/" />
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-700 bg-slate-900 p-4 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-300">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <SeatActions room={r} />
      <section aria-labelledby="seated">
        <h2 id="seated" className="mb-2 text-lg font-semibold">
          Players
        </h2>
        <ol className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900">
          {r.players.map((p) => (
            <li key={p.id} data-testid="seat" className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <span className="font-medium">{p.name}</span>
              <span className="text-sm text-slate-300">joined {when(p.joined_at)}</span>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/** Join or leave, as the room's state allows: a waiting room takes a bet; a seat is given back only while it waits. */
function SeatActions({ room }: { room: Room }) {
  const player = usePlayer();
  const join = useSeat(room.id, "join");
  const leave = useSeat(room.id, "leave");
  const seated = room.players.some((p) => p.name === player.data?.username);
  const bet = `${formatMoney(String(room.bet_amount), room.currency)} ${room.currency}`;
  const failure = join.error ?? leave.error;
  if (room.status !== "waiting") return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {seated ? (
        <button type="button" className={secondaryButton} disabled={leave.isPending} onClick={() => (join.reset(), leave.mutate())}>
          {leave.isPending ? "Leaving…" : `Leave the room (${bet} back)`}
        </button>
      ) : (
        <button type="button" className={primaryButton} disabled={join.isPending || !room.is_joinable} onClick={() => (leave.reset(), join.mutate())}>
          {join.isPending ? "Joining…" : `Join for ${bet}`}
        </button>
      )}
      {failure && (
        <p role="alert" className="text-sm text-rose-300">
          {failure.message}
        </p>
      )}
    </div>
  );
}
