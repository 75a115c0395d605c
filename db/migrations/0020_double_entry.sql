CREATE TABLE "round_pots" (
	"round_id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(20, 8) NOT NULL,
	"settled_at" timestamp with time zone,
	"rake" numeric(20, 8),
	"to_platform" numeric(20, 8),
	CONSTRAINT "round_pots_never_negative" CHECK ("round_pots"."balance" >= 0),
	CONSTRAINT "round_pots_settled_whole" CHECK (("round_pots"."settled_at" is null) = ("round_pots"."rake" is null) and ("round_pots"."settled_at" is null) = ("round_pots"."to_platform" is null) and ("round_pots"."settled_at" is null or "round_pots"."balance" = 0))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_known";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "player_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "real_balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "bonus_balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "from_account" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "to_account" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "cause" text;--> statement-breakpoint
-- The existing rows become transfers. Ledger rows are immutable (migration 0003): the guard stands
-- aside for this one backfill, in this migration's transaction, and comes back before it ends.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_no_update_or_delete";--> statement-breakpoint
-- A deposit comes from the operator, a bet goes into its round's pot, a win comes from the platform and
-- a refund comes back out of the pot its bet went into. The service's own refunds carry no request_id
-- and a reference_id of the path that made them; every other refund is the platform's.
UPDATE "ledger_entries" e SET
  "from_account" = CASE e.kind WHEN 'deposit' THEN 'operator' WHEN 'credit' THEN 'platform' WHEN 'debit' THEN 'player:' || e.player_id ELSE 'pot:' || bet.round_id END,
  "to_account" = CASE e.kind WHEN 'debit' THEN 'pot:' || e.round_id ELSE 'player:' || e.player_id END,
  "cause" = CASE
    WHEN e.kind = 'deposit' THEN 'deposit'
    WHEN e.kind = 'debit' THEN 'bet'
    WHEN e.kind = 'credit' THEN 'win'
    WHEN e.request_id IS NULL AND e.reference_id LIKE 'exit-%' THEN 'left_room'
    WHEN e.request_id IS NULL AND e.reference_id LIKE 'removal-%' THEN 'removed_by_admin'
    WHEN e.request_id IS NULL AND e.reference_id LIKE 'close-%' THEN 'room_closed'
    ELSE 'platform_refund'
  END
FROM "ledger_entries" e2 LEFT JOIN "ledger_entries" bet ON bet.id = e2.refunds_entry_id
WHERE e2.id = e.id;--> statement-breakpoint
-- Each round's pot: its bets less the refunds that returned them.
INSERT INTO "round_pots" ("round_id", "currency", "balance")
SELECT bet.round_id, min(bet.currency), sum(bet.amount) - coalesce(sum(back.amount), 0)
FROM "ledger_entries" bet LEFT JOIN "ledger_entries" back ON back.refunds_entry_id = bet.id
WHERE bet.kind = 'debit' AND bet.round_id IS NOT NULL
GROUP BY bet.round_id;--> statement-breakpoint
-- Rounds that completed (a credit said so, and the room finished) settle as they would have: the rake, rounded down to the
-- currency's minor units (those of lib/money/currencies.ts when this was written), to the house and
-- the rest to the platform, at the time of the completing credit.
WITH "settling" AS (
SELECT p.round_id, p.currency, p.balance, done.at,
  trunc(p.balance * coalesce(r.rake_percentage, 0) / 100, CASE WHEN p.currency IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF') THEN 0 WHEN p.currency IN ('AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BMD', 'BND', 'BOB', 'BOV', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHE', 'CHF', 'CHW', 'CNY', 'COP', 'COU', 'CRC', 'CUP', 'CVE', 'CZK', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IRR', 'JMD', 'KES', 'KGS', 'KHR', 'KPW', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MXV', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'QAR', 'RON', 'RSD', 'RUB', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'USD', 'USN', 'UYU', 'UZS', 'VED', 'VES', 'WST', 'XCD', 'XCG', 'YER', 'ZAR', 'ZMW', 'ZWG') THEN 2 WHEN p.currency IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3 WHEN p.currency IN ('CLF', 'UYW') THEN 4 ELSE 8 END) AS rake
FROM "round_pots" p
JOIN (SELECT round_id, min(created_at) AS at FROM "ledger_entries" WHERE kind = 'credit' AND round_completed GROUP BY round_id) done ON done.round_id = p.round_id
JOIN "rooms" r ON r.id = p.round_id AND r.status = 'finished'
WHERE p.balance > 0
), "emptied" AS (
UPDATE "round_pots" p SET "balance" = 0, "settled_at" = s.at, "rake" = s.rake, "to_platform" = s.balance - s.rake
FROM "settling" s WHERE s.round_id = p.round_id
)
INSERT INTO "ledger_entries" ("id", "kind", "amount", "real_amount", "bonus_amount", "currency", "from_account", "to_account", "cause", "transfer_id", "round_id", "reason", "created_at")
SELECT 'settle-' || s.round_id || '-' || side.cause, 'settlement', side.amount, side.amount, 0, s.currency, 'pot:' || s.round_id, side.account, side.cause, 'settle-' || s.round_id || '-' || side.cause, s.round_id, side.cause, s.at
FROM "settling" s, LATERAL (VALUES ('rake', 'house', s.rake), ('settlement', 'platform', s.balance - s.rake)) AS side(cause, account, amount)
WHERE side.amount > 0;--> statement-breakpoint
-- Kept daily sums held rake as a rate beside the money; they are summed again, a day at a time, from
-- the rake recognised at settlement (lib/reports/closed-days.ts).
DELETE FROM "ledger_days";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_no_update_or_delete";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "from_account" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "to_account" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "cause" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_two_accounts" CHECK ("ledger_entries"."from_account" <> "ledger_entries"."to_account");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_player_side" CHECK (("ledger_entries"."kind" = 'settlement') = ("ledger_entries"."player_id" is null) and ("ledger_entries"."player_id" is null) = ("ledger_entries"."real_balance_after" is null) and ("ledger_entries"."player_id" is null) = ("ledger_entries"."bonus_balance_after" is null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_known" CHECK ("ledger_entries"."kind" in ('deposit', 'debit', 'credit', 'refund', 'settlement'));