import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { creditBody, refundBody } from "../tests/support/callback-bodies";
import {
  adminGet,
  adminPost,
  apiGet,
  createRoom,
  expect,
  expectAccessible,
  newPlayer,
  pageOverflows,
  screenshots,
  signInToConsole,
  SIZES,
  test,
  unique,
  walletCall,
} from "./fixtures";

// The player's lobby as a player uses it, at phone and desktop width: the rooms they can play, rows
// that say who sits and what joining costs, a question before money moves, the history of their
// money, the result of a room, word of what others did with their money, and new tabs.

/** A currency of its own gives a test a list nobody else writes to (8 decimal places: not ISO 4217). */
const ownCurrency = () => `Q${randomBytes(3).toString("hex").toUpperCase()}`;
const roomList = (page: Page) => page.getByRole("region", { name: /^(All rooms|Rooms you can play)$/ });
const card = (page: Page, roomId: string) => roomList(page).locator(`[data-testid="room"][data-room-id="${roomId}"]`);
const shownIds = (page: Page) => roomList(page).getByTestId("room").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-room-id")));

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test("the lobby opens on the rooms this player can play; one click shows all; sorts come from the address and the form", async ({ page, request }, testInfo) => {
      // Six page loads, an accessibility check and screenshots: more than the default limit allows
      // a busy machine, which is no fault of the lobby's.
      test.slow();
      const currency = ownCurrency();
      const me = await newPlayer(request, { currency, balance: "1000" });
      const other = await newPlayer(request, { currency: "EUR" });
      const cheap = await createRoom(request, me, { name: unique("Cheap"), bet_amount: 1 });
      const dear = await createRoom(request, me, { name: unique("Dear"), bet_amount: 9 });
      const full = await createRoom(request, me, { name: unique("Full"), bet_amount: 3, player_limit: 2 });
      const joiner = await newPlayer(request, { currency });
      expect((await request.post(`/v1/rooms/${full}/join`, { headers: { "x-player-token": joiner.token } })).ok()).toBe(true);
      const euro = await createRoom(request, other, { name: unique("Euro") });

      await page.goto(me.launchUrl);
      await expect(page.getByRole("link", { name: `Rooms you can play (${currency}, waiting)` })).toHaveAttribute("aria-current", "page");
      // Waiting rooms in the player's currency, newest first; the playing room and the EUR room are not here.
      await expect.poll(() => shownIds(page)).toEqual([dear, cheap]);
      expect(new URL(page.url()).search).toBe("");
      await expectAccessible(page);
      await screenshots(page, `lobby-default-${label}`, testInfo);

      // All rooms, of every currency and status: the API's total.
      await page.getByRole("link", { name: "All rooms" }).click();
      await expect(page).toHaveURL(/\/\?sort=newest$/);
      await expect(page.getByRole("link", { name: "All rooms" })).toHaveAttribute("aria-current", "page");
      const { total } = await apiGet(request, me, "/v1/rooms?sort=newest");
      await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/[\d,]+ rooms/);
      expect(total).toBeGreaterThanOrEqual(4);
      await page.goto(`/?currency=EUR&sort=newest`);
      await expect(card(page, euro)).toBeVisible();
      // Every status of the player's currency, the playing room included.
      await page.goto(`/?currency=${currency}&sort=newest`);
      await expect.poll(() => shownIds(page)).toEqual([full, dear, cheap]);

      // A sort from the address, then from the form: the order is the API's.
      await page.goto(`/?currency=${currency}&sort=bet_desc`);
      await expect.poll(() => shownIds(page)).toEqual([dear, full, cheap]);
      // A phone folds the form behind a button that counts the filters in use (here the currency).
      if (label === "phone") await page.getByRole("button", { name: "Filters and sort 1 in use", expanded: false }).click();
      await page.getByLabel("Sort", { exact: true }).selectOption("bet_asc");
      await expect(page).toHaveURL(new RegExp(`currency=${currency}&sort=bet_asc$`));
      await expect.poll(() => shownIds(page)).toEqual([cheap, full, dear]);
      await page.getByLabel("Sort", { exact: true }).selectOption("filling");
      // The full room has no free seat; the others three each, newest first.
      await expect.poll(() => shownIds(page)).toEqual([full, dear, cheap]);
    });

    test("a row shows who sits, the free seats and a join button stating the bet, disabled with the reason", async ({ page, request }) => {
      const currency = ownCurrency();
      const [host, poor] = [await newPlayer(request, { currency, balance: "100" }), await newPlayer(request, { currency, balance: "4" })];
      const roomId = await createRoom(request, host, { name: unique("Row"), bet_amount: 5 });
      const foreign = await newPlayer(request, { currency: "EUR" });
      const euroRoom = await createRoom(request, foreign, { name: unique("Euro row"), bet_amount: 1 });

      await page.goto(`${poor.launchUrl}`);
      const row = card(page, roomId);
      await expect(row.getByTestId("seated")).toHaveText(`Seated: ${host.username}`);
      await expect(row).toContainText("Free seats3 of 4");
      const join = row.getByRole("button", { name: "Join · 5.00000000 " + currency });
      await expect(join).toBeDisabled();
      await expect(row.getByTestId("join-reason")).toHaveText(`Your balance of 4.00000000 ${currency} is below the bet`);
      await expect(join).toHaveAccessibleDescription(`Your balance of 4.00000000 ${currency} is below the bet`);

      await page.goto(`/?currency=EUR&sort=newest`);
      const euroRow = card(page, euroRoom);
      await expect(euroRow.getByRole("button", { name: "Join · 1.00 EUR" })).toBeDisabled();
      await expect(euroRow.getByTestId("join-reason")).toHaveText(`Plays in EUR; your balance is in ${currency}`);
      await expectAccessible(page);
    });

    test("joining asks first, with the amount and the last seat; leaving says what comes back", async ({ page, request }, testInfo) => {
      const [host, me] = [await newPlayer(request), await newPlayer(request, { balance: "20.00" })];
      const name = unique("Confirm");
      const roomId = await createRoom(request, host, { name, bet_amount: 2.5, player_limit: 4 });
      await page.goto(`${me.launchUrl}&currency=USD&min_bet_amount=2.5&max_bet_amount=2.5&sort=newest`);
      await card(page, roomId).getByRole("button", { name: "Join · 2.50 USD" }).click();
      const dialog = page.getByRole("dialog", { name: `Join “${name}”?` });
      await expect(dialog).toContainText("Your bet of 2.50 USD is taken from your balance now, leaving 17.50 USD.");
      await expect(dialog).toContainText("While the room waits for players you can leave, and the bet comes back.");
      await expectAccessible(page);
      await screenshots(page, `join-dialog-${label}`, testInfo);
      // Escape cancels: nothing moved.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("balance")).toHaveText("20.00 USD");

      await card(page, roomId).getByRole("button", { name: "Join · 2.50 USD" }).click();
      await dialog.getByRole("button", { name: "Join and bet 2.50 USD" }).click();
      await expect(page).toHaveURL(new RegExp(`/rooms/${roomId}$`));
      await expect(page.getByTestId("balance")).toHaveText("17.50 USD");

      await page.getByRole("button", { name: "Leave the room" }).click();
      const leaving = page.getByRole("dialog", { name: `Leave “${name}”?` });
      await expect(leaving).toContainText("Your seat is given up and your bet of 2.50 USD comes back to your balance.");
      await leaving.getByRole("button", { name: "Leave and get 2.50 USD back" }).click();
      await expect(page.getByTestId("balance")).toHaveText("20.00 USD");

      // The last seat: the question says the game starts.
      const third = await newPlayer(request);
      expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": third.token } })).ok()).toBe(true);
      const fourth = await newPlayer(request);
      expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": fourth.token } })).ok()).toBe(true);
      await page.getByRole("button", { name: "Join · 2.50 USD" }).click();
      await expect(page.getByRole("dialog")).toContainText("You take the last seat: the game starts as soon as you join");
      await page.getByRole("dialog").getByRole("button", { name: "Join and bet 2.50 USD" }).click();
      await expect(page.getByText("playing", { exact: true })).toBeVisible();
      await expect(page.getByTestId("balance")).toHaveText("17.50 USD");
    });

    test("while the lobby's live connection is lost, a banner says so, and goes once it is back", async ({ page, request }) => {
      const me = await newPlayer(request);
      // The network is up, but the event stream cannot get through (a deploy, a proxy that drops it).
      let cut = true;
      await page.route("**/v1/events**", (route) => (cut ? route.abort("connectionreset") : route.continue()));
      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);
      await expect(page.getByTestId("reconnecting")).toHaveText("Reconnecting to the lobby… Rooms and your balance may be out of date until it is back.");
      await expect(page.getByTestId("offline")).toBeHidden();
      await expectAccessible(page);
      cut = false;
      // The lobby tries again by itself, after a wait of at most 15 s (lib/client/backoff.ts).
      await expect(page.getByTestId("reconnecting")).toBeHidden({ timeout: 30_000 });
    });

    test("a join confirmed offline fails at once and is never sent; Cancel always closes the question; a join whose answer was lost is confirmed again with its key, and bets once", async ({ page, context, request }) => {
      const [host, me] = [await newPlayer(request), await newPlayer(request)];
      const name = unique("Offline");
      const roomId = await createRoom(request, host, { name, bet_amount: 2.5, player_limit: 2 });
      const joins: string[] = [];
      page.on("request", (r) => r.method() === "POST" && r.url().endsWith(`/v1/rooms/${roomId}/join`) && joins.push(r.url()));
      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);
      await page.goto(`/rooms/${roomId}`);
      const joinButton = page.getByRole("button", { name: "Join · 2.50 USD" });
      const dialog = page.getByRole("dialog", { name: `Join “${name}”?` });

      // Offline: the join fails on the spot with a clear message, and Escape closes the question.
      await joinButton.click();
      await context.setOffline(true);
      await expect(page.getByTestId("offline")).toContainText("You are offline.");
      await dialog.getByRole("button", { name: "Join and bet 2.50 USD" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("You are offline. Nothing was sent and no money moved; try again once you are back online.");
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      // Back online, the join taking the last seat is not sent after all.
      await context.setOffline(false);
      await expect(page.getByTestId("offline")).toBeHidden();
      await page.reload();
      await expect(page.getByTestId("balance")).toHaveText("100.00 USD");
      expect(joins).toEqual([]);
      expect((await apiGet(request, me, "/v1/player/balance")).balance).toBe("100.00");
      expect((await apiGet(request, host, `/v1/rooms/${roomId}`)).current_players).toBe(1);

      // A join the network holds: Cancel still closes the question. The held request then fails, and nothing moved.
      let held: (() => Promise<void>) | undefined;
      await page.route(`**/v1/rooms/${roomId}/join`, (route) => void (held = () => route.abort("internetdisconnected")));
      await joinButton.click();
      await dialog.getByRole("button", { name: "Join and bet 2.50 USD" }).click();
      await expect(dialog.getByRole("button", { name: "Joining…" })).toBeDisabled();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => held !== undefined).toBe(true);
      await held!();
      await page.unroute(`**/v1/rooms/${roomId}/join`);
      await expect(page.getByTestId("balance")).toHaveText("100.00 USD");
      expect((await apiGet(request, host, `/v1/rooms/${roomId}`)).current_players).toBe(1);

      // The answer lost on its way back: the join reached the server, the browser heard nothing.
      // Confirming again sends the question's Idempotency-Key again, and the server answers with the
      // first join: one seat, one bet. (With no live stream: its news of the seat would close the
      // question before the second confirmation.)
      await page.route("**/v1/events**", (route) => route.abort());
      await page.reload();
      const keys: string[] = [];
      await page.route(`**/v1/rooms/${roomId}/join`, async (route) => {
        keys.push(route.request().headers()["idempotency-key"] ?? "");
        if (keys.length > 1) return route.continue();
        await route.fetch();
        await route.abort("connectionreset");
      });
      await joinButton.click();
      await dialog.getByRole("button", { name: "Join and bet 2.50 USD" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("The lobby cannot reach the server. Check your connection and try again.");
      await dialog.getByRole("button", { name: "Join and bet 2.50 USD" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("playing", { exact: true })).toBeVisible();
      await expect(page.getByTestId("balance")).toHaveText("97.50 USD");
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(keys[1]).toBe(keys[0]);
    });

    test("the history lists every bet, win and refund with its room, reason, amount and balance after, and downloads as CSV", async ({ page, request }, testInfo) => {
      const me = await newPlayer(request, { balance: "50.00" });
      const name = unique("History");
      const roomId = await createRoom(request, me, { name, bet_amount: 2.5 });
      expect((await request.post(`/v1/rooms/${roomId}/leave`, { headers: { "x-player-token": me.token } })).ok()).toBe(true);
      // The bet is back, so the pot is empty: the win is a jackpot the credit declares (docs/wallet.md, "Risk limits").
      expect((await walletCall(request, "credit", creditBody(me.id, { amount: "1234.5", round_id: roomId, jackpot_wins: "1234.50" }))).status_code).toBe("OK");

      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);
      await page.getByRole("link", { name: "History" }).click();
      await expect(page).toHaveURL(/\/history$/);
      const rows = page.getByTestId("movement");
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(0)).toContainText(`Win · ${name}`);
      await expect(rows.nth(0).getByTestId("amount")).toHaveText("+1,234.50 USD");
      await expect(rows.nth(0)).toContainText("balance 1,284.50 USD");
      await expect(rows.nth(1)).toContainText(`Refund: you left · ${name}`);
      await expect(rows.nth(1)).toContainText("reason: player exit");
      await expect(rows.nth(2).getByTestId("amount")).toHaveText("−2.50 USD");
      await expect(rows.nth(2)).toContainText("balance 47.50 USD");
      await expect(rows.nth(3)).toContainText("Deposit");
      expect(await pageOverflows(page)).toBe(false);
      await expectAccessible(page);
      await screenshots(page, `history-${label}`, testInfo);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
      const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toBe("date,what,reason,room,room_id,amount,currency,balance_after,id");
      expect(lines).toHaveLength(5);
      expect(lines[1]).toContain(`,Win,win,${name},${roomId},1234.50,USD,1284.50,`);
      expect(lines[3]).toContain(`,Bet,bet,${name},${roomId},-2.50,USD,47.50,`);
    });

    test("a finished room shows each player's payout from the credits of its round", async ({ page, request }) => {
      const [winner, loser] = [await newPlayer(request), await newPlayer(request)];
      const roomId = await createRoom(request, loser, { name: unique("Result"), bet_amount: 10, player_limit: 2 });
      expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": winner.token } })).ok()).toBe(true);
      expect((await walletCall(request, "credit", creditBody(winner.id, { amount: "19.00", round_id: roomId, round_completed: true }))).status_code).toBe("OK");

      await page.goto(loser.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(loser.username);
      await page.goto(`/rooms/${roomId}`);
      if (label === "phone") {
        // One player at a time, every figure labelled: nothing scrolls sideways or breaks letter by letter.
        const result = page.getByTestId("result-list");
        await expect(result.getByRole("listitem", { name: winner.username })).toHaveText(`${winner.username}Bet10.00 USDPayout19.00 USDRefunded0.00 USDNet+9.00 USD`);
        await expect(result.getByRole("listitem", { name: loser.username })).toHaveText(`${loser.username}Bet10.00 USDPayout0.00 USDRefunded0.00 USDNet−10.00 USD`);
      } else {
        const result = page.getByTestId("result");
        await expect(result.getByRole("row", { name: winner.username })).toHaveText(`${winner.username}10.00 USD19.00 USD0.00 USD+9.00 USD`);
        await expect(result.getByRole("row", { name: loser.username })).toHaveText(`${loser.username}10.00 USD0.00 USD0.00 USD−10.00 USD`);
      }
      expect(await pageOverflows(page)).toBe(false);
      await expectAccessible(page);
    });

    test("an admin's close and removal and the platform's refund are told, with the amount, as they happen", async ({ page, request }) => {
      const [me, host] = [await newPlayer(request), await newPlayer(request)];
      await page.goto(me.launchUrl);
      await expect(page.getByTestId("balance")).toHaveText("100.00 USD");

      const closedName = unique("Closed");
      const closed = await createRoom(request, me, { name: closedName, bet_amount: 2.5 });
      await adminPost(request, `/v1/admin/rooms/${closed}/close`);
      const notices = page.getByTestId("notice");
      await expect(notices.filter({ hasText: `An admin closed “${closedName}”. Your bet of 2.50 USD is back in your balance.` })).toBeVisible();

      const removedName = unique("Removed");
      const removedFrom = await createRoom(request, host, { name: removedName, bet_amount: 1 });
      expect((await request.post(`/v1/rooms/${removedFrom}/join`, { headers: { "x-player-token": me.token } })).ok()).toBe(true);
      await adminPost(request, `/v1/admin/rooms/${removedFrom}/players/${me.id}/remove`);
      await expect(notices.filter({ hasText: `An admin removed you from “${removedName}”. Your bet of 1.00 USD is back in your balance.` })).toBeVisible();

      const refundedName = unique("Refunded");
      const refunded = await createRoom(request, me, { name: refundedName, bet_amount: 3 });
      const [debit] = (await adminGet(request, `/v1/admin/players/${me.id}/transactions?limit=1`)).transactions;
      const refund = await walletCall(request, "refund", refundBody(me.id, { transfer_id: debit.transfer_id, round_id: refunded, amount: "3.00", reason: "game_error" }));
      expect(refund.status_code).toBe("OK");
      await expect(notices.filter({ hasText: `The game platform refunded 3.00 USD for “${refundedName}” (game error).` })).toBeVisible();
      await expect(page.getByTestId("balance")).toHaveText("100.00 USD");
      await expectAccessible(page);

      await notices.first().getByRole("button", { name: "Dismiss" }).click();
      await expect(notices).toHaveCount(2);
    });

    test("a revoked token ends the session with the full “link not valid” page", async ({ page, request }) => {
      const me = await newPlayer(request);
      await page.goto(me.launchUrl);
      await expect(page.getByTestId("balance")).toHaveText("100.00 USD");
      await adminPost(request, `/v1/admin/players/${me.id}/tokens/revoke`);
      await expect(page.getByRole("heading", { name: "This launch link is not valid" })).toBeVisible();
      await expect(page.getByTestId("balance")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Rooms" })).toHaveCount(0);
      // A new tab does not come in with the refused token either.
      const tab = await page.context().newPage();
      await tab.goto("/");
      await expect(tab.getByRole("heading", { name: "Open the lobby from your launch link" })).toBeVisible();
      await expectAccessible(page);
    });

    test("a room and the lobby opened in new tabs work, and two players in one browser stay apart", async ({ page, request }) => {
      const [me, other] = [await newPlayer(request), await newPlayer(request)];
      const name = unique("New tab");
      const roomId = await createRoom(request, me, { name });
      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);

      const roomTab = await page.context().newPage();
      await roomTab.goto(`/rooms/${roomId}`);
      await expect(roomTab.getByRole("heading", { name })).toBeVisible();
      await expect(roomTab.getByTestId("username")).toHaveText(me.username);
      await expect(roomTab.getByRole("button", { name: "Leave the room" })).toBeVisible();
      const lobbyTab = await page.context().newPage();
      await lobbyTab.goto("/");
      await expect(lobbyTab.getByTestId("username")).toHaveText(me.username);

      // Another player launched in this browser: their tab is theirs, the first tab stays the first player's.
      const otherTab = await page.context().newPage();
      await otherTab.goto(other.launchUrl);
      await expect(otherTab.getByTestId("username")).toHaveText(other.username);
      await page.reload();
      await expect(page.getByTestId("username")).toHaveText(me.username);
      expect(await page.context().cookies()).toEqual([]);
    });

    test("long names do not widen the page, a page past the end keeps the pager, and bets never wrap", async ({ page, request }) => {
      const currency = ownCurrency();
      const me = await newPlayer(request, { currency, balance: "1000000" });
      const longName = "Averyveryverylongroomnamewithoutanyspacesatall1234";
      expect(longName).toHaveLength(50);
      const roomId = await createRoom(request, me, { name: longName, bet_amount: "123456.78" });
      await createRoom(request, me, { name: unique("Short") });

      await page.goto(me.launchUrl);
      await expect(card(page, roomId)).toBeVisible();
      expect(await pageOverflows(page)).toBe(false);
      const bet = card(page, roomId).locator("dd").first();
      await expect(bet).toHaveText(`123,456.78000000 ${currency}`);
      const lines = await bet.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines).toBe(1);

      await page.goto(`/rooms/${roomId}`);
      await expect(page.getByRole("heading", { name: longName })).toBeVisible();
      expect(await pageOverflows(page)).toBe(false);

      await page.goto(`/?currency=${currency}&sort=newest&page=999`);
      await expect(page.getByText("There is no page 999: these rooms fill 1 page.")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Pages" })).toContainText("2 rooms · page 999 of 1");
      await page.getByRole("link", { name: "Go to the last page" }).click();
      await expect(roomList(page).getByTestId("room")).toHaveCount(2);
    });

    test("a bad filter shows its error beside the field and keeps the list; a decimal comma is read as a point", async ({ page, request }) => {
      const me = await newPlayer(request, { currency: ownCurrency(), balance: "100" });
      const low = await createRoom(request, me, { name: unique("Low"), bet_amount: 1 });
      const high = await createRoom(request, me, { name: unique("High"), bet_amount: 3 });

      await page.goto(`${me.launchUrl}&currency=${me.currency}&min_bet_amount=abc&sort=newest`);
      const min = page.getByLabel("Min bet");
      await expect(min).toHaveAttribute("aria-invalid", "true");
      await expect(min).toHaveAccessibleDescription("Enter a decimal amount, such as 10.50.");
      await expect.poll(() => shownIds(page)).toEqual([high, low]);
      await expect(page.getByText("could not be loaded")).toHaveCount(0);
      await expectAccessible(page);

      await min.fill("2,5");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/min_bet_amount=2\.5&/);
      await expect.poll(() => shownIds(page)).toEqual([high]);
      await expect(min).not.toHaveAttribute("aria-invalid", "true");

      const usd = await newPlayer(request);
      await page.goto(usd.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(usd.username);
      await page.goto("/rooms/new");
      await page.getByLabel("Name").fill(unique("Comma"));
      await page.getByLabel("Bet (USD)").fill("2,50");
      await page.getByRole("button", { name: "Create room" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Create and bet 2.50 USD" }).click();
      await expect(page).toHaveURL(/\/rooms\/[0-9a-f-]+$/);
      await expect(page.getByTestId("balance")).toHaveText("97.50 USD");
    });

    test("money reads with the currency's grouping and minor units in the lobby, the room, the history and the console", async ({ page, request }) => {
      const yen = await newPlayer(request, { currency: "JPY", balance: "50000" });
      await page.goto(yen.launchUrl);
      await expect(page.getByTestId("balance")).toHaveText("50,000 JPY");

      const dollars = await newPlayer(request, { balance: "5000.00" });
      const name = unique("Grouped");
      const roomId = await createRoom(request, dollars, { name, bet_amount: 1234.5 });
      await page.goto(dollars.launchUrl);
      await expect(page.getByTestId("balance")).toHaveText("3,765.50 USD");
      await page.goto(`/rooms/${roomId}`);
      await expect(page.getByRole("definition").filter({ hasText: /^1,234\.50 USD$/ })).toBeVisible();
      await page.goto("/history");
      await expect(page.getByTestId("movement").first().getByTestId("amount")).toHaveText("−1,234.50 USD");

      await signInToConsole(page);
      await page.goto(`/admin/players/${dollars.id}`);
      await expect(page.getByTestId("player-balance")).toHaveText("3,765.50 USD");
      const ledger = page.getByRole("table", { name: "The player's ledger, newest first" });
      await expect(ledger.getByRole("cell", { name: "1,234.50 USD", exact: true })).toBeVisible();
    });
  });
}

test("the list speaks Spanish when the launch asks for it: its words, its numbers and its money", async ({ page, request }) => {
  const currency = ownCurrency();
  const me = await newPlayer(request, { currency, balance: "20000" });
  const roomId = await createRoom(request, me, { name: unique("Español"), bet_amount: 12345.5 });

  await page.goto(`${me.launchUrl}&lang=es`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Salas");
  await expect(page.getByTestId("lobby-counts")).toHaveText(/^[1-9][\d.]* jugador(es)? en línea · [\d.]+ mesas? en juego$/);
  await expect(page.getByRole("link", { name: `Salas en las que puedes jugar (${currency}, esperando jugadores)` })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("region", { name: "Salas en las que puedes jugar" }).locator(`[data-testid="room"][data-room-id="${roomId}"]`);
  await expect(row).toContainText(`Apuesta12.345,50000000 ${currency}`);
  await expect(row).toContainText("Asientos libres3 de 4");
  await expect(row.getByText("esperando", { exact: true })).toBeVisible();
  await expect(row.getByTestId("seated")).toHaveText(`Sentados: ${me.username}`);
  await expect(page.getByRole("navigation", { name: "Páginas" })).toContainText("1 sala · página 1 de 1");

  // A refused filter says what the field takes, in Spanish too.
  await page.goto(`/?currency=${currency}&min_bet_amount=abc&sort=newest`);
  await expect(page.getByLabel("Apuesta mínima")).toHaveAccessibleDescription("Introduce un importe decimal, como 10,50.");
  await expect(page.getByRole("link", { name: "Todas las salas" })).toBeVisible();
});
