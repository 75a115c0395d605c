"use client";
import { useMutation } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";
import { adminApi } from "@/lib/client/admin-api";
import type { Operator } from "@/lib/operators/contract";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { CopyButton } from "../copy-button";
import { formProblems } from "../form-problems";

interface Given {
  id: string;
  label: string;
  token: string;
  created_at: string;
}

/** A new API token for an operator: named by a label, shown once with a copy button and a warning. */
export function GiveToken({ operator: o, onGiven }: { operator: Operator; onGiven: () => void }) {
  const id = useId();
  const give = useMutation({
    mutationFn: (label: string) => adminApi<Given>(`/v1/admin/operators/${encodeURIComponent(o.id)}/tokens`, { method: "POST", body: { label } }),
    onSuccess: onGiven,
  });
  const problems = formProblems(give.error, { label: "Label" });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    give.mutate(String(new FormData(event.currentTarget).get("label") ?? "").trim());
  };
  return (
    <div className="space-y-3">
      <form onSubmit={submit} aria-label={`Give ${o.username} an API token`} className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-label`} className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          Label of a new token (what it is for)
          <input id={`${id}-label`} name="label" required maxLength={50} className={inputClass} aria-invalid={problems.fields.label ? true : undefined} aria-describedby={problems.fields.label ? `${id}-error` : undefined} />
        </label>
        <button type="submit" className={primaryButton} disabled={give.isPending}>
          Give a token
        </button>
      </form>
      {(problems.fields.label || problems.form) && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-300">
          {problems.fields.label ?? problems.form}
        </p>
      )}
      {give.data && (
        <div className="space-y-2 rounded-md border border-amber-400/60 bg-amber-950/30 p-3" data-testid="new-token">
          <p className="text-sm text-amber-200">
            Copy the token “{give.data.label}” now: it is shown only this once. It acts as {o.username} ({o.role}) until it is revoked or {o.username} is disabled. Keep it as you keep a password.
          </p>
          <code className="block rounded bg-slate-950 p-2 font-mono text-sm break-all">{give.data.token}</code>
          <CopyButton text={give.data.token} label="Copy the token" />
        </div>
      )}
    </div>
  );
}
