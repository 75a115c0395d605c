"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { balanceAfterBet, betText, joinAbility } from "@/lib/client/seat-rules";
import { newActionKey } from "@/lib/client/money-action";
import { useSeat } from "@/lib/client/use-seat";
import type { PlayerInfo } from "@/lib/players/contract";
import type { Room } from "@/lib/rooms/contract";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { TableButton } from "./table-button";

/**
 * Join a room: a button that states the bet, disabled with the reason when the player cannot, and a
 * question before the bet is taken. `goToRoom` opens the room's page once seated (from the list).
 */
export function JoinButton({ room, player, goToRoom = false }: { room: Room; player: PlayerInfo; goToRoom?: boolean }) {
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

  if (!ability.can && ability.seated) {
    return (
      <>
        {room.status === "playing" ? (
          <TableButton room={room} />
        ) : (
          goToRoom && (
            <Link href={`/rooms/${room.id}`} className={`${secondaryButton} inline-block whitespace-nowrap text-center`}>
              Open your room
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
        Join · <span className="whitespace-nowrap">{betText(room)}</span>
      </button>
      {!ability.can && (
        <span id={reasonId} className="text-sm text-slate-300" data-testid="join-reason">
          {ability.reason}
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
  const join = useSeat(room.id, "join", goToRoom ? () => router.push(`/rooms/${room.id}`) : undefined);
  const ability = joinAbility(room, player);
  const bet = betText(room);
  return (
    <ConfirmDialog
      open={open}
      title={`Join “${room.name}”?`}
      confirmLabel={`Join and bet ${bet}`}
      pendingLabel="Joining…"
      pending={join.isPending}
      failure={join.error?.message}
      onCancel={onClose}
      onConfirm={() =>
        join.mutate(actionKey, { onSuccess: onClose })
      }
    >
      <p>
        Your bet of <strong className="whitespace-nowrap">{bet}</strong> is taken from your balance now, leaving{" "}
        <strong className="whitespace-nowrap">{balanceAfterBet(player, room)}</strong>.
      </p>
      {ability.can && ability.lastSeat ? (
        <p>You take the last seat: the game starts as soon as you join, and the bet can no longer be taken back by leaving.</p>
      ) : (
        <p>While the room waits for players you can leave, and the bet comes back.</p>
      )}
    </ConfirmDialog>
  );
}

/** Leave a waiting room: says what comes back before it happens. */
export function LeaveButton({ room }: { room: Room }) {
  const leave = useSeat(room.id, "leave");
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState("");
  const bet = betText(room);
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => (leave.reset(), setKey(newActionKey()), setAsking(true))}>
        Leave the room
      </button>
      <ConfirmDialog
        open={asking}
        title={`Leave “${room.name}”?`}
        confirmLabel={`Leave and get ${bet} back`}
        pendingLabel="Leaving…"
        pending={leave.isPending}
        failure={leave.error?.message}
        onCancel={() => setAsking(false)}
        onConfirm={() => leave.mutate(key, { onSuccess: () => setAsking(false) })}
      >
        <p>
          Your seat is given up and your bet of <strong className="whitespace-nowrap">{bet}</strong> comes back to your balance.
        </p>
      </ConfirmDialog>
    </>
  );
}
