"use client";
import { useId, useState } from "react";
import { inputClass, secondaryButton } from "@/components/ui/styles";

const dangerButton = secondaryButton.replace("border-slate-500", "border-rose-400 text-rose-200");

/**
 * An action that asks once more, in the page (keyboard and screen readers included), before it runs.
 * With `askReason`, it also asks why: the reason goes to the audit log, so it cannot be left empty.
 */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  busy,
  askReason = false,
}: {
  label: string;
  question: string;
  onConfirm: (reason?: string) => void;
  busy: boolean;
  askReason?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  if (!asking) {
    return (
      <button type="button" className={dangerButton} disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <form
      aria-label={question}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(false);
        onConfirm(askReason ? reason.trim() : undefined);
        setReason("");
      }}
    >
      <span className="text-sm">{question}</span>
      {askReason && (
        <label htmlFor={reasonId} className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          Reason, for the audit log
          <input id={reasonId} className={inputClass} required maxLength={500} pattern=".*\S.*" title="Say why, in a few words" autoFocus value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      )}
      <button type="submit" className={dangerButton} autoFocus={!askReason}>
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </form>
  );
}
