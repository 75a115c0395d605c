"use client";
import Link from "next/link";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { newActionKey } from "@/lib/client/money-action";
import { bestRoom, candidatesSearch, lastBet } from "@/lib/client/play-now";
import { fixed } from "@/lib/client/room-patch";
import { useLatestMoves } from "@/lib/client/use-moves";
import { acceptDecimalComma, displayMoney } from "@/lib/money/display";
import type { PlayerInfo } from "@/lib/players/contract";
import type { Room, RoomList } from "@/lib/rooms/contract";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { JoinDialog } from "./seat-buttons";

type Search = { state: "asking" } | { state: "looking" } | { state: "none"; bet: string } | { state: "failed"; message: string };

/**
 * "Play now": the player names a bet (their last one is offered), and is seated in the best open
 * room at it (lib/client/play-now.ts), after the same question as any join. With none, it offers to
 * create one.
 */
export function PlayNow({ player }: { player: PlayerInfo }) {
  const moves = useLatestMoves();
  const [asking, setAsking] = useState(false);
  const [search, setSearch] = useState<Search>({ state: "asking" });
  const [bet, setBet] = useState<string>();
  const [found, setFound] = useState<{ room: Room; key: string; open: boolean }>();
  const shownBet = bet ?? lastBet(moves.data?.transactions ?? []) ?? "";

  async function look() {
    const amount = acceptDecimalComma(shownBet.trim());
    if (fixed(amount) === undefined || fixed(amount) === 0n) return setSearch({ state: "failed", message: "Enter the bet you want to play, such as 2.50." });
    setSearch({ state: "looking" });
    try {
      const candidates = await api<RoomList>(`/v1/rooms?${candidatesSearch(player.currency, amount)}`);
      const room = bestRoom(candidates.rooms, player, amount);
      if (!room) return setSearch({ state: "none", bet: amount });
      setAsking(false);
      setFound({ room, key: newActionKey(), open: true });
    } catch (error) {
      setSearch({ state: "failed", message: (error as Error).message });
    }
  }

  return (
    <>
      <button type="button" className={primaryButton} onClick={() => (setSearch({ state: "asking" }), setAsking(true))}>
        Play now
      </button>
      <ConfirmDialog
        open={asking}
        title="Play now"
        confirmLabel="Find a seat"
        pendingLabel="Looking…"
        pending={search.state === "looking"}
        failure={search.state === "failed" ? search.message : undefined}
        onCancel={() => setAsking(false)}
        onConfirm={look}
      >
        <label htmlFor="play-now-bet" className="block text-sm font-medium">
          Bet ({player.currency})
        </label>
        <input
          id="play-now-bet"
          // The bet is what the dialog asks, so typing starts there.
          autoFocus
          inputMode="decimal"
          autoComplete="off"
          className={inputClass}
          value={shownBet}
          onChange={(event) => setBet(event.target.value)}
          onKeyDown={(event) => event.key === "Enter" && (event.preventDefault(), look())}
        />
        <p className="text-sm text-slate-300">You get a seat in the fullest waiting room at this bet. Nothing is taken until you confirm the room.</p>
        {search.state === "none" && (
          <p role="status">
            No room at {displayMoney(search.bet, player.currency)} is waiting.{" "}
            <Link href="/rooms/new" className="text-sky-300 underline">
              Create one
            </Link>
          </p>
        )}
      </ConfirmDialog>
      {found && (
        <JoinDialog
          key={found.key}
          actionKey={found.key}
          open={found.open}
          room={found.room}
          player={player}
          goToRoom
          onClose={() => setFound({ ...found, open: false })}
        />
      )}
    </>
  );
}
