"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useRef } from "react";
import { flushSync } from "react-dom";
import { ApiError } from "@/lib/client/api";
import { useI18n } from "@/lib/client/i18n";
import { allRooms, apiSearch, FILTERS, isDefaultView, viewParams, withPage } from "@/lib/client/lobby-search";
import { usePlayer } from "@/lib/client/use-player";
import { useRooms } from "@/lib/client/use-rooms";
import { useStillRooms } from "@/lib/client/use-still-rooms";
import type { I18n } from "@/lib/i18n/i18n";
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

/** The fields the API refused, each with what it takes: shown beside them, while the list shows the rest. */
function refusedFields(error: Error | null, { t }: I18n): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== "validation_failed") return {};
  const takes: Record<string, string> = t.list.filters.refused;
  // A field the form does not show is only dropped from the search; its words are never seen.
  return Object.fromEntries(error.errors.filter((e) => e.path).map((e) => [e.path, Object.hasOwn(takes, e.path) ? takes[e.path]! : t.errors.validation_failed]));
}

/** The lobby: the player's own rooms, the view (rooms they can play, or all), its filters and sort, and its pages. */
export function RoomList() {
  const player = usePlayer().data;
  return player ? <Rooms player={player} /> : <ListSkeleton />;
}

function Rooms({ player }: { player: PlayerInfo }) {
  const params = useSearchParams();
  const i18n = useI18n();
  const { heading, views, empty } = i18n.t.list;
  const playable = isDefaultView(params);
  const view = viewParams(params, player.currency);
  const asked = useRooms(apiSearch(view));
  const refused = refusedFields(asked.error, i18n);
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
          <h1 className="text-2xl font-semibold">{heading.title}</h1>
          <LobbyCounts />
        </div>
        <div className="flex flex-wrap gap-2">
          <PlayNow player={player} />
          <Link href="/rooms/new" className={secondaryButton}>
            {heading.create}
          </Link>
        </div>
      </div>

      {rooms.data && rooms.data.active_rooms.length > 0 && (
        <section aria-labelledby="mine">
          <h2 id="mine" className="mb-2 text-lg font-semibold">
            {heading.mine}
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
          {playable ? views.playableTitle : views.all}
        </h2>
        {/* The views and the filters' button wrap as one line (the nav adds no box of its own), so that a
            phone spends no line on the button alone; the form opens below them. */}
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label={views.label} className="contents">
            <ViewLink href="/" current={playable}>
              {views.playable(player.currency)}
            </ViewLink>
            <ViewLink href={allRooms(params)} current={!playable && !filtered}>
              {views.all}
            </ViewLink>
          </nav>
          <RoomFilters view={view} errors={refused} />
        </div>
        {rooms.isPending ? (
          <ListSkeleton />
        ) : rooms.error ? (
          <ErrorPanel title={heading.loadFailed} message={i18n.error(rooms.error)} onRetry={() => rooms.refetch()} />
        ) : shown.length === 0 && rooms.data.total > 0 ? (
          <>
            <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
              {empty.noPage(rooms.data.page, rooms.data.total_pages)}{" "}
              <Link href={withPage(view, rooms.data.total_pages)} className="text-sky-300 underline">
                {empty.lastPage}
              </Link>
            </p>
            <Pagination page={rooms.data.page} totalPages={rooms.data.total_pages} total={rooms.data.total} href={(p) => withPage(view, p)} />
          </>
        ) : shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
            {playable ? (
              <>
                {empty.noneWaiting(player.currency)}{" "}
                <Link href="/rooms/new" className="text-sky-300 underline">
                  {empty.createOne}
                </Link>{" "}
                {empty.or}{" "}
                <Link href={allRooms(params)} className="text-sky-300 underline">
                  {empty.seeAll}
                </Link>
                .
              </>
            ) : filtered ? (
              <>
                {empty.noMatch}{" "}
                <Link href={allRooms(params)} className="text-sky-300 underline">
                  {empty.showAll}
                </Link>
              </>
            ) : (
              <>
                {empty.noRooms}{" "}
                <Link href="/rooms/new" className="text-sky-300 underline">
                  {empty.createFirst}
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
  const { t } = useI18n();
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-label={t.list.heading.loading} role="status">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}
