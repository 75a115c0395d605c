CREATE TABLE "game_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"room_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"seq" bigint,
	"room_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status" smallint,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_events" ADD CONSTRAINT "platform_events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_player_id_room_id_index" ON "game_sessions" USING btree ("player_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_events_event_id" ON "platform_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_events_seq" ON "platform_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "platform_events_unsequenced" ON "platform_events" USING btree ("id") WHERE "platform_events"."seq" is null;--> statement-breakpoint
CREATE INDEX "platform_events_by_room" ON "platform_events" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "platform_events_pending" ON "platform_events" USING btree ("room_id","seq") WHERE "platform_events"."delivered_at" is null and "platform_events"."abandoned_at" is null;