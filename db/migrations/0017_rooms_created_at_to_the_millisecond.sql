-- A room's created_at is kept to the millisecond, as the API shows it. The list orders rooms by it
-- (newest first, ties by id), and the lobby places live changes in its pages by the same rule on the
-- value it was shown: two rooms made within one millisecond were ordered by microseconds here and by
-- id there, so a live page could differ from a fresh read. Values are cut to the millisecond, as the
-- API has always shown them, never rounded up past updated_at. The table and its indexes are
-- rewritten: see "Deploying the indexes on a large existing table" in docs/performance.md.
ALTER TABLE "rooms" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING date_trunc('milliseconds', "created_at");--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "created_at" SET DEFAULT date_trunc('milliseconds', now());
