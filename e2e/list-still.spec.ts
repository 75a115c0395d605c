import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiGet, createRoom, expect, expectAccessible, newPlayer, SIZES, test, unique, type E2EPlayer } from "./fixtures";

// The list a player reads holds still while rooms are made: new rooms wait behind a button that
// counts them and shows them, in the list's order, when tapped; a room that gains a player or
// starts changes where it stands.

// A currency of the test's own: a list nobody else writes to.
const ownCurrency = () => `E${randomBytes(3).toString("hex").toUpperCase()}`;

const list = (page: Page) => page.getByRole("region", { name: "Rooms you can play" });
const cards = (page: Page) => list(page).getByTestId("room");
const shownIds = (page: Page) => cards(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-room-id")));
const card = (page: Page, id: string) => list(page).locator(`[data-room-id="${id}"]`);

/** The ids of the rooms the player can play, as the API has them now. */
async function apiIds(request: APIRequestContext, player: E2EPlayer) {
  const answer = await apiGet(request, player, `/v1/rooms?status=waiting&currency=${player.currency}`);
  return answer.rooms.map((r: { id: string }) => r.id) as string[];
}

async function join(request: APIRequestContext, player: E2EPlayer, roomId: string) {
  const joined = await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": player.token } });
  expect(joined.ok(), await joined.text()).toBe(true);
}

for (const { label, viewport } of SIZES) {
  test(`${label}: the cards hold still while rooms are made, "N new rooms" shows them in order, a seat taken changes a card in place`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const currency = ownCurrency();
    const player = () => newPlayer(request, { currency, balance: "1000" });
    const [host, reader, guest] = await Promise.all([player(), player(), player()]);
    // Three rooms before the lobby opens; the middle one has two seats, so one more player starts it.
    const early = [];
    for (const seats of [4, 2, 4]) early.push(await createRoom(request, host, { name: unique("Early"), player_limit: seats }));

    await page.goto(reader.launchUrl);
    await expect(cards(page)).toHaveCount(3);
    const before = await shownIds(page);
    expect(before).toEqual(await apiIds(request, reader));

    // Two rooms made while the player reads: held back, counted, the cards as they were.
    const made = [await createRoom(request, host, { name: unique("Later") }), await createRoom(request, host, { name: unique("Later") })];
    const button = list(page).getByRole("button", { name: "2 new rooms" });
    await expect(button).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    expect(await shownIds(page)).toEqual(before);
    await expect(page.getByText(`5 rooms · page 1 of 1`)).toBeVisible();
    await expectAccessible(page);

    // A tap shows them in the list's order, newest first, and reading goes on at the first of them.
    await button.click();
    await expect(cards(page)).toHaveCount(5);
    expect(await shownIds(page)).toEqual(await apiIds(request, reader));
    expect((await shownIds(page)).slice(0, 2)).toEqual([...made].reverse());
    await expect(card(page, made[1]!).getByRole("link")).toBeFocused();
    await expect(list(page).getByRole("button", { name: /new rooms?$/ })).toHaveCount(0);

    // One more, shown from the keyboard: the button is a real one.
    const one = await createRoom(request, host, { name: unique("Latest") });
    const single = list(page).getByRole("button", { name: "1 new room" });
    await expect(single).toBeVisible();
    await single.focus();
    await page.keyboard.press("Enter");
    await expect(cards(page)).toHaveCount(6);
    await expect(card(page, one).getByRole("link")).toBeFocused();
    const shown = await shownIds(page);

    // Another player takes a seat in one room and starts the other: both change where they stand.
    await join(request, guest, early[0]!);
    await expect(card(page, early[0]!)).toContainText("Free seats2 of 4");
    await expect(card(page, early[0]!).getByTestId("seated")).toContainText(guest.username);
    await join(request, guest, early[1]!);
    await expect(card(page, early[1]!).getByText("playing", { exact: true })).toBeVisible();
    await expect(card(page, early[1]!)).toContainText("Free seats0 of 2");
    await expect(card(page, early[1]!).getByRole("button", { name: /^Join/ })).toHaveCount(0);
    // No longer waiting, it stays where it was until the page is shown again; the total already says so.
    await expect(page.getByText(`5 rooms · page 1 of 1`)).toBeVisible();
    expect(await shownIds(page)).toEqual(shown);
    await expectAccessible(page);
  });
}
