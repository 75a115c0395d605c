-- A throttle window now opens at an address's first failure instead of on the clock's boundaries:
-- one counter per scope and address. The counters in flight are dropped (an address may try again
-- as if new, once, at the upgrade).
DELETE FROM "auth_failures";--> statement-breakpoint
ALTER TABLE "auth_failures" DROP CONSTRAINT "auth_failures_scope_address_window_start_pk";--> statement-breakpoint
ALTER TABLE "auth_failures" ADD CONSTRAINT "auth_failures_scope_address_pk" PRIMARY KEY("scope","address");
