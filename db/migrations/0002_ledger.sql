CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"player_id" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"real_amount" numeric(20, 8) NOT NULL,
	"bonus_amount" numeric(20, 8) NOT NULL,
	"currency" text NOT NULL,
	"transfer_id" text NOT NULL,
	"round_id" text,
	"reason" text NOT NULL,
	"reference_id" text,
	"refunds_entry_id" text,
	"real_balance_after" numeric(20, 8) NOT NULL,
	"bonus_balance_after" numeric(20, 8) NOT NULL,
	"request_id" text,
	"session_id" text,
	"game_code" text,
	"round_completed" boolean,
	"platform_timestamp" bigint,
	"gift_spin" jsonb,
	"jackpot_wins" jsonb,
	"deduction" numeric(20, 8),
	"response" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_seq_unique" UNIQUE("seq"),
	CONSTRAINT "ledger_kind_known" CHECK ("ledger_entries"."kind" in ('deposit', 'debit', 'credit', 'refund')),
	CONSTRAINT "ledger_parts_add_up" CHECK ("ledger_entries"."real_amount" >= 0 and "ledger_entries"."bonus_amount" >= 0 and "ledger_entries"."real_amount" + "ledger_entries"."bonus_amount" = "ledger_entries"."amount")
);
--> statement-breakpoint
CREATE TABLE "refund_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"reference_id" text NOT NULL,
	"player_id" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"currency" text NOT NULL,
	"status_code" text NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_seats" ADD COLUMN "bet_transfer_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_credit_per_transfer" ON "ledger_entries" USING btree ("transfer_id") WHERE "ledger_entries"."kind" = 'credit';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_debit_per_transfer" ON "ledger_entries" USING btree ("transfer_id") WHERE "ledger_entries"."kind" = 'debit';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_refund_per_reference" ON "ledger_entries" USING btree ("reference_id") WHERE "ledger_entries"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_refund_per_debit" ON "ledger_entries" USING btree ("refunds_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_player_newest" ON "ledger_entries" USING btree ("player_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refund_attempts_transfer_id_index" ON "refund_attempts" USING btree ("transfer_id");