import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { money, stamp } from "./columns";

export const players = pgTable(
  "players",
  {
    id: text().primaryKey(),
    username: text().notNull().unique(),
    currency: text().notNull(),
    realBalance: money().notNull().default("0"),
    bonusBalance: money().notNull().default("0"),
    avatarName: text().notNull(),
    avatarUrl: text().notNull(),
    /** Blocked by support: launches, joins and creates are refused; what the platform owes is still paid. */
    blockedAt: stamp(),
    blockReason: text(),
    createdAt: stamp().notNull().defaultNow(),
    updatedAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    // The database, not the code, guarantees that no balance ever goes below zero.
    check("players_balances_not_negative", sql`${t.realBalance} >= 0 and ${t.bonusBalance} >= 0`),
  ],
);
export type PlayerRow = typeof players.$inferSelect;

/** Launch tokens are stored only as SHA-256 hashes; the token itself is shown once, when issued. */
export const launchTokens = pgTable(
  "launch_tokens",
  {
    tokenHash: text().primaryKey(),
    playerId: text()
      .notNull()
      .references(() => players.id),
    expiresAt: stamp().notNull(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.playerId)],
);
export type LaunchTokenRow = typeof launchTokens.$inferSelect;
