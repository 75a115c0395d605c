import { describe, expect, it, vi } from "vitest";

describe("processState", () => {
  it("gives every copy of a module the same value, made once", async () => {
    const first = await import("./state");
    vi.resetModules();
    const second = await import("./state");
    expect(second).not.toBe(first);
    const made = vi.fn(() => ({ hits: 0 }));
    const a = first.processState("list-cache", made);
    const b = second.processState("list-cache", made);
    expect(b).toBe(a);
    expect(made).toHaveBeenCalledTimes(1);
    expect(second.processStateNames()).toContain("list-cache");
  });

  it("stores nothing when making the value fails, so the next caller tries again", async () => {
    const { processState } = await import("./state");
    expect(() => processState("config", () => { throw new Error("bad configuration"); })).toThrow("bad configuration");
    expect(processState("config", () => "parsed")).toBe("parsed");
  });
});
