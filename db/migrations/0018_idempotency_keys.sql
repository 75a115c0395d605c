CREATE TABLE "idempotency_keys" (
	"player_id" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"answer" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_player_id_key_pk" PRIMARY KEY("player_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_player_id_created_at_index" ON "idempotency_keys" USING btree ("player_id","created_at");