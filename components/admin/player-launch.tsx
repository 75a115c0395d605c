"use client";
import { useMutation } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-api";
import { primaryButton } from "@/components/ui/styles";
import type { IssuedToken, RevokedTokens } from "@/lib/players/contract";
import { ConfirmButton } from "./confirm-button";
import { useConsoleAccess } from "./role-context";

/** A player's launch addresses: a new one on demand, or every one revoked; for the roles their endpoints allow. */
export function PlayerLaunch({ path }: { path: string }) {
  const { can } = useConsoleAccess();
  const issue = useMutation({ mutationFn: () => adminApi<IssuedToken>(`${path}/tokens`, { method: "POST", body: {} }) });
  const revoke = useMutation({ mutationFn: () => adminApi<RevokedTokens>(`${path}/tokens/revoke`, { method: "POST" }), onSuccess: () => issue.reset() });
  if (!can("issueToken") && !can("revokeTokens")) return null;
  return (
    <section aria-label="Launch addresses" className="space-y-4">
      {can("issueToken") && (
        <div className="space-y-2">
          <button type="button" className={primaryButton} disabled={issue.isPending} onClick={() => issue.mutate()}>
            Issue a new launch address
          </button>
          {issue.data && (
            <p className="text-sm">
              Launch address (valid until {new Date(issue.data.expires_at).toLocaleString()}): <code className="break-all">{issue.data.launch_url}</code>
            </p>
          )}
          {issue.error && (
            <p role="alert" className="text-sm text-rose-300">
              {issue.error.message}
            </p>
          )}
        </div>
      )}
      {can("revokeTokens") && (
        <div className="space-y-2">
          <ConfirmButton label="Revoke all launch tokens" question="Sign this player out everywhere? Every launch address they hold stops working." busy={revoke.isPending} onConfirm={() => revoke.mutate()} />
          {revoke.data && (
            <p role="status" className="text-sm">
              {revoke.data.revoked === 1 ? "1 launch token revoked." : `${revoke.data.revoked} launch tokens revoked.`}
            </p>
          )}
          {revoke.error && (
            <p role="alert" className="text-sm text-rose-300">
              {revoke.error.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
