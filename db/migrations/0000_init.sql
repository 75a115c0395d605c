CREATE TABLE "launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"currency" text NOT NULL,
	"real_balance" numeric(20, 8) DEFAULT '0' NOT NULL,
	"bonus_balance" numeric(20, 8) DEFAULT '0' NOT NULL,
	"avatar_name" text NOT NULL,
	"avatar_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_username_unique" UNIQUE("username"),
	CONSTRAINT "players_balances_not_negative" CHECK ("players"."real_balance" >= 0 and "players"."bonus_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_seats" (
	"room_id" text NOT NULL,
	"player_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_seats_room_id_player_id_pk" PRIMARY KEY("room_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "room_tallies" (
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"player_limit" smallint NOT NULL,
	"bet_amount" numeric(20, 8) NOT NULL,
	"rooms" bigint NOT NULL,
	CONSTRAINT "room_tallies_status_currency_player_limit_bet_amount_pk" PRIMARY KEY("status","currency","player_limit","bet_amount")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bet_amount" numeric(20, 8) NOT NULL,
	"currency" text NOT NULL,
	"player_limit" smallint NOT NULL,
	"current_players" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"is_incremental" boolean DEFAULT false NOT NULL,
	"rake_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"time_bank" integer DEFAULT 0 NOT NULL,
	"turn" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_status_known" CHECK ("rooms"."status" in ('waiting', 'playing', 'finished')),
	CONSTRAINT "rooms_player_limit_2_or_4" CHECK ("rooms"."player_limit" in (2, 4)),
	CONSTRAINT "rooms_seats_within_limit" CHECK ("rooms"."current_players" between 0 and "rooms"."player_limit")
);
--> statement-breakpoint
ALTER TABLE "launch_tokens" ADD CONSTRAINT "launch_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_seats" ADD CONSTRAINT "room_seats_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_seats" ADD CONSTRAINT "room_seats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_created_by_players_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_tokens_player_id_index" ON "launch_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "room_seats_player_id_index" ON "room_seats" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "rooms_newest" ON "rooms" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rooms_status_newest" ON "rooms" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rooms_status_currency_newest" ON "rooms" USING btree ("status","currency","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);