import { createRoom, expect, expectAccessible, newPlayer, screenshots, signInToConsole, test, unique } from "./fixtures";

// The console's page of room events for the platform: what each is, its room, and its delivery.

test("the platform events page lists a started room's event with its delivery", async ({ page, request }, testInfo) => {
  const [host, guest] = [await newPlayer(request), await newPlayer(request)];
  const roomId = await createRoom(request, host, { name: unique("Announced"), bet_amount: 2, player_limit: 2 });
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": guest.token } })).ok()).toBe(true);

  await signInToConsole(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Platform events" }).click();
  await expect(page.getByRole("heading", { name: "Platform events" })).toBeVisible();
  // No PLATFORM_EVENTS_URL in these tests: the page says the platform reads the events itself.
  await expect(page.getByText("PLATFORM_EVENTS_URL is not set")).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: roomId.slice(0, 8) }) });
  await expect(row).toContainText("room.started");
  await expect(row).toContainText("not pushed");
  await row.getByRole("link", { name: roomId.slice(0, 8) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/rooms/${roomId}$`));
  await page.goBack();
  await expectAccessible(page);
  await screenshots(page, "admin-deliveries", testInfo);
});
