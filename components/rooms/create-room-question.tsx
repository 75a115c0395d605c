"use client";
import type { RoomSummary } from "@/lib/client/create-room-summary";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

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
  return (
    <ConfirmDialog
      open={summary !== undefined}
      title={`Create “${summary?.name ?? ""}”?`}
      confirmLabel={summary ? `Create and bet ${summary.bet}` : "Create"}
      pendingLabel="Creating…"
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
            <strong className="whitespace-nowrap">{summary.bet}</strong> will be taken from your balance now.
          </p>
          <p>
            Your balance after: <strong className="whitespace-nowrap">{summary.balanceAfter}</strong>
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
