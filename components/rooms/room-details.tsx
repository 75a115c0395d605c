"use client";
import { betText } from "@/lib/client/seat-rules";
import { useRoom } from "@/lib/client/use-rooms";
import { usePlayer } from "@/lib/client/use-player";
import type { Room } from "@/lib/rooms/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { RoomHeading } from "./room-heading";
import { RoomResult } from "./room-result";
import { JoinButton, LeaveButton } from "./seat-buttons";
import { TableButton } from "./table-button";

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
    ["Bet", betText(r)],
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
      {/* The way in (or out, or to the table) comes first: on a phone it is on the first screen, above the facts. */}
      <SeatActions room={r} />
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-700 bg-slate-900 p-4 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-300">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {r.status === "finished" && <RoomResult roomId={r.id} />}
      <section aria-labelledby="seated">
        <h2 id="seated" className="mb-2 text-lg font-semibold">
          Players
        </h2>
        <ol className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900">
          {r.players.map((p) => (
            <li key={p.id} data-testid="seat" className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{p.name}</span>
              <span className="text-sm text-slate-300">joined {when(p.joined_at)}</span>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/**
 * Join or leave, as the room's state allows: a waiting room takes a bet; a seat is given back only
 * while it waits. A seated player of a playing room goes to the table.
 */
function SeatActions({ room }: { room: Room }) {
  const player = usePlayer().data;
  const seated = !!player && room.players.some((p) => p.id === player.id);
  if (player && seated && room.status === "playing") return <TableButton room={room} />;
  if (!player || room.status !== "waiting") return null;
  return <div className="flex flex-wrap items-center gap-3">{seated ? <LeaveButton room={room} /> : <JoinButton room={room} player={player} />}</div>;
}
