import { snapshotHolds } from "@/lib/shared/snapshot";
import { DEFAULT_PAGE_SIZE } from "@/lib/page-size";
import { SORTS, type Sort } from "./lobby-search";
import type { RoomUpdate } from "@/lib/live/contract";
import type { Room, RoomList } from "@/lib/rooms/contract";

// The lobby applies room changes pushed by the server (GET /v1/events) to the list pages it holds,
// instead of reading the list again: a room that enters the page's filter appears in its place,
// in the page's order; a changed room is updated where it is, or moved when its place in that order
// changed (`filling`: its free seats); a room that leaves disappears; the total
// moves with them, exactly. A change the page's answer already holds (its snapshot says so) is
// skipped. What cannot be known here, such as which room moves up from the next page, is left out
// (the page shows a correct, shorter prefix) or, past a point, marks the page stale: to be read
// again when shown.

type Status = Room["status"];

/** What a list page shows: the API's filters, page and limit, read from its query string. */
export interface ListView {
  page: number;
  limit: number;
  sort: Sort;
  status?: Status;
  currency?: string;
  playerLimit?: number;
  /** Bet bounds, as `fixed` gives them. */
  minBet?: bigint;
  maxBet?: bigint;
}

/** A list page as the lobby holds it: the answer, patched; stale when it must be read again. */
export interface LivePage extends RoomList {
  stale: boolean;
}

/**
 * A non-negative decimal as a whole number of 10^-12 units, so that bets compare exactly without a
 * decimal library in the lobby's bundle (amounts have at most 8 decimal places). Undefined when not
 * such a decimal.
 */
export function fixed(value: string | number): bigint | undefined {
  const text = typeof value === "number" ? value.toFixed(12) : value.trim();
  const match = /^(\d+)(?:\.(\d{0,12})\d*)?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1]!) * 10n ** 12n + BigInt((match[2] ?? "").padEnd(12, "0"));
}

const bound = (text: string | null) => (text ? fixed(text) : undefined);

/** The view of a list read with this query string (the API's own parameters). */
export function listViewOf(search: string): ListView {
  const q = new URLSearchParams(search);
  const whole = (name: string, fallback: number) => (/^\d+$/.test(q.get(name) ?? "") ? Number(q.get(name)) : fallback);
  return {
    page: whole("page", 1),
    limit: whole("limit", DEFAULT_PAGE_SIZE),
    sort: SORTS.find((sort) => sort === q.get("sort")) ?? "newest",
    status: (q.get("status") as Status | null) ?? undefined,
    currency: q.get("currency")?.toUpperCase() || undefined,
    playerLimit: q.get("player_limit") ? Number(q.get("player_limit")) : undefined,
    minBet: bound(q.get("min_bet_amount")),
    maxBet: bound(q.get("max_bet_amount")),
  };
}

/** Whether the room, in the given status, is one the view's filters let through. */
export function inFilter(room: Pick<Room, "currency" | "player_limit" | "bet_amount">, status: Status | null, view: ListView): boolean {
  if (status === null) return false;
  if (view.status !== undefined && status !== view.status) return false;
  if (view.currency !== undefined && room.currency !== view.currency) return false;
  if (view.playerLimit !== undefined && room.player_limit !== view.playerLimit) return false;
  if (view.minBet === undefined && view.maxBet === undefined) return true;
  const bet = fixed(room.bet_amount);
  if (bet === undefined) return false;
  return !(view.minBet !== undefined && bet < view.minBet) && !(view.maxBet !== undefined && bet > view.maxBet);
}

type Ordered = Pick<Room, "created_at" | "id" | "bet_amount" | "player_limit" | "current_players">;
type Order = (a: Ordered, b: Ordered) => number;

/** Newest first, ties by id: the end of every order. Negative when `a` comes first. */
export const newestFirst: Order = (a, b) => {
  if (a.created_at !== b.created_at) return a.created_at > b.created_at ? -1 : 1;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
};
const byBet: Order = (a, b) => {
  const [x, y] = [fixed(a.bet_amount) ?? 0n, fixed(b.bet_amount) ?? 0n];
  return x === y ? newestFirst(a, b) : x < y ? -1 : 1;
};
const freeSeats = (r: Ordered) => r.player_limit - r.current_players;

/** Each sort's order, as the API gives it (docs/api.md). Negative when `a` comes first. */
export const ORDERS: Record<Sort, Order> = {
  newest: newestFirst,
  bet_asc: byBet,
  bet_desc: (a, b) => byBet(b, a),
  filling: (a, b) => freeSeats(a) - freeSeats(b) || newestFirst(a, b),
};

/** Applies a batch of room changes to a page; the page itself when nothing changed. */
export function applyRoomUpdates(page: LivePage, view: ListView, updates: RoomUpdate[], playerId?: string): LivePage {
  let next = page;
  for (const update of updates) next = applyOne(next, view, update, playerId);
  return next;
}

function applyOne(page: LivePage, view: ListView, { room, changes }: RoomUpdate, playerId: string | undefined): LivePage {
  const unseen = changes.filter((c) => !snapshotHolds(page.snapshot, c.xid));
  if (unseen.length === 0) return page;
  const order = ORDERS[view.sort];
  const moved = unseen.reduce((sum, c) => sum + Number(inFilter(room, c.to, view)) - Number(inFilter(room, c.from, view)), 0);
  const total = page.total + moved;
  const shows = inFilter(room, room.status, view);
  const at = page.rooms.findIndex((r) => r.id === room.id);
  const size = Math.min(view.limit, total);
  // Past the last room shown come rooms of the next page, not known here; what orders after the
  // last one therefore belongs here only when this page holds every room there is (page 1, not full).
  const holdsAll = view.page === 1 && page.total <= view.limit;
  const last = page.rooms[page.rooms.length - 1];

  let rooms = page.rooms;
  let stale = page.stale;
  if (at >= 0 && !shows) {
    rooms = rooms.filter((_, i) => i !== at);
  } else if (at >= 0) {
    const others = rooms.filter((_, i) => i !== at);
    const [head, tail] = [others[0], others[others.length - 1]];
    const stays = (at === 0 || order(others[at - 1]!, room) < 0) && (at >= others.length || order(room, others[at]!) < 0);
    if (stays) rooms = rooms.map((r, i) => (i === at ? room : r));
    // It moved in the order: to another place on this page, or off it (which room comes in is not known).
    else if (view.page === 1 || (head && tail && order(head, room) < 0 && order(room, tail) < 0)) rooms = placed(others, room, size, holdsAll, order);
    else [rooms, stale] = [others, true];
  } else if (shows && moved > 0) {
    if (view.page === 1) rooms = placed(rooms, room, size, rooms.length >= Math.min(view.limit, page.total), order);
    // A later page's rooms shift when one that orders before them joins the filter: which move is not known here.
    else if (rooms.length === 0 || order(room, last!) < 0) stale = true;
  }
  if (view.page > 1 && moved < 0 && at < 0 && (rooms.length === 0 || order(room, last!) < 0)) stale = true;
  // Rooms that left page 1 leave it short by as many (the next page's first rooms are not known
  // here); past half a page short, it is read again.
  const expected = Math.max(0, Math.min(view.limit, total - (view.page - 1) * view.limit));
  if (expected - rooms.length > Math.ceil(view.limit / 2)) stale = true;

  return {
    ...page,
    rooms,
    total,
    total_pages: Math.ceil(total / view.limit),
    active_rooms: playerId === undefined ? page.active_rooms : ownRooms(page.active_rooms, room, playerId),
    stale,
  };
}

/**
 * The room put in its place in a page of `size` rooms at most; the last one falls off past it. A
 * room older than every room shown goes last only on a page known to be complete (not short).
 */
function placed(rooms: Room[], room: Room, size: number, complete: boolean, order: Order): Room[] {
  const at = rooms.findIndex((r) => order(room, r) < 0);
  if (at < 0) return complete && rooms.length < size ? [...rooms, room] : rooms;
  const next = [...rooms.slice(0, at), room, ...rooms.slice(at)];
  return next.length > size ? next.slice(0, size) : next;
}

/** The caller's own unfinished rooms, newest first, with this room in or out. */
function ownRooms(active: Room[], room: Room, playerId: string): Room[] {
  const mine = room.status !== "finished" && room.players.some((p) => p.id === playerId);
  const others = active.filter((r) => r.id !== room.id);
  if (!mine) return others.length === active.length ? active : others;
  return [...others, room].sort(newestFirst);
}
