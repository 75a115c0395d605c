import type { NewPlayer, NewRoom } from "@/db/seed/insert-rooms";
import { hashLaunchToken } from "@/lib/players/launch-token";

// A fixed set of rooms in two currencies that no test creates rooms in, so list queries filtered by
// these currencies have exactly known answers. Expected results are computed from this list in the tests.

export const FIXTURE_CURRENCIES = ["FXA", "FXB"] as const;
const STATUSES = ["waiting", "playing", "finished", "finished", "waiting"] as const;
const BETS = ["0.01", "0.5", "1", "1", "2.5", "10", "100"];
const BASE = Date.parse("2026-01-01T00:00:00Z");

export const fixturePlayers: NewPlayer[] = [1, 2, 3, 4].map((n) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  username: `fixture_player_${n}`,
  currency: "FXA",
  realBalance: "100",
  avatarName: "default",
  avatarUrl: "/avatars/default.svg",
}));

export interface FixtureRoom {
  id: string;
  name: string;
  betAmount: string;
  currency: string;
  playerLimit: 2 | 4;
  status: (typeof STATUSES)[number];
  createdAt: Date;
  seats: { playerId: string; joinedAt: Date }[];
}

export const fixtureRooms: FixtureRoom[] = Array.from({ length: 60 }, (_, i) => {
  const playerLimit = Math.floor(i / 2) % 2 ? 4 : 2;
  const status = STATUSES[i % STATUSES.length]!;
  // Rooms made in pairs share a timestamp, so the tie-break on id is exercised.
  const createdAt = new Date(BASE + Math.floor(i / 2) * 60_000);
  const seated = status === "waiting" ? 1 + (i % (playerLimit - 1)) : playerLimit;
  return {
    id: `00000000-0000-4000-9000-${i.toString(16).padStart(12, "0")}`,
    name: `Fixture room ${i}`,
    betAmount: BETS[i % BETS.length]!,
    currency: i % 4 === 3 ? "FXB" : "FXA",
    playerLimit,
    status,
    createdAt,
    seats: fixturePlayers
      .slice(0, seated)
      .map((p, n) => ({ playerId: p.id!, joinedAt: new Date(createdAt.getTime() + n * 1000) })),
  };
});

/** A well-formed token of a fixture player that expired a day before the fixture was made. */
export const EXPIRED_TOKEN = "expiredExpiredExpiredExpiredExpiredExpired0";
export const expiredTokenRow = () => ({
  tokenHash: hashLaunchToken(EXPIRED_TOKEN),
  playerId: fixturePlayers[0]!.id!,
  expiresAt: new Date(Date.now() - 86_400_000),
});

export const fixtureRoomRows = (): NewRoom[] =>
  fixtureRooms.map((r) => ({ ...r, turn: 30, timeBank: 30, rakePercentage: "2.5", isIncremental: r.playerLimit === 4 }));
