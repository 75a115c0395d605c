"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { apiSearch, withPage } from "@/lib/client/lobby-search";
import { useRooms } from "@/lib/client/use-rooms";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { primaryButton } from "@/components/ui/styles";
import { Pagination } from "./pagination";
import { RoomCard } from "./room-card";
import { RoomFilters } from "./room-filters";

/** The lobby: the player's own rooms, the filters, and the filtered, paged list. */
export function RoomList() {
  const params = useSearchParams();
  const search = apiSearch(params);
  const rooms = useRooms(search);
  const filtered = search.replace(/(^|&)page=\d+/, "") !== "";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Rooms</h1>
        <Link href="/rooms/new" className={primaryButton}>
          Create a room
        </Link>
      </div>

      {rooms.data && rooms.data.active_rooms.length > 0 && (
        <section aria-labelledby="mine">
          <h2 id="mine" className="mb-2 text-lg font-semibold">
            Your rooms
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {rooms.data.active_rooms.map((room) => (
              <RoomCard key={room.id} room={room} />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="all" className="space-y-4">
        <h2 id="all" className="sr-only">
          All rooms
        </h2>
        <RoomFilters />
        {rooms.isPending ? (
          <div className="grid gap-3 md:grid-cols-2" aria-label="Loading rooms" role="status">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : rooms.error ? (
          <ErrorPanel title="The rooms could not be loaded" message={rooms.error.message} onRetry={() => rooms.refetch()} />
        ) : rooms.data.rooms.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
            {filtered ? (
              <>
                No rooms match these filters.{" "}
                <Link href="/" className="text-sky-300 underline">
                  Show all rooms
                </Link>
              </>
            ) : (
              <>
                No rooms yet.{" "}
                <Link href="/rooms/new" className="text-sky-300 underline">
                  Create the first one
                </Link>
              </>
            )}
          </p>
        ) : (
          <>
            <ul className="grid gap-3 md:grid-cols-2" aria-busy={rooms.isFetching}>
              {rooms.data.rooms.map((room) => (
                <RoomCard key={room.id} room={room} />
              ))}
            </ul>
            <Pagination page={rooms.data.page} totalPages={rooms.data.total_pages} total={rooms.data.total} href={(p) => withPage(params, p)} />
          </>
        )}
      </section>
    </div>
  );
}
