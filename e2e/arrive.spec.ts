import { writeFileSync } from "node:fs";
import type { Response } from "@playwright/test";
import { expect, expectAccessible, newPlayer, screenshots, test } from "./fixtures";

test("a player arrives by launch address and sees their name and balance", async ({ page, request }, testInfo) => {
  const player = await newPlayer(request, { balance: "250.5" });
  // The lobby's first load: the scripts the browser fetched until the page stood loaded and showed the player.
  const scripts: Promise<number>[] = [];
  const countScript = (response: Response) => {
    if (response.request().resourceType() === "script") scripts.push(response.request().sizes().then((s) => s.responseBodySize));
  };
  page.on("response", countScript);
  await page.goto(player.launchUrl, { waitUntil: "load" });
  await expect(page.getByTestId("username")).toHaveText(player.username);
  page.off("response", countScript);

  await expect(page.getByTestId("balance")).toHaveText("250.50 USD");
  await expect(page.getByRole("heading", { name: "Rooms", exact: true })).toBeVisible();

  // The token leaves the address bar, but the tab keeps it: a reload still knows the player.
  expect(new URL(page.url()).searchParams.has("token")).toBe(false);
  await page.reload();
  await expect(page.getByTestId("username")).toHaveText(player.username);

  await expectAccessible(page);
  await screenshots(page, "lobby", testInfo);

  // Compressed bytes as they crossed the wire (the server gzips).
  const firstLoadBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  writeFileSync(testInfo.outputPath("first-load-js.txt"), `${firstLoadBytes}\n`);
  console.log(`Lobby first-load JavaScript, compressed: ${(firstLoadBytes / 1024).toFixed(1)} KiB`);
  expect(firstLoadBytes).toBeGreaterThan(0);
  expect(firstLoadBytes).toBeLessThan(200 * 1024);
});

test("the header's balance follows the money when the tab regains focus", async ({ page, request }) => {
  const player = await newPlayer(request, { balance: "10.00" });
  await page.goto(player.launchUrl);
  await expect(page.getByTestId("balance")).toHaveText("10.00 USD");
  const room = await request.post("/v1/rooms", {
    headers: { "x-player-token": player.token },
    data: { name: "elsewhere", bet_amount: 4, currency: "USD", player_limit: 2, turn: 10 },
  });
  expect(room.ok()).toBe(true);
  // What the browser does when the player comes back to the tab.
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  await expect(page.getByTestId("balance")).toHaveText("6.00 USD");
});
