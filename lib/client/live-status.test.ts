import { describe, expect, it } from "vitest";
import { LiveStatusStore } from "./live-status";

describe("LiveStatusStore", () => {
  it("starts connecting, and tells its subscribers of each change, once", () => {
    const store = new LiveStatusStore();
    const heard: string[] = [];
    const stop = store.subscribe(() => heard.push(store.get()));
    expect(store.get()).toBe("connecting");
    store.set("live");
    store.set("live");
    store.set("reconnecting");
    stop();
    store.set("live");
    expect(heard).toEqual(["live", "reconnecting"]);
    expect(store.get()).toBe("live");
  });
});
