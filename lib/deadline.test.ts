import { describe, expect, it } from "vitest";
import { DeadlineExceeded, withinDeadline } from "./deadline";

describe("withinDeadline", () => {
  it("settles as the work does when the work is in time", async () => {
    await expect(withinDeadline(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(withinDeadline(Promise.reject(new Error("no")), 1000)).rejects.toThrow("no");
  });

  it("rejects with DeadlineExceeded when the work never settles", async () => {
    await expect(withinDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(DeadlineExceeded);
  });
});
