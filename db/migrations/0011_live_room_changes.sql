-- Live lobby: a room's notification names what a watcher needs to patch its view exactly. The
-- transaction id lets a lobby tell whether a list answer (which carries its snapshot) already
-- includes the change; the previous status tells whether the room was in a filtered view before.
-- The hub reads the room's row itself, once per batch, rather than every trigger building it.
CREATE OR REPLACE FUNCTION rooms_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.current_players IS NOT DISTINCT FROM OLD.current_players THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('room_events', json_build_object(
    'room_id', NEW.id,
    'from', CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.status END,
    'to', NEW.status,
    'xid', pg_current_xact_id()::text)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A revoked launch token is deleted: its player's open event streams are closed at once.
CREATE FUNCTION launch_tokens_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('token_events', json_build_object('player_id', OLD.player_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER launch_tokens_notify_revoked AFTER DELETE ON launch_tokens
  FOR EACH ROW EXECUTE FUNCTION launch_tokens_notify_revoked();
