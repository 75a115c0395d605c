-- The platform's timestamp is stored as sent (fractions of a second too); refunds of a bet already
-- returned are kept as attempts with the answer given, replayed to their exact repeats.
ALTER TABLE "ledger_entries" ALTER COLUMN "platform_timestamp" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD COLUMN "round_id" text;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD COLUMN "returned_by" text;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD COLUMN "response" json;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_attempts_one_ok_per_reference" ON "refund_attempts" USING btree ("reference_id") WHERE "refund_attempts"."status_code" = 'OK';