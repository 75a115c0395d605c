-- A player's active rooms are found from their seats in unfinished rooms. Seats keep a copy of
-- "is my room unfinished", kept by the triggers below in the same transaction as the room change,
-- and a partial index holds only those seats: a player with a long history is as quick as a new one.
DROP INDEX "room_seats_player_id_index";--> statement-breakpoint
ALTER TABLE "room_seats" ADD COLUMN "room_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "room_seats" s SET "room_active" = false FROM "rooms" r WHERE r."id" = s."room_id" AND r."status" = 'finished';--> statement-breakpoint
CREATE INDEX "room_seats_active_by_player" ON "room_seats" USING btree ("player_id") WHERE "room_seats"."room_active";--> statement-breakpoint
-- A new seat takes its room's state, whatever the inserting code says.
CREATE FUNCTION room_seats_take_room_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.room_active := EXISTS (SELECT 1 FROM rooms WHERE id = NEW.room_id AND status <> 'finished');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_seats_take_room_state BEFORE INSERT ON room_seats
  FOR EACH ROW EXECUTE FUNCTION room_seats_take_room_state();
--> statement-breakpoint
-- A room that finishes (or, by an admin's repair, unfinishes) carries its seats along.
CREATE FUNCTION rooms_update_seat_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_seats SET room_active = (NEW.status <> 'finished') WHERE room_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_update_seat_state AFTER UPDATE OF status ON rooms
  FOR EACH ROW
  WHEN ((OLD.status = 'finished') IS DISTINCT FROM (NEW.status = 'finished'))
  EXECUTE FUNCTION rooms_update_seat_state();
