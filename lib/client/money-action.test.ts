import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { ApiError } from "./api";
import { newActionKey, sendNow } from "./money-action";

describe("sendNow", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offline, fails at once without sending", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const send = vi.fn(async () => "sent");
    await expect(sendNow(send)).rejects.toEqual(expect.objectContaining({ code: "offline", message: expect.stringContaining("Nothing was sent and no money moved") }));
    await expect(sendNow(send)).rejects.toBeInstanceOf(ApiError);
    expect(send).not.toHaveBeenCalled();
  });

  it("offline, is told in the player's language by its code", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const error = await sendNow(async () => "sent").catch((e: unknown) => e);
    expect(i18nFor("en").error(error)).toBe("You are offline. Nothing was sent and no money moved; try again once you are back online.");
    expect(i18nFor("es").error(error)).toBe("Estás sin conexión. No se ha enviado nada ni se ha movido dinero; inténtalo de nuevo cuando vuelvas a tener conexión.");
  });

  it("online, sends", async () => {
    vi.stubGlobal("navigator", { onLine: true });
    await expect(sendNow(async () => "sent")).resolves.toBe("sent");
  });
});

describe("newActionKey", () => {
  it("is 128 random bits in base64url, a valid Idempotency-Key, new each time", () => {
    const keys = Array.from({ length: 1000 }, newActionKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(keys).size).toBe(1000);
  });
});
