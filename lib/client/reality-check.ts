import type { I18n } from "@/lib/i18n/i18n";
import { Decimal } from "@/lib/money/decimal";

// The reality check (REALITY_CHECK_MINUTES): every N minutes since the player opened the lobby in
// this tab, it says how long they have played and how their balance moved since. The tab keeps the
// arrival (sessionStorage), so that moving between the lobby's pages or reloading one does not start
// the count again; another tab is another arrival.

const KEY = "lobby.arrival";
const MINUTE_MS = 60_000;

/** The player's arrival in this tab, and how many checks they have answered since. */
export interface Arrival {
  playerId: string;
  at: number;
  balance: string;
  currency: string;
  answered: number;
}

const isArrival = (value: unknown): value is Arrival =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Arrival).playerId === "string" &&
  Number.isFinite((value as Arrival).at) &&
  typeof (value as Arrival).balance === "string" &&
  typeof (value as Arrival).currency === "string" &&
  Number.isInteger((value as Arrival).answered);

/** This tab's arrival of this player: the one kept, or a new one now at this balance. */
export function arrivalOf(player: { id: string; balance: string; currency: string }, now: number): Arrival {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
  } catch {
    kept = null;
  }
  if (isArrival(kept) && kept.playerId === player.id && kept.currency === player.currency) return kept;
  const arrival = { playerId: player.id, at: now, balance: player.balance, currency: player.currency, answered: 0 };
  keepArrival(arrival);
  return arrival;
}

export const keepArrival = (arrival: Arrival) => sessionStorage.setItem(KEY, JSON.stringify(arrival));

/** When the next check is due: N minutes after arrival for the first, every N minutes after that. */
export const nextCheckAt = (arrival: Arrival, minutes: number) => arrival.at + (arrival.answered + 1) * minutes * MINUTE_MS;

/** The arrival once the player answers at `now`: every check due by then is answered (a tab asleep for hours asks once). */
export const answered = (arrival: Arrival, minutes: number, now: number): Arrival => ({
  ...arrival,
  answered: Math.max(arrival.answered + 1, Math.floor((now - arrival.at) / (minutes * MINUTE_MS))),
});

/** What the check says: time played, the balance then and now, and the difference. */
export function realityLines(arrival: Arrival, balance: string, i18n: I18n, now: number): string[] {
  const t = i18n.t.limits.reality;
  const minutes = Math.max(0, Math.floor((now - arrival.at) / MINUTE_MS));
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  const duration = hours === 0 ? t.minutes(rest) : rest === 0 ? t.hours(hours) : `${t.hours(hours)} ${t.minutes(rest)}`;
  const net = new Decimal(balance).minus(arrival.balance);
  const money = (amount: string) => i18n.money(amount, arrival.currency);
  const outcome = net.isZero() ? t.even : net.isPositive() ? t.won(money(net.toFixed())) : t.lost(money(net.negated().toFixed()));
  return [t.played(duration), t.result(money(arrival.balance), money(balance)), outcome];
}
