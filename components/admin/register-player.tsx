"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { adminApi } from "@/lib/client/admin-api";
import type { AdminPlayer } from "@/lib/players/contract";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import { formProblems } from "./form-problems";
import { useConsoleAccess } from "./role-context";

const LABELS = { username: "Name", currency: "Currency", balance: "Opening balance" };

/**
 * Registers a player (support): name, currency and an opening balance, written to the ledger as a
 * deposit. The new player's page opens, where a launch address is issued.
 */
export function RegisterPlayer() {
  const { can } = useConsoleAccess();
  const id = useId();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const register = useMutation({
    mutationFn: (body: { username: string; currency: string; balance?: string }) => adminApi<AdminPlayer>("/v1/admin/players", { method: "POST", body }),
    onSuccess: (player) => router.push(`/admin/players/${encodeURIComponent(player.id)}`),
  });
  if (!can("createPlayer")) return null;
  if (!open) {
    return (
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Register a player
      </button>
    );
  }
  const problems = formProblems(register.error, LABELS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const balance = String(data.get("balance") ?? "").trim();
    register.mutate({ username: String(data.get("username") ?? "").trim(), currency: String(data.get("currency") ?? "").trim().toUpperCase(), ...(balance ? { balance } : {}) });
  };
  const hint = "Written to the ledger as a deposit; leave it empty for none.";
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-heading`} className="space-y-4 rounded-lg border border-slate-700 bg-slate-900 p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Register a player
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-username`} label="Name" error={problems.fields.username}>
          <input id={`${id}-username`} name="username" required maxLength={50} autoComplete="off" autoFocus className={inputClass} {...describedBy(`${id}-username`, problems.fields.username)} />
        </Field>
        <Field id={`${id}-currency`} label="Currency" error={problems.fields.currency}>
          <input id={`${id}-currency`} name="currency" required defaultValue="USD" pattern="[A-Za-z]{3}" title="A three-letter code such as USD" maxLength={3} autoComplete="off" className={`${inputClass} uppercase`} {...describedBy(`${id}-currency`, problems.fields.currency)} />
        </Field>
        <Field id={`${id}-balance`} label="Opening balance" error={problems.fields.balance} hint={hint}>
          <input id={`${id}-balance`} name="balance" inputMode="decimal" autoComplete="off" placeholder="0.00" className={inputClass} {...describedBy(`${id}-balance`, problems.fields.balance, hint)} />
        </Field>
      </div>
      {problems.form && (
        <p role="alert" className="text-sm text-rose-300">
          {problems.form}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={register.isPending}>
          Register
        </button>
        <button type="button" className={secondaryButton} onClick={() => (setOpen(false), register.reset())}>
          Cancel
        </button>
      </div>
    </form>
  );
}
