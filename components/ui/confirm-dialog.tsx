"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useI18n } from "@/lib/client/i18n";
import { primaryButton, secondaryButton } from "./styles";

/**
 * Asks before money moves. A modal <dialog>: focus goes into it and back when it closes, and the page
 * behind cannot be clicked. `failure` stays inside, beside the buttons. Cancel and Escape always
 * close it, even while the action is on its way: the player is never held in a dialog by a network
 * that does not answer. An action already sent is not taken back by that; its result shows on the
 * page (lib/client/money-action.ts keeps one from being sent later).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  failure,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // m-auto: the stylesheet's reset takes away the browser's own centring of a modal dialog.
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-600 bg-slate-900 p-0 text-slate-100 backdrop:bg-slate-950/70"
    >
      <div className="space-y-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold break-words">
          {title}
        </h2>
        <div id={`${id}-body`} className="space-y-2 text-slate-200">
          {children}
        </div>
        {failure && (
          <p role="alert" className="text-sm text-rose-300">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onCancel}>
            {t.room.confirm.cancel}
          </button>
          <button type="button" className={primaryButton} disabled={pending} onClick={onConfirm} autoFocus>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A sentence of a question with its amounts in bold, each kept on one line. The sentence comes whole
 * from the catalogue, so each language places the amounts where its grammar wants them.
 */
export function WithAmounts({ text, amounts }: { text: string; amounts: string[] }) {
  // Split on a capturing group: the odd parts are the amounts.
  const parts = text.split(new RegExp(`(${amounts.map(escaped).join("|")})`));
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <strong key={i} className="whitespace-nowrap">
        {part}
      </strong>
    ) : (
      part
    ),
  );
}
