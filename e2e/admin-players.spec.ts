import { createRoom, expect, expectAccessible, newPlayer, screenshots, signInToConsole, test, unique } from "./fixtures";

// The console's players: found by name or id, each with their ledger and their launch tokens.

test("the players page finds anyone by name or id, keeps the search in the address, and opens each on their ledger", async ({ page, request }, testInfo) => {
  const player = await newPlayer(request, { balance: "1234.5" });
  await signInToConsole(page);
  await page.goto("/admin/players");
  await expect(page.getByRole("heading", { name: "Players" })).toBeVisible();

  await page.getByLabel("Name or id").fill(player.username.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/players\\?q=${player.username.toUpperCase()}$`));
  const rows = page.getByTestId("player-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(player.id);
  await expect(rows.first()).toContainText("1,234.50 USD");
  await expectAccessible(page);
  await screenshots(page, "admin-players", testInfo);

  // The search survives a reload; an id finds the player too.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await page.goto(`/admin/players?q=${player.id}`);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link", { name: player.username }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/players/${player.id}$`));
  await expect(page.getByTestId("player-balance")).toHaveText("1,234.50 USD");
  await expect(page.getByRole("navigation", { name: "Ledger pages" })).toContainText("1 rows");
  await expectAccessible(page);
  await screenshots(page, "admin-player", testInfo);
});

test("a player's page shows their ledger, and revoking their launch tokens signs them out at once", async ({ page, request }) => {
  const player = await newPlayer(request);
  await createRoom(request, player, { name: unique("Revoked"), bet_amount: 3, player_limit: 2 });
  await signInToConsole(page);
  await page.goto(`/admin/players/${player.id}`);
  await expect(page.getByTestId("player-balance")).toHaveText("97.00 USD");
  // Opening deposit and the bet: one page of two rows.
  const ledgerPages = page.getByRole("navigation", { name: "Ledger pages" });
  await expect(ledgerPages).toContainText("Page 1 of 1 · 2 rows");
  await expect(ledgerPages.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(ledgerPages.getByRole("button", { name: "Next" })).toBeDisabled();

  await page.getByRole("button", { name: "Revoke all launch tokens" }).click();
  await page.getByRole("button", { name: "Yes, revoke all launch tokens" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 launch token revoked." })).toBeVisible();
  expect((await request.get("/v1/player/me", { headers: { "x-player-token": player.token } })).status()).toBe(401);
});
