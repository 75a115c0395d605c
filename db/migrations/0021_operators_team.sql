CREATE TABLE "adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_operator_id" text,
	"decided_by" text,
	"decided_by_operator_id" text,
	"decided_at" timestamp with time zone,
	"ledger_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_status_known" CHECK ("adjustments"."status" in ('pending', 'applied', 'rejected')),
	CONSTRAINT "adjustments_not_zero" CHECK ("adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"operator_id" text,
	"owner_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_sessions_whose" CHECK (("operator_sessions"."operator_id" is null) <> ("operator_sessions"."owner_key" is null))
);
--> statement-breakpoint
CREATE TABLE "operator_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"operator_id" text NOT NULL,
	"label" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_tokens_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role_known" CHECK ("operators"."role" in ('viewer', 'support', 'finance', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"player_id" text PRIMARY KEY NOT NULL,
	"daily_bet_limit" numeric(20, 8),
	"loss_limit_24h" numeric(20, 8),
	"loss_limit_7d" numeric(20, 8),
	"loss_limit_30d" numeric(20, 8),
	"self_excluded_until" timestamp with time zone,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_notes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"author" text NOT NULL,
	"operator_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_known";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "operator_id" text;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_tokens" ADD CONSTRAINT "operator_tokens_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_player_id_created_at_index" ON "adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_pending" ON "adjustments" USING btree ("created_at") WHERE "adjustments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_id_index" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_tokens_operator_id_index" ON "operator_tokens" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_any_case" ON "operators" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "player_notes_player_id_seq_index" ON "player_notes" USING btree ("player_id","seq");--> statement-breakpoint
CREATE INDEX "admin_actions_player_id_index" ON "admin_actions" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "admin_actions_operator_id_index" ON "admin_actions" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_known" CHECK ("ledger_entries"."kind" in ('deposit', 'debit', 'credit', 'refund', 'settlement', 'adjustment'));