-- The room list's sorts (GET /v1/rooms?sort=). bet_asc and bet_desc read one index in either
-- direction; rooms_list_bet (0004) serves them over all rooms, and this one when a currency is
-- chosen, where stakes differ a hundredfold between currencies and an unfiltered bet index would
-- pass every cheaper currency first. filling orders by free seats: over all rooms, and by status,
-- because every full room (playing, finished) has none and would otherwise come before the first
-- waiting one. As in 0004, the filtered columns are included so that skipped rows are read from the
-- index alone. IF NOT EXISTS: on a large live table, build them beforehand with CREATE INDEX CONCURRENTLY.
CREATE INDEX IF NOT EXISTS "rooms_sort_currency_bet" ON "rooms" USING btree ("currency", "bet_amount", "created_at" DESC, "id" DESC) INCLUDE ("status", "player_limit");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_sort_filling" ON "rooms" USING btree (("player_limit" - "current_players"), "created_at" DESC, "id" DESC) INCLUDE ("status", "currency", "player_limit", "bet_amount", "current_players");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_sort_status_filling" ON "rooms" USING btree ("status", ("player_limit" - "current_players"), "created_at" DESC, "id" DESC) INCLUDE ("currency", "player_limit", "bet_amount", "current_players");
