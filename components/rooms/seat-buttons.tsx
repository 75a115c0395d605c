"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useI18n } from "@/lib/client/i18n";
import { balanceAfterBet, joinAbility, refusalText } from "@/lib/client/seat-rules";
import { newActionKey } from "@/lib/client/money-action";
import { useSeat } from "@/lib/client/use-seat";
import type { PlayerInfo } from "@/lib/players/contract";
import type { Room } from "@/lib/rooms/contract";
import { ConfirmDialog, WithAmounts } from "@/components/ui/confirm-dialog";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { TableButton } from "./table-button";

/**
 * Join a room: a button that states the bet, disabled with the reason when the player cannot, and a
 * question before the bet is taken. `goToRoom` opens the room's page once seated (from the list).
 */
export function JoinButton({ room, player, goToRoom = false }: { room: Room; player: PlayerInfo; goToRoom?: boolean }) {
  const i18n = useI18n();
  const [question, setQuestion] = useState({ key: "", open: false });
  const reasonId = useId();
  const ability = joinAbility(room, player);
  // Once asked, the question stays mounted whatever the room's news: the join's answer (and the way to
  // the room) must not be lost when the live stream seats the player before the answer arrives.
  const dialog = question.key !== "" && (
    <JoinDialog
      key={question.key}
      actionKey={question.key}
      open={question.open}
      room={room}
      player={player}
      goToRoom={goToRoom}
      onClose={() => setQuestion((q) => ({ ...q, open: false }))}
    />
  );

  if (!ability.can && ability.why === "seated") {
    return (
      <>
        {room.status === "playing" ? (
          <TableButton room={room} />
        ) : (
          goToRoom && (
            <Link href={`/rooms/${room.id}`} className={`${secondaryButton} inline-block whitespace-nowrap text-center`}>
              {i18n.t.room.join.openYourRoom}
            </Link>
          )
        )}
        {dialog}
      </>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        className={primaryButton}
        disabled={!ability.can}
        aria-describedby={ability.can ? undefined : reasonId}
        onClick={() => setQuestion({ key: newActionKey(), open: true })}
      >
        {i18n.t.room.join.button} · <span className="whitespace-nowrap">{i18n.money(room.bet_amount, room.currency)}</span>
      </button>
      {!ability.can && (
        <span id={reasonId} className="text-sm text-slate-300" data-testid="join-reason">
          {refusalText(ability.why, room, player, i18n)}
        </span>
      )}
      {dialog}
    </div>
  );
}

/**
 * The question before a join, and the join: the bet, the balance it leaves, and whether leaving
 * still gives it back. `actionKey` is the question's Idempotency-Key: confirming again after an
 * answer that never came gets the first result. Keyed by it, each question starts afresh.
 */
export function JoinDialog({
  room,
  player,
  open,
  actionKey,
  goToRoom,
  onClose,
}: {
  room: Room;
  player: PlayerInfo;
  open: boolean;
  actionKey: string;
  goToRoom: boolean;
  onClose: () => void;
}) {
  const router = useRouter();
  const i18n = useI18n();
  const t = i18n.t.room.join;
  const join = useSeat(room.id, "join", goToRoom ? () => router.push(`/rooms/${room.id}`) : undefined);
  const ability = joinAbility(room, player);
  const bet = i18n.money(room.bet_amount, room.currency);
  const left = balanceAfterBet(player, room, i18n);
  return (
    <ConfirmDialog
      open={open}
      title={t.title(room.name)}
      confirmLabel={t.confirm(bet)}
      pendingLabel={t.pending}
      pending={join.isPending}
      failure={join.error ? i18n.error(join.error) : undefined}
      onCancel={onClose}
      onConfirm={() =>
        join.mutate(actionKey, { onSuccess: onClose })
      }
    >
      <p>
        <WithAmounts text={t.betTaken(bet, left)} amounts={[bet, left]} />
      </p>
      <p>{ability.can && ability.lastSeat ? t.lastSeat : t.canLeave}</p>
    </ConfirmDialog>
  );
}

/** Leave a waiting room: says what comes back before it happens. */
export function LeaveButton({ room }: { room: Room }) {
  const i18n = useI18n();
  const t = i18n.t.room.leave;
  const leave = useSeat(room.id, "leave");
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState("");
  const bet = i18n.money(room.bet_amount, room.currency);
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => (leave.reset(), setKey(newActionKey()), setAsking(true))}>
        {t.button}
      </button>
      <ConfirmDialog
        open={asking}
        title={t.title(room.name)}
        confirmLabel={t.confirm(bet)}
        pendingLabel={t.pending}
        pending={leave.isPending}
        failure={leave.error ? i18n.error(leave.error) : undefined}
        onCancel={() => setAsking(false)}
        onConfirm={() => leave.mutate(key, { onSuccess: () => setAsking(false) })}
      >
        <p>
          <WithAmounts text={t.betBack(bet)} amounts={[bet]} />
        </p>
      </ConfirmDialog>
    </>
  );
}
