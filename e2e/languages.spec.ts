import type { Page } from "@playwright/test";
import { CATALOGUES, type Messages } from "../lib/i18n/catalogue";
import { apiGet, createRoom, expect, expectAccessible, newPlayer, SIZES, signInToConsole, test } from "./fixtures";

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

    test("a launch address with lang=es opens the lobby in Spanish, and every lobby page after it stays Spanish", async ({ page, context, request }) => {
      const player = await newPlayer(request, { currency: "EUR", balance: "12345.50" });
      const host = await newPlayer(request, { currency: "EUR" });
      const roomId = await createRoom(request, host, { name: "Mesa del viernes", bet_amount: "2.50" });

      await page.goto(`${player.launchUrl}&lang=es`);
      await expect(page.getByTestId("balance")).toHaveText("12.345,50 EUR");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByTestId("lobby-counts")).toBeVisible();
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);

      // A room's page, reached by a link: still Spanish, its bet in Spanish figures.
      await page.goto(`/rooms/${roomId}`);
      await expect(page.getByRole("heading", { level: 1, name: "Mesa del viernes" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByText("2,50 EUR").first()).toBeVisible();
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);

      // The join's question, and a join confirmed offline: refused at once in Spanish, and no money moves.
      await page.getByRole("button", { name: `${es.room.join.button} · 2,50 EUR` }).click();
      const dialog = page.getByRole("dialog", { name: es.room.join.title("Mesa del viernes") });
      await expect(dialog).toContainText(es.room.join.betTaken("2,50 EUR", "12.343,00 EUR"));
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);
      await context.setOffline(true);
      await dialog.getByRole("button", { name: es.room.join.confirm("2,50 EUR") }).click();
      await expect(dialog.getByRole("alert")).toHaveText(es.errors.offline);
      await expect(page.getByTestId("offline")).toHaveText(es.shell.connection.offline);
      await context.setOffline(false);
      await dialog.getByRole("button", { name: es.room.confirm.cancel }).click();
      await expect(dialog).toBeHidden();
      expect(await apiGet(request, player, "/v1/player/balance")).toEqual({ balance: "12345.50", currency: "EUR" });

      // The new-room form, and the history.
      await page.goto("/rooms/new");
      await expect(page.locator("form")).toBeVisible();
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);
      await page.goto("/history");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);

      // A page that does not exist, in the same language.
      await page.goto("/no-such-page");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      expect(await leftovers(page, english)).toEqual([]);
      await expectAccessible(page);
    });
  });
}

test.describe("a browser that prefers Spanish", () => {
  test.use({ locale: "es-ES" });

  test("gets the lobby in Spanish with no lang=, English when the launch address asks for it, and the console in English", async ({ page, request }) => {
    const player = await newPlayer(request);
    await page.goto(player.launchUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("username")).toBeVisible();
    expect(await leftovers(page, english)).toEqual([]);

    await page.goto(`${(await newPlayer(request)).launchUrl}&lang=en`);
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
    await page.goto((await newPlayer(request)).launchUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("username")).toBeVisible();
    expect(await leftovers(page, spanish)).toEqual([]);
  });
});
