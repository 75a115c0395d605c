"use client";
import { useRouter, useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import { FILTERS, withFilters, type Filter } from "@/lib/client/lobby-search";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

/** The API's filters as a form; applying them puts them in the address. */
export function RoomFilters() {
  const router = useRouter();
  const params = useSearchParams();
  // Re-mount the form when the address changes (back, forward, clear) so its fields follow it.
  const key = FILTERS.map((f) => params.get(f) ?? "").join("|");

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    router.push(withFilters(Object.fromEntries(FILTERS.map((f) => [f, String(data.get(f) ?? "")])) as Record<Filter, string>));
  }

  return (
    <form key={key} onSubmit={apply} aria-label="Filter rooms" className="grid grid-cols-2 gap-3 rounded-lg border border-slate-800 bg-slate-900/60 p-4 sm:grid-cols-3 lg:grid-cols-6">
      <Labelled id="f-min" label="Min bet">
        <input id="f-min" name="min_bet_amount" inputMode="decimal" defaultValue={params.get("min_bet_amount") ?? ""} className={inputClass} placeholder="0.01" />
      </Labelled>
      <Labelled id="f-max" label="Max bet">
        <input id="f-max" name="max_bet_amount" inputMode="decimal" defaultValue={params.get("max_bet_amount") ?? ""} className={inputClass} placeholder="any" />
      </Labelled>
      <Labelled id="f-limit" label="Players">
        <select id="f-limit" name="player_limit" defaultValue={params.get("player_limit") ?? ""} className={inputClass}>
          <option value="">Any</option>
          <option value="2">2</option>
          <option value="4">4</option>
        </select>
      </Labelled>
      <Labelled id="f-status" label="Status">
        <select id="f-status" name="status" defaultValue={params.get("status") ?? ""} className={inputClass}>
          <option value="">Any</option>
          <option value="waiting">Waiting</option>
          <option value="playing">Playing</option>
          <option value="finished">Finished</option>
        </select>
      </Labelled>
      <Labelled id="f-currency" label="Currency">
        <input id="f-currency" name="currency" defaultValue={params.get("currency") ?? ""} className={inputClass} placeholder="any" maxLength={10} autoCapitalize="characters" />
      </Labelled>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
        <button type="submit" className={primaryButton}>
          Apply
        </button>
        <button type="button" className={secondaryButton} onClick={() => router.push("/")}>
          Clear
        </button>
      </div>
    </form>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
    </div>
  );
}
