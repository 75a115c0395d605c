-- Live updates: every committed change of a room's seats or status, and of a player's balance, is
-- announced with NOTIFY. PostgreSQL delivers a notification only when its transaction commits, to
-- every listening connection: every app instance on the database sees every change.
CREATE FUNCTION rooms_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    kind := 'created';
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    kind := NEW.status;
  ELSIF NEW.current_players > OLD.current_players THEN
    kind := 'joined';
  ELSIF NEW.current_players < OLD.current_players THEN
    kind := 'left';
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_notify('room_events', json_build_object(
    'type', kind, 'room_id', NEW.id, 'status', NEW.status, 'current_players', NEW.current_players)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_notify AFTER INSERT OR UPDATE OF status, current_players ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_notify();
--> statement-breakpoint
CREATE FUNCTION players_notify_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('balance_events', json_build_object('player_id', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER players_notify_balance AFTER UPDATE OF real_balance, bonus_balance ON players
  FOR EACH ROW WHEN ((OLD.real_balance, OLD.bonus_balance) IS DISTINCT FROM (NEW.real_balance, NEW.bonus_balance))
  EXECUTE FUNCTION players_notify_balance();
