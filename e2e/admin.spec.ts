import { E2E_ADMIN_TOKEN } from "../playwright.config";
import { expect, expectAccessible, newPlayer, screenshots, test } from "./fixtures";

test("the admin console: sign in, watch rooms live, close a room with a confirmation, read the audit log", async ({ page, request, context }, testInfo) => {
  await page.goto("/admin");
  await page.getByLabel("Admin token").fill("not-the-token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not the admin token" })).toBeVisible();
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();

  // The session is an httpOnly cookie: the page's JavaScript cannot read it.
  const [cookie] = (await context.cookies()).filter((c) => c.name === "lobby_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("lobby_admin");

  // A room made elsewhere appears without a reload.
  const [a, b] = [await newPlayer(request), await newPlayer(request)];
  const name = `Admin table ${Date.now()}`;
  await page.getByLabel("Search name or id").fill(name);
  await expect(page.getByTestId("admin-room")).toHaveCount(0);
  const made = await request.post("/v1/rooms", { headers: { "x-player-token": a.token }, data: { name, bet_amount: 3, currency: "USD", player_limit: 2, turn: 20 } });
  const roomId = (await made.json()).data.id;
  await expect(page.getByTestId("admin-room")).toHaveCount(1);
  await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": b.token } });
  await expect(page.getByTestId("admin-room").getByText("playing", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-rooms", testInfo);

  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.getByRole("button", { name: "Close room" }).click();
  await expect(page.getByRole("group", { name: "Refund every bet and finish this room?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, close room" }).click();
  await expect(page.getByText("finished", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "refund" })).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, "admin-room-closed", testInfo);

  await page.getByRole("link", { name: a.username }).click();
  await expect(page.getByTestId("player-balance")).toHaveText("100.00 USD");
  // Opening deposit, the bet, its refund: one page of three rows.
  const ledgerPages = page.getByRole("navigation", { name: "Ledger pages" });
  await expect(ledgerPages).toContainText("Page 1 of 1 · 3 rows");
  await expect(ledgerPages.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(ledgerPages.getByRole("button", { name: "Next" })).toBeDisabled();

  // Revoking the player's launch tokens signs them out: their token stops working at once.
  await page.getByRole("button", { name: "Revoke all launch tokens" }).click();
  await page.getByRole("button", { name: "Yes, revoke all launch tokens" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 launch token revoked." })).toBeVisible();
  expect((await request.get("/v1/player/me", { headers: { "x-player-token": a.token } })).status()).toBe(401);

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("row").filter({ hasText: roomId }).filter({ hasText: "close_room" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: a.id }).filter({ hasText: "revoke_tokens" })).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Audit pages" })).toContainText(/^Previous\s*Page 1 of \d+ · \d+ actions\s*Next$/);
  await expectAccessible(page);
});
