"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { acceptDecimalComma } from "@/lib/money/display";
import { FILTERS, withFilters } from "@/lib/client/lobby-search";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

const SORT_LABELS = { newest: "Newest first", bet_asc: "Lowest bet first", bet_desc: "Highest bet first", filling: "Fewest free seats first" } as const;

/**
 * The API's filters and sort as a form, showing the view's values; applying it puts them in the
 * address, and a new sort applies at once. `errors` are the API's words for values it refused,
 * shown beside their fields while the list shows the rest. On a phone the form folds behind a button
 * that counts the filters in use, so that the first screen shows rooms; it opens by itself when a
 * value was refused, so that the reason is seen.
 */
export function RoomFilters({ view, errors }: { view: URLSearchParams; errors: Record<string, string> }) {
  const router = useRouter();
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
        Filters and sort{" "}
        {active > 0 && (
          <span className="ml-2 rounded-full bg-sky-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
            {active}
            <span className="sr-only"> in use</span>
          </span>
        )}
      </button>
      <form
        key={key}
        id={formId}
        onSubmit={submit}
        aria-label="Filter and sort rooms"
        className={`${open ? "grid" : "hidden"} basis-full grid-cols-2 gap-3 rounded-lg border border-slate-800 bg-slate-900/60 p-4 sm:grid sm:grid-cols-3 lg:grid-cols-4`}
      >
        <Field id="f-min" label="Min bet" error={errors.min_bet_amount}>
          <input {...input("f-min", "min_bet_amount")} inputMode="decimal" placeholder="0.01" />
        </Field>
        <Field id="f-max" label="Max bet" error={errors.max_bet_amount}>
          <input {...input("f-max", "max_bet_amount")} inputMode="decimal" placeholder="any" />
        </Field>
        <Field id="f-limit" label="Players" error={errors.player_limit}>
          <select {...input("f-limit", "player_limit")}>
            <option value="">Any</option>
            <option value="2">2</option>
            <option value="4">4</option>
          </select>
        </Field>
        <Field id="f-status" label="Status" error={errors.status}>
          <select {...input("f-status", "status")}>
            <option value="">Any</option>
            <option value="waiting">Waiting</option>
            <option value="playing">Playing</option>
            <option value="finished">Finished</option>
          </select>
        </Field>
        <Field id="f-currency" label="Currency" error={errors.currency}>
          <input {...input("f-currency", "currency")} placeholder="any" maxLength={10} autoCapitalize="characters" />
        </Field>
        <Field id="f-sort" label="Sort" error={errors.sort}>
          <select {...input("f-sort", "sort")} defaultValue={view.get("sort") ?? "newest"} onChange={(event) => apply(event.currentTarget.form!)}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button type="submit" className={primaryButton}>
            Apply
          </button>
        </div>
      </form>
    </>
  );
}
