CREATE TABLE "instance_presence" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"players_online" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
