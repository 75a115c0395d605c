import { createRoom, expect, expectAccessible, newPlayer, screenshots, signInToConsole, test, unique } from "./fixtures";

// The console's rooms: the live table, its filters and sort, and acting on one room.

test("rooms made and filled elsewhere appear and start without a reload", async ({ page, request }, testInfo) => {
  await signInToConsole(page);
  await page.goto("/admin/rooms");
  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();
  // Type only once the page is interactive (its first read has answered).
  await expect(page.getByTestId("count-waiting")).not.toHaveText("…");

  const [a, b] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Admin table");
  await page.getByLabel("Search name or id").fill(name);
  await expect(page.getByTestId("admin-room")).toHaveCount(0);
  const roomId = await createRoom(request, a, { name, bet_amount: 3, player_limit: 2 });
  await expect(page.getByTestId("admin-room")).toHaveCount(1);
  await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": b.token } });
  await expect(page.getByTestId("admin-room").getByText("playing", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-rooms", testInfo);
});

test("closing a room asks why, says what came back to whom, and its ledger names the players", async ({ page, request }, testInfo) => {
  const [a, b] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Closed table");
  const roomId = await createRoom(request, a, { name, bet_amount: 3, player_limit: 2 });
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": b.token } })).ok()).toBe(true);
  await signInToConsole(page);
  await page.goto(`/admin/rooms/${roomId}`);
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

  // Names, not ids, in the round's ledger as in its seats; each leads to the player's own page.
  await expect(page.getByRole("table", { name: "Ledger rows of this room's round" }).getByRole("link", { name: a.username })).toHaveCount(2);
  await page.getByRole("link", { name: a.username }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/players/${a.id}$`));
  await expect(page.getByTestId("player-balance")).toHaveText("100.00 USD");
});

test("closing a room confirmed offline fails at once and is not sent once the network is back", async ({ page, context, request }) => {
  const a = await newPlayer(request);
  const name = unique("Offline close");
  const roomId = await createRoom(request, a, { name, bet_amount: 3 });
  const closes: string[] = [];
  page.on("request", (r) => r.method() === "POST" && r.url().endsWith(`/v1/admin/rooms/${roomId}/close`) && closes.push(r.url()));
  await signInToConsole(page);
  await page.goto(`/admin/rooms/${roomId}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("button", { name: "Close room" }).click();
  const asking = page.getByRole("form", { name: "Refund every bet and finish this room?" });
  await asking.getByLabel("Reason, for the audit log").fill("Network test");
  await context.setOffline(true);
  await asking.getByRole("button", { name: "Yes, close room" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You are offline." })).toHaveText("You are offline. Nothing was sent and no money moved; try again once you are back online.");
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("waiting", { exact: true })).toBeVisible();
  expect(closes).toEqual([]);
  expect((await (await request.get(`/v1/rooms/${roomId}`, { headers: { "x-player-token": a.token } })).json()).data.status).toBe("waiting");
});

test("the rooms table keeps its filters and sort in the address, counts under its filters, and sorts by column", async ({ page, request }, testInfo) => {
  const currency = `R${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const player = await newPlayer(request, { currency, balance: "1000" });
  const ids: string[] = [];
  for (const bet of [4, 1, 9]) {
    const made = await request.post("/v1/rooms", { headers: { "x-player-token": player.token }, data: { name: `Sorted ${bet}`, bet_amount: bet, currency, player_limit: 4, turn: 20 } });
    ids.push((await made.json()).data.id);
  }
  await signInToConsole(page);
  await page.goto("/admin/rooms");
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
  await signInToConsole(page);
  await page.goto("/admin/rooms");
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
  await signInToConsole(page);
  await page.goto(`/admin/rooms/${roomId}`);

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
