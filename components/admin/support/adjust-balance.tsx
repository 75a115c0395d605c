"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import type { Adjustment } from "@/lib/admin/support-contract";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { moneyActionOptions, newActionKey, sendNow } from "@/lib/client/money-action";
import { SIGNED_DECIMAL } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { displayMoney } from "@/lib/money/display";
import type { AdminPlayer } from "@/lib/players/contract";
import { APPROVAL_WINDOW_HOURS, needsApproval } from "@/lib/shared/adjustments";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { formProblems } from "../form-problems";
import { signedMoney } from "./signed-money";

const LABELS = { amount: "Amount", reason: "Reason" };

/**
 * Finance adjusts a player's balance: a signed amount in their currency and why. It says before
 * sending whether the amount waits for a second person's approval (ADJUSTMENT_APPROVAL_ABOVE), and after, what became of it.
 */
export function AdjustBalance({ player: p, path, approvalAbove }: { player: AdminPlayer; path: string; approvalAbove: string | undefined }) {
  const id = useId();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState("");
  /** The Idempotency-Key of the body last sent: sending the same body again after no answer reuses it, so it applies once. */
  const attempt = useRef<{ body: string; key: string }>(undefined);
  const adjust = useMutation({
    ...moneyActionOptions,
    mutationFn: ({ body, key }: { body: { amount: string; reason: string }; key: string }) =>
      sendNow(() => adminApi<Adjustment>(`${path}/adjustments`, { method: "POST", body, idempotencyKey: key })),
    onSuccess: () => {
      attempt.current = undefined;
      form.current?.reset();
      setTyped("");
      return client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const problems = formProblems(adjust.error, LABELS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { amount: String(data.get("amount") ?? "").trim(), reason: String(data.get("reason") ?? "").trim() };
    if (attempt.current?.body !== JSON.stringify(body)) attempt.current = { body: JSON.stringify(body), key: newActionKey() };
    adjust.mutate({ body, key: attempt.current.key });
  };
  const amount = SIGNED_DECIMAL.test(typed.trim()) && !new Decimal(typed.trim()).isZero() ? new Decimal(typed.trim()) : undefined;
  const rule =
    approvalAbove === undefined
      ? "Every adjustment applies at once: no approval is needed (ADJUSTMENT_APPROVAL_ABOVE is not set)."
      : `An adjustment of more than ${displayMoney(approvalAbove, p.currency)} either way waits for another person's approval, and so does one that takes the sum of yours to this player in the last ${APPROVAL_WINDOW_HOURS} hours past it either way; up to that, it applies at once.`;
  const hint = `In ${p.currency}: positive adds to the real money, negative takes real money first, then bonus money. ${rule}`;
  const done = adjust.data;
  return (
    <form ref={form} onSubmit={submit} aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-slate-700 p-4">
      <h3 id={`${id}-heading`} className="font-semibold">
        Adjust the balance
      </h3>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field id={`${id}-amount`} label="Amount" error={problems.fields.amount} hint={hint}>
          <input
            id={`${id}-amount`}
            name="amount"
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="-10.50"
            pattern="-?\d+(\.\d+)?"
            title="A decimal such as 25.00, or -10.50 to take"
            className={`${inputClass} tabular-nums`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            {...describedBy(`${id}-amount`, problems.fields.amount, hint)}
          />
        </Field>
        <Field id={`${id}-reason`} label="Reason" error={problems.fields.reason} hint="Goes to the ledger's story and the audit log.">
          <input id={`${id}-reason`} name="reason" required maxLength={500} autoComplete="off" className={inputClass} {...describedBy(`${id}-reason`, problems.fields.reason, "Goes to the ledger's story and the audit log.")} />
        </Field>
      </div>
      <p aria-live="polite" className="text-sm text-slate-300" data-testid="adjustment-preview">
        {amount &&
          (needsApproval(amount, approvalAbove)
            ? `${signedMoney(amount.toString(), p.currency)} is more than ${displayMoney(approvalAbove!, p.currency)}: it will wait for another person's approval.`
            : approvalAbove === undefined
              ? `${signedMoney(amount.toString(), p.currency)} applies at once.`
              : `${signedMoney(amount.toString(), p.currency)} applies at once while the sum of your adjustments to ${p.username} in the last ${APPROVAL_WINDOW_HOURS} hours, this one included, stays within ${displayMoney(approvalAbove, p.currency)} either way.`)}
      </p>
      {problems.form && (
        <p role="alert" className="text-sm text-rose-300">
          {problems.form}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={adjust.isPending}>
        {amount && needsApproval(amount, approvalAbove) ? "Ask for approval" : "Adjust"}
      </button>
      {done && (
        <p role="status" className={`text-sm ${done.status === "applied" ? "text-emerald-300" : "text-amber-300"}`}>
          {done.status === "applied"
            ? `Applied: ${signedMoney(done.amount, done.currency)} for ${p.username}.`
            : `Waiting for approval: ${signedMoney(done.amount, done.currency)} for ${p.username}. Someone else with the finance role (or an admin) approves or rejects it.`}
        </p>
      )}
    </form>
  );
}
