import type { z } from "zod";
import type { PlayerRow } from "@/db/schema";
import type { AdminPlayer, Balance, Blocked, PlayerInfo } from "./contract";
import { totalBalance } from "@/lib/ledger/balance";
import { formatMoney } from "@/lib/money/amount";

/** GET /v1/player/balance data. */
export const toBalance = (p: PlayerRow): z.input<typeof Balance> => ({ balance: totalBalance(p), currency: p.currency });

/** GET /v1/player/me data. */
export const toPlayerInfo = (p: PlayerRow): z.input<typeof PlayerInfo> => ({
  id: p.id,
  username: p.username,
  ...toBalance(p),
  avatar: { name: p.avatarName, url: p.avatarUrl },
});

/** Whether the player is blocked, as the admin API shows it. */
export const toBlocked = (p: PlayerRow): z.input<typeof Blocked> => (p.blockedAt === null ? null : { at: p.blockedAt.toISOString(), reason: p.blockReason ?? "" });

/** The admin API's view of a player: everything, the balance split into its real and bonus parts. */
export const toAdminPlayer = (p: PlayerRow, pendingAdjustments = 0): z.input<typeof AdminPlayer> => ({
  ...toPlayerInfo(p),
  real_balance: formatMoney(p.realBalance, p.currency),
  bonus_balance: formatMoney(p.bonusBalance, p.currency),
  blocked: toBlocked(p),
  pending_adjustments: pendingAdjustments,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});
