import { randomBytes } from "node:crypto";
import { clearOfMidnight, createRoom, expect, expectAccessible, newPlayer, screenshots, signInToConsole, test, unique, utcToday } from "./fixtures";

test("the dashboard draws rooms, money and players as charts, each with its table, and follows a bet live", async ({ page, request }, testInfo) => {
  await clearOfMidnight(testInfo);
  const currency = `E${randomBytes(3).toString("hex").toUpperCase()}`;
  const [host, guest] = [await newPlayer(request, { currency }), await newPlayer(request, { currency })];
  const roomId = await createRoom(request, host, { name: unique("Charted"), bet_amount: 2, player_limit: 4 });

  await signInToConsole(page);
  await page.goto(`/admin?by=day&currency=${currency}`);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  for (const title of ["Rooms waiting and playing", "Rooms created and finished", `Bets, wins, refunds and rake in ${currency}`, "Players who placed a bet"]) {
    await expect(page.getByRole("figure", { name: title }).getByRole("img")).toBeVisible();
  }

  // Today's tiles above the charts, in the currency shown.
  await expect(page.getByRole("heading", { name: `Today in ${currency}, ${utcToday()} (UTC)` })).toBeVisible();
  const tile = (name: string) => page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${name}$`) }) }).locator("dd");
  await expect(tile("Bets")).toHaveText(/^2\.0+ E/);
  await expect(tile("GGR")).toHaveText(/^2\.0+ E/);
  await expect(tile("Players who bet")).toHaveText("1");

  // The table behind the money chart, today's row: the host's bet; the guest's appears without a reload.
  const money = page.getByRole("figure", { name: `Bets, wins, refunds and rake in ${currency}` });
  await money.getByText("Figures:").click();
  const today = money.getByRole("row").filter({ hasText: utcToday() });
  await expect(today.getByRole("cell").nth(1)).toHaveText(/^2\.0+ E/);
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": guest.token } })).ok()).toBe(true);
  await expect(today.getByRole("cell").nth(1)).toHaveText(/^4\.0+ E/);
  await expect(tile("Bets")).toHaveText(/^4\.0+ E/);
  await expect(tile("Players who bet")).toHaveText("2");
  await expectAccessible(page);
  await screenshots(page, "admin-dashboard", testInfo);
});

test("the dashboard's currency comes from its form, and its hourly view from its link", async ({ page }) => {
  await signInToConsole(page);
  await page.goto("/admin?by=day");
  await page.getByLabel("Currency").selectOption("USD");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\?by=day&currency=USD$/);
  await expect(page.getByRole("heading", { name: "Money in USD" })).toBeVisible();
  await page.getByRole("link", { name: "Last 24 hours" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Over the last 24 hours, by hour (UTC).", { exact: false })).toBeVisible();
  await page.getByRole("figure", { name: "Players who placed a bet" }).getByText("Figures:").click();
  const rows = page.getByRole("table", { name: "Players who placed a bet" }).getByRole("row");
  await expect(rows).toHaveCount(25);
  await expectAccessible(page);
});

test("the reports page: a range of days in the address, errors beside their field, the report and the ledger as CSV", async ({ page, request }, testInfo) => {
  await clearOfMidnight(testInfo);
  const currency = `F${randomBytes(3).toString("hex").toUpperCase()}`;
  const player = await newPlayer(request, { currency, balance: "250.00" });
  await createRoom(request, player, { name: unique("Reported"), bet_amount: 20, player_limit: 2 });
  const today = utcToday();

  await signInToConsole(page);
  await page.goto(`/admin/reports?from=${today}&to=${today}&currency=${currency}`);
  await expect(page.getByRole("heading", { name: "Daily report" })).toBeVisible();
  const table = page.getByRole("table", { name: `Daily report from ${today} to ${today}` });
  // Opening 0, the deposit of 250, a bet of 20 (GGR 20), no adjustment: closing 230, each movement's count under its sum. Then the currency's total.
  const figures = [/^0\.0+$/, /^250\.0+1 deposit$/, /^20\.0+1 bet$/, /^0\.0+0 wins$/, /^0\.0+0 refunds$/, /^0\.0+0 adjustments$/, /^20\.0+$/, /^0\.0+$/, /^230\.0+$/];
  await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText([today, currency, ...figures]);
  await expect(table.getByRole("row").nth(2).getByRole("cell")).toHaveText(["Total", currency, ...figures]);
  // Its last column is not cut off on a laptop: the table fits, with nothing to scroll to.
  await page.setViewportSize({ width: 1280, height: 900 });
  const region = page.getByRole("region", { name: `Daily report from ${today} to ${today}` });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(table.getByRole("columnheader", { name: "Closing" })).toBeInViewport();
  await expectAccessible(page);
  await screenshots(page, "admin-reports", testInfo);

  const [report] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the report (CSV)" }).click()]);
  expect(report.suggestedFilename()).toBe(`daily-report-${today}-to-${today}-${currency}.csv`);
  const reportCsv = await (await report.createReadStream()).toArray();
  expect(Buffer.concat(reportCsv).toString()).toMatch(new RegExp(`^date,currency,opening_balance,.*\\r\\n${today},${currency},0\\.0+,250\\.0+,20\\.0+,.*\\r\\ntotal,${currency},0\\.0+,250\\.0+,20\\.0+,`));
  const [ledger] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the ledger rows (CSV)" }).click()]);
  const rows = Buffer.concat(await (await ledger.createReadStream()).toArray()).toString().trimEnd().split("\r\n");
  expect(rows[0]).toBe("time,transfer_id,casino_transfer_id,kind,cause,from_account,to_account,amount,currency,player_id,round_id,reference_id,reason");
  expect(rows.slice(1).map((r) => r.split(",")[3])).toEqual(["deposit", "debit"]);

  // A range backwards: the error stands beside its field, and the page stays usable.
  await page.getByLabel("From (UTC day)").fill("2026-01-10");
  await page.getByLabel("To (UTC day)").fill("2026-01-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByLabel("From (UTC day)")).toHaveAccessibleDescription("must not be after to");
  await expectAccessible(page);
});
