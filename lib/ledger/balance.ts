import type { PlayerRow } from "@/db/schema";
import { balanceText } from "@/lib/money/amount";

/** The player's balance text: real and bonus money together, in the currency's minor units. */
export const totalBalance = (p: PlayerRow) => balanceText({ real: p.realBalance, bonus: p.bonusBalance }, p.currency);
