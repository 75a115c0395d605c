"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import type { Operator, OperatorTokenList } from "@/lib/operators/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Table } from "@/components/ui/data-table";
import { secondaryButton } from "@/components/ui/styles";
import { ConfirmButton } from "../confirm-button";
import { useConsoleAccess } from "../role-context";
import { GiveToken } from "./give-token";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** One operator, for an admin: their API tokens (give one, revoke one) and disabling them. */
export function OperatorPanel({ operator: o, onClose }: { operator: Operator; onClose: () => void }) {
  const { can, identity } = useConsoleAccess();
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const base = `/v1/admin/operators/${encodeURIComponent(o.id)}`;
  const tokensKey = [...adminKeys.all, "operator-tokens", o.id];
  const tokens = useQuery({ queryKey: tokensKey, queryFn: () => adminApi<OperatorTokenList>(`${base}/tokens`), enabled: can("listOperatorTokens") });
  const revoke = useMutation({
    mutationFn: (tokenId: string) => adminApi(`${base}/tokens/${encodeURIComponent(tokenId)}/revoke`, { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
  const isMe = identity.operatorId === o.id;

  return (
    <section id="operator-panel" aria-labelledby="operator-panel-heading" className="space-y-4 rounded-lg border border-slate-700 bg-slate-900 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="operator-panel-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none [overflow-wrap:anywhere]">
          {o.username} · {o.role}
        </h2>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
      {o.disabled_at && <p className="text-sm text-amber-300">Disabled {when(o.disabled_at)}: they cannot sign in, and none of their tokens works.</p>}
      {can("listOperatorTokens") && (
        <div className="space-y-2">
          <h3 className="font-semibold">API tokens</h3>
          {tokens.error && <ErrorPanel title="Their tokens could not be loaded" message={tokens.error.message} onRetry={() => tokens.refetch()} />}
          {tokens.data &&
            (tokens.data.tokens.length === 0 ? (
              <p className="text-sm text-slate-300">No tokens.</p>
            ) : (
              <Table
                caption={`${o.username}'s API tokens, newest first`}
                head={["Label", "Made", "Status", ...(can("revokeOperatorToken") ? ["Action"] : [])]}
                rows={tokens.data.tokens.map((t) => [
                  <span key="l" className="[overflow-wrap:anywhere]">{t.label}</span>,
                  when(t.created_at),
                  t.revoked_at ? `Revoked ${when(t.revoked_at)}` : "Works",
                  ...(can("revokeOperatorToken")
                    ? [t.revoked_at ? null : <ConfirmButton key="r" label="Revoke" question={`Revoke the token “${t.label}”? Scripts that use it stop at once.`} busy={revoke.isPending} onConfirm={() => revoke.mutate(t.id)} />]
                    : []),
                ])}
              />
            ))}
          {revoke.error && (
            <p role="alert" className="text-sm text-rose-300">
              {revoke.error.message}
            </p>
          )}
        </div>
      )}
      {can("createOperatorToken") && !o.disabled_at && <GiveToken operator={o} onGiven={() => client.invalidateQueries({ queryKey: tokensKey })} />}
      <OperatorAction
        path={`${base}/totp/reset`}
        offered={can("resetOperatorTotp") && o.totp && !o.disabled_at}
        label="Reset their authenticator app"
        question={`Reset ${o.username}'s authenticator app? Sign-in asks them for no code until they set one up again, and their console sessions end.`}
        done={`${o.username} signs in with their password alone until they set up an authenticator app again.`}
      />
      <OperatorAction
        path={`${base}/disable`}
        offered={can("disableOperator") && !o.disabled_at && !isMe}
        label={`Disable ${o.username}`}
        question={`Disable ${o.username}? Their sessions end and their tokens stop working at once.`}
        done={`${o.username} is disabled.`}
      />
    </section>
  );
}

/**
 * An action on the operator, asked to confirm with a reason for the audit log (`POST path {reason}`):
 * its button while `offered`, its refusal beside it, and what it did once done (the button may be gone by then).
 */
function OperatorAction({ path, offered, label, question, done }: { path: string; offered: boolean; label: string; question: string; done: string }) {
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (reason?: string) => adminApi<Operator>(path, { method: "POST", body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <>
      {offered && (
        <div className="space-y-2">
          <ConfirmButton label={label} question={question} askReason busy={act.isPending} onConfirm={(reason) => act.mutate(reason)} />
          {act.error && (
            <p role="alert" className="text-sm text-rose-300">
              {act.error.message}
            </p>
          )}
        </div>
      )}
      {act.isSuccess && (
        <p role="status" className="text-sm text-emerald-300">
          {done}
        </p>
      )}
    </>
  );
}
