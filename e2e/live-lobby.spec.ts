import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, newPlayer, test, unique, type E2EPlayer } from "./fixtures";

// The lobby at scale: room changes are pushed and applied where they are, so an open lobby reads
// the room list once and never again while rooms come in and fill. And a lobby whose reads the
// server sheds waits as Retry-After says, then shows the rooms by itself.

async function createRoom(request: APIRequestContext, player: E2EPlayer, name: string) {
  const made = await request.post("/v1/rooms", {
    headers: { "x-player-token": player.token },
    data: { name, bet_amount: 2, currency: player.currency, player_limit: 2, turn: 20 },
  });
  expect(made.ok()).toBe(true);
  return (await made.json()).data.id as string;
}

/** The lobby's list of rooms, in whichever view. */
const roomList = (page: Page) => page.getByRole("region", { name: /^(All rooms|Rooms you can play)$/ });

const isListRead = (r: Request) => new URL(r.url()).pathname === "/v1/rooms" && r.method() === "GET";

/**
 * Counts the page's reads of the room list, and tells when the lobby has settled: its event stream
 * is open, and none is in flight. A stream that asked its hello to bring the list shown needs no
 * read; one that did not (the list was not on screen yet when it connected) is followed by a read,
 * which must have been answered. (Events of two requests come in no set order, so the stream's
 * answer may be reported after that read's.)
 */
function countListReads(page: Page) {
  const reads = { count: 0, inFlight: 0, answeredSinceOpen: 0, streamOpen: false, helloBringsList: false };
  page.on("request", (r) => {
    if (!isListRead(r)) return;
    reads.count++;
    reads.inFlight++;
  });
  const ended = (r: Request) => {
    if (!isListRead(r)) return;
    reads.inFlight--;
    if (reads.streamOpen) reads.answeredSinceOpen++;
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  page.on("response", (r) => {
    const url = new URL(r.url());
    if (url.pathname !== "/v1/events" || !r.ok()) return;
    reads.streamOpen = true;
    reads.helloBringsList = url.searchParams.has("list");
  });
  return { reads, settled: () => reads.streamOpen && reads.inFlight === 0 && (reads.helloBringsList || reads.answeredSinceOpen > 0) };
}

test("two lobbies see each other's rooms come in and fill, with no read of the list after the first", async ({ browser, request }) => {
  // A currency of the test's own, so that only its rooms come in; one room there before the lobbies open.
  const currency = `E${randomBytes(3).toString("hex").toUpperCase()}`;
  const [alice, bob, carol] = [await newPlayer(request, { currency }), await newPlayer(request, { currency }), await newPlayer(request, { currency })];
  const carolRoom = unique("Carol table");
  await createRoom(request, carol, carolRoom);
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [a, b] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
    const [listA, listB] = [countListReads(a), countListReads(b)];
    const [readsA, readsB] = [listA.reads, listB.reads];
    // All rooms of the currency: the room that fills stays in view as it starts playing.
    await a.goto(`${alice.launchUrl}&currency=${currency}&sort=newest`);
    await b.goto(`${bob.launchUrl}&currency=${currency}&sort=newest`);
    for (const page of [a, b]) await expect(page.getByTestId("balance")).toHaveText(`100.00000000 ${currency}`);
    for (const page of [a, b]) await expect(roomList(page).getByRole("link", { name: carolRoom })).toBeVisible();
    await expect.poll(listA.settled).toBe(true);
    await expect.poll(listB.settled).toBe(true);
    const [firstA, firstB] = [readsA.count, readsB.count];

    const aliceRoom = unique("Alice table");
    const aliceRoomId = await createRoom(request, alice, aliceRoom);
    const bobRoom = unique("Bob table");
    await createRoom(request, bob, bobRoom);
    // The list holds still: the new rooms wait behind a button, which brings them in.
    for (const page of [a, b]) {
      await roomList(page).getByRole("button", { name: "2 new rooms" }).click();
      await expect(roomList(page).getByRole("link", { name: aliceRoom })).toBeVisible();
      await expect(roomList(page).getByRole("link", { name: bobRoom })).toBeVisible();
    }
    // Each sees their own new room among their rooms too, and Bob's came after Alice's: newest first.
    await expect(a.getByRole("region", { name: "Your rooms" }).getByRole("link", { name: aliceRoom })).toBeVisible();
    await expect(b.getByRole("region", { name: "Your rooms" }).getByRole("link", { name: bobRoom })).toBeVisible();
    // Each card's first link is its name (Bob's own card has "Open your room" too).
    const names = await roomList(b).getByTestId("room").evaluateAll((cards) => cards.map((c) => c.querySelector("a")?.textContent));
    expect(names).toEqual([bobRoom, aliceRoom, carolRoom]);

    // Carol takes the last seat of Alice's room: both lobbies show it full and playing.
    const joined = await request.post(`/v1/rooms/${aliceRoomId}/join`, { headers: { "x-player-token": carol.token } });
    expect(joined.ok()).toBe(true);
    for (const page of [a, b]) {
      const card = roomList(page).locator(`[data-room-id="${aliceRoomId}"]`);
      await expect(card).toContainText("Free seats0 of 2");
      await expect(card.getByText("playing", { exact: true })).toBeVisible();
    }
    expect([readsA.count, readsB.count]).toEqual([firstA, firstB]);
  } finally {
    for (const c of contexts) await c.close();
  }
});

test("a lobby whose list read is shed waits as Retry-After says, then shows the rooms by itself", async ({ page, request }) => {
  const player = await newPlayer(request);
  const name = unique("After the rush");
  await createRoom(request, player, name);
  const shedAt: number[] = [];
  await page.route(
    (url) => url.pathname === "/v1/rooms",
    async (route) => {
      if (shedAt.length < 2) {
        shedAt.push(Date.now());
        return route.fulfill({
          status: 503,
          headers: { "content-type": "application/json", "retry-after": "1" },
          body: JSON.stringify({ type: "error", status: 503, code: "overloaded", message: "The lobby is busy; money is served first. Try again in a moment." }),
        });
      }
      return route.continue();
    },
  );
  const served = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/rooms" && r.status() === 200);
  await page.goto(player.launchUrl);
  // Two waits of Retry-After and up to a second more each, then the read: up to 4 s before the rooms
  // show, longer than an assertion waits by default on a busy machine.
  await expect(roomList(page).getByRole("link", { name })).toBeVisible({ timeout: 15_000 });
  const answered = Date.now();
  await served;
  expect(shedAt).toHaveLength(2);
  // Each wait is at least the Retry-After second.
  expect(shedAt[1]! - shedAt[0]!).toBeGreaterThanOrEqual(1000);
  expect(answered - shedAt[1]!).toBeGreaterThanOrEqual(1000);
  await expect(page.getByText("could not be loaded")).toHaveCount(0);
});
