"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import type { AdminPlayer } from "@/lib/players/contract";
import { ConfirmButton } from "../confirm-button";
import { useConsoleAccess } from "../role-context";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Whether the player is blocked, for everyone; Block and Unblock for support, each asking why (the
 * reason is shown beside the block, and goes to the audit log).
 */
export function PlayerBlock({ player: p, path }: { player: AdminPlayer; path: string }) {
  const { can } = useConsoleAccess();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: ({ to, reason }: { to: "block" | "unblock"; reason?: string }) => adminApi<AdminPlayer>(`${path}/${to}`, { method: "POST", body: { reason } }),
    onSuccess: (player) => {
      client.setQueryData([...adminKeys.all, "player", player.id], player);
      return client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return (
    <section aria-label="Block" className="space-y-2">
      {p.blocked ? (
        <div role="status" className="rounded-lg border border-rose-400/60 bg-rose-950/40 p-3 text-sm" data-testid="player-blocked">
          <p className="font-semibold text-rose-200">Blocked since {when(p.blocked.at)}</p>
          <p className="text-rose-100 [overflow-wrap:anywhere]">Why: {p.blocked.reason}</p>
          <p className="text-rose-100">The player cannot play or use the lobby (leaving a waiting room still works, and returns the bet); what the platform pays them is still paid.</p>
        </div>
      ) : (
        <p className="text-sm text-slate-300" data-testid="player-blocked">
          Not blocked.
        </p>
      )}
      {p.blocked
        ? can("unblockPlayer") && <ConfirmButton label="Unblock" question={`Unblock ${p.username}? They can play again with any launch address still valid.`} askReason busy={act.isPending} onConfirm={(reason) => act.mutate({ to: "unblock", reason })} />
        : can("blockPlayer") && <ConfirmButton label="Block" question={`Block ${p.username}? They are stopped at once, in every open lobby.`} askReason busy={act.isPending} onConfirm={(reason) => act.mutate({ to: "block", reason })} />}
      {act.error && (
        <p role="alert" className="text-sm text-rose-300">
          {act.error.message}
        </p>
      )}
    </section>
  );
}
