CREATE TABLE "admin_actions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"source" text,
	"request_id" text NOT NULL,
	"room_id" text,
	"player_id" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_actions_room_id_index" ON "admin_actions" USING btree ("room_id");