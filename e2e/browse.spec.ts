import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiGet, expect, expectAccessible, newPlayer, test, type E2EPlayer } from "./fixtures";

// Each test browses a currency of its own: a list nobody else writes to.
const ownCurrency = () => `E${randomBytes(3).toString("hex").toUpperCase()}`;

/** `count` rooms of the player's, made at once: the player's row lock puts them in some order, which the API's answer tells. */
async function makeRooms(request: APIRequestContext, player: E2EPlayer, count: number) {
  const made = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      request.post("/v1/rooms", {
        headers: { "x-player-token": player.token },
        data: { name: `Browse ${i}`, bet_amount: (i % 5) + 1, currency: player.currency, player_limit: i % 3 === 0 ? 4 : 2, turn: 10 + i },
      }),
    ),
  );
  for (const answer of made) expect(answer.ok(), await answer.text()).toBe(true);
}

const list = (page: Page) => page.getByRole("region", { name: "All rooms" });
const shownIds = (page: Page) => list(page).getByTestId("room").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-room-id")));
const ids = (answer: { rooms: { id: string }[] }) => answer.rooms.map((r) => r.id);

test("a filtered list opened from its address pages row for row as the API has it, and keeps its page through a reload", async ({ page, request }) => {
  const currency = ownCurrency();
  const player = await newPlayer(request, { currency, balance: "10000" });
  await makeRooms(request, player, 25);

  // A filtered view from the address, as a shared link would open it.
  await page.goto(`${player.launchUrl}&currency=${currency}`);
  let expected = await apiGet(request, player, `/v1/rooms?currency=${currency}`);
  await expect(list(page).getByTestId("room")).toHaveCount(20);
  expect(await shownIds(page)).toEqual(ids(expected));
  await expect(page.getByText("25 rooms · page 1 of 2")).toBeVisible();

  // The next page, kept in the address, and still there after a reload.
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`currency=${currency}&page=2`));
  expected = await apiGet(request, player, `/v1/rooms?currency=${currency}&page=2`);
  await expect(list(page).getByTestId("room")).toHaveCount(5);
  await page.reload();
  await expect(page.getByText("25 rooms · page 2 of 2")).toBeVisible();
  expect(await shownIds(page)).toEqual(ids(expected));
});

test("filters from the form go back to page 1 with the API's own names in the address; nothing matching says so", async ({ page, request }) => {
  const currency = ownCurrency();
  const player = await newPlayer(request, { currency, balance: "10000" });
  await makeRooms(request, player, 8);
  await page.goto(`${player.launchUrl}&currency=${currency}`);
  await expect(list(page).getByTestId("room")).toHaveCount(8);

  await page.getByLabel("Players").selectOption("4");
  await page.getByLabel("Min bet").fill("2");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?min_bet_amount=2&player_limit=4&currency=${currency}&sort=newest$`));
  const expected = await apiGet(request, player, `/v1/rooms?currency=${currency}&player_limit=4&min_bet_amount=2`);
  // Rooms 3 and 6 of the eight seat four and bet at least 2.
  expect(expected.rooms).toHaveLength(2);
  await expect(list(page).getByTestId("room")).toHaveCount(2);
  expect(await shownIds(page)).toEqual(ids(expected));
  await expectAccessible(page);

  // Nothing matches: a clear empty state.
  await page.goto(`/?currency=${currency}&status=finished`);
  await expect(page.getByText("No rooms match these filters.")).toBeVisible();
});
