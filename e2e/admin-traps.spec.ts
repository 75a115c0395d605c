import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { creditBody } from "../tests/support/callback-bodies";
import { adminPost, clearOfMidnight, createRoom, expect, expectAccessible, newPlayer, pageOverflows, signInToConsole, test, unique, utcToday, walletCall } from "./fixtures";

// The console's traps, each closed: a refused filter keeps the table a person was reading and says
// what is wrong beside the field; the report's downloads take the days typed in the form; no table
// of the console cuts a column off on a laptop.

const DESKTOP = { width: 1280, height: 900 };
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The rooms page on a room of a currency of its own: its one row. */
async function roomsOfOwnCurrency(page: Page, request: APIRequestContext) {
  const currency = `R${randomBytes(3).toString("hex").toUpperCase()}`;
  const player = await newPlayer(request, { currency });
  const name = unique("Kept table");
  await createRoom(request, player, { name, bet_amount: 5, player_limit: 2 });
  await signInToConsole(page);
  await page.goto(`/admin/rooms?currency=${currency}`);
  const rows = page.getByTestId("admin-room");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  return { rows, name };
}

test("a bet range typed backwards keeps the rooms on screen and says what is wrong beside the field", async ({ page, request }) => {
  const { rows, name } = await roomsOfOwnCurrency(page, request);
  await page.getByLabel("Bet from").fill("1");
  await expect(page).toHaveURL(/min_bet_amount=1(&|$)/);
  await expect(rows).toHaveCount(1);
  // Refused by the server, named beside "Bet up to" in the form's words, the room still shown.
  await page.getByLabel("Bet up to").fill("0.5");
  await expect(page).toHaveURL(/max_bet_amount=0.5/);
  await expect(page.getByLabel("Bet up to")).toHaveAccessibleDescription("must not be less than “Bet from”");
  await expect(page.getByLabel("Bet from")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Still showing the rooms of the last filters that worked.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(page.getByTestId("count-waiting")).toHaveText("1");
  await expectAccessible(page);
  // Fixed: the problem goes with the note, and the rooms are those of the new filters.
  await page.getByLabel("Bet up to").fill("4");
  await expect(page.getByLabel("Bet up to")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Still showing")).toHaveCount(0);
  await expect(rows).toHaveCount(0);
});

test("a bet that is no amount keeps the rooms on screen and is named beside its field", async ({ page, request }) => {
  const { rows } = await roomsOfOwnCurrency(page, request);
  await page.getByLabel("Bet from").fill("five");
  await expect(page.getByLabel("Bet from")).toHaveAccessibleDescription("must be a non-negative decimal number such as 10.50");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Bet from").fill("6");
  await expect(page.getByLabel("Bet from")).not.toHaveAttribute("aria-invalid");
  await expect(rows).toHaveCount(0);
});

test("a refused filter of the audit log keeps its rows; names and an older address's ids find them", async ({ page, request }) => {
  const player = await newPlayer(request);
  const name = unique("Audit trap table");
  const roomId = await createRoom(request, player, { name, bet_amount: 2, player_limit: 2 });
  await adminPost(request, `/v1/admin/rooms/${roomId}/close`, { reason: "Trap test" });

  await signInToConsole(page);
  // An address from before the names: room_id fills the Room box, and finds the room's row.
  await page.goto(`/admin/audit?room_id=${roomId}`);
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await expect(filters.getByLabel("Room (name or id)")).toHaveValue(roomId);
  const rows = page.getByRole("table", { name: "Admin actions, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Trap test");

  // By names, as a person types them.
  await filters.getByLabel("Room (name or id)").fill(name.toUpperCase());
  await filters.getByLabel("Who (name or address)").fill("OWNER");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?actor=OWNER&room=AUDIT\+TRAP\+TABLE_[0-9A-F]+$/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(name);
  // Every filter applies: the close names no player.
  await filters.getByLabel("Player (name or id)").fill(player.username);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No admin action matches these filters.")).toBeVisible();
  await filters.getByLabel("Player (name or id)").fill("");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(2);

  // From after To: refused, said beside From, and the close stays on screen.
  const [from, to] = [filters.getByLabel("From", { exact: true }), filters.getByLabel("To", { exact: true })];
  await from.fill("2026-11-24T10:00");
  await to.fill("2026-11-24T09:00");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(from).toHaveAccessibleDescription("must not be after “To”");
  await expect(page.getByText("Still showing the actions of the last filters that worked.")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Trap test");
  await expectAccessible(page);
});

test("the report's downloads take the days typed in the form, not those of the report shown", async ({ page, request }, testInfo) => {
  await clearOfMidnight(testInfo);
  const currency = `D${randomBytes(3).toString("hex").toUpperCase()}`;
  await newPlayer(request, { currency, balance: "40.00" });
  const today = utcToday();
  const earlier = dayBefore(dayBefore(today));

  await signInToConsole(page);
  await page.goto(`/admin/reports?from=${today}&to=${today}&currency=${currency}`);
  await expect(page.getByRole("table", { name: `Daily report from ${today} to ${today}` })).toBeVisible();
  // Typed, not shown: the downloads are of the typed range, and say so.
  await page.getByLabel("From (UTC day)").fill(earlier);
  await page.getByLabel("Currency (all if empty)").fill(currency.toLowerCase());
  await expect(page.getByTestId("download-range")).toHaveText(`${earlier} to ${today}, ${currency}, as typed above`);
  const [report] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the report (CSV)" }).click()]);
  expect(report.suggestedFilename()).toBe(`daily-report-${earlier}-to-${today}-${currency}.csv`);
  const lines = Buffer.concat(await (await report.createReadStream()).toArray()).toString().trimEnd().split("\r\n");
  // Every day typed, then the total.
  expect(lines.map((l) => l.split(",").slice(0, 2).join(","))).toEqual(["date,currency", ...[earlier, dayBefore(today), today].map((d) => `${d},${currency}`), `total,${currency}`]);
  const [ledger] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the ledger rows (CSV)" }).click()]);
  expect(ledger.suggestedFilename()).toBe(`ledger-${earlier}-to-${today}-${currency}.csv`);
  // The report on screen is still today's until Show.
  await expect(page.getByRole("table", { name: `Daily report from ${today} to ${today}` })).toBeVisible();

  // A range typed backwards offers no download, and says why.
  await page.getByLabel("To (UTC day)").fill(dayBefore(earlier));
  await expect(page.getByRole("link", { name: "Download the report (CSV)" })).toHaveCount(0);
  await expect(page.getByText("Type a From day that is not after the To day to download the report and the ledger rows.")).toBeVisible();
  await expectAccessible(page);
});

/** The tables of the page whose columns do not all fit their box, by caption; and whether the page itself scrolls sideways. */
async function clippedTables(page: Page) {
  const tables = await page.evaluate(() =>
    [...document.querySelectorAll("table")]
      .filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth || table.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((table) => table.caption?.textContent ?? table.getAttribute("aria-label") ?? "a table without a caption"),
  );
  return { tables, page: await pageOverflows(page) };
}

/** A player with a name as long as a name may be, and no space in it to break at. */
async function longNamedPlayer(request: APIRequestContext, currency: string) {
  const username = `${"Maximiliana_Wolkenstein_Hohenberg_Zuckermann".slice(0, 40)}${randomBytes(5).toString("hex")}`;
  const made = await adminPost(request, "/v1/admin/players", { username, currency, balance: "5000.00" });
  const issued = await adminPost(request, `/v1/admin/players/${made.id}/tokens`, {});
  return { id: made.id as string, username, currency, token: issued.token as string, launchUrl: "" };
}

test("no table of the console cuts a column off at 1280 px, with the longest names and ids", async ({ page, request }, testInfo) => {
  await clearOfMidnight(testInfo);
  const currency = `W${randomBytes(3).toString("hex").toUpperCase()}`;
  const [a, b] = [await longNamedPlayer(request, currency), await longNamedPlayer(request, currency)];
  const name = `The longest table name of the console ${randomBytes(5).toString("hex")}`.slice(0, 50);
  const roomId = await createRoom(request, a, { name, bet_amount: "1234.56", player_limit: 2, rake_percentage: 2.5 });
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": b.token } })).ok()).toBe(true);
  // A settled round, paid under a platform's long transfer id.
  const credit = creditBody(a.id, { amount: "2407.39", currency, round_id: roomId, round_completed: true, transfer_id: randomBytes(32).toString("hex") });
  expect((await walletCall(request, "credit", credit)).status_code).toBe("OK");
  const other = await createRoom(request, b, { name: `${name.slice(0, 42)} waiting`, bet_amount: "999.99", player_limit: 2 });
  await adminPost(request, `/v1/admin/rooms/${other}/players/${b.id}/remove`, { reason: "A reason as long as an operator might write it, with many words in it" });
  const today = utcToday();

  await signInToConsole(page);
  await page.setViewportSize(DESKTOP);
  // Each page, and a cell of the table it fills last: the tables are measured full.
  const pages: [string, string][] = [
    [`/admin/rooms?currency=${currency}`, name],
    [`/admin/rooms/${roomId}`, credit.transfer_id],
    [`/admin/players?q=${a.username}`, a.id],
    [`/admin/players/${a.id}`, "2,407.39"],
    [`/admin/audit?player=${b.username}`, "A reason as long"],
    [`/admin/reports?from=${today}&to=${today}&currency=${currency}`, "Total"],
    ["/admin/deliveries", roomId.slice(0, 8)],
  ];
  for (const [path, shown] of pages) {
    await page.goto(path);
    await expect(page.getByRole("cell").filter({ hasText: shown }).first()).toBeVisible();
    expect(await clippedTables(page), path).toEqual({ tables: [], page: false });
  }
});
