-- The console's reports and dashboard. ledger_days: closed days of the ledger summed once, for the
-- daily report and the dashboard; ledger_time: the ledger read by time for the days that are not.
-- room_status_changes: every change of a room's status, written by the triggers below, from which
-- the dashboard counts rooms by status back in time. IF NOT EXISTS for the ledger's index: on a
-- large live ledger, build it beforehand with CREATE INDEX CONCURRENTLY.
CREATE TABLE "ledger_days" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric NOT NULL,
	"transfers" bigint NOT NULL,
	"rake" numeric NOT NULL,
	"players" bigint NOT NULL,
	CONSTRAINT "ledger_days_day_currency_kind_pk" PRIMARY KEY("day","currency","kind")
);
--> statement-breakpoint
CREATE TABLE "room_status_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "room_status_changes_at" ON "room_status_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_time" ON "ledger_entries" USING btree ("created_at","seq");--> statement-breakpoint
CREATE FUNCTION rooms_log_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_status_changes (room_id, from_status, to_status)
    VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_log_new_status AFTER INSERT ON rooms FOR EACH ROW EXECUTE FUNCTION rooms_log_status();
--> statement-breakpoint
CREATE TRIGGER rooms_log_status AFTER UPDATE OF status ON rooms
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION rooms_log_status();
