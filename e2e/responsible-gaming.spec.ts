import type { Page } from "@playwright/test";
import { apiGet, createRoom, expect, expectAccessible, newPlayer, pageOverflows, screenshots, SIZES, test, unique } from "./fixtures";

// Responsible gaming as a player meets it: the Limits page, where they see where they stand and
// tighten a limit; a join past it, which says which limit and when it frees up; self-exclusion, asked
// first; and the reality check, which comes every REALITY_CHECK_MINUTES (60 here) of play, moved on
// with the page's clock rather than waited for.

/** Opens the Limits page the way a player does: the header's link. */
async function openLimits(page: Page) {
  await page.getByRole("navigation", { name: "Lobby" }).getByRole("link", { name: "Limits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your limits" })).toBeVisible();
}

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test("the player tightens the daily bet limit on the Limits page, cannot loosen it there, and a join past it says which limit and when it frees up", async ({ page, request }, testInfo) => {
      // Four pages, two accessibility checks and screenshots: more than the default limit allows a busy machine.
      test.slow();
      const [me, host] = [await newPlayer(request), await newPlayer(request)];
      // 5.00 bet already today.
      await createRoom(request, me, { name: unique("Mine"), bet_amount: 5 });
      const name = unique("Past");
      const roomId = await createRoom(request, host, { name, bet_amount: 5 });

      await page.goto(me.launchUrl);
      await expect(page.getByTestId("username")).toHaveText(me.username);
      await openLimits(page);
      const daily = page.getByTestId("usage-daily_bet_limit");
      await expect(daily).toContainText("Bet in the last 24 hours: 5.00 USD");
      await expect(daily).toContainText("Not set");

      const field = page.getByLabel("Daily bet limit (USD)");
      await field.fill("8");
      await page.getByRole("button", { name: "Save limits" }).click();
      await expect(page.getByRole("status").filter({ hasText: "saved" })).toHaveText("Your limits are saved. They apply to your next bet.");
      await expect(daily).toContainText("5.00 USD of 8.00 USD");
      await expect(field).toHaveValue("8.00");
      expect((await apiGet(request, me, "/v1/player/limits")).limits.daily_bet_limit).toBe("8.00");

      // Raising it is support's: the page says so beside the field and sends nothing.
      const puts: string[] = [];
      page.on("request", (r) => r.method() === "PUT" && puts.push(r.url()));
      await field.fill("12");
      await page.getByRole("button", { name: "Save limits" }).click();
      await expect(page.getByText("only support can raise or remove this limit")).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      expect(puts).toEqual([]);
      expect(await pageOverflows(page)).toBe(false);
      await expectAccessible(page);
      await screenshots(page, `limits-${label}`, testInfo);

      // A join of 5.00 with 5.00 of 8.00 used: refused, in words, and nothing taken.
      await page.goto(`/rooms/${roomId}`);
      await page.getByRole("button", { name: "Join · 5.00 USD" }).click();
      const dialog = page.getByRole("dialog", { name: `Join “${name}”?` });
      await dialog.getByRole("button", { name: "Join and bet 5.00 USD" }).click();
      await expect(dialog.getByRole("alert")).toHaveText(
        /^Your daily bet limit is 8\.00 USD and you have bet 5\.00 USD in the last 24 hours; this bet of 5\.00 USD would pass it\. It frees up by .+\.$/,
      );
      await expectAccessible(page);
      await expect(page.getByTestId("balance")).toHaveText("95.00 USD");
      expect((await apiGet(request, host, `/v1/rooms/${roomId}`)).current_players).toBe(1);
    });
  });
}

test("the player excludes themselves for 7 days after a question, and a join then says until when", async ({ page, request }) => {
  const [me, host] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Excluded");
  const roomId = await createRoom(request, host, { name, bet_amount: 1 });
  await page.goto(me.launchUrl);
  await expect(page.getByTestId("username")).toHaveText(me.username);
  await openLimits(page);
  await expect(page.getByTestId("exclusion-state")).toHaveText("You are not excluded from play.");

  await page.getByLabel("For how long").selectOption({ label: "7 days" });
  const before = Date.now();
  await page.getByRole("button", { name: "Exclude me from play" }).click();
  const question = page.getByRole("dialog", { name: "Exclude yourself from play?" });
  await expect(question).toContainText("You will not be able to join or create rooms until");
  await expectAccessible(page);
  await question.getByRole("button", { name: "Exclude me" }).click();
  await expect(question).toBeHidden();
  await expect(page.getByTestId("exclusion-state")).toHaveText(/^You have excluded yourself from play until .+\.$/);
  const until = Date.parse((await apiGet(request, me, "/v1/player/limits")).limits.self_excluded_until);
  expect(until).toBeGreaterThanOrEqual(before + 7 * 24 * 3_600_000);

  await page.goto(`/rooms/${roomId}`);
  await page.getByRole("button", { name: "Join · 1.00 USD" }).click();
  const dialog = page.getByRole("dialog", { name: `Join “${name}”?` });
  await dialog.getByRole("button", { name: "Join and bet 1.00 USD" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^You have excluded yourself from play until .+\.$/);
  await expect(page.getByTestId("balance")).toHaveText("100.00 USD");
});

test("the reality check comes every 60 minutes with the time played and the result, and is answered with the keyboard", async ({ page, request }, testInfo) => {
  test.slow();
  const [me, host] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Reality");
  const roomId = await createRoom(request, host, { name, bet_amount: 2.5 });
  await page.clock.install();
  await page.goto(me.launchUrl);
  await expect(page.getByTestId("username")).toHaveText(me.username);

  // Some play: a join of 2.50.
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole("button", { name: "Join · 2.50 USD" }).click();
  await page.getByRole("dialog", { name: `Join “${name}”?` }).getByRole("button", { name: "Join and bet 2.50 USD" }).click();
  await expect(page.getByTestId("balance")).toHaveText("97.50 USD");

  const check = page.getByRole("dialog", { name: "Reality check" });
  await page.clock.fastForward("58:00");
  await expect(check).toBeHidden();
  await page.clock.fastForward("02:00");
  await expect(check).toBeVisible();
  await expect(check).toContainText("You have been playing for 1 hour.");
  await expect(check).toContainText("Since you arrived, your balance went from 100.00 USD to 97.50 USD.");
  await expect(check).toContainText("You are 2.50 USD down.");
  await expect(check.getByRole("button", { name: "Keep playing" })).toBeFocused();
  await expectAccessible(page);
  await screenshots(page, "reality-check", testInfo);
  // Escape keeps playing: the dialog goes until the next hour.
  await page.keyboard.press("Escape");
  await expect(check).toBeHidden();
  await page.clock.fastForward("30:00");
  await expect(check).toBeHidden();

  await page.clock.fastForward("30:00");
  await expect(check).toContainText("You have been playing for 2 hours.");
  // "Take a break", from the keyboard alone, opens the Limits page.
  await page.keyboard.press("Shift+Tab");
  await expect(check.getByRole("button", { name: "Take a break" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(check).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Your limits" })).toBeVisible();
});
