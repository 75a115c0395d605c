"use client";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { adminApi } from "@/lib/client/admin-api";
import { lockMessage } from "@/lib/client/lock-message";
import { MAIN_ID } from "@/components/ui/main-id";
import { inputClass, primaryButton } from "@/components/ui/styles";

/** The admin token goes to the server once; from then on an httpOnly cookie stands for it. */
export function AdminSignIn() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** While the address is locked, when the lock ends (ms): the button waits for it. */
  const [lockedUntil, setLockedUntil] = useState<number>();
  useEffect(() => {
    if (lockedUntil === undefined) return;
    const timer = setTimeout(() => setLockedUntil(undefined), Math.max(0, lockedUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [lockedUntil]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const token = String(new FormData(event.currentTarget).get("token") ?? "");
    setBusy(true);
    try {
      await adminApi("/v1/admin/session", { method: "POST", body: { token } });
      window.location.reload();
    } catch (e) {
      const locked = e instanceof ApiError && e.status === 429 && e.retryAfterSeconds !== undefined;
      setError(locked ? lockMessage(e.retryAfterSeconds!, new Date()) : (e as Error).message);
      if (locked) setLockedUntil(Date.now() + e.retryAfterSeconds! * 1000);
      setBusy(false);
    }
  }
  return (
    <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">Admin console</h1>
      {/* POST, so that a submit before the page is interactive never puts the token in an address. */}
      <form onSubmit={submit} method="post" className="mt-6 space-y-4">
        <label className="block">
          <span className="mb-1 block text-sm">Admin token</span>
          <input name="token" type="password" autoComplete="current-password" required className={inputClass} aria-describedby={error ? "sign-in-error" : undefined} />
        </label>
        {error && (
          <p id="sign-in-error" role="alert" className="text-sm text-rose-300">
            {error}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={busy || lockedUntil !== undefined}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
