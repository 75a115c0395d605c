"use client";
import type { RoomSummary } from "@/lib/client/create-room-summary";
import { useI18n } from "@/lib/client/i18n";
import { ConfirmDialog, WithAmounts } from "@/components/ui/confirm-dialog";

/** The create form's question: the room it will make and the bet it will take, asked before anything is sent. */
export function CreateRoomQuestion({
  summary,
  pending,
  failure,
  onConfirm,
  onCancel,
}: {
  /** What the room will be; undefined while nothing is asked. */
  summary: RoomSummary | undefined;
  pending: boolean;
  failure?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useI18n().t.room.question;
  return (
    <ConfirmDialog
      open={summary !== undefined}
      title={t.title(summary?.name ?? "")}
      confirmLabel={summary ? t.confirm(summary.bet) : t.confirmAny}
      pendingLabel={t.pending}
      pending={pending}
      failure={failure}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {summary && (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            {summary.facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-300">{label}</dt>
                <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <p>
            <WithAmounts text={t.betTaken(summary.bet)} amounts={[summary.bet]} />
          </p>
          <p>
            <WithAmounts text={t.balanceAfter(summary.balanceAfter)} amounts={[summary.balanceAfter]} />
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
