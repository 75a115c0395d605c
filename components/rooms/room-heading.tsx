import Link from "next/link";
import { useI18n } from "@/lib/client/i18n";
import type { Room } from "@/lib/rooms/contract";
import { StatusBadge } from "./status-badge";

/** The top of a room's page, in the lobby and in the console: the way back, the name and the status. */
export function RoomHeading({ room, back }: { room: Pick<Room, "name" | "status">; back: string }) {
  const { t } = useI18n();
  return (
    <>
      <Link href={back} className="text-sm text-sky-300 underline">
        {t.list.roomHeading.back}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{room.name}</h1>
        <StatusBadge status={room.status} />
      </div>
    </>
  );
}
