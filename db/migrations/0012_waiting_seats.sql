-- A player's waiting rooms are counted on every room they create (MAX_OPEN_ROOMS_PER_PLAYER). Seats
-- carry "is my room waiting" beside "is my room unfinished", kept by the same triggers, and a partial
-- index holds only those seats: the count reads at most the cap's worth of entries, not every
-- unfinished seat of the player and its room.
ALTER TABLE "room_seats" ADD COLUMN "room_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "room_seats" s SET "room_waiting" = true FROM "rooms" r WHERE r."id" = s."room_id" AND r."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "room_seats_waiting_by_player" ON "room_seats" USING btree ("player_id") WHERE "room_seats"."room_waiting";--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_seats_take_room_state() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  room_status text;
BEGIN
  SELECT status INTO room_status FROM rooms WHERE id = NEW.room_id;
  NEW.room_active := room_status IS NOT NULL AND room_status <> 'finished';
  NEW.room_waiting := room_status IS NOT DISTINCT FROM 'waiting';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rooms_update_seat_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_seats SET room_active = (NEW.status <> 'finished'), room_waiting = (NEW.status = 'waiting')
    WHERE room_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER rooms_update_seat_state ON rooms;--> statement-breakpoint
CREATE TRIGGER rooms_update_seat_state AFTER UPDATE OF status ON rooms
  FOR EACH ROW
  WHEN ((OLD.status = 'finished') IS DISTINCT FROM (NEW.status = 'finished')
     OR (OLD.status = 'waiting') IS DISTINCT FROM (NEW.status = 'waiting'))
  EXECUTE FUNCTION rooms_update_seat_state();
