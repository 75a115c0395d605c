"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useRef } from "react";
import { flushSync } from "react-dom";
import { ApiError } from "@/lib/client/api";
import { allRooms, apiSearch, FILTERS, isDefaultView, viewParams, withPage } from "@/lib/client/lobby-search";
import { usePlayer } from "@/lib/client/use-player";
import { useRooms } from "@/lib/client/use-rooms";
import { useStillRooms } from "@/lib/client/use-still-rooms";
import type { PlayerInfo } from "@/lib/players/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { focusRing, secondaryButton } from "@/components/ui/styles";
import { LobbyCounts } from "./lobby-counts";
import { NewRooms } from "./new-rooms";
import { Pagination } from "./pagination";
import { PlayNow } from "./play-now";
import { RoomCard } from "./room-card";
import { RoomFilters } from "./room-filters";

/** The fields the API refused, with its words for each: shown beside them, while the list shows the rest. */
function refusedFields(error: Error | null): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== "validation_failed") return {};
  return Object.fromEntries(error.errors.filter((e) => e.path).map((e) => [e.path, e.message]));
}

/** The lobby: the player's own rooms, the view (rooms they can play, or all), its filters and sort, and its pages. */
export function RoomList() {
  const player = usePlayer().data;
  return player ? <Rooms player={player} /> : <ListSkeleton />;
}

function Rooms({ player }: { player: PlayerInfo }) {
  const params = useSearchParams();
  const playable = isDefaultView(params);
  const view = viewParams(params, player.currency);
  const asked = useRooms(apiSearch(view));
  const refused = refusedFields(asked.error);
  const search = apiSearch(view, Object.keys(refused));
  const rooms = useRooms(search);
  // The cards hold still while rooms change; the page's total and the player's own rooms follow it live.
  const still = useStillRooms(search, rooms.isPlaceholderData ? undefined : rooms.data);
  const shown = still.rooms ?? rooms.data?.rooms ?? [];
  const list = useRef<HTMLUListElement>(null);
  const filtered = FILTERS.some((f) => view.get(f) && !refused[f]);

  // The button goes away as the rooms come in: focus moves to the first of them, where reading goes on.
  const showNewRooms = () => {
    const first = still.held[0]?.id;
    flushSync(still.showAll);
    if (first) list.current?.querySelector<HTMLElement>(`[data-room-id="${CSS.escape(first)}"] a`)?.focus();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Rooms</h1>
          <LobbyCounts />
        </div>
        <div className="flex flex-wrap gap-2">
          <PlayNow player={player} />
          <Link href="/rooms/new" className={secondaryButton}>
            Create a room
          </Link>
        </div>
      </div>

      {rooms.data && rooms.data.active_rooms.length > 0 && (
        <section aria-labelledby="mine">
          <h2 id="mine" className="mb-2 text-lg font-semibold">
            Your rooms
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {rooms.data.active_rooms.map((room) => (
              <RoomCard key={room.id} room={room} player={player} />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="list-title" className="space-y-4">
        <h2 id="list-title" className="sr-only">
          {playable ? "Rooms you can play" : "All rooms"}
        </h2>
        {/* The views and the filters' button wrap as one line (the nav adds no box of its own), so that a
            phone spends no line on the button alone; the form opens below them. */}
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Which rooms" className="contents">
            <ViewLink href="/" current={playable}>
              Rooms you can play ({player.currency}, waiting)
            </ViewLink>
            <ViewLink href={allRooms(params)} current={!playable && !filtered}>
              All rooms
            </ViewLink>
          </nav>
          <RoomFilters view={view} errors={refused} />
        </div>
        {rooms.isPending ? (
          <ListSkeleton />
        ) : rooms.error ? (
          <ErrorPanel title="The rooms could not be loaded" message={rooms.error.message} onRetry={() => rooms.refetch()} />
        ) : shown.length === 0 && rooms.data.total > 0 ? (
          <>
            <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
              There is no page {rooms.data.page}: these rooms fill {rooms.data.total_pages === 1 ? "1 page" : `${rooms.data.total_pages} pages`}.{" "}
              <Link href={withPage(view, rooms.data.total_pages)} className="text-sky-300 underline">
                Go to the last page
              </Link>
            </p>
            <Pagination page={rooms.data.page} totalPages={rooms.data.total_pages} total={rooms.data.total} href={(p) => withPage(view, p)} />
          </>
        ) : shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
            {playable ? (
              <>
                No {player.currency} room is waiting for players right now.{" "}
                <Link href="/rooms/new" className="text-sky-300 underline">
                  Create one
                </Link>{" "}
                or{" "}
                <Link href={allRooms(params)} className="text-sky-300 underline">
                  see all rooms
                </Link>
                .
              </>
            ) : filtered ? (
              <>
                No rooms match these filters.{" "}
                <Link href={allRooms(params)} className="text-sky-300 underline">
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
            <div>
              <NewRooms count={still.held.length} onShow={showNewRooms} />
              <ul ref={list} className="grid gap-3 md:grid-cols-2" aria-busy={rooms.isFetching}>
                {shown.map((room) => (
                  <RoomCard key={room.id} room={room} player={player} />
                ))}
              </ul>
            </div>
            <Pagination page={rooms.data.page} totalPages={rooms.data.total_pages} total={rooms.data.total} href={(p) => withPage(view, p)} />
          </>
        )}
      </section>
    </div>
  );
}

function ViewLink({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  const look = current ? "border-sky-300 bg-sky-400 font-semibold text-slate-950" : "border-slate-600 text-slate-100 hover:bg-slate-800";
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={`rounded-full border px-3 py-1.5 text-sm ${look} ${focusRing}`}>
      {children}
    </Link>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-label="Loading rooms" role="status">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}
