"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { acceptDecimalComma } from "@/lib/money/display";
import { useI18n } from "@/lib/client/i18n";
import { FILTERS, SORTS, withFilters } from "@/lib/client/lobby-search";
import type { Room } from "@/lib/rooms/contract";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

const STATUSES: readonly Room["status"][] = ["waiting", "playing", "finished"];

/**
 * The API's filters and sort as a form, showing the view's values; applying it puts them in the
 * address, and a new sort applies at once. `errors` say what each field takes, for values the API refused,
 * shown beside their fields while the list shows the rest. On a phone the form folds behind a button
 * that counts the filters in use, so that the first screen shows rooms; it opens by itself when a
 * value was refused, so that the reason is seen.
 */
export function RoomFilters({ view, errors }: { view: URLSearchParams; errors: Record<string, string> }) {
  const router = useRouter();
  const { t, number } = useI18n();
  const words = t.list.filters;
  // Re-mount the form when the view changes (back, forward, another view) so its fields follow it.
  const key = view.toString();
  const formId = useId();
  // Until the player folds or unfolds it, the form is open exactly when a value was refused.
  const [chosen, setChosen] = useState<boolean>();
  const open = chosen ?? Object.keys(errors).length > 0;
  const active = FILTERS.filter((f) => view.get(f)).length;

  function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? "");
    const values = Object.fromEntries(FILTERS.map((f) => [f, value(f)]));
    router.push(
      withFilters({ ...values, min_bet_amount: acceptDecimalComma(value("min_bet_amount")), max_bet_amount: acceptDecimalComma(value("max_bet_amount")), sort: value("sort") }),
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => (event.preventDefault(), apply(event.currentTarget));
  const input = (id: string, name: string) => ({ id, name, defaultValue: view.get(name) ?? "", className: inputClass, ...describedBy(id, errors[name]) });

  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={formId} onClick={() => setChosen(!open)} className={`${secondaryButton} ml-auto py-1.5 text-sm sm:hidden`}>
        {words.toggle}{" "}
        {active > 0 && (
          <span className="ml-2 rounded-full bg-sky-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
            {active}
            <span className="sr-only">{words.inUse}</span>
          </span>
        )}
      </button>
      <form
        key={key}
        id={formId}
        onSubmit={submit}
        aria-label={words.form}
        className={`${open ? "grid" : "hidden"} basis-full grid-cols-2 gap-3 rounded-lg border border-slate-800 bg-slate-900/60 p-4 sm:grid sm:grid-cols-3 lg:grid-cols-4`}
      >
        <Field id="f-min" label={words.minBet} error={errors.min_bet_amount}>
          <input {...input("f-min", "min_bet_amount")} inputMode="decimal" placeholder={number(0.01)} />
        </Field>
        <Field id="f-max" label={words.maxBet} error={errors.max_bet_amount}>
          <input {...input("f-max", "max_bet_amount")} inputMode="decimal" placeholder={words.any} />
        </Field>
        <Field id="f-limit" label={words.players} error={errors.player_limit}>
          <select {...input("f-limit", "player_limit")}>
            <option value="">{words.anyOption}</option>
            <option value="2">2</option>
            <option value="4">4</option>
          </select>
        </Field>
        <Field id="f-status" label={words.status} error={errors.status}>
          <select {...input("f-status", "status")}>
            <option value="">{words.anyOption}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {words.statuses[status]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="f-currency" label={words.currency} error={errors.currency}>
          <input {...input("f-currency", "currency")} placeholder={words.any} maxLength={10} autoCapitalize="characters" />
        </Field>
        <Field id="f-sort" label={words.sort} error={errors.sort}>
          <select {...input("f-sort", "sort")} defaultValue={view.get("sort") ?? "newest"} onChange={(event) => apply(event.currentTarget.form!)}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {words.sorts[sort]}
              </option>
            ))}
          </select>
        </Field>
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button type="submit" className={primaryButton}>
            {words.apply}
          </button>
        </div>
      </form>
    </>
  );
}
