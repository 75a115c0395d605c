import { describe, expect, it } from "vitest";
import { hashLaunchToken, newLaunchToken } from "./launch-token";
import { callerKeys, rememberTokenOwner } from "./token-owners";

describe("token owners", () => {
  it("counts a token as its own caller until it is accepted, then also as its player's, with the player's other tokens", () => {
    const [first, second] = [newLaunchToken().token, newLaunchToken().token];
    expect(callerKeys(first)).toEqual([`token:${hashLaunchToken(first)}`]);
    rememberTokenOwner(first, "p-1");
    rememberTokenOwner(second, "p-1");
    expect(callerKeys(first)).toEqual([`token:${hashLaunchToken(first)}`, "player:p-1"]);
    expect(callerKeys(second)).toEqual([`token:${hashLaunchToken(second)}`, "player:p-1"]);
  });

  it("never lets a header pass for a player or a token by naming one, and keeps no raw token", () => {
    const token = newLaunchToken().token;
    rememberTokenOwner(token, "p-2");
    expect(callerKeys("player:p-2")).toEqual(["other:player:p-2"]);
    expect(callerKeys(`token:${hashLaunchToken(token)}`)).toEqual([`other:token:${hashLaunchToken(token)}`]);
    expect(callerKeys(token)).toContain("player:p-2");
    expect(callerKeys(token).join()).not.toContain(token);
    expect(callerKeys("x".repeat(500))).toEqual([`other:${"x".repeat(128)}`]);
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
    expect(callerKeys(oldest)).toEqual([`token:${hashLaunchToken(oldest)}`]);
    expect(callerKeys(kept)).toEqual([`token:${hashLaunchToken(kept)}`, "player:p-kept"]);
  });
});
