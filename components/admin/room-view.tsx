"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import type { AdminRoomDetail, CloseResult, RemoveResult } from "@/lib/admin/contract";
import { moneyActionOptions, sendNow } from "@/lib/client/money-action";
import { useAdminLiveUpdates } from "@/lib/client/use-admin-live";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { RoomHeading } from "@/components/rooms/room-heading";
import { Table } from "@/components/ui/data-table";
import { ConfirmButton } from "./confirm-button";
import { useConsoleAccess } from "./role-context";
import { RoomLedger } from "./room-ledger";
import { displayMoney } from "@/lib/money/display";

type ActionResult = CloseResult | RemoveResult;

/** What an action gave back, in words: "Refunded 2.00 USD to alice and 2.00 USD to bob." */
function refundedText(result: ActionResult, nameOf: (playerId: string) => string): string {
  const refunds = "refunds" in result ? result.refunds : result.refund ? [result.refund] : [];
  if (refunds.length === 0) return "Nothing to refund: every bet was back already.";
  const parts = refunds.map((r) => `${displayMoney(r.amount, r.currency)} to ${nameOf(r.player_id)}`);
  return `Refunded ${parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]}.`;
}

/** One room for an admin: its state, who sits with which bet, every movement of its round (a page at a time), and the actions. */
export function RoomView({ id }: { id: string }) {
  useAdminLiveUpdates();
  const { can } = useConsoleAccess();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: [...adminKeys.all, "room", id], queryFn: () => adminApi<AdminRoomDetail>(`/v1/admin/rooms/${encodeURIComponent(id)}`) });
  const [done, setDone] = useState<string>();
  // Closing a room or removing a player refunds bets: sent the moment it is confirmed, or not at all,
  // never queued while offline to fire later on a room that has moved on (lib/client/money-action.ts).
  const act = useMutation({
    ...moneyActionOptions,
    mutationFn: ({ path, reason }: { path: string; reason?: string; what: string }) =>
      sendNow(() => adminApi<ActionResult>(path, { method: "POST", body: { reason } })),
    onMutate: () => setDone(undefined),
    onSuccess: (result, { what }) => {
      const names = new Map(detail.data?.seats.map((s) => [s.player_id, s.username]));
      setDone(`${what} ${refundedText(result, (id) => names.get(id) ?? id)}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  if (detail.isPending) return <Skeleton className="h-64" />;
  if (detail.error) return <ErrorPanel title="The room could not be loaded" message={detail.error.message} onRetry={() => detail.refetch()} />;
  const { room, seats, settlement } = detail.data;
  const base = `/v1/admin/rooms/${encodeURIComponent(room.id)}`;
  const canRemove = can("removePlayer");
  return (
    <article className="space-y-6">
      <RoomHeading room={room} back="/admin" />
      <p className="text-sm text-slate-300">
        <span className="font-mono">{room.id}</span> · seats {room.current_players}/{room.max_players} · bet {displayMoney(room.bet_amount, room.currency)} · pot {displayMoney(room.pot, room.currency)} · rake {displayMoney(room.rake, room.currency)}
      </p>
      {settlement && <Settlement settlement={settlement} currency={room.currency} />}
      {room.status !== "finished" && can("closeRoom") && (
        <ConfirmButton label="Close room" question="Refund every bet and finish this room?" askReason busy={act.isPending} onConfirm={(reason) => act.mutate({ path: `${base}/close`, reason, what: "Room closed." })} />
      )}
      {done && (
        <p role="status" className="text-sm text-emerald-300">
          {done}
        </p>
      )}
      {act.error && (
        <p role="alert" className="text-sm text-rose-300">
          {act.error.message}
        </p>
      )}
      <section aria-labelledby="seats-heading">
        <h2 id="seats-heading" className="mb-2 text-lg font-semibold">
          Seats
        </h2>
        <Table
          caption="Seated players"
          head={["Player", "Joined", "Bet transfer id", "Refund", ...(canRemove ? ["Action"] : [])]}
          rows={seats.map((s) => [
            <Link key="p" href={`/admin/players/${s.player_id}`} className="text-sky-300 underline [overflow-wrap:anywhere]">
              {s.username}
            </Link>,
            new Date(s.joined_at).toLocaleString(),
            <span key="t" className="font-mono text-xs break-all">{s.bet_transfer_id ?? "—"}</span>,
            <span key="r" className="font-mono text-xs break-all">{s.refund ?? "—"}</span>,
            ...(canRemove
              ? [
                  room.status === "waiting" ? (
                    <ConfirmButton
                      key="a"
                      label="Remove"
                      question={`Remove ${s.username} and refund the bet?`}
                      askReason
                      busy={act.isPending}
                      onConfirm={(reason) => act.mutate({ path: `${base}/players/${encodeURIComponent(s.player_id)}/remove`, reason, what: `${s.username} removed.` })}
                    />
                  ) : null,
                ]
              : []),
          ])}
        />
      </section>
      <RoomLedger roomId={room.id} />
    </article>
  );
}

/** Where a completed round's pot went, and whether the platform paid out what settled to it. */
function Settlement({ settlement: s, currency }: { settlement: NonNullable<AdminRoomDetail["settlement"]>; currency: string }) {
  const money = (amount: string) => displayMoney(amount, currency);
  const balanced = Number(s.imbalance) === 0;
  return (
    <section aria-labelledby="settlement-heading" className="rounded border border-slate-700 p-3 text-sm">
      <h2 id="settlement-heading" className="font-semibold">
        Settlement
      </h2>
      <p className="text-slate-300">
        Settled {new Date(s.settled_at).toLocaleString()}: pot {money(s.pot)}, rake {money(s.rake)} to the house, {money(s.to_platform)} to the platform. Wins paid{" "}
        {money(s.wins_paid)}
        {Number(s.jackpot_wins) !== 0 && <> (jackpot wins declared {money(s.jackpot_wins)})</>}.
      </p>
      <p className={balanced ? "text-emerald-300" : "text-amber-300"}>
        {balanced ? "Balanced: the wins paid are what settled to the platform." : `Imbalance ${money(s.imbalance)}: the wins paid differ from what settled to the platform.`}
      </p>
    </section>
  );
}
