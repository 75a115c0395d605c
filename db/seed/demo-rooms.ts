import { newId } from "@/lib/ids";
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

/** `count` rooms: about 20% waiting, 10% playing, the rest finished, made over the last 30 days. */
export function demoRooms(count: number, players: NewPlayer[], random = Math.random, now = Date.now()): NewRoom[] {
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const currency = pick(Object.keys(CURRENCIES) as (keyof typeof CURRENCIES)[]);
    const playerLimit = pick([2, 4] as const);
    const roll = random();
    const status = roll < 0.2 ? "waiting" : roll < 0.3 ? "playing" : "finished";
    const seated = status === "waiting" ? 1 + Math.floor(random() * (playerLimit - 1)) : playerLimit;
    const createdAt = new Date(now - Math.floor(random() * 30 * DAY));
    const bots = players.filter((p) => p.currency === currency).slice(0, seated);
    return {
      id: newId(),
      name: `${pick(["Quick", "High roller", "Friendly", "Night", "Lucky", "Classic"])} table ${i + 1}`,
      betAmount: pick(CURRENCIES[currency]),
      currency,
      playerLimit,
      status,
      turn: pick([10, 15, 20, 30]),
      timeBank: pick([0, 30, 45, 60, 90]),
      isIncremental: random() < 0.3,
      rakePercentage: pick(["0", "2.5", "5"]),
      createdAt,
      updatedAt: createdAt,
      createdBy: bots[0]!.id!,
      seats: bots.map((bot, n) => ({ playerId: bot.id!, joinedAt: new Date(createdAt.getTime() + n * 5000) })),
    };
  });
}
