import { expect, expectAccessible, newPlayer, screenshots, test } from "./fixtures";

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
  await expect(page.getByText("must be at least 0.01")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await screenshots(page, "create-room-errors", testInfo);

  // A bet over the balance: the server refuses it, and says so.
  await page.getByLabel("Name").fill("Too rich");
  await page.getByLabel("Bet (USD)").fill("60");
  await page.getByRole("button", { name: "Create room" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "more than the balance" })).toBeVisible();

  await page.getByLabel("Name").fill("Friday table");
  await page.getByLabel("Bet (USD)").fill("12.50");
  await page.getByLabel("4 players").check();
  await page.getByLabel("Time bank (seconds)").selectOption("45");
  await page.getByRole("button", { name: "Create room" }).click();

  await expect(page.getByRole("heading", { name: "Friday table" })).toBeVisible();
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
