import { PLAIN_DECIMAL } from "@/lib/money/amount";
import { RakePercentage } from "@/lib/shared/create-room-input";

// ROOM_RAKE_PERCENTAGES: the rakes an operator allows on new rooms, such as `0,2.5,5`. Each is read
// with the API's own rule for a rake (lib/shared/create-room-input.ts), so a value the setting
// accepts is one the API would accept; the list keeps the operator's order, which the lobby's form
// shows (its first value chosen). Applied by lib/rooms/rules.ts, `rakeProblem`.

const EXAMPLE = "numbers from 0 to 100 with at most 2 decimals, separated by commas, such as 0,2.5,5";

/** Reads the setting's text into its list of percentages. Throws a message that names what to fix. */
export function parseRakePercentages(text: string): number[] {
  const items = text.split(",").map((item) => item.trim());
  const values = items.map((item) => {
    if (!PLAIN_DECIMAL.test(item)) throw new Error(`must list ${EXAMPLE}; "${item}" is not such a number`);
    const read = RakePercentage.safeParse(Number(item));
    if (!read.success) throw new Error(`must list ${EXAMPLE}; ${item} ${read.error.issues[0]!.message}`);
    return read.data;
  });
  const twice = values.find((value, i) => values.indexOf(value) !== i);
  if (twice !== undefined) throw new Error(`lists ${twice} more than once`);
  return values;
}
