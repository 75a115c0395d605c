-- Ledger rows are facts: once written they are never changed or removed, whatever the code does.
CREATE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries rows are immutable (% refused)', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
