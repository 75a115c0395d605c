"use client";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { useI18n } from "@/lib/client/i18n";
import type { Room, RoomDetails } from "@/lib/rooms/contract";
import { primaryButton } from "@/components/ui/styles";

/**
 * "Open the table" for a seated player of a playing room. It shows as soon as the room starts (the
 * live update says so); the table's address comes with a game session of the player's own, asked for
 * at the click, so it is never stale.
 */
export function TableButton({ room }: { room: Room }) {
  const i18n = useI18n();
  const t = i18n.t.room.table;
  const [state, setState] = useState<{ opening: boolean; problem?: string }>({ opening: false });
  const open = async () => {
    setState({ opening: true });
    try {
      const fresh = await api<RoomDetails>(`/v1/rooms/${encodeURIComponent(room.id)}`);
      if (fresh.game_url) return window.location.assign(fresh.game_url);
      setState({ opening: false, problem: fresh.status === "playing" ? t.notSetUp : t.now[fresh.status] });
    } catch (error) {
      setState({ opening: false, problem: i18n.error(error) });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button type="button" className={primaryButton} disabled={state.opening} onClick={() => void open()}>
        {state.opening ? t.opening : t.open}
      </button>
      {state.problem && (
        <span role="alert" className="text-sm text-amber-300">
          {state.problem}
        </span>
      )}
    </div>
  );
}
