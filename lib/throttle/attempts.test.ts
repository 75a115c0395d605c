import { describe, expect, it } from "vitest";
import { checksAllowed, takeTurn } from "./attempts";

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("takeTurn", () => {
  it("lets an address have only as many checks in flight as it has failures left", async () => {
    const address = "10.0.0.1";
    const turns: ((failed: boolean) => void)[] = [];
    const waiting = Array.from({ length: 10 }, () => takeTurn("admin_sign_in", address, 3).then((leave) => turns.push(leave)));
    await settle();
    expect(turns).toHaveLength(3);
    // Each failure lowers the allowance: after one, two may be in flight; two are already.
    turns[0]!(true);
    await settle();
    expect(turns).toHaveLength(3);
    turns[1]!(true);
    await settle();
    // One failure left: one check at a time; one is in flight.
    expect(turns).toHaveLength(3);
    turns[2]!(false);
    await settle();
    expect(turns).toHaveLength(4);
    turns.slice(3).forEach((leave) => leave(true));
    // Past the limit one still goes at a time (the caller's block check refuses it).
    for (let i = 4; i < 10; i++) {
      await settle();
      expect(turns).toHaveLength(i + 1);
      turns[i]!(true);
    }
    await Promise.all(waiting);
  });

  it("keeps addresses and scopes apart", async () => {
    const a = await takeTurn("player_token", "a", 1);
    const b = await takeTurn("player_token", "b", 1);
    const c = await takeTurn("admin_token", "a", 1);
    [a, b, c].forEach((leave) => leave(false));
  });

  it("always allows one check", () => {
    expect([checksAllowed(5, 0), checksAllowed(5, 4), checksAllowed(5, 5), checksAllowed(5, 9)]).toEqual([5, 1, 1, 1]);
  });
});
