"use client";
import Link from "next/link";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { useI18n } from "@/lib/client/i18n";
import { newActionKey } from "@/lib/client/money-action";
import { bestRoom, candidatesSearch, lastBet } from "@/lib/client/play-now";
import { fixed } from "@/lib/client/room-patch";
import { useLatestMoves } from "@/lib/client/use-moves";
import { acceptDecimalComma } from "@/lib/money/display";
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
  const i18n = useI18n();
  const words = i18n.t.list.playNow;
  const moves = useLatestMoves();
  const [asking, setAsking] = useState(false);
  const [search, setSearch] = useState<Search>({ state: "asking" });
  const [bet, setBet] = useState<string>();
  const [found, setFound] = useState<{ room: Room; key: string; open: boolean }>();
  const shownBet = bet ?? lastBet(moves.data?.transactions ?? []) ?? "";

  async function look() {
    const amount = acceptDecimalComma(shownBet.trim());
    if (fixed(amount) === undefined || fixed(amount) === 0n) return setSearch({ state: "failed", message: words.noBet });
    setSearch({ state: "looking" });
    try {
      const candidates = await api<RoomList>(`/v1/rooms?${candidatesSearch(player.currency, amount)}`);
      const room = bestRoom(candidates.rooms, player, amount);
      if (!room) return setSearch({ state: "none", bet: amount });
      setAsking(false);
      setFound({ room, key: newActionKey(), open: true });
    } catch (error) {
      setSearch({ state: "failed", message: i18n.error(error) });
    }
  }

  return (
    <>
      <button type="button" className={primaryButton} onClick={() => (setSearch({ state: "asking" }), setAsking(true))}>
        {words.open}
      </button>
      <ConfirmDialog
        open={asking}
        title={words.title}
        confirmLabel={words.confirm}
        pendingLabel={words.pending}
        pending={search.state === "looking"}
        failure={search.state === "failed" ? search.message : undefined}
        onCancel={() => setAsking(false)}
        onConfirm={look}
      >
        <label htmlFor="play-now-bet" className="block text-sm font-medium">
          {words.bet(player.currency)}
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
        <p className="text-sm text-slate-300">{words.explain}</p>
        {search.state === "none" && (
          <p role="status">
            {words.noRoom(i18n.money(search.bet, player.currency))}{" "}
            <Link href="/rooms/new" className="text-sky-300 underline">
              {words.createOne}
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
