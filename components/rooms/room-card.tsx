import Link from "next/link";
import { useI18n } from "@/lib/client/i18n";
import type { PlayerInfo } from "@/lib/players/contract";
import type { Room } from "@/lib/rooms/contract";
import { focusRing } from "@/components/ui/styles";
import { JoinButton } from "./seat-buttons";
import { StatusBadge } from "./status-badge";

/** One room in the list: what a player weighs before joining, who sits there, and the way in. */
export function RoomCard({ room, player }: { room: Room; player?: PlayerInfo }) {
  const { t, money } = useI18n();
  const card = t.list.card;
  const free = Math.max(room.player_limit - room.current_players, 0);
  return (
    // min-w-0: a grid item is as wide as its longest word otherwise, and one long name widens the page.
    <li data-testid="room" data-room-id={room.id} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-700 bg-slate-900 p-3">
      <div className="flex min-w-0 items-start justify-between gap-3">
        <Link href={`/rooms/${room.id}`} className={`min-w-0 rounded font-semibold text-sky-200 hover:underline ${focusRing}`}>
          <span className="block truncate">{room.name}</span>
        </Link>
        <StatusBadge status={room.status} />
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
        <Fact label={card.bet} value={money(room.bet_amount, room.currency)} />
        <Fact label={card.freeSeats} value={card.freeOf(free, room.player_limit)} />
        <Fact label={card.turn} value={card.seconds(room.turn)} />
        {room.time_bank > 0 && <Fact label={card.timeBank} value={card.seconds(room.time_bank)} />}
        {room.is_incremental && <Fact label={card.bets} value={card.incremental} />}
        {room.rake_percentage > 0 && <Fact label={card.rake} value={card.percent(room.rake_percentage)} />}
      </dl>
      {/* One line for who sits and the way in, so that a phone's first screen holds several rooms; the room's page names everyone. */}
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="min-w-0 flex-1 basis-32 truncate text-sm text-slate-300" data-testid="seated">
          {room.players.length === 0 ? card.nobody : card.seated(room.players.map((p) => p.name).join(", "))}
        </p>
        {player && room.status === "waiting" && <JoinButton room={room} player={player} goToRoom />}
      </div>
    </li>
  );
}

/** A label and its value, kept together on one line so that money never wraps. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-300">{label}</dt>
      <dd className="font-medium whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}
