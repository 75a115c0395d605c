import { randomBytes } from "node:crypto";
import { apiGet, expect, expectAccessible, newPlayer, test } from "./fixtures";

// A currency of its own gives this test a list nobody else writes to.
const currency = `E${randomBytes(3).toString("hex").toUpperCase()}`;

test("filter and page through a list, row for row as the API has it", async ({ page, request }) => {
  const player = await newPlayer(request, { currency, balance: "10000" });
  // Made at once: the player's row lock puts them in some order, which the API's answer tells.
  const made = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      request.post("/v1/rooms", {
        headers: { "x-player-token": player.token },
        data: { name: `Browse ${i}`, bet_amount: (i % 5) + 1, currency, player_limit: i % 3 === 0 ? 4 : 2, turn: 10 + i },
      }),
    ),
  );
  for (const answer of made) expect(answer.ok(), await answer.text()).toBe(true);
  const list = page.getByRole("region", { name: "All rooms" });
  const shownIds = () => list.getByTestId("room").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-room-id")));
  const ids = (page: { rooms: { id: string }[] }) => page.rooms.map((r) => r.id);

  // A filtered view from the address, as a shared link would open it.
  await page.goto(`${player.launchUrl}&currency=${currency}`);
  let expected = await apiGet(request, player, `/v1/rooms?currency=${currency}`);
  await expect(list.getByTestId("room")).toHaveCount(20);
  expect(await shownIds()).toEqual(ids(expected));
  await expect(page.getByText("25 rooms · page 1 of 2")).toBeVisible();

  // The next page, kept in the address, and still there after a reload.
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`currency=${currency}&page=2`));
  expected = await apiGet(request, player, `/v1/rooms?currency=${currency}&page=2`);
  await expect(list.getByTestId("room")).toHaveCount(5);
  await page.reload();
  await expect(page.getByText("25 rooms · page 2 of 2")).toBeVisible();
  expect(await shownIds()).toEqual(ids(expected));

  // Filters through the form: back to page 1, the API's own names in the address.
  await page.getByLabel("Players").selectOption("4");
  await page.getByLabel("Min bet").fill("2");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?min_bet_amount=2&player_limit=4&currency=${currency}&sort=newest$`));
  expected = await apiGet(request, player, `/v1/rooms?currency=${currency}&player_limit=4&min_bet_amount=2`);
  await expect(list.getByTestId("room")).toHaveCount(expected.rooms.length);
  expect(await shownIds()).toEqual(ids(expected));

  await expectAccessible(page);

  // Nothing matches: a clear empty state.
  await page.goto(`/?currency=${currency}&status=finished`);
  await expect(page.getByText("No rooms match these filters.")).toBeVisible();
});
