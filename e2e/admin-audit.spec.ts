import { adminPost, createRoom, expect, expectAccessible, newPlayer, screenshots, signInToConsole, test, unique } from "./fixtures";

// The console's audit log: every admin action, named by room and player, filtered by names in the address.

test("the audit log names each action's room and player, and keeps its filters through a reload", async ({ page, request }, testInfo) => {
  const [a, b] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Audited table");
  const roomId = await createRoom(request, a, { name, bet_amount: 3, player_limit: 2 });
  await adminPost(request, `/v1/admin/rooms/${roomId}/close`, { reason: "Table reported frozen" });
  await adminPost(request, `/v1/admin/players/${b.id}/tokens/revoke`);

  await signInToConsole(page);
  await page.goto("/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: name }).filter({ hasText: "close_room" }).filter({ hasText: "Table reported frozen" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: b.username }).filter({ hasText: "revoke_tokens" })).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Audit pages" })).toContainText(/^Previous\s*Page 1 of \d+ · \d+ actions\s*Next$/);
  await expectAccessible(page);

  // Filtered by action and the room's name, as typed, kept in the address through a reload.
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption("close_room");
  await filters.getByLabel("Room (name or id)").fill(name);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?action=close_room&room=${name.replace(" ", "\\+")}$`));
  await page.reload();
  const rows = page.getByRole("table", { name: "Admin actions, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Table reported frozen");
  await expect(rows.nth(1)).toContainText(name);
  await expect(filters.getByLabel("Room (name or id)")).toHaveValue(name);
  // Who, by name: the owner's token, not an operator.
  await expect(rows.nth(1)).toContainText("owner");
  await expectAccessible(page);
  await screenshots(page, "admin-audit", testInfo);
});
