import { z } from "zod";
import { amountProblem } from "@/lib/money/amount";
import { currencyCode, displayText, moneyInput, plainText, wholeNumber } from "@/lib/validation/fields";

export const DEFAULT_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const MIN_TOKEN_TTL_SECONDS = 60;
export const MAX_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const DEFAULT_AVATAR = { name: "default", url: "/avatars/default.svg" } as const;

// No control characters: PostgreSQL refuses NUL in text, and none belongs in an address.
const avatarUrl = plainText(2048)
  .refine((s) => /^https?:\/\/\S+$/i.test(s) || /^\/[^/\\\s]\S*$/.test(s), "must be an http(s) URL or a path starting with /");

// POST /v1/admin/players
export const CreatePlayerInput = z
  .strictObject({
    username: displayText(50),
    currency: currencyCode,
    balance: moneyInput.optional(),
    avatar: z.strictObject({ name: displayText(50), url: avatarUrl }).optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.balance) return;
    const problem = amountProblem(input.balance, input.currency, { min: 0 });
    if (problem) ctx.addIssue({ code: "custom", path: ["balance"], message: problem });
  });
export type CreatePlayerInput = z.output<typeof CreatePlayerInput>;

// POST /v1/admin/players/{player_id}/tokens
export const IssueTokenInput = z.strictObject({
  ttl_seconds: wholeNumber(MIN_TOKEN_TTL_SECONDS, MAX_TOKEN_TTL_SECONDS).default(DEFAULT_TOKEN_TTL_SECONDS),
});
export type IssueTokenInput = z.output<typeof IssueTokenInput>;

export const PlayerIdParams = z.object({ player_id: z.string() });
