CREATE TABLE "auth_failures" (
	"scope" text NOT NULL,
	"address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "auth_failures_scope_address_window_start_pk" PRIMARY KEY("scope","address","window_start")
);
--> statement-breakpoint
CREATE INDEX "auth_failures_window_start_index" ON "auth_failures" USING btree ("window_start");