import { displayMoney } from "@/lib/money/display";

/** An adjustment's amount with its sign, as people read a correction: "+10.00 USD", "−10.50 USD". */
export const signedMoney = (amount: string, currency: string) =>
  amount.trim().startsWith("-") ? `−${displayMoney(amount.trim().slice(1), currency)}` : `+${displayMoney(amount, currency)}`;
