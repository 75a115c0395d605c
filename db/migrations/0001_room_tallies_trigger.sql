-- Keep room_tallies exact: every insert, delete or re-keying update of a room moves one count,
-- inside the same transaction as the room change itself.
CREATE FUNCTION room_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE room_tallies SET rooms = rooms - 1
     WHERE status = OLD.status AND currency = OLD.currency
       AND player_limit = OLD.player_limit AND bet_amount = OLD.bet_amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO room_tallies (status, currency, player_limit, bet_amount, rooms)
    VALUES (NEW.status, NEW.currency, NEW.player_limit, NEW.bet_amount, 1)
    ON CONFLICT (status, currency, player_limit, bet_amount) DO UPDATE SET rooms = room_tallies.rooms + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_tally_insert_delete AFTER INSERT OR DELETE ON rooms
  FOR EACH ROW EXECUTE FUNCTION room_tallies_track();
--> statement-breakpoint
CREATE TRIGGER rooms_tally_update AFTER UPDATE OF status, currency, player_limit, bet_amount ON rooms
  FOR EACH ROW
  WHEN ((OLD.status, OLD.currency, OLD.player_limit, OLD.bet_amount)
        IS DISTINCT FROM (NEW.status, NEW.currency, NEW.player_limit, NEW.bet_amount))
  EXECUTE FUNCTION room_tallies_track();
