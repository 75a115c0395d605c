import type { I18n } from "@/lib/i18n/i18n";
import { minorUnits } from "@/lib/money/currencies";
import type { PlayerInfo } from "@/lib/players/contract";
import { MAX_TURN_SECONDS, MIN_BET, PLAYER_LIMITS, TIME_BANKS, type CreateRoomInput } from "@/lib/shared/create-room-input";
import { balanceAfterBet, coversBet } from "./seat-rules";

// What creating a room will do, in the words the create form's question shows before the bet is taken,
// and what the form says of a value it cannot take.

export interface RoomSummary {
  name: string;
  /** The room's settings as label and value, in the form's order. */
  facts: [label: string, value: string][];
  /** The bet, as taken from the balance: "12.50 USD". */
  bet: string;
  /** The balance the bet leaves: "37.50 USD". */
  balanceAfter: string;
}

type Payer = Pick<PlayerInfo, "balance" | "currency">;

/** The summary of a room checked with CreateRoomInput, for the player who creates it. */
export function roomSummary(room: CreateRoomInput, player: Payer, i18n: I18n): RoomSummary {
  const { facts, values } = i18n.t.room;
  const bet = room.bet_amount.toFixed();
  return {
    name: room.name,
    facts: [
      [facts.name, room.name],
      [facts.players, values.players(room.player_limit)],
      [facts.turn, values.duration(room.turn)],
      [facts.timeBank, room.time_bank === 0 ? values.none : values.duration(room.time_bank)],
      [facts.incremental, room.is_incremental ? values.yes : values.no],
      [facts.rake, values.percent(room.rake_percentage)],
    ],
    bet: i18n.money(bet, room.currency),
    balanceAfter: balanceAfterBet(player, { bet_amount: bet }, i18n),
  };
}

/** Why the player's balance cannot pay this bet, read after the bet's label; undefined when it can. */
export function betOverBalance(bet: string, player: Payer, i18n: I18n): string | undefined {
  return coversBet(player, bet) ? undefined : i18n.t.room.create.problems.overBalance(i18n.money(player.balance, player.currency));
}

/** The smallest bet, as the player's language writes it: "0.01" / "0,01". */
export const minBetText = (i18n: I18n) => i18n.number(Number(MIN_BET));

/**
 * What the form says beside each field that the rules refuse (the browser's check or the server's
 * `errors[]`): the field's rule in the player's words, since the rules' own messages are English.
 * Refusals of anything the form does not show (its currency, the body itself) read as one message above it, under "form".
 */
export function fieldProblems(paths: readonly string[], currency: string, rakePercentages: readonly number[] | undefined, i18n: I18n): Record<string, string> {
  const { problems } = i18n.t.room.create;
  const choices = (values: readonly number[]) => problems.oneOf(values.map(i18n.number).join(", "));
  const places = minorUnits(currency);
  const rule: Record<string, string> = {
    name: problems.name,
    bet_amount: places === 0 ? problems.betWhole : problems.bet(minBetText(i18n), places),
    player_limit: choices(PLAYER_LIMITS),
    turn: problems.turn(i18n.number(MAX_TURN_SECONDS)),
    time_bank: choices(TIME_BANKS),
    rake_percentage: rakePercentages ? problems.rakeOffered : problems.rakeAny,
  };
  return Object.fromEntries(
    paths.map((path) => {
      const field = path.split(".")[0] ?? "";
      return Object.hasOwn(rule, field) ? [field, rule[field]!] : ["form", i18n.t.errors.validation_failed];
    }),
  );
}
