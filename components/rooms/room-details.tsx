"use client";
import { useI18n } from "@/lib/client/i18n";
import { useRoom } from "@/lib/client/use-rooms";
import { usePlayer } from "@/lib/client/use-player";
import type { Room } from "@/lib/rooms/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { RoomHeading } from "./room-heading";
import { RoomResult } from "./room-result";
import { JoinButton, LeaveButton } from "./seat-buttons";
import { TableButton } from "./table-button";

/** A room's page: every detail and who sits in it since when. */
export function RoomDetails({ id }: { id: string }) {
  const i18n = useI18n();
  const { details, facts: label, values } = i18n.t.room;
  const room = useRoom(id);
  if (room.isPending) return <Skeleton className="h-64" />;
  if (room.error) {
    const missing = "code" in room.error && room.error.code === "room_not_found";
    // Missing, the title says it all (the error's own words would repeat it): the hint says where to go instead.
    return missing ? (
      <ErrorPanel title={details.missing} message={details.missingHint} />
    ) : (
      <ErrorPanel title={details.failed} message={i18n.error(room.error)} onRetry={() => room.refetch()} />
    );
  }
  const r = room.data;
  const yesNo = (yes: boolean) => (yes ? values.yes : values.no);
  const facts: [string, string][] = [
    [label.bet, i18n.money(r.bet_amount, r.currency)],
    [label.seats, values.seatsTaken(r.current_players, r.max_players)],
    [label.joinable, yesNo(r.is_joinable)],
    [label.turn, values.seconds(r.turn)],
    [label.timeBank, r.time_bank ? values.seconds(r.time_bank) : values.none],
    [label.incremental, yesNo(r.is_incremental)],
    [label.rake, values.percent(r.rake_percentage)],
    [label.created, i18n.dateTime(r.created_at)],
    [label.updated, i18n.dateTime(r.updated_at)],
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
          {details.players}
        </h2>
        <ol className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900">
          {r.players.map((p) => (
            <li key={p.id} data-testid="seat" className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{p.name}</span>
              <span className="text-sm text-slate-300">{details.joined(i18n.dateTime(p.joined_at))}</span>
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
