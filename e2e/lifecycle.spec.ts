import { expect, expectAccessible, newPlayer, screenshots, test, unique, type E2EPlayer } from "./fixtures";
import { createHmac } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { E2E_WALLET_SECRET } from "../playwright.config";

// Rooms that live: joining and leaving from the lobby, and changes arriving without a reload.

async function openRoom(request: APIRequestContext, creator: E2EPlayer, name: string, seats = 4) {
  const made = await request.post("/v1/rooms", {
    headers: { "x-player-token": creator.token },
    data: { name, bet_amount: 5, currency: creator.currency, player_limit: seats, turn: 20 },
  });
  expect(made.ok()).toBe(true);
  return (await made.json()).data.id as string;
}

test("join and leave a room found in the lobby, the balance following each step", async ({ page, request }, testInfo) => {
  const [creator, guest] = [await newPlayer(request), await newPlayer(request, { balance: "20.00" })];
  const name = unique("Joinable table");
  const roomId = await openRoom(request, creator, name);
  await page.goto(guest.launchUrl);
  await expect(page.getByTestId("balance")).toHaveText("20.00 USD");
  // Newest first: the room is on the lobby's first page of waiting rooms.
  await page.goto("/?status=waiting");
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms/${roomId}$`));

  await page.getByRole("button", { name: "Join · 5.00 USD" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Join and bet 5.00 USD" }).click();
  await expect(page.getByTestId("balance")).toHaveText("15.00 USD");
  await expect(page.getByTestId("seat")).toHaveCount(2);
  await expect(page.getByTestId("seat").nth(1)).toContainText(guest.username);
  await expectAccessible(page);
  await screenshots(page, "room-joined", testInfo);

  await page.getByRole("button", { name: "Leave the room" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave and get 5.00 USD back" }).click();
  await expect(page.getByTestId("balance")).toHaveText("20.00 USD");
  await expect(page.getByTestId("seat")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Join · 5.00 USD" })).toBeVisible();
});

test("a change made in one browser arrives live in another, without a reload", async ({ browser, request }) => {
  const [watcher, other] = [await newPlayer(request), await newPlayer(request)];
  const watching = await browser.newContext();
  const acting = await browser.newContext();
  try {
    const watch = await watching.newPage();
    await watch.goto(watcher.launchUrl);
    await expect(watch.getByTestId("balance")).toHaveText("100.00 USD");
    const roomId = await openRoom(request, watcher, "Live table", 2);
    await watch.goto(`/rooms/${roomId}`);
    await expect(watch.getByTestId("seat")).toHaveCount(1);

    // Another player, in another browser, takes the last seat.
    const act = await acting.newPage();
    await act.goto(other.launchUrl);
    await expect(act.getByTestId("balance")).toHaveText("100.00 USD"); // the tab has taken the token
    await act.goto(`/rooms/${roomId}`);
    await act.getByRole("button", { name: "Join · 5.00 USD" }).click();
    await act.getByRole("dialog").getByRole("button", { name: "Join and bet 5.00 USD" }).click();
    await expect(act.getByTestId("balance")).toHaveText("95.00 USD");

    await expect(watch.getByTestId("seat")).toHaveCount(2);
    await expect(watch.getByText("playing", { exact: true })).toBeVisible();

    // The watcher's own money moves elsewhere (the platform pays a win): the header follows.
    const win = JSON.stringify({
      request_id: "e2e-win", timestamp: Math.floor(Date.now() / 1000), session_id: "e2e", player_id: watcher.id, game_code: "dice",
      transfer_id: `e2e-win-${roomId}`, round_id: roomId, round_completed: true, amount: "9.50", currency: "USD", reason: "win",
    });
    const signature = createHmac("sha256", E2E_WALLET_SECRET).update(win).digest("hex");
    const credited = await request.post("/wallet/credit", { headers: { "content-type": "application/json", "x-signature": signature }, data: win });
    expect((await credited.json()).status_code).toBe("OK");
    await expect(watch.getByTestId("balance")).toHaveText("104.50 USD");
    await expect(watch.getByText("finished", { exact: true })).toBeVisible();
  } finally {
    await watching.close();
    await acting.close();
  }
});
