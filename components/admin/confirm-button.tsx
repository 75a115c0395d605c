"use client";
import { useState } from "react";
import { secondaryButton } from "@/components/ui/styles";

const dangerButton = secondaryButton.replace("border-slate-500", "border-rose-400 text-rose-200");

/** An action that asks once more, in the page (keyboard and screen readers included), before it runs. */
export function ConfirmButton({ label, question, onConfirm, busy }: { label: string; question: string; onConfirm: () => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={dangerButton} disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span role="group" aria-label={question} className="inline-flex flex-wrap items-center gap-2">
      <span className="text-sm">{question}</span>
      <button type="button" className={dangerButton} autoFocus onClick={() => (setAsking(false), onConfirm())}>
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
