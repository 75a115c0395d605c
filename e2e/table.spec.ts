import { createRoom, expect, expectAccessible, newPlayer, screenshots, signInToConsole, test, unique } from "./fixtures";

// From lobby to game: the last seat starts the room, the table opens from the lobby without a
// reload, the demo table plays the round through the wallet, the lobby shows how it ended, and the
// console shows where the pot went.

test("the last seat opens the table live; the demo round pays the winner the pot less the rake and finishes the room", async ({ browser, page, request }, testInfo) => {
  const [host, guest] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Table");
  // A pot of 10.00 at 5 %: 0.50 to the house when the round settles, 9.50 to win.
  const roomId = await createRoom(request, host, { name, bet_amount: 5, player_limit: 2, rake_percentage: 5 });

  await page.goto(guest.launchUrl);
  await expect(page.getByTestId("balance")).toHaveText("100.00 USD");
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole("button", { name: "Join · 5.00 USD" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Join and bet 5.00 USD" }).click();
  // The join took the last seat: the room plays, and its table is a click away, with no reload.
  await expect(page.getByText("playing", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Open the table" }).click();

  await expect(page).toHaveURL(new RegExp(`/table\\?room=${roomId}&session=[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole("note")).toContainText("Demo table");
  await expect(page.getByRole("heading", { name: `${guest.username}, you sit at seat 2` })).toBeVisible();
  await expect(page.getByTestId("table-seat")).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Deal the cards" }).click();
  const result = page.getByRole("status");
  await expect(result).toHaveText(/^Seat [12] wins 9\.50 USD\. The round is over\.$/);
  await screenshots(page, "demo-table", testInfo);
  const winner = (await result.textContent())!.startsWith("Seat 2") ? guest : host;

  // Back in the lobby: the room finished, and the winner's history holds the win.
  await page.getByRole("link", { name: "Back to the lobby" }).click();
  await page.goto(`/rooms/${roomId}`);
  await expect(page.getByText("finished", { exact: true })).toBeVisible();
  const winnersPage = winner === guest ? page : await (await browser.newContext()).newPage();
  if (winner !== guest) {
    await winnersPage.goto(host.launchUrl);
    // The lobby takes the token from the address once it runs; leaving before that arrives without one.
    await expect(winnersPage.getByTestId("username")).toHaveText(host.username);
  }
  await winnersPage.goto("/history");
  await expect(winnersPage.getByTestId("movement").nth(0)).toContainText(`Win · ${name}`);
  await expect(winnersPage.getByTestId("movement").nth(0).getByTestId("amount")).toHaveText("+9.50 USD");

  // The console: the room's pot settled, its rake to the house, and the platform paid out its share.
  await signInToConsole(page);
  await page.goto(`/admin/rooms/${roomId}`);
  const settlement = page.getByRole("region", { name: "Settlement" });
  await expect(settlement).toContainText("pot 10.00 USD, rake 0.50 USD to the house, 9.50 USD to the platform. Wins paid 9.50 USD.");
  await expect(settlement).toContainText("Balanced: the wins paid are what settled to the platform.");
  await expectAccessible(page);
  await screenshots(page, "admin-room-settled", testInfo);
});
