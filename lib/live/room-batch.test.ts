import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomChangeNotice } from "@/lib/rooms/room-changes";
import { RoomBatcher } from "./room-batch";

const change = (room_id: string): RoomChangeNotice => ({ room_id, from: null, to: "waiting", xid: "1" });

describe("RoomBatcher", () => {
  afterEach(() => vi.useRealTimers());

  it("gathers nothing and reads nothing while no stream is open", () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const batcher = new RoomBatcher(
      () => calls.push("send"),
      () => calls.push("resync"),
      () => 0,
    );
    for (let i = 0; i < 50; i++) batcher.add(change(`room-${i}`));
    // Past the longest batch window: a batch would have been read and sent (or, failing, resynced).
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(calls).toEqual([]);
  });

  it("drops its pending rooms for a resync past its bound", () => {
    const calls: string[] = [];
    const batcher = new RoomBatcher(
      () => calls.push("send"),
      () => calls.push("resync"),
      () => 1,
    );
    for (let i = 0; i <= 2_000; i++) batcher.add(change(`room-${i}`));
    expect(calls).toEqual(["resync"]);
  });
});
