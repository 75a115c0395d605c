-- The daily report (GET /v1/admin/reports/daily): closed days of the ledger summed once, and the
-- ledger read by time for the days that are not. IF NOT EXISTS for the index: on a large live ledger,
-- build it beforehand with CREATE INDEX CONCURRENTLY.
CREATE TABLE "ledger_days" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric NOT NULL,
	"transfers" bigint NOT NULL,
	"rake" numeric NOT NULL,
	CONSTRAINT "ledger_days_day_currency_kind_pk" PRIMARY KEY("day","currency","kind")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_time" ON "ledger_entries" USING btree ("created_at","seq");