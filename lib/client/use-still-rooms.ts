"use client";
import { useState } from "react";
import { roomLog } from "./room-log";
import type { HeldPage } from "./room-updates";
import { heldRooms, holdStill, showPage, type StillList } from "./still-list";

/**
 * The rooms to show for the live page of `search` (still-list.ts): held still while changes arrive,
 * with the rooms held back and a way to show the page as it is now. `page` is undefined while a new
 * search's page loads: the rooms shown so far stay meanwhile.
 */
export function useStillRooms(search: string, page: HeldPage | undefined) {
  const [held, setHeld] = useState<{ search: string; still: StillList }>();
  let next = held;
  if (page && held?.search !== search) next = { search, still: showPage(page) };
  else if (page && held) {
    const still = holdStill(held.still, page, roomLog.since(held.still.appliedThrough));
    if (still !== held.still) next = { search, still };
  }
  // State adjusted while rendering, as React allows for state that follows a prop: holdStill
  // returns the same list once up to date, so this settles at the next render.
  if (next !== held) setHeld(next);
  return {
    rooms: next?.still.rooms,
    held: next && page ? heldRooms(next.still, page) : [],
    /** Shows the page as it is now: the held rooms join the list in the page's order. */
    showAll: () => page && setHeld({ search, still: showPage(page) }),
  };
}
