"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import type { Operator } from "@/lib/operators/contract";
import type { OperatorRole } from "@/lib/operators/roles";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Table } from "@/components/ui/data-table";
import { secondaryButton } from "@/components/ui/styles";
import { useConsoleAccess } from "../role-context";
import { AddOperator } from "./add-operator";
import { MyAccount } from "./my-account";
import { OperatorPanel } from "./operator-panel";
import { operatorsKey, ROLE_DUTIES } from "./roles";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

/** The team: everyone sees who is on it; an admin adds people and manages one at a time; each operator their own sign-in. */
export function TeamView({ roles }: { roles: readonly OperatorRole[] }) {
  const { can } = useConsoleAccess();
  const [managing, setManaging] = useState<string>();
  const team = useQuery({ queryKey: operatorsKey, queryFn: () => adminApi<{ operators: Operator[] }>("/v1/admin/operators") });
  const manages = can("disableOperator") || can("createOperatorToken");
  const chosen = team.data?.operators.find((o) => o.id === managing);

  return (
    <div className="space-y-8">
      <section aria-labelledby="team-heading" className="space-y-4">
        <h1 id="team-heading" className="text-2xl font-semibold">
          Team
        </h1>
        {team.error ? (
          <ErrorPanel title="The team could not be loaded" message={team.error.message} onRetry={() => team.refetch()} />
        ) : !team.data ? (
          <Skeleton className="h-32" />
        ) : team.data.operators.length === 0 ? (
          <p className="text-slate-300">Nobody is on the team yet: only the owner&apos;s token (ADMIN_TOKEN) signs in.</p>
        ) : (
          <Table
            caption="The team, by name"
            head={["Name", "Role", "Sign-in", "Status", "Added", ...(manages ? ["Action"] : [])]}
            rows={team.data.operators.map((o) => [
              <span key="n" className="font-medium [overflow-wrap:anywhere]">
                {o.username}
              </span>,
              o.role,
              o.totp ? "Password and authenticator code" : "Password",
              o.disabled_at ? `Disabled ${day(o.disabled_at)}` : "Active",
              `${day(o.created_at)} by ${o.created_by}`,
              ...(manages
                ? [
                    <button
                      key="m"
                      type="button"
                      className={secondaryButton}
                      aria-expanded={managing === o.id}
                      aria-controls={managing === o.id ? "operator-panel" : undefined}
                      onClick={() => setManaging(managing === o.id ? undefined : o.id)}
                      aria-label={`Manage ${o.username}`}
                    >
                      Manage
                    </button>,
                  ]
                : []),
            ])}
          />
        )}
        {chosen && <OperatorPanel key={chosen.id} operator={chosen} onClose={() => setManaging(undefined)} />}
      </section>
      {can("createOperator") && <AddOperator roles={roles} />}
      <MyAccount />
      <section aria-labelledby="roles-heading" className="space-y-2">
        <h2 id="roles-heading" className="text-lg font-semibold">
          Roles
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          {roles.map((role) => (
            <div key={role} className="rounded-lg border border-slate-700 p-3">
              <dt className="font-medium">{role}</dt>
              <dd className="text-sm text-slate-300">{ROLE_DUTIES[role]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
