import type { Page } from "@playwright/test";
import { CATALOGUES, type Messages } from "../lib/i18n/catalogue";
import { apiGet, createRoom, expect, expectAccessible, newPlayer, SIZES, signInToConsole, test, unique } from "./fixtures";

// The lobby in the player's language: chosen by the launch address's lang=, kept for the next pages,
// or taken from the browser; the console stays English. On every lobby page in Spanish, no English
// message of the catalogue may be left on the page, in its text or in what a screen reader reads.

/** Every plain message of a catalogue, by its path ("list.filters.heading"). */
function messages(catalogue: object, at = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = at ? `${at}.${key}` : key;
    if (typeof value === "string") found.set(path, value);
    else if (value && typeof value === "object") for (const entry of messages(value, path)) found.set(...entry);
  }
  return found;
}

/** Messages that read differently in the two languages, as each language writes them. */
function onlyIn(locale: "en" | "es"): string[] {
  const own = messages(CATALOGUES[locale]);
  const other = messages(CATALOGUES[locale === "en" ? "es" : "en"]);
  return [...own].filter(([path, text]) => text !== other.get(path) && text.length >= 4).map(([, text]) => text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The messages of the other language on the page: in its text, or in labels, titles, placeholders and alt texts. */
async function leftovers(page: Page, wrong: string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label],[title],[placeholder],[alt]")].flatMap((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => el.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...attributes].join("\n");
  });
  return wrong.filter((text) => new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, "u").test(shown));
}

const english = onlyIn("en");
const spanish = onlyIn("es");
const es: Messages = CATALOGUES.es;

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test("a launch address with lang=es opens the lobby in Spanish; a room's page and a join confirmed offline stay Spanish, and no money moves", async ({ page, context, request }) => {
      // Players of a currency no other test plays in, so that every room on the page is this test's own.
      const player = await newPlayer(request, { currency: "MXN", balance: "12345.50" });
      const host = await newPlayer(request, { currency: "MXN" });
      const name = unique("Mesa");
      const roomId = await createRoom(request, host, { name, bet_amount: "2.50" });

      await page.goto(`${player.launchUrl}&lang=es`);
      await expect(page.getByTestId("balance")).toHaveText("12.345,50 MXN");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByTestId("lobby-counts")).toBeVisible();
      await expect(page.getByRole("link", { name })).toBeVisible();
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);

      // A room's page: still Spanish, its bet in Spanish figures.
      await page.goto(`/rooms/${roomId}`);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      expect(await leftovers(page, english)).toEqual([]);

      // The join's question, and a join confirmed offline: refused at once in Spanish, and no money moves.
      await page.getByRole("button", { name: `${es.room.join.button} · 2,50 MXN` }).click();
      const dialog = page.getByRole("dialog", { name: es.room.join.title(name) });
      await expect(dialog).toContainText(es.room.join.betTaken("2,50 MXN", "12.343,00 MXN"));
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);
      await context.setOffline(true);
      await dialog.getByRole("button", { name: es.room.join.confirm("2,50 MXN") }).click();
      await expect(dialog.getByRole("alert")).toHaveText(es.errors.offline);
      await expect(page.getByTestId("offline")).toHaveText(es.shell.connection.offline);
      await context.setOffline(false);
      await dialog.getByRole("button", { name: es.room.confirm.cancel }).click();
      await expect(dialog).toBeHidden();
      expect(await apiGet(request, player, "/v1/player/balance")).toEqual({ balance: "12345.50", currency: "MXN" });
    });

    test("the language the launch address chose is kept: the new-room form, the history, the limits and a missing page are Spanish too", async ({ page, request }) => {
      // Five pages, each checked with axe: more than the default budget on a busy runner.
      test.slow();
      const player = await newPlayer(request, { currency: "ARS" });
      await page.goto(`${player.launchUrl}&lang=es`);
      await expect(page.getByTestId("username")).toBeVisible();

      for (const path of ["/rooms/new", "/history", "/limits", "/no-such-page"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        expect(await leftovers(page, english), path).toEqual([]);
        await expectAccessible(page);
      }
    });
  });
}

test.describe("a browser that prefers Spanish", () => {
  test.use({ locale: "es-ES" });

  test("gets the lobby in Spanish with no lang=, English when the launch address asks for it, and the console in English", async ({ page, request }) => {
    const player = await newPlayer(request, { currency: "COP" });
    await page.goto(player.launchUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("username")).toBeVisible();
    expect(await leftovers(page, english)).toEqual([]);

    await page.goto(`${(await newPlayer(request, { currency: "COP" })).launchUrl}&lang=en`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("username")).toBeVisible();
    expect(await leftovers(page, spanish)).toEqual([]);

    await signInToConsole(page);
    await page.goto("/admin?lang=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });
});

test.describe("a browser in a language the lobby does not offer", () => {
  test.use({ locale: "fr-FR" });

  test("gets English", async ({ page, request }) => {
    await page.goto((await newPlayer(request, { currency: "CLP" })).launchUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("username")).toBeVisible();
    expect(await leftovers(page, spanish)).toEqual([]);
  });
});
