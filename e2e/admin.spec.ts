import { E2E_ADMIN_TOKEN } from "../playwright.config";
import { expect, expectAccessible, newPlayer, screenshots, test } from "./fixtures";

test("the admin console: sign in, watch rooms live, close a room with a confirmation, read the audit log", async ({ page, request, context }, testInfo) => {
  await page.goto("/admin/rooms");
  await page.getByLabel("Admin token").fill("not-the-token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not the admin token" })).toBeVisible();
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();
  // Signing in reloads the page: type only once it is interactive (its first read has answered).
  await expect(page.getByTestId("count-waiting")).not.toHaveText("…");

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
  const asking = page.getByRole("form", { name: "Refund every bet and finish this room?" });
  await expect(asking).toBeVisible();
  // A reason is asked for, and an empty one is not taken.
  await asking.getByRole("button", { name: "Yes, close room" }).click();
  await expect(asking.getByLabel("Reason, for the audit log")).toBeFocused();
  expect(await asking.getByLabel("Reason, for the audit log").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await asking.getByLabel("Reason, for the audit log").fill("Table reported frozen");
  await asking.getByRole("button", { name: "Yes, close room" }).click();
  await expect(page.getByText("finished", { exact: true })).toBeVisible();
  // What came back, to whom.
  await expect(page.getByRole("status")).toHaveText(/^Room closed\. Refunded 3\.00 USD to \S+ and 3\.00 USD to \S+\.$/);
  for (const p of [a, b]) await expect(page.getByRole("status")).toContainText(`to ${p.username}`);
  await expect(page.getByRole("cell", { name: "refund" })).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, "admin-room-closed", testInfo);

  // Names, not ids, in the round's ledger as in its seats.
  await expect(page.getByRole("table", { name: "Ledger rows of this room's round" }).getByRole("link", { name: a.username })).toHaveCount(2);
  await page.getByRole("link", { name: a.username }).first().click();
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
  // Each action names its room and player by name.
  await expect(page.getByRole("row").filter({ hasText: name }).filter({ hasText: "close_room" }).filter({ hasText: "Table reported frozen" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: a.username }).filter({ hasText: "revoke_tokens" })).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Audit pages" })).toContainText(/^Previous\s*Page 1 of \d+ · \d+ actions\s*Next$/);
  await expectAccessible(page);

  // Filtered by action and room, kept in the address through a reload.
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption("close_room");
  await filters.getByLabel("Room id").fill(roomId);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?action=close_room&room_id=${roomId}$`));
  await page.reload();
  const rows = page.getByRole("table", { name: "Admin actions, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Table reported frozen");
  await expectAccessible(page);
  await screenshots(page, "admin-audit", testInfo);
});

test("the players page finds anyone by name or id, keeps the search in the address, and opens each on their ledger", async ({ page, request }, testInfo) => {
  const player = await newPlayer(request, { balance: "1234.5" });
  await page.goto("/admin/players");
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
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

test("the rooms table keeps its filters and sort in the address, counts under its filters, and sorts by column", async ({ page, request }, testInfo) => {
  const currency = `R${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const player = await newPlayer(request, { currency, balance: "1000" });
  const ids: string[] = [];
  for (const bet of [4, 1, 9]) {
    const made = await request.post("/v1/rooms", { headers: { "x-player-token": player.token }, data: { name: `Sorted ${bet}`, bet_amount: bet, currency, player_limit: 4, turn: 20 } });
    ids.push((await made.json()).data.id);
  }
  await page.goto("/admin/rooms");
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();
  await expect(page.getByTestId("count-waiting")).not.toHaveText("…");

  await page.getByLabel("Currency").fill(currency);
  await expect(page).toHaveURL(new RegExp(`/admin/rooms\\?currency=${currency}$`));
  const rows = page.getByTestId("admin-room");
  const names = () => rows.locator("a").allTextContents();
  await expect.poll(names).toEqual(["Sorted 9", "Sorted 1", "Sorted 4"]);
  await expect(page.getByTestId("count-waiting")).toHaveText("3");
  await expect(page.getByTestId("count-playing")).toHaveText("0");

  await page.getByRole("button", { name: "Bet" }).click();
  await expect(page).toHaveURL(/sort=bet_asc/);
  await expect.poll(names).toEqual(["Sorted 1", "Sorted 4", "Sorted 9"]);
  await expect(page.getByRole("columnheader", { name: "Bet" })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("button", { name: "Bet" }).click();
  await expect.poll(names).toEqual(["Sorted 9", "Sorted 4", "Sorted 1"]);
  await expect(page.getByRole("columnheader", { name: "Bet" })).toHaveAttribute("aria-sort", "descending");
  await expectAccessible(page);
  await screenshots(page, "admin-rooms-sorted", testInfo);

  // A reload and the back button keep the view; a status filter leaves the counts as they are.
  await page.reload();
  await expect.poll(names).toEqual(["Sorted 9", "Sorted 4", "Sorted 1"]);
  await expect(page.getByLabel("Currency")).toHaveValue(currency);
  await page.getByRole("combobox", { name: "Status" }).selectOption("playing");
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId("count-waiting")).toHaveText("3");
  await page.goBack();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
  await expect.poll(names).toEqual(["Sorted 9", "Sorted 4", "Sorted 1"]);
});

test("text typed into a rooms filter before the page is interactive is kept and applied", async ({ page }) => {
  await page.goto("/admin/rooms");
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("count-waiting")).not.toHaveText("…");

  // The page again, its scripts held back until the filter has been typed into (a slow connection).
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/admin/rooms", { waitUntil: "commit" });
  await page.getByLabel("Currency").fill("EARLY");
  release();
  await expect(page).toHaveURL(/\/admin\/rooms\?currency=EARLY$/);
  await expect(page.getByLabel("Currency")).toHaveValue("EARLY");
  await expect(page.getByTestId("count-waiting")).toHaveText("0");
});

test("removing a player asks why, says what was refunded, and the ledger calls it a removal", async ({ page, request }) => {
  const [host, guest] = [await newPlayer(request), await newPlayer(request)];
  const made = await request.post("/v1/rooms", { headers: { "x-player-token": host.token }, data: { name: `Removal ${Date.now()}`, bet_amount: 2.5, currency: "USD", player_limit: 4, turn: 20 } });
  const roomId = (await made.json()).data.id;
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": guest.token } })).ok()).toBe(true);
  await page.goto(`/admin/rooms/${roomId}`);
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();

  const seat = page.getByRole("table", { name: "Seated players" }).getByRole("row").filter({ hasText: guest.username });
  await seat.getByRole("button", { name: "Remove" }).click();
  const asking = page.getByRole("form", { name: `Remove ${guest.username} and refund the bet?` });
  await asking.getByLabel("Reason, for the audit log").fill("Duplicate account");
  await expectAccessible(page);
  await asking.getByLabel("Reason, for the audit log").press("Enter");
  await expect(page.getByRole("status")).toHaveText(`${guest.username} removed. Refunded 2.50 USD to ${guest.username}.`);
  await expect(page.getByRole("table", { name: "Seated players" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Ledger rows of this room's round" }).getByRole("row").filter({ hasText: "admin_removal" })).toHaveCount(1);
});

test("after too many wrong tokens the sign-in page says how long the lock lasts, and waits for it", async ({ page }) => {
  // An address of its own (the server trusts one proxy here), so the lock touches no other test.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  await page.goto("/admin");
  const lock = page.getByRole("alert").filter({ hasText: "Too many" });
  // The default limit is 5 wrong tokens in a fixed 15-minute window: the 5th locks, unless a window
  // ends between two attempts, when the count starts again (hence up to 9 attempts).
  let [attempts, status] = [0, 0];
  while (status !== 429 && attempts < 9) {
    attempts++;
    await page.getByLabel("Admin token").fill(`wrong-${attempts}`);
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/v1/admin/session")), page.getByRole("button", { name: "Sign in" }).click()]);
    status = answer.status();
    if (status !== 429) {
      expect(status).toBe(401);
      await expect(page.getByRole("alert").filter({ hasText: "not the admin token" })).toBeVisible();
    }
  }
  expect(status).toBe(429);
  expect(attempts).toBeGreaterThanOrEqual(5);
  // The rest of the window: minutes, or seconds when it ends within a minute.
  await expect(lock).toHaveText(/^Too many wrong tokens from this address\. Signing in is locked for \d+ (minutes?|seconds?), until \d{1,2}:\d\d( [AP]M)?\.$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  await expectAccessible(page);
});
