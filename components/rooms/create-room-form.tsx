"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { newActionKey } from "@/lib/client/money-action";
import { useCreateRoom } from "@/lib/client/use-create-room";
import { usePlayer } from "@/lib/client/use-player";
import { minorUnits } from "@/lib/money/currencies";
import { acceptDecimalComma } from "@/lib/money/display";
import { CreateRoomInput, MIN_BET, TIME_BANKS } from "@/lib/shared/create-room-input";
import { fieldErrors } from "@/lib/validation/errors";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton } from "@/components/ui/styles";

type Errors = Record<string, string>;

const numberOrUndefined = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === "" ? undefined : Number(value));

/** The form's text as the API's body: the same body the server validates. */
function bodyOf(data: FormData, currency: string) {
  return {
    name: String(data.get("name") ?? ""),
    bet_amount: acceptDecimalComma(String(data.get("bet_amount") ?? "")) || undefined,
    currency,
    player_limit: numberOrUndefined(data.get("player_limit")),
    turn: numberOrUndefined(data.get("turn")),
    time_bank: numberOrUndefined(data.get("time_bank")),
    is_incremental: data.get("is_incremental") === "on",
    rake_percentage: numberOrUndefined(data.get("rake_percentage")),
  };
}

const byPath = (errors: { path: string; message: string }[]): Errors =>
  Object.fromEntries(errors.map((e) => [e.path || "form", e.message]));

/** Create a room: checked in the browser with the server's own schema, then by the server. */
export function CreateRoomForm() {
  const router = useRouter();
  const player = usePlayer();
  const create = useCreateRoom();
  const [errors, setErrors] = useState<Errors>({});
  // The key of the last body sent: sent again unchanged (after an answer that never came), it keeps it.
  const sent = useRef<{ body: string; key: string }>(undefined);
  const currency = player.data?.currency ?? "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = bodyOf(new FormData(event.currentTarget), currency);
    const checked = CreateRoomInput.safeParse(body);
    if (!checked.success) return setErrors(byPath(fieldErrors(checked.error)));
    setErrors({});
    try {
      const text = JSON.stringify(body);
      if (sent.current?.body !== text) sent.current = { body: text, key: newActionKey() };
      const room = await create.mutateAsync({ body, key: sent.current.key });
      router.push(`/rooms/${room.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(byPath(error.errors));
      else setErrors({ form: (error as Error).message });
    }
  }

  const err = (field: string) => errors[field];
  const step = minorUnits(currency) === 0 ? "1" : `0.${"0".repeat(Math.max(minorUnits(currency) - 1, 0))}1`;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-title" className="max-w-xl space-y-5">
      <h1 id="create-title" className="text-2xl font-semibold">
        Create a room
      </h1>
      {errors.form && (
        <p role="alert" className="rounded-md border border-rose-400/40 bg-rose-950/40 p-3 text-rose-100">
          {errors.form}
        </p>
      )}
      <Field id="name" label="Name" error={err("name")} hint="1 to 50 characters">
        <input id="name" name="name" className={inputClass} maxLength={60} autoComplete="off" {...describedBy("name", err("name"), "1 to 50 characters")} />
      </Field>
      <Field id="bet_amount" label={`Bet (${currency})`} error={err("bet_amount")} hint={`At least ${MIN_BET}; taken from your balance when the room is created`}>
        <input id="bet_amount" name="bet_amount" inputMode="decimal" step={step} className={inputClass} {...describedBy("bet_amount", err("bet_amount"), "bet")} />
      </Field>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-200">Players</legend>
        <div className="flex gap-4">
          {[2, 4].map((n) => (
            <label key={n} className="flex items-center gap-2">
              <input type="radio" name="player_limit" value={n} defaultChecked={n === 2} className="h-4 w-4 accent-sky-400" />
              {n} players
            </label>
          ))}
        </div>
        {err("player_limit") && <p className="text-sm text-rose-300">{err("player_limit")}</p>}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="turn" label="Turn (seconds)" error={err("turn")}>
          <input id="turn" name="turn" type="number" min={1} defaultValue={30} className={inputClass} {...describedBy("turn", err("turn"))} />
        </Field>
        <Field id="time_bank" label="Time bank (seconds)" error={err("time_bank")}>
          <select id="time_bank" name="time_bank" defaultValue="0" className={inputClass} {...describedBy("time_bank", err("time_bank"))}>
            {TIME_BANKS.map((t) => (
              <option key={t} value={t}>
                {t === 0 ? "None" : t}
              </option>
            ))}
          </select>
        </Field>
        <Field id="rake_percentage" label="Rake (%)" error={err("rake_percentage")} hint="0 to 100; empty for none">
          <input id="rake_percentage" name="rake_percentage" inputMode="decimal" className={inputClass} {...describedBy("rake_percentage", err("rake_percentage"), "rake")} />
        </Field>
        <label className="flex items-center gap-2 self-end pb-2">
          <input type="checkbox" name="is_incremental" className="h-4 w-4 accent-sky-400" />
          Incremental bets
        </label>
      </div>
      <button type="submit" disabled={create.isPending || !currency} className={primaryButton}>
        {create.isPending ? "Creating…" : "Create room"}
      </button>
    </form>
  );
}
