"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import { CopyButton } from "../copy-button";
import { formProblems } from "../form-problems";
import { useConsoleAccess } from "../role-context";
import { operatorsKey } from "./roles";

interface Me {
  id: string | null;
  name: string;
  role: string;
  totp: boolean;
}

/** A base32 secret in groups of four, as people type it into an app. */
export const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The signed-in operator's own account: setting up an authenticator app, after which sign-in asks for its code. */
export function MyAccount() {
  const { identity } = useConsoleAccess();
  const id = useId();
  const client = useQueryClient();
  const meKey = [...adminKeys.all, "me"];
  const me = useQuery({ queryKey: meKey, queryFn: () => adminApi<Me>("/v1/admin/me"), enabled: identity.operatorId !== null });
  const start = useMutation({ mutationFn: () => adminApi<{ secret: string; otpauth_url: string }>("/v1/admin/me/totp", { method: "POST" }) });
  const confirm = useMutation({
    mutationFn: (code: string) => adminApi<Me>("/v1/admin/me/totp/confirm", { method: "POST", body: { code } }),
    onSuccess: (data) => {
      client.setQueryData(meKey, data);
      return client.invalidateQueries({ queryKey: operatorsKey });
    },
  });
  const problems = formProblems(confirm.error, { code: "The code" });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(String(new FormData(event.currentTarget).get("code") ?? "").trim());
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        My account
      </h2>
      {identity.operatorId === null ? (
        <p className="text-sm text-slate-300">You signed in with the owner&apos;s token (ADMIN_TOKEN), which has no account of its own: add yourself to the team to sign in by name, with an authenticator app.</p>
      ) : !me.data ? null : me.data.totp ? (
        <p className="text-sm text-slate-300" data-testid="totp-state">
          Signing in as {me.data.name} asks for the code of your authenticator app.
        </p>
      ) : !start.data ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-300" data-testid="totp-state">
            Signing in as {me.data.name} asks only for your password. An authenticator app (any TOTP app) adds a 6-digit code that changes every 30 seconds.
          </p>
          <button type="button" className={primaryButton} disabled={start.isPending} onClick={() => start.mutate()}>
            Set up an authenticator app
          </button>
          {start.error && (
            <p role="alert" className="text-sm text-rose-300">
              {start.error.message}
            </p>
          )}
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm">In your authenticator app, add an account with this key (time-based), or open the address on the phone that has the app:</p>
          <p>
            <code className="font-mono text-lg tracking-wider break-all" data-testid="totp-secret">
              {grouped(start.data.secret)}
            </code>
          </p>
          <CopyButton text={start.data.secret} label="Copy the key" />
          <p className="text-sm">
            <a href={start.data.otpauth_url} className="text-sky-300 underline break-all">
              {start.data.otpauth_url}
            </a>
          </p>
          <form onSubmit={submit} aria-label="Confirm the authenticator app" className="flex flex-wrap items-end gap-3">
            <label htmlFor={`${id}-code`} className="flex flex-col gap-1 text-sm">
              The code the app shows now
              <input
                id={`${id}-code`}
                name="code"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                title="The 6 digits your authenticator app shows"
                className={`${inputClass} w-40 font-mono tracking-widest`}
                aria-invalid={confirm.error ? true : undefined}
                aria-describedby={confirm.error ? `${id}-code-error` : undefined}
              />
            </label>
            <button type="submit" className={primaryButton} disabled={confirm.isPending}>
              Confirm
            </button>
            <button type="button" className={secondaryButton} onClick={() => start.reset()}>
              Not now
            </button>
          </form>
          {confirm.error && (
            <p id={`${id}-code-error`} role="alert" className="text-sm text-rose-300">
              {problems.fields.code ?? problems.form}
            </p>
          )}
        </div>
      )}
      {confirm.isSuccess && (
        <p role="status" className="text-sm text-emerald-300">
          Done: from now on, signing in asks for the code your app shows.
        </p>
      )}
    </section>
  );
}
