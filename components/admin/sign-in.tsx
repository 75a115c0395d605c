"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { adminApi } from "@/lib/client/admin-api";
import { lockMessage } from "@/lib/client/lock-message";
import { MAIN_ID } from "@/components/ui/main-id";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

type Credentials = { username: string; password: string; code?: string } | { token: string };

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

/**
 * An operator signs in with name and password, and the code of their authenticator app if they set
 * one up; the owner, with ADMIN_TOKEN (the first set-up, before anyone is on the team). The code's
 * field is there from the start, so that name, password and code go in one try: a try without the
 * code counts as a failed sign-in (it would otherwise tell a guesser the password is right). The
 * credentials go to the server once; from then on an httpOnly cookie stands for the session.
 */
export function AdminSignIn() {
  /** The server's refusal, beside the form that was sent. */
  const [error, setError] = useState<{ form: "name" | "token"; text: string }>();
  /** The form on its way to the server. */
  const [busy, setBusy] = useState<"name" | "token">();
  /** Once the server said the code is missing or wrong: the code field is required, and focused. */
  const [askCode, setAskCode] = useState(false);
  /** While the address is locked, when the lock ends (ms): the buttons wait for it. */
  const [lockedUntil, setLockedUntil] = useState<number>();
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (lockedUntil === undefined) return;
    const timer = setTimeout(() => setLockedUntil(undefined), Math.max(0, lockedUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [lockedUntil]);
  useEffect(() => {
    if (askCode) codeInput.current?.focus();
  }, [askCode]);

  async function send(form: "name" | "token", credentials: Credentials) {
    setBusy(form);
    try {
      await adminApi("/v1/admin/session", { method: "POST", body: credentials });
      window.location.reload();
    } catch (e) {
      const locked = e instanceof ApiError && e.status === 429 && e.retryAfterSeconds !== undefined;
      if (e instanceof ApiError && e.status === 401 && e.errors[0]?.path === "code") setAskCode(true);
      setError({ form, text: locked ? lockMessage(e.retryAfterSeconds!, new Date()) : (e as Error).message });
      if (locked) setLockedUntil(Date.now() + e.retryAfterSeconds! * 1000);
      setBusy(undefined);
    }
  }

  const byName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = event.currentTarget;
    const code = field(f, "code");
    void send("name", { username: field(f, "username"), password: field(f, "password"), ...(code ? { code } : {}) });
  };
  const byToken = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send("token", { token: field(event.currentTarget, "token") });
  };
  const waiting = busy !== undefined || lockedUntil !== undefined;
  const problem = (form: "name" | "token") =>
    error?.form === form && (
      <p id={`sign-in-error-${form}`} role="alert" className="text-sm text-rose-300">
        {error.text}
      </p>
    );
  const describedBy = (form: "name" | "token") => (error?.form === form ? `sign-in-error-${form}` : undefined);

  return (
    <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">Admin console</h1>
      {/* POST, so that a submit before the page is interactive never puts a password in an address. */}
      <form onSubmit={byName} method="post" aria-label="Sign in" className="mt-6 space-y-4">
        <label className="block">
          <span className="mb-1 block text-sm">Name</span>
          <input name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required maxLength={100} className={inputClass} />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm">Password</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={500} className={inputClass} aria-describedby={describedBy("name")} />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm">Authenticator code</span>
          <input
            ref={codeInput}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            title="The 6 digits your authenticator app shows"
            required={askCode}
            className={`${inputClass} font-mono tracking-widest`}
            aria-describedby={`sign-in-code-hint ${describedBy("name") ?? ""}`.trim()}
          />
          <span id="sign-in-code-hint" className="mt-1 block text-xs text-slate-300">
            If you set up an authenticator app: the 6 digits it shows for this console now. Otherwise leave it empty.
          </span>
        </label>
        {problem("name")}
        <button type="submit" className={primaryButton} disabled={waiting}>
          {busy === "name" ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <details className="mt-10 rounded-lg border border-slate-700 p-4">
        <summary className="cursor-pointer text-sm text-sky-300 underline">Sign in with the owner&apos;s token (ADMIN_TOKEN)</summary>
        <p className="mt-3 text-sm text-slate-300">For the first set-up, before anyone is on the team. The owner has the admin role; the audit log names them &ldquo;owner&rdquo;.</p>
        <form onSubmit={byToken} method="post" aria-label="Sign in with the owner's token" className="mt-4 space-y-4">
          <label className="block">
            <span className="mb-1 block text-sm">Admin token</span>
            <input name="token" type="password" autoComplete="off" required maxLength={500} className={inputClass} aria-describedby={describedBy("token")} />
          </label>
          {problem("token")}
          <button type="submit" className={secondaryButton} disabled={waiting}>
            {busy === "token" ? "Signing in…" : "Sign in with the token"}
          </button>
        </form>
      </details>
    </main>
  );
}
