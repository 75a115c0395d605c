import type { Locator, Page } from "@playwright/test";
import { apiGet, createRoom, expect, expectAccessible, newPlayer, pageOverflows, test, unique, type E2EPlayer } from "./fixtures";

// The lobby's layout where players use it: a phone's first screen shows rooms rather than filters, and
// a room's way in; the confirmation sits in the middle of a desktop; the keyboard can skip the header;
// a wrong address gets a page in the lobby's look with the way back.

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

// Real currencies, whose amounts are as wide as players see them; each used by one test alone here, so
// that its list holds its own rooms only.

/** Whether the element is wholly on the first screen, without scrolling. */
async function onFirstScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const screen = page.viewportSize()!;
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= screen.height && box.x + box.width <= screen.width;
}

/** Four waiting rooms of another player, with the longest names the API allows, in the player's currency. */
async function fourRooms(request: Parameters<typeof newPlayer>[0], currency: string) {
  const host = await newPlayer(request, { currency, balance: "1000" });
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(await createRoom(request, host, { name: `${unique("Long")} ${"table ".repeat(5)}`.slice(0, 50), bet_amount: "12.50" }));
  return ids;
}

async function arrive(page: Page, player: E2EPlayer) {
  await page.goto(player.launchUrl);
  await expect(page.getByTestId("username")).toHaveText(player.username);
}

/** A player of `currency` in the lobby among four rooms, with the question of joining the first one open. */
async function joinQuestion(page: Page, request: Parameters<typeof newPlayer>[0], currency: string) {
  await fourRooms(request, currency);
  const me = await newPlayer(request, { currency });
  await arrive(page, me);
  await page.getByTestId("room").first().getByRole("button", { name: /^Join/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return { me, dialog };
}

test.describe("on a phone, 360 × 800", () => {
  test.use({ viewport: PHONE });

  test("the first screen shows three rooms with their Join; the filters fold behind a button that counts them", async ({ page, request }, testInfo) => {
    const currency = "SEK";
    await fourRooms(request, currency);
    const me = await newPlayer(request, { currency });
    await arrive(page, me);
    const rooms = page.getByTestId("room");
    await expect(rooms).toHaveCount(4);

    const form = page.getByRole("form", { name: "Filter and sort rooms" });
    await expect(form).toBeHidden();
    // The default view filters by the player's currency and by waiting rooms.
    const toggle = page.getByRole("button", { name: "Filters and sort 2 in use" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    for (const i of [0, 1, 2]) {
      expect(await onFirstScreen(page, rooms.nth(i)), `room ${i + 1} on the first screen`).toBe(true);
      expect(await onFirstScreen(page, rooms.nth(i).getByRole("button", { name: /^Join/ })), `room ${i + 1}'s Join on the first screen`).toBe(true);
    }
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("lobby-first-screen-phone.png") });

    await toggle.click();
    await expect(form).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(form.getByLabel("Currency")).toHaveValue(currency);
    await expectAccessible(page);
    await toggle.click();
    await expect(form).toBeHidden();
  });

  test("a refused filter opens the form by itself, so its reason is seen", async ({ page, request }) => {
    const me = await newPlayer(request);
    await page.goto(`${me.launchUrl}&min_bet_amount=abc&sort=newest`);
    await expect(page.getByLabel("Min bet")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: /^Filters and sort/ })).toHaveAttribute("aria-expanded", "true");
  });

  test("a room's page has its Join on the first screen", async ({ page, request }, testInfo) => {
    const currency = "NOK";
    const [roomId] = await fourRooms(request, currency);
    const me = await newPlayer(request, { currency });
    await arrive(page, me);
    await page.goto(`/rooms/${roomId}`);
    const join = page.getByRole("button", { name: "Join · 12.50 " + currency });
    await expect(join).toBeVisible();
    expect(await onFirstScreen(page, join)).toBe(true);
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("room-first-screen-phone.png") });
  });

  test("the confirmation fits the screen", async ({ page, request }) => {
    const { dialog } = await joinQuestion(page, request, "DKK");
    expect(await onFirstScreen(page, dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("on a desktop, 1280 × 900", () => {
  test.use({ viewport: DESKTOP });

  test("the confirmation sits in the middle of the window, and cancelling it moves no money", async ({ page, request }) => {
    const { me, dialog } = await joinQuestion(page, request, "CHF");
    const box = (await dialog.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y + box.height / 2 - DESKTOP.height / 2)).toBeLessThanOrEqual(1);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await apiGet(request, me, "/v1/player/balance")).balance).toBe("100.00");
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the first Tab offers to skip the header, and the next one goes on inside the page", async ({ page, request }) => {
      const me = await newPlayer(request);
      await arrive(page, me);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      expect(await onFirstScreen(page, skip)).toBe(true);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Play now" })).toBeFocused();
    });

    test("an address that does not exist gets the lobby's own page, with the way back", async ({ page, request }) => {
      const me = await newPlayer(request);
      await arrive(page, me);
      const answer = await page.goto("/no-such-page");
      expect(answer!.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
      expect(await pageOverflows(page)).toBe(false);
      await expectAccessible(page);
      await page.getByRole("link", { name: "Back to the lobby" }).click();
      await expect(page.getByTestId("username")).toHaveText(me.username);
    });
  });
}
