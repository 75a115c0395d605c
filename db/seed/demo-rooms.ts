// Ids as lib/ids.ts makes them (random UUIDs); db/ imports nothing from lib/.
import { randomUUID as newId } from "node:crypto";
import Decimal from "decimal.js";
import type { NewPlayer, NewRoom } from "./insert-rooms";

// Demo data for trying the lobby: a few bot players per currency and rooms in every state.

const CURRENCIES = { USD: ["0.5", "1", "2", "5", "10", "25", "100"], EUR: ["1", "2", "5", "20"], JPY: ["100", "500", "1000"] } as const;
const BOTS_PER_CURRENCY = 4;
const DAY = 86_400_000;

export function demoPlayers(): NewPlayer[] {
  return Object.keys(CURRENCIES).flatMap((currency) =>
    Array.from({ length: BOTS_PER_CURRENCY }, (_, n) => ({
      id: newId(),
      username: `bot_${currency.toLowerCase()}_${n + 1}_${newId().slice(0, 6)}`,
      currency,
      realBalance: "1000",
      avatarName: "default",
      avatarUrl: "/avatars/default.svg",
    })),
  );
}

/**
 * The bots with enough money for their seats: each one's opening balance is 1000 more than the bets
 * of its seats in `rooms`, which are real money (lib/server/demo-bets.ts) whatever the rooms' number.
 */
export function fundedFor(players: NewPlayer[], rooms: NewRoom[]): NewPlayer[] {
  const bets = new Map<string, Decimal>();
  for (const room of rooms) for (const { playerId } of room.seats) bets.set(playerId, (bets.get(playerId) ?? new Decimal(0)).plus(room.betAmount));
  return players.map((p) => ({ ...p, realBalance: new Decimal(p.realBalance ?? 0).plus(bets.get(p.id!) ?? 0).toFixed() }));
}

type Currency = keyof typeof CURRENCIES;
type Status = "waiting" | "playing" | "finished";

/** `count` rooms: about 20% waiting, 10% playing, the rest finished, made over the last 30 days. */
export function demoRooms(count: number, players: NewPlayer[], random = Math.random, now = Date.now()): NewRoom[] {
  return Array.from({ length: count }, (_, i) => {
    const currency = pick(random, Object.keys(CURRENCIES) as Currency[]);
    const roll = random();
    const status = roll < 0.2 ? "waiting" : roll < 0.3 ? "playing" : "finished";
    return demoRoom(i, { currency, status, createdAt: new Date(now - Math.floor(random() * 30 * DAY)) }, players, random);
  });
}

/** The rooms of a newcomer's first lobby: every state, mostly in USD (the demo player's currency), made in the last hour. */
export function firstLobbyRooms(players: NewPlayer[], random = Math.random, now = Date.now()): NewRoom[] {
  const plan: [Currency, Status][] = [
    ["USD", "waiting"], ["USD", "waiting"], ["USD", "waiting"], ["USD", "waiting"], ["EUR", "waiting"],
    ["USD", "playing"], ["USD", "playing"], ["JPY", "playing"],
    ["USD", "finished"], ["USD", "finished"], ["EUR", "finished"], ["JPY", "finished"],
  ];
  return plan.map(([currency, status], i) => demoRoom(i, { currency, status, createdAt: new Date(now - (plan.length - i) * 60_000) }, players, random));
}

const pick = <T,>(random: () => number, items: readonly T[]) => items[Math.floor(random() * items.length)]!;

function demoRoom(i: number, { currency, status, createdAt }: { currency: Currency; status: Status; createdAt: Date }, players: NewPlayer[], random: () => number): NewRoom {
  const playerLimit = pick(random, [2, 4] as const);
  const seated = status === "waiting" ? 1 + Math.floor(random() * (playerLimit - 1)) : playerLimit;
  const bots = players.filter((p) => p.currency === currency).slice(0, seated);
  return {
    id: newId(),
    name: `${pick(random, ["Quick", "High roller", "Friendly", "Night", "Lucky", "Classic"])} table ${i + 1}`,
    betAmount: pick(random, CURRENCIES[currency]),
    currency,
    playerLimit,
    status,
    turn: pick(random, [10, 15, 20, 30]),
    timeBank: pick(random, [0, 30, 45, 60, 90]),
    isIncremental: random() < 0.3,
    rakePercentage: pick(random, ["0", "2.5", "5"]),
    createdAt,
    updatedAt: createdAt,
    createdBy: bots[0]!.id!,
    seats: bots.map((bot, n) => ({ playerId: bot.id!, joinedAt: new Date(createdAt.getTime() + n * 5000) })),
  };
}
