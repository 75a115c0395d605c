import type { Page, TestInfo } from "@playwright/test";
import { apiGet, expect, expectAccessible, newPlayer, screenshots, SIZES, test, unique } from "./fixtures";

// Creating a room: the form checks with the server's rules, asks a question that says what will
// happen, and only on confirm sends it; the room then replaces the form in the tab's history. The
// server runs with ROOM_RAKE_PERCENTAGES=0,2.5,5 (playwright.config.ts), so the rake is a choice.

test("create a room: validation first, then the room, and the bet leaves the balance", async ({ page, request }, testInfo) => {
  const player = await newPlayer(request, { balance: "50.00" });
  await page.goto(player.launchUrl);
  await page.getByRole("link", { name: "Create a room" }).click();
  await expect(page.getByRole("heading", { name: "Create a room" })).toBeVisible();
  await expectAccessible(page);

  // Checked in the browser with the server's own rules.
  await page.getByLabel("Bet (USD)").fill("0.001");
  await page.getByRole("button", { name: "Create room" }).click();
  await expect(page.getByText("must be 1 to 50 characters")).toBeVisible();
  await expect(page.getByText("must be at least 0.01, with at most 2 decimal places", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await screenshots(page, "create-room-errors", testInfo);

  // A bet over the balance: said beside the bet, and nothing is asked.
  await page.getByLabel("Name").fill("Too rich");
  await page.getByLabel("Bet (USD)").fill("60");
  await page.getByRole("button", { name: "Create room" }).click();
  await expect(page.getByText("is more than your balance of 50.00 USD")).toBeVisible();
  await expect(page.getByLabel("Bet (USD)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByLabel("Name").fill("Friday table");
  await page.getByLabel("Bet (USD)").fill("12.50");
  await page.getByLabel("4 players").check();
  await page.getByLabel("Time bank (seconds)").selectOption("45");
  await page.getByRole("button", { name: "Create room" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create and bet 12.50 USD" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Friday table" })).toBeVisible();
  expect(page.url()).toMatch(/\/rooms\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("definition").filter({ hasText: /^12\.50 USD$/ })).toBeVisible();
  await expect(page.getByTestId("seat")).toHaveCount(1);
  await expect(page.getByTestId("seat")).toContainText(player.username);
  await expect(page.getByTestId("balance")).toHaveText("37.50 USD");
  await expectAccessible(page);
  await screenshots(page, "room", testInfo);
});

test("an unknown room says so", async ({ page, request }) => {
  const player = await newPlayer(request);
  await page.goto(player.launchUrl);
  await expect(page.getByTestId("username")).toBeVisible();
  await page.goto("/rooms/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("This room does not exist")).toBeVisible();
});

/** POST /v1/rooms requests the page sends, counted from now. */
function countCreates(page: Page) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/v1/rooms") sent.push(r.headers()["idempotency-key"] ?? "");
  });
  return sent;
}

/** A screenshot at the test's own width, kept as an artifact. */
async function photo(page: Page, name: string, testInfo: TestInfo) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function openForm(page: Page, launchUrl: string) {
  await page.goto(launchUrl);
  await page.getByRole("link", { name: "Create a room" }).click();
  await expect(page.getByRole("heading", { name: "Create a room" })).toBeVisible();
}

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test("the form explains turn, time bank and incremental bets, and offers the operator's rakes", async ({ page, request }, testInfo) => {
      const player = await newPlayer(request);
      await openForm(page, player.launchUrl);
      await expect(page.getByLabel("Turn (seconds)")).toHaveAccessibleDescription("Seconds each player has to act when it is their turn");
      await expect(page.getByLabel("Time bank (seconds)")).toHaveAccessibleDescription("Extra seconds a player can draw on when a turn's time runs out");
      await expect(page.getByLabel("Incremental bets")).toHaveAccessibleDescription(
        "The game plays in its incremental bet mode. Only the bet above is taken from your balance here.",
      );
      const rake = page.getByLabel("Rake (%)");
      await expect(rake).toHaveJSProperty("tagName", "SELECT");
      await expect(rake.locator("option")).toHaveText(["0%", "2.5%", "5%"]);
      await expect(rake).toHaveValue("0");
      await expectAccessible(page);
      await photo(page, `create-room-form-${label}`, testInfo);
    });

    test("the question says what will happen; Cancel sends nothing; Confirm creates; Back goes to the lobby", async ({ page, request }, testInfo) => {
      const player = await newPlayer(request, { balance: "50.00" });
      const creates = countCreates(page);
      await openForm(page, player.launchUrl);
      const name = unique("Friday");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Bet (USD)").fill("12,50");
      await page.getByLabel("4 players").check();
      await page.getByLabel("Turn (seconds)").fill("20");
      await page.getByLabel("Time bank (seconds)").selectOption("45");
      await page.getByLabel("Incremental bets").check();
      await page.getByLabel("Rake (%)").selectOption("2.5");
      await page.getByRole("button", { name: "Create room" }).click();

      const dialog = page.getByRole("dialog", { name: `Create “${name}”?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("term")).toHaveText(["Name", "Players", "Turn", "Time bank", "Incremental bets", "Rake"]);
      await expect(dialog.getByRole("definition")).toHaveText([name, "4 players", "20 seconds", "45 seconds", "yes", "2.5%"]);
      await expect(dialog).toContainText("12.50 USD will be taken from your balance now.");
      await expect(dialog).toContainText("Your balance after: 37.50 USD");
      await expectAccessible(page);
      await photo(page, `create-room-question-${label}`, testInfo);

      // Cancel: nothing sent, no money moved, the form as it was.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      expect(creates).toEqual([]);
      expect(await apiGet(request, player, "/v1/player/balance")).toEqual({ balance: "50.00", currency: "USD" });
      expect((await apiGet(request, player, "/v1/rooms?status=waiting")).active_rooms).toEqual([]);

      // Asked again and confirmed: one request, one room, the bet taken once.
      await page.getByRole("button", { name: "Create room" }).click();
      await dialog.getByRole("button", { name: "Create and bet 12.50 USD" }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      expect(new URL(page.url()).pathname).toMatch(/^\/rooms\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("balance")).toHaveText("37.50 USD");
      await expect(page.getByRole("definition").filter({ hasText: /^2\.5%$/ })).toBeVisible();
      expect(creates).toHaveLength(1);
      expect(await apiGet(request, player, "/v1/player/balance")).toEqual({ balance: "37.50", currency: "USD" });
      const [room] = (await apiGet(request, player, "/v1/rooms?status=waiting")).active_rooms;
      expect(room).toMatchObject({ name, bet_amount: 12.5, player_limit: 4, turn: 20, time_bank: 45, is_incremental: true, rake_percentage: 2.5 });

      // The room replaced the form in the tab's history: Back is the lobby.
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
      await expect(page.getByRole("link", { name: "Create a room" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Create a room" })).toHaveCount(0);
    });

    test("a failure stays in the question; confirmed again once back online, the room is made once", async ({ page, context, request }) => {
      const player = await newPlayer(request, { balance: "50.00" });
      const creates = countCreates(page);
      await openForm(page, player.launchUrl);
      const name = unique("Offline");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Bet (USD)").fill("5");
      await page.getByRole("button", { name: "Create room" }).click();
      const dialog = page.getByRole("dialog", { name: `Create “${name}”?` });
      await expect(dialog).toContainText("Your balance after: 45.00 USD");

      await context.setOffline(true);
      await dialog.getByRole("button", { name: "Create and bet 5.00 USD" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("You are offline. Nothing was sent and no money moved; try again once you are back online.");
      await expect(dialog).toBeVisible();
      expect(creates).toEqual([]);

      await context.setOffline(false);
      await dialog.getByRole("button", { name: "Create and bet 5.00 USD" }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      expect(creates).toHaveLength(1);
      expect(await apiGet(request, player, "/v1/player/balance")).toEqual({ balance: "45.00", currency: "USD" });
    });
  });
}
