import { z } from "zod";
import { adminErrors, endpoint, error, instant, lobbyReadErrors, moneyText, playerErrors, success } from "@/lib/contract";
import { LimitsInput } from "@/lib/shared/player-limits";
import { PlayerIdParams } from "./schemas";

// A player's limits on their own play (responsible gaming): the player reads them and may tighten
// them; support reads them and may set anything. Checked at every join and create (lib/ledger/limit-check.ts).

export const LimitSet = z
  .object({
    daily_bet_limit: moneyText.nullable().meta({ description: "Most the player may bet over any 24 hours (bets less their refunds); null when unset" }),
    loss_limit_24h: moneyText.nullable().meta({ description: "Most net loss (bets less refunds and wins) over any 24 hours; null when unset" }),
    loss_limit_7d: moneyText.nullable().meta({ description: "The same over any 7 days" }),
    loss_limit_30d: moneyText.nullable().meta({ description: "The same over any 30 days" }),
    self_excluded_until: instant.nullable().meta({ description: "No bet before this time; null when none is in force (one that has ended reads null)" }),
  })
  .meta({ id: "LimitSet" });
export type LimitSetWire = z.input<typeof LimitSet>;

const Usage = z
  .object({
    bets_24h: moneyText.meta({ description: "Bets over the last 24 hours, less the refunds of those bets: what counts against the daily bet limit" }),
    net_loss_24h: moneyText.meta({ description: "Bets less their refunds and less wins over the last 24 hours; negative when the player is ahead" }),
    net_loss_7d: moneyText,
    net_loss_30d: moneyText,
  })
  .meta({ id: "LimitUsage", description: "What counts against each limit now, whether it is set or not" });

export const PlayerLimits = z
  .object({
    currency: z.string().meta({ description: "The player's currency: every amount is in it" }),
    limits: LimitSet,
    usage: Usage,
    updated_at: instant.nullable().meta({ description: "When the limits last changed; null when never set" }),
  })
  .meta({ id: "PlayerLimits" });
export type PlayerLimits = z.infer<typeof PlayerLimits>;

export const AdminPlayerLimits = PlayerLimits.extend({
  player_id: z.string(),
  updated_by: z.string().nullable().meta({ description: "`player` when the player set them, else the operator's name (or `owner`); null when never set" }),
}).meta({ id: "AdminPlayerLimits" });
export type AdminPlayerLimits = z.infer<typeof AdminPlayerLimits>;

const example = {
  daily_bet_limit: "50.00",
  loss_limit_24h: null,
  loss_limit_7d: "200.00",
  loss_limit_30d: null,
  self_excluded_until: null,
};

export const limitsContract = {
  ownLimits: endpoint({
    method: "GET",
    path: "/v1/player/limits",
    tag: "Player",
    summary: "The calling player's limits, and what counts against them now",
    auth: "player",
    lobbyRead: true,
    answers: { 200: { description: "The limits and their usage", schema: success(PlayerLimits) }, ...lobbyReadErrors },
  }),
  setOwnLimits: endpoint({
    method: "PUT",
    path: "/v1/player/limits",
    tag: "Player",
    summary: "Tighten the calling player's limits",
    description:
      "The whole set, every field present (null leaves one unset). A player may only tighten: lower an amount, set one that was unset, start self-exclusion or move its end later. Raising or removing an amount, or shortening or ending self-exclusion, is refused with `validation_failed` naming each such field: support can loosen limits. Takes effect at once, for the next join or create. Recorded in the operator's audit log (`set_own_limits`, actor `player`) with the limits before and after.",
    auth: "player",
    body: LimitsInput,
    bodyExample: example,
    answers: {
      200: { description: "The limits as they now stand", schema: success(PlayerLimits) },
      ...playerErrors,
      400: error(
        "`validation_failed`: a field is missing or malformed, an amount is below the currency's smallest unit or has too many decimals, `self_excluded_until` is not in the future, or a field would loosen a limit; `errors` names each",
      ),
    },
  }),
  playerLimits: endpoint({
    method: "GET",
    path: "/v1/admin/players/{player_id}/limits",
    tag: "Admin",
    summary: "A player's limits, and what counts against them now",
    auth: "admin",
    role: "viewer",
    params: PlayerIdParams,
    answers: { 200: { description: "The limits and their usage", schema: success(AdminPlayerLimits) }, ...adminErrors, 404: error("`player_not_found`") },
  }),
  setPlayerLimits: endpoint({
    method: "PUT",
    path: "/v1/admin/players/{player_id}/limits",
    tag: "Admin",
    summary: "Set a player's limits",
    description:
      "The whole set, every field present (null leaves one unset or clears it). Support may loosen as well as tighten, and end self-exclusion. Recorded in the audit log (`set_limits`) with the limits before and after.",
    auth: "admin",
    role: "support",
    params: PlayerIdParams,
    body: LimitsInput,
    bodyExample: example,
    answers: { 200: { description: "The limits as they now stand", schema: success(AdminPlayerLimits) }, ...adminErrors, 404: error("`player_not_found`") },
  }),
};
