import { describe, expect, it } from "vitest";
import { newLaunchToken } from "./launch-token";
import { callerKeys, rememberTokenOwner } from "./token-owners";

describe("token owners", () => {
  it("counts a token as its own caller until it is accepted, then also as its player's, with the player's other tokens", () => {
    const [first, second] = [newLaunchToken().token, newLaunchToken().token];
    expect(callerKeys(first)).toEqual([`token:${first}`]);
    rememberTokenOwner(first, "p-1");
    rememberTokenOwner(second, "p-1");
    expect(callerKeys(first)).toEqual([`token:${first}`, "player:p-1"]);
    expect(callerKeys(second)).toEqual([`token:${second}`, "player:p-1"]);
  });

  it("never lets a header pass for a player by naming one, and cuts what is not shaped like a token", () => {
    const token = newLaunchToken().token;
    rememberTokenOwner(token, "p-2");
    expect(callerKeys("player:p-2")).toEqual(["token:player:p-2"]);
    expect(callerKeys(token)).toContain("player:p-2");
    expect(callerKeys("x".repeat(500))).toEqual([`token:${"x".repeat(128)}`]);
  });

  it("forgets the longest unused token first, keeping at most 50,000", () => {
    const oldest = newLaunchToken().token;
    rememberTokenOwner(oldest, "p-old");
    const kept = newLaunchToken().token;
    rememberTokenOwner(kept, "p-kept");
    for (let i = 0; i < 50_000; i++) {
      if (i === 100) rememberTokenOwner(kept, "p-kept"); // used again: moves to the back
      rememberTokenOwner(newLaunchToken().token, `p-${i}`);
    }
    expect(callerKeys(oldest)).toEqual([`token:${oldest}`]);
    expect(callerKeys(kept)).toEqual([`token:${kept}`, "player:p-kept"]);
  });
});
