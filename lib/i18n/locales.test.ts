import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, pageLocale } from "./locales";

const page = (over: Partial<Parameters<typeof pageLocale>[0]> = {}) =>
  pageLocale({ path: "/", lang: null, cookie: undefined, acceptLanguage: null, ...over });

describe("the page's language", () => {
  it("is the launch address's lang= first, in any region or case", () => {
    expect(page({ lang: "es", cookie: "en", acceptLanguage: "en" })).toBe("es");
    expect(page({ lang: "ES-mx" })).toBe("es");
    expect(page({ lang: "en", acceptLanguage: "es" })).toBe("en");
  });

  it("falls back to the kept choice, then the browser, then English", () => {
    expect(page({ lang: "fr", cookie: "es", acceptLanguage: "en" })).toBe("es");
    expect(page({ cookie: "xx", acceptLanguage: "es-AR,es;q=0.9" })).toBe("es");
    expect(page({ acceptLanguage: "fr-FR, de;q=0.8" })).toBe("en");
    expect(page()).toBe("en");
  });

  it("keeps the operator's console in English", () => {
    expect(page({ path: "/admin", lang: "es" })).toBe("en");
    expect(page({ path: "/admin/rooms", cookie: "es", acceptLanguage: "es" })).toBe("en");
    expect(page({ path: "/administration", lang: "es" })).toBe("es");
  });
});

describe("Accept-Language", () => {
  it("follows the browser's weights, not the header's order", () => {
    expect(fromAcceptLanguage("en;q=0.5, es;q=0.9")).toBe("es");
    expect(fromAcceptLanguage("fr, es;q=0.4, en;q=0.3")).toBe("es");
    expect(fromAcceptLanguage("es;q=0, en;q=0.1")).toBe("en");
  });

  it("ignores what it cannot read", () => {
    expect(fromAcceptLanguage("")).toBeUndefined();
    expect(fromAcceptLanguage("*")).toBeUndefined();
    expect(fromAcceptLanguage("es;q=abc")).toBeUndefined();
  });
});
