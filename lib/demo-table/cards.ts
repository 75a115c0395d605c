import { createHmac } from "node:crypto";

// The demo table's game: high card. Each seat is dealt one card from one shuffled deck; the highest
// rank wins, and between equal ranks the suit decides (spades, hearts, diamonds, clubs). The deal is
// drawn from an HMAC of the round's id, so every page and instance shows the same cards, and nobody
// without the server's secret can foresee them.

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
const SUITS = ["♣", "♦", "♥", "♠"] as const;
/** A card as a number: rank × 4 + suit, so that a higher number is a better card. */
export type Card = number;

export const cardLabel = (card: Card) => `${RANKS[Math.floor(card / 4)]}${SUITS[card % 4]}`;

/** One card for each of `seats` seats, dealt from the round's shuffled deck. */
export function deal(secret: string, roundId: string, seats: number): Card[] {
  const bytes = createHmac("sha256", secret).update(`demo-table:${roundId}`).digest();
  const deck = Array.from({ length: 52 }, (_, i) => i);
  // A Fisher–Yates shuffle of the first `seats` cards, two bytes of the HMAC per draw.
  for (let i = 0; i < seats; i++) {
    const pick = i + (bytes.readUInt16BE((2 * i) % 30) % (52 - i));
    [deck[i], deck[pick]] = [deck[pick]!, deck[i]!];
  }
  return deck.slice(0, seats);
}

/** The winning seat's index: the highest card. */
export const winnerOf = (cards: Card[]) => cards.indexOf(Math.max(...cards));
