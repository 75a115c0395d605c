import { describe, expect, it } from "vitest";
import { HeardLately } from "./heard-lately";

const MINUTE = 60_000;

describe("HeardLately", () => {
  it("knows nothing until the listen is in place: every player may have changed", () => {
    const heard = new HeardLately(0);
    expect(heard.mayHaveChangedSince("p1", 10, 20)).toBe(true);
  });

  it("says a player may have changed when a change was heard at or after the time asked about, and only then", () => {
    const heard = new HeardLately(0);
    heard.listening(100);
    heard.heard("p1", 500);
    expect(heard.mayHaveChangedSince("p1", 400, 600)).toBe(true);
    expect(heard.mayHaveChangedSince("p1", 500, 600)).toBe(true);
    expect(heard.mayHaveChangedSince("p1", 501, 600)).toBe(false);
    expect(heard.mayHaveChangedSince("p2", 400, 600)).toBe(false);
  });

  it("does not vouch for a time before the listen began, or before it was made again after a loss", () => {
    const heard = new HeardLately(0);
    heard.listening(100);
    expect(heard.mayHaveChangedSince("p1", 99, 200)).toBe(true);
    expect(heard.mayHaveChangedSince("p1", 150, 200)).toBe(false);
    heard.listening(300);
    expect(heard.mayHaveChangedSince("p1", 250, 400)).toBe(true);
    expect(heard.mayHaveChangedSince("p1", 300, 400)).toBe(false);
  });

  it("keeps a minute or more of changes, and does not vouch for a time older than what it kept", () => {
    const heard = new HeardLately(0);
    heard.listening(0);
    heard.heard("p1", 10);
    // A turn-over: the first minute's changes are still kept.
    heard.heard("p2", MINUTE + 5);
    expect(heard.mayHaveChangedSince("p1", 5, MINUTE + 10)).toBe(true);
    expect(heard.mayHaveChangedSince("p3", 5, MINUTE + 10)).toBe(false);
    // A second turn-over drops what came before the first: a time then is no longer vouched for.
    expect(heard.mayHaveChangedSince("p3", 5, 2 * MINUTE + 10)).toBe(true);
    expect(heard.mayHaveChangedSince("p3", MINUTE + 4, 2 * MINUTE + 10)).toBe(true);
    expect(heard.mayHaveChangedSince("p1", MINUTE + 5, 2 * MINUTE + 10)).toBe(false);
    expect(heard.mayHaveChangedSince("p2", MINUTE + 5, 2 * MINUTE + 10)).toBe(true);
  });
});
