"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { AMOUNT_LIMITS, type AmountLimit } from "@/lib/errors";
import { displayMoney } from "@/lib/money/display";
import type { AdminPlayerLimits } from "@/lib/players/limits-contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { describedBy, Field } from "@/components/ui/field";
import { Table } from "@/components/ui/data-table";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import { formProblems } from "../form-problems";
import { useConsoleAccess } from "../role-context";

const NAMES: Record<AmountLimit | "self_excluded_until", string> = {
  daily_bet_limit: "Daily bet limit",
  loss_limit_24h: "Loss limit, 24 hours",
  loss_limit_7d: "Loss limit, 7 days",
  loss_limit_30d: "Loss limit, 30 days",
  self_excluded_until: "Self-excluded until",
};
const USED = { daily_bet_limit: ["bets_24h", "Bets, last 24 hours"], loss_limit_24h: ["net_loss_24h", "Net loss, last 24 hours"], loss_limit_7d: ["net_loss_7d", "Net loss, last 7 days"], loss_limit_30d: ["net_loss_30d", "Net loss, last 30 days"] } as const;

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** An instant as a datetime-local input shows it, in the browser's time zone, to the minute. */
const localInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * The player's responsible-gaming limits and what counts against each now, for everyone; support
 * changes them (loosening included, and ending a self-exclusion), the whole set at once.
 */
export function PlayerLimitsPanel({ playerId, path }: { playerId: string; path: string }) {
  const { can } = useConsoleAccess();
  const id = useId();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const key = [...adminKeys.all, "limits", playerId];
  const limits = useQuery({ queryKey: key, queryFn: () => adminApi<AdminPlayerLimits>(`${path}/limits`) });
  const save = useMutation({
    mutationFn: (body: Record<string, string | null>) => adminApi<AdminPlayerLimits>(`${path}/limits`, { method: "PUT", body }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setEditing(false);
    },
  });
  if (limits.error) return <ErrorPanel title="The player's limits could not be loaded" message={limits.error.message} onRetry={() => limits.refetch()} />;
  if (!limits.data) return null;
  const l = limits.data;
  const money = (amount: string | null) => (amount === null ? "none" : displayMoney(amount, l.currency));
  const problems = formProblems(save.error, NAMES);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const until = text("self_excluded_until");
    // A time left as shown keeps its exact instant (seconds included), which the server takes as unchanged.
    const keptUntil = l.limits.self_excluded_until !== null && until === localInput(l.limits.self_excluded_until);
    save.mutate({
      ...Object.fromEntries(AMOUNT_LIMITS.map((f) => [f, text(f) || null])),
      self_excluded_until: until === "" ? null : keptUntil ? l.limits.self_excluded_until : new Date(until).toISOString(),
    });
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Limits
      </h2>
      <Table
        caption="The player's limits and what counts against them now"
        head={["Limit", "Set to", "Counted now"]}
        rows={[
          ...AMOUNT_LIMITS.map((f) => [NAMES[f], money(l.limits[f]), `${money(l.usage[USED[f][0]])} (${USED[f][1].toLowerCase()})`]),
          [NAMES.self_excluded_until, l.limits.self_excluded_until ? when(l.limits.self_excluded_until) : "not excluded", ""],
        ]}
      />
      <p className="text-sm text-slate-300">{l.updated_at ? `Last set ${when(l.updated_at)} by ${l.updated_by}.` : "Never set."}</p>
      {can("setPlayerLimits") &&
        (!editing ? (
          <button type="button" className={secondaryButton} onClick={() => (setEditing(true), save.reset())}>
            Change the limits
          </button>
        ) : (
          <form onSubmit={submit} aria-label="Change the limits" className="space-y-4 rounded-lg border border-slate-700 p-4">
            <p className="text-sm text-slate-300">
              In {l.currency}; leave a field empty for no limit. Support may loosen a limit or end a self-exclusion, which the player cannot: follow the house&apos;s policy first (a note helps the next person).
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {AMOUNT_LIMITS.map((f) => (
                <Field key={f} id={`${id}-${f}`} label={NAMES[f]} error={problems.fields[f]}>
                  <input id={`${id}-${f}`} name={f} defaultValue={l.limits[f] ?? ""} inputMode="decimal" autoComplete="off" className={inputClass} {...describedBy(`${id}-${f}`, problems.fields[f])} />
                </Field>
              ))}
              <Field id={`${id}-until`} label="Self-excluded until (your time)" error={problems.fields.self_excluded_until}>
                <input id={`${id}-until`} name="self_excluded_until" type="datetime-local" defaultValue={localInput(l.limits.self_excluded_until)} className={inputClass} {...describedBy(`${id}-until`, problems.fields.self_excluded_until)} />
              </Field>
            </div>
            {problems.form && (
              <p role="alert" className="text-sm text-rose-300">
                {problems.form}
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButton} disabled={save.isPending}>
                Save the limits
              </button>
              <button type="button" className={secondaryButton} onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        ))}
      {save.isSuccess && !editing && (
        <p role="status" className="text-sm text-emerald-300">
          Limits saved; they apply from the player&apos;s next join or create.
        </p>
      )}
    </section>
  );
}
