"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { betOverBalance, fieldProblems, minBetText, roomSummary, type RoomSummary } from "@/lib/client/create-room-summary";
import { useI18n } from "@/lib/client/i18n";
import { newActionKey } from "@/lib/client/money-action";
import { useCreateRoom } from "@/lib/client/use-create-room";
import { usePlayer } from "@/lib/client/use-player";
import { minorUnits } from "@/lib/money/currencies";
import { acceptDecimalComma } from "@/lib/money/display";
import { CreateRoomInput, TIME_BANKS } from "@/lib/shared/create-room-input";
import { fieldErrors } from "@/lib/validation/errors";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { CreateRoomQuestion } from "./create-room-question";

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

type Body = ReturnType<typeof bodyOf>;

/**
 * Create a room: checked in the browser with the server's own schema, then asked as a question that
 * says what will happen, and only on confirm sent to the server. `rakePercentages`: the rakes the
 * operator allows (ROOM_RAKE_PERCENTAGES), offered as a choice; undefined, any from 0 to 100.
 */
export function CreateRoomForm({ rakePercentages }: { rakePercentages?: number[] }) {
  const router = useRouter();
  const i18n = useI18n();
  const t = i18n.t.room.create;
  const player = usePlayer();
  const create = useCreateRoom();
  const [errors, setErrors] = useState<Errors>({});
  const [asking, setAsking] = useState<{ body: Body; key: string; summary: RoomSummary }>();
  // The key of the last body asked about: asked and confirmed again unchanged (after an answer that never came), it keeps it.
  const sent = useRef<{ body: string; key: string }>(undefined);
  const currency = player.data?.currency ?? "";
  // The rules' own messages are English: each refused field gets the catalogue's words for its rule.
  const problems = (paths: string[]) => fieldProblems(paths, currency, rakePercentages, i18n);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!player.data) return;
    const body = bodyOf(new FormData(event.currentTarget), currency);
    const checked = CreateRoomInput.safeParse(body);
    if (!checked.success) return setErrors(problems(fieldErrors(checked.error).map((e) => e.path)));
    // The server decides again; this only spares the player a question whose answer is a refusal.
    const overBalance = betOverBalance(checked.data.bet_amount.toFixed(), player.data, i18n);
    if (overBalance) return setErrors({ bet_amount: overBalance });
    setErrors({});
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: newActionKey() };
    create.reset();
    setAsking({ body, key: sent.current.key, summary: roomSummary(checked.data, player.data, i18n) });
  }

  function confirm() {
    if (!asking) return;
    create.mutate(
      { body: asking.body, key: asking.key },
      {
        // Replaced, not pushed: Back from the new room goes where the form was opened from (the lobby), not to a spent form.
        onSuccess: (room) => router.replace(`/rooms/${room.id}`),
        // A field the server refuses is shown beside it; anything else stays in the question (ConfirmDialog's failure).
        onError: (error) => {
          if (error instanceof ApiError && error.errors.length > 0) {
            setAsking(undefined);
            setErrors(problems(error.errors.map((e) => e.path)));
          }
        },
      },
    );
  }

  const err = (field: string) => errors[field];
  const betHint = t.betHint(minBetText(i18n));
  const rakeHint = rakePercentages ? t.rakeOffered : t.rakeAny;
  const step = minorUnits(currency) === 0 ? "1" : `0.${"0".repeat(Math.max(minorUnits(currency) - 1, 0))}1`;

  return (
    <form onSubmit={review} noValidate aria-labelledby="create-title" className="max-w-xl space-y-5">
      <h1 id="create-title" className="text-2xl font-semibold">
        {t.heading}
      </h1>
      {errors.form && (
        <p role="alert" className="rounded-md border border-rose-400/40 bg-rose-950/40 p-3 text-rose-100">
          {errors.form}
        </p>
      )}
      <Field id="name" label={t.name} error={err("name")} hint={t.nameHint}>
        <input id="name" name="name" className={inputClass} maxLength={60} autoComplete="off" {...describedBy("name", err("name"), t.nameHint)} />
      </Field>
      <Field id="bet_amount" label={t.bet(currency)} error={err("bet_amount")} hint={betHint}>
        <input id="bet_amount" name="bet_amount" inputMode="decimal" step={step} className={inputClass} {...describedBy("bet_amount", err("bet_amount"), betHint)} />
      </Field>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-200">{t.players}</legend>
        <div className="flex gap-4">
          {[2, 4].map((n) => (
            <label key={n} className="flex items-center gap-2">
              <input type="radio" name="player_limit" value={n} defaultChecked={n === 2} className="h-4 w-4 accent-sky-400" />
              {i18n.t.room.values.players(n)}
            </label>
          ))}
        </div>
        {err("player_limit") && <p className="text-sm text-rose-300">{err("player_limit")}</p>}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="turn" label={t.turn} error={err("turn")} hint={t.turnHint}>
          <input id="turn" name="turn" type="number" min={1} defaultValue={30} className={inputClass} {...describedBy("turn", err("turn"), t.turnHint)} />
        </Field>
        <Field id="time_bank" label={t.timeBank} error={err("time_bank")} hint={t.timeBankHint}>
          <select id="time_bank" name="time_bank" defaultValue="0" className={inputClass} {...describedBy("time_bank", err("time_bank"), t.timeBankHint)}>
            {TIME_BANKS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? t.noTimeBank : i18n.number(seconds)}
              </option>
            ))}
          </select>
        </Field>
        {rakePercentages ? (
          <Field id="rake_percentage" label={t.rake} error={err("rake_percentage")} hint={rakeHint}>
            <select
              id="rake_percentage"
              name="rake_percentage"
              defaultValue={String(rakePercentages[0])}
              className={inputClass}
              {...describedBy("rake_percentage", err("rake_percentage"), rakeHint)}
            >
              {rakePercentages.map((r) => (
                <option key={r} value={r}>
                  {i18n.t.room.values.percent(r)}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <Field id="rake_percentage" label={t.rake} error={err("rake_percentage")} hint={rakeHint}>
            <input id="rake_percentage" name="rake_percentage" inputMode="decimal" className={inputClass} {...describedBy("rake_percentage", err("rake_percentage"), rakeHint)} />
          </Field>
        )}
        <div className="flex flex-col gap-1 self-end">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="is_incremental" aria-describedby="is_incremental-hint" className="h-4 w-4 accent-sky-400" />
            {t.incremental}
          </label>
          <p id="is_incremental-hint" className="text-xs text-slate-300">
            {t.incrementalHint}
          </p>
        </div>
      </div>
      <button type="submit" disabled={create.isPending || !player.data} className={primaryButton}>
        {create.isPending ? t.submitting : t.submit}
      </button>
      <CreateRoomQuestion
        summary={asking?.summary}
        pending={create.isPending || create.isSuccess}
        failure={create.error ? i18n.error(create.error) : undefined}
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      />
    </form>
  );
}
