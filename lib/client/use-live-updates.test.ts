import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { queryKeys } from "./query-keys";
import { applyCounts, applyHello, eventsAddress } from "./use-live-updates";
import type { Hello } from "@/lib/live/contract";
import type { RoomList } from "@/lib/rooms/contract";

// A lobby coming back asks its stream's hello for what it shows, puts what the hello brings in the
// cache, and reads again only what the hello did not bring.

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

/** A cache with the lobby's queries on screen: each has an observer, as a mounted component's has. */
function lobby(shown: string[]) {
  const reads: string[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  clients.push(client);
  const watch = (queryKey: readonly unknown[], value: unknown) => {
    client.setQueryData(queryKey, value);
    const observer = new QueryObserver(client, { queryKey, queryFn: async () => (reads.push(JSON.stringify(queryKey)), value), staleTime: Infinity });
    observer.subscribe(() => {});
  };
  for (const search of shown) watch(queryKeys.roomList(search), page([]));
  watch(queryKeys.player, { id: "p1", username: "ann", balance: "1.00", currency: "USD", avatar: { name: "a", url: "/a" } });
  watch(queryKeys.latestMoves, { transactions: [], total: 0, page: 1, limit: 10, total_pages: 0 });
  watch(queryKeys.room("r9"), { id: "r9" });
  watch(queryKeys.lobbyCounts, { players_online: 1, tables_playing: 0 });
  return { client, reads };
}

const page = (ids: string[]): RoomList => ({
  rooms: ids.map((id) => ({ id }) as RoomList["rooms"][number]),
  active_rooms: [],
  total: ids.length,
  page: 1,
  limit: 20,
  total_pages: 1,
  snapshot: "10:10:",
});

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("eventsAddress", () => {
  it("asks for the list on screen, the default list as a bare '?', and the notices' latest movements", () => {
    const asked: { search?: string } = {};
    expect(eventsAddress(lobby(["status=waiting"]).client, asked)).toBe("/v1/events?moves=10&list=%3Fstatus%3Dwaiting");
    expect(asked.search).toBe("status=waiting");
    expect(eventsAddress(lobby([""]).client, asked)).toBe("/v1/events?moves=10&list=%3F");
    expect(asked.search).toBe("");
  });

  it("asks for no list when none is on screen", () => {
    const asked: { search?: string } = { search: "old" };
    expect(eventsAddress(lobby([]).client, asked)).toBe("/v1/events?moves=10");
    expect(asked.search).toBeUndefined();
  });
});

describe("applyHello", () => {
  it("keeps what the hello brought and reads again only the rest", async () => {
    const { client, reads } = lobby(["status=waiting"]);
    const hello: Hello = {
      player: { id: "p1", username: "ann", balance: "7.00", currency: "USD", avatar: { name: "a", url: "/a" } },
      list: page(["r1", "r2"]),
      moves: { transactions: [], total: 3, page: 1, limit: 10, total_pages: 1 },
    };
    const asked = { search: "status=waiting" };
    applyHello(client, JSON.stringify(hello), asked);
    await settle();
    expect(client.getQueryData(queryKeys.player)).toEqual(hello.player);
    expect(client.getQueryData<RoomList>(queryKeys.roomList("status=waiting"))?.rooms.map((r) => r.id)).toEqual(["r1", "r2"]);
    expect(client.getQueryData(queryKeys.latestMoves)).toEqual(hello.moves);
    // The first hello also has the counts read, so that they count this tab's own stream.
    expect(reads.sort()).toEqual([queryKeys.lobbyCounts, queryKeys.room("r9")].map((k) => JSON.stringify(k)).sort());

    // Coming back (a deploy, a dropped connection): the counts wait for their own next read.
    reads.length = 0;
    applyHello(client, JSON.stringify(hello), asked);
    await settle();
    expect(reads).toEqual([JSON.stringify(queryKeys.room("r9"))]);
  });

  it("reads again a part the hello left out, and everything when it cannot be read", async () => {
    const partial = lobby(["status=waiting"]);
    applyHello(partial.client, JSON.stringify({ player: { id: "p1", username: "ann", balance: "1.00", currency: "USD", avatar: { name: "a", url: "/a" } } }), { search: "status=waiting" });
    await settle();
    expect(partial.reads.sort()).toEqual([queryKeys.latestMoves, queryKeys.roomList("status=waiting"), queryKeys.room("r9"), queryKeys.lobbyCounts].map((k) => JSON.stringify(k)).sort());

    const broken = lobby([""]);
    applyHello(broken.client, "{not json", { search: "" });
    await settle();
    expect(broken.reads).toHaveLength(5);
  });
});

describe("applyCounts", () => {
  it("puts the counts the stream sent in the cache, and leaves them for a message it cannot read", () => {
    const { client } = lobby([]);
    applyCounts(client, JSON.stringify({ players_online: 12, tables_playing: 3 }));
    expect(client.getQueryData(queryKeys.lobbyCounts)).toEqual({ players_online: 12, tables_playing: 3 });
    applyCounts(client, "{not json");
    applyCounts(client, JSON.stringify({ players_online: "many" }));
    expect(client.getQueryData(queryKeys.lobbyCounts)).toEqual({ players_online: 12, tables_playing: 3 });
  });
});
