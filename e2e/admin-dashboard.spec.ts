import { randomBytes } from "node:crypto";
import { E2E_ADMIN_TOKEN } from "../playwright.config";
import { createRoom, expect, expectAccessible, newPlayer, screenshots, test, unique } from "./fixtures";

test("the dashboard: rooms, money and players over time, each chart with its table, live, by hour and by day", async ({ page, request }, testInfo) => {
  const currency = `E${randomBytes(3).toString("hex").toUpperCase()}`;
  const [host, guest] = [await newPlayer(request, { currency }), await newPlayer(request, { currency })];
  const roomId = await createRoom(request, host, { name: unique("Charted"), bet_amount: 2, player_limit: 4 });

  await page.goto(`/admin?by=day&currency=${currency}`);
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  for (const title of ["Rooms waiting and playing", "Rooms created and finished", `Bets, wins, refunds and rake in ${currency}`, "Players who placed a bet"]) {
    await expect(page.getByRole("figure", { name: title }).getByRole("img")).toBeVisible();
  }

  // The table behind the money chart, today's row: the host's bet; the guest's appears without a reload.
  const money = page.getByRole("figure", { name: `Bets, wins, refunds and rake in ${currency}` });
  await money.getByText("Figures:").click();
  const today = money.getByRole("row").filter({ hasText: new Date().toISOString().slice(0, 10) });
  await expect(today.getByRole("cell").nth(1)).toHaveText(/^2\.0+ E/);
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": guest.token } })).ok()).toBe(true);
  await expect(today.getByRole("cell").nth(1)).toHaveText(/^4\.0+ E/, { timeout: 15_000 });
  await expectAccessible(page);
  await screenshots(page, "admin-dashboard", testInfo);

  // Another currency from the form; the hourly view from its link, with the currency chosen again.
  await page.getByLabel("Currency").selectOption("USD");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\?by=day&currency=USD$/);
  await expect(page.getByRole("heading", { name: "Money in USD" })).toBeVisible();
  await page.getByRole("link", { name: "Last 24 hours" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Over the last 24 hours, by hour (UTC).", { exact: false })).toBeVisible();
  await page.getByRole("figure", { name: "Players who placed a bet" }).getByText("Figures:").click();
  const rows = page.getByRole("table", { name: "Players who placed a bet" }).getByRole("row");
  await expect(rows).toHaveCount(25);
  await expectAccessible(page);
});
