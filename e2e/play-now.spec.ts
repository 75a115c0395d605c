import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { apiGet, createRoom, expect, expectAccessible, newPlayer, SIZES, test, unique, type E2EPlayer } from "./fixtures";

// "Play now": the player names a bet (their last one is offered) and, after the usual question, sits in
// the fullest open room at it; with none, the lobby offers to create one.

/** A currency of its own gives a test rooms nobody else makes. */
const ownCurrency = () => `Q${randomBytes(3).toString("hex").toUpperCase()}`;

async function seat(request: APIRequestContext, roomId: string, player: E2EPlayer) {
  const answer = await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": player.token } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test("Play now offers the last bet and seats the player in the fullest room at it, after the usual question", async ({ page, request }) => {
      const currency = ownCurrency();
      const [host, second, third] = [await newPlayer(request, { currency }), await newPlayer(request, { currency }), await newPlayer(request, { currency })];
      const roomy = await createRoom(request, host, { name: unique("Roomy"), bet_amount: 3 });
      const fuller = await createRoom(request, second, { name: unique("Fuller"), bet_amount: 3, player_limit: 2 });
      const dearer = await createRoom(request, host, { name: unique("Dearer"), bet_amount: 5 });
      await seat(request, dearer, second);
      await seat(request, dearer, third);

      // The player's last bet was 3: a room they made and left.
      const me = await newPlayer(request, { currency });
      const own = await createRoom(request, me, { name: unique("Left"), bet_amount: 3 });
      expect((await request.post(`/v1/rooms/${own}/leave`, { headers: { "x-player-token": me.token } })).ok()).toBe(true);

      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);
      await page.getByRole("button", { name: "Play now" }).click();
      const ask = page.getByRole("dialog", { name: "Play now" });
      await expect(ask.getByLabel(`Bet (${currency})`)).toHaveValue(/^3\.0+$/);
      await expect(ask.getByLabel(`Bet (${currency})`)).toBeFocused();
      await expectAccessible(page);
      await ask.getByRole("button", { name: "Find a seat" }).click();

      // Of the two rooms at 3, the one with fewer free seats (one, so the game starts); the dearer room
      // has one too, at another bet. Nothing is taken before the question is answered.
      const join = page.getByRole("dialog", { name: /^Join “Fuller_/ });
      await expect(join).toContainText("the game starts as soon as you join");
      expect((await apiGet(request, me, "/v1/player/balance")).balance).toMatch(/^100\.0+$/);
      await join.getByRole("button", { name: /^Join and bet 3\.0+ / }).click();
      await expect(page).toHaveURL(`/rooms/${fuller}`);
      await expect(page.getByTestId("balance")).toHaveText(/^97\.0+ /);
      const seated = await apiGet(request, me, `/v1/rooms/${fuller}`);
      expect(seated.players.map((p: { id: string }) => p.id)).toContain(me.id);
      expect((await apiGet(request, me, `/v1/rooms/${roomy}`)).current_players).toBe(1);
    });

    test("with no open room at the bet, Play now offers to create one and takes nothing", async ({ page, request }) => {
      const me = await newPlayer(request, { currency: ownCurrency() });
      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);
      await page.getByRole("button", { name: "Play now" }).click();
      const ask = page.getByRole("dialog", { name: "Play now" });
      // No bet yet: the player names one. Enter looks, as the button does.
      await expect(ask.getByLabel(`Bet (${me.currency})`)).toHaveValue("");
      await ask.getByRole("button", { name: "Find a seat" }).click();
      await expect(ask.getByRole("alert")).toHaveText("Enter the bet you want to play, such as 2.50.");
      await ask.getByLabel(`Bet (${me.currency})`).fill("7,5");
      await ask.getByLabel(`Bet (${me.currency})`).press("Enter");
      await expect(ask.getByRole("status")).toContainText(/^No room at 7\.50+ \w+ is waiting\./);
      await expectAccessible(page);
      await ask.getByRole("link", { name: "Create one" }).click();
      await expect(page).toHaveURL("/rooms/new");
      expect((await apiGet(request, me, "/v1/player/balance")).balance).toMatch(/^100\.0+$/);
    });
  });
}
