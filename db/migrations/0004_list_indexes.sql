DROP INDEX "rooms_newest";--> statement-breakpoint
DROP INDEX "rooms_status_newest";--> statement-breakpoint
DROP INDEX "rooms_status_currency_newest";--> statement-breakpoint
-- The room list pages newest first under any mix of filters. Each index holds the order and, as
-- INCLUDE columns, every filtered column, so the rows skipped on the way to a deep page are read
-- from the index alone; only the page's own rows are read from the table. The leading column picks
-- the index for the selective filters: status (most rooms are finished), currency, bet.
-- IF NOT EXISTS: on a large live table, build them beforehand with CREATE INDEX CONCURRENTLY.
CREATE INDEX IF NOT EXISTS "rooms_list_newest" ON "rooms" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("status", "currency", "player_limit", "bet_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_list_status" ON "rooms" USING btree ("status", "created_at" DESC, "id" DESC) INCLUDE ("currency", "player_limit", "bet_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_list_status_currency" ON "rooms" USING btree ("status", "currency", "created_at" DESC, "id" DESC) INCLUDE ("player_limit", "bet_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_list_currency" ON "rooms" USING btree ("currency", "created_at" DESC, "id" DESC) INCLUDE ("status", "player_limit", "bet_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_list_bet" ON "rooms" USING btree ("bet_amount", "created_at" DESC, "id" DESC) INCLUDE ("status", "currency", "player_limit");--> statement-breakpoint
-- Stakes depend on the currency (JPY stakes are a hundred times USD ones); without this the planner
-- multiplies the two selectivities as if independent and misjudges which index is cheaper.
CREATE STATISTICS IF NOT EXISTS "rooms_currency_bet" (mcv) ON "currency", "bet_amount" FROM "rooms";
