import Link from "next/link";
import { formatMoney } from "@/lib/money/amount";
import type { Room } from "@/lib/client/types";
import { focusRing } from "@/components/ui/styles";
import { StatusBadge } from "./status-badge";

/** One room in the list: what a player weighs before joining. */
export function RoomCard({ room }: { room: Room }) {
  return (
    <li data-testid="room" data-room-id={room.id} className="rounded-lg border border-slate-700 bg-slate-900 p-4">
      <div className="flex items-start justify-between gap-3">
        <Link href={`/rooms/${room.id}`} className={`min-w-0 rounded font-semibold text-sky-200 hover:underline ${focusRing}`}>
          <span className="block truncate">{room.name}</span>
        </Link>
        <StatusBadge status={room.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Fact label="Bet" value={`${formatMoney(String(room.bet_amount), room.currency)} ${room.currency}`} />
        <Fact label="Seats" value={`${room.current_players} of ${room.player_limit}`} />
        <Fact label="Turn" value={`${room.turn} s`} />
        <Fact label="Time bank" value={room.time_bank ? `${room.time_bank} s` : "none"} />
        {room.is_incremental && <Fact label="Bets" value="incremental" />}
        {room.rake_percentage > 0 && <Fact label="Rake" value={`${room.rake_percentage}%`} />}
      </dl>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-300">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
