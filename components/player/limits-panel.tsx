"use client";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { useI18n } from "@/lib/client/i18n";
import { amountTexts, EXCLUSION_LENGTHS, exclusionEnd, formProblems, setWith, type AmountTexts, type ExclusionLength } from "@/lib/client/limits-form";
import { useLimits, useSetLimits } from "@/lib/client/use-limits";
import { AMOUNT_LIMITS } from "@/lib/errors";
import type { PlayerLimits } from "@/lib/players/limits-contract";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { describedBy, Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

/**
 * The player's limits (responsible gaming): where they stand against each, a form to tighten them,
 * and self-exclusion. Loosening is support's: the form says so beside a field before anything is sent.
 */
export function LimitsPanel() {
  const i18n = useI18n();
  const t = i18n.t.limits;
  const limits = useLimits();
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">{t.heading}</h1>
      <p className="text-slate-300">{t.intro}</p>
      {limits.isPending ? (
        <Skeleton className="h-64" />
      ) : limits.error ? (
        <ErrorPanel title={t.loadFailed} message={i18n.error(limits.error)} onRetry={() => limits.refetch()} />
      ) : (
        <>
          <Usage limits={limits.data} />
          <AmountsForm limits={limits.data} />
          <SelfExclusion limits={limits.data} />
        </>
      )}
    </div>
  );
}

const USED_KEY = { daily_bet_limit: "bets_24h", loss_limit_24h: "net_loss_24h", loss_limit_7d: "net_loss_7d", loss_limit_30d: "net_loss_30d" } as const;

/** Each limit with what counts against it now. */
function Usage({ limits }: { limits: PlayerLimits }) {
  const i18n = useI18n();
  const t = i18n.t.limits;
  const money = (amount: string) => i18n.money(amount, limits.currency);
  return (
    <section aria-labelledby="usage-heading" className="space-y-2">
      <h2 id="usage-heading" className="text-lg font-semibold">
        {t.usageHeading}
      </h2>
      <dl aria-label={t.usageLabel} className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900">
        {AMOUNT_LIMITS.map((limit) => {
          const amount = limits.limits[limit];
          const used = limits.usage[USED_KEY[limit]];
          return (
            <div key={limit} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3" data-testid={`usage-${limit}`}>
              <dt className="font-medium">{t.names[limit]}</dt>
              <dd className="text-sm text-slate-300 sm:text-right">
                <span className="block tabular-nums">{t.used[limit](money(used))}</span>
                <span className="block font-semibold text-slate-100 tabular-nums">{amount === null ? t.notSet : t.usedOf(money(used), money(amount))}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The four amounts, tightened together: one PUT with the whole set. */
function AmountsForm({ limits }: { limits: PlayerLimits }) {
  const i18n = useI18n();
  const t = i18n.t.limits;
  const save = useSetLimits();
  const [texts, setTexts] = useState<AmountTexts>(() => amountTexts(limits.limits));
  const [problems, setProblems] = useState<Record<string, string>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = setWith(limits.limits, texts);
    const found = formProblems(next, limits, i18n, new Date());
    setProblems(found);
    // Saved, the form shows what the server kept.
    if (Object.keys(found).length === 0) save.mutate(next, { onSuccess: (answer) => setTexts(amountTexts(answer.limits)) });
  }

  const failure = save.error instanceof ApiError && save.error.code === "validation_failed" ? t.problems.form : save.error ? i18n.error(save.error) : undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="amounts-heading" className="space-y-4">
      <h2 id="amounts-heading" className="text-lg font-semibold">
        {t.formHeading}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {AMOUNT_LIMITS.map((limit) => {
          const current = limits.limits[limit];
          const hint = current === null ? t.hintUnset : t.hintSet(i18n.money(current, limits.currency));
          return (
            <Field key={limit} id={limit} label={t.amountLabel(t.names[limit], limits.currency)} error={problems[limit]} hint={hint}>
              <input
                id={limit}
                name={limit}
                inputMode="decimal"
                autoComplete="off"
                className={inputClass}
                value={texts[limit]}
                onChange={(event) => setTexts((all) => ({ ...all, [limit]: event.target.value }))}
                {...describedBy(limit, problems[limit], hint)}
              />
            </Field>
          );
        })}
      </div>
      {failure && (
        <p role="alert" className="text-sm text-rose-300">
          {failure}
        </p>
      )}
      <p role="status" className="text-sm text-emerald-300">
        {save.isSuccess ? t.saved : ""}
      </p>
      <button type="submit" className={primaryButton} disabled={save.isPending}>
        {save.isPending ? t.saving : t.save}
      </button>
    </form>
  );
}

/** Self-exclusion: its end if in force, and a question before starting or extending it. */
function SelfExclusion({ limits }: { limits: PlayerLimits }) {
  const i18n = useI18n();
  const t = i18n.t.limits.exclusion;
  const save = useSetLimits();
  const lengthId = useId();
  const [length, setLength] = useState<ExclusionLength>("day");
  const [asking, setAsking] = useState<Date | undefined>();
  const [shorter, setShorter] = useState(false);
  const until = limits.limits.self_excluded_until;

  function ask() {
    const end = exclusionEnd(length, limits, new Date());
    setShorter(end === undefined);
    if (end) {
      save.reset();
      setAsking(end);
    }
  }

  return (
    <section aria-labelledby="exclusion-heading" className="space-y-3">
      <h2 id="exclusion-heading" className="text-lg font-semibold">
        {t.heading}
      </h2>
      <p className="text-slate-300">{t.intro}</p>
      <p className="font-medium" data-testid="exclusion-state">
        {until === null ? t.none : t.until(i18n.dateTime(until))}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field id={lengthId} label={t.length} error={shorter ? t.shorter : undefined}>
          <select
            id={lengthId}
            value={length}
            onChange={(event) => (setLength(event.target.value as ExclusionLength), setShorter(false))}
            className={inputClass}
            {...describedBy(lengthId, shorter ? t.shorter : undefined)}
          >
            {(Object.keys(EXCLUSION_LENGTHS) as ExclusionLength[]).map((key) => (
              <option key={key} value={key}>
                {t.lengths[key]}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" className={secondaryButton} onClick={ask}>
          {t.button}
        </button>
      </div>
      <ConfirmDialog
        open={asking !== undefined}
        title={t.title}
        confirmLabel={t.confirm}
        pendingLabel={t.pending}
        pending={save.isPending}
        failure={save.error ? i18n.error(save.error) : undefined}
        onCancel={() => setAsking(undefined)}
        onConfirm={() => asking && save.mutate({ ...limits.limits, self_excluded_until: asking.toISOString() }, { onSuccess: () => setAsking(undefined) })}
      >
        <p>{asking && t.body(i18n.dateTime(asking))}</p>
      </ConfirmDialog>
    </section>
  );
}
