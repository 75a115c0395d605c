import { describe, expect, it } from "vitest";
import { cardLabel, deal, winnerOf } from "./cards";

describe("the demo table's deal", () => {
  it("deals distinct cards, the same for the same round, others for another", () => {
    const cards = deal("secret-of-sixteen-chars", "room-1", 4);
    expect(new Set(cards).size).toBe(4);
    for (const c of cards) expect(c).toBeGreaterThanOrEqual(0), expect(c).toBeLessThan(52);
    expect(deal("secret-of-sixteen-chars", "room-1", 4)).toEqual(cards);
    expect(deal("secret-of-sixteen-chars", "room-2", 4)).not.toEqual(cards);
  });

  it("names cards and picks the highest, suit breaking a tie of rank", () => {
    expect([0, 3, 4, 51].map(cardLabel)).toEqual(["2♣", "2♠", "3♣", "A♠"]);
    expect(winnerOf([cardLabelIndex("K♣"), cardLabelIndex("K♠"), cardLabelIndex("Q♠")])).toBe(1);
  });
});

function cardLabelIndex(label: string): number {
  return Array.from({ length: 52 }, (_, i) => i).find((i) => cardLabel(i) === label)!;
}
