import { totpCode } from "../lib/operators/totp";
import { E2E_ADMIN_TOKEN } from "../playwright.config";
import type { Page } from "@playwright/test";
import { createRoom, expect, expectAccessible, newPlayer, pageOverflows, screenshots, test, unique } from "./fixtures";
import { newOperator, notTheCode, operatorToken, ownAddress, signInAs, signOut, submitSignIn } from "./operators";

// The operator's team in the console: each person signs in by name and sees the actions of their
// role only; an admin manages the team; signing out ends the session on the server.

// Each journey crosses several pages, with axe on each: three times the usual time limit.
test.slow();

/** Nothing on the page is wider than a phone's window (tables scroll inside their own region). */
async function expectFitsPhone(page: Page) {
  const own = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await pageOverflows(page)).toBe(false);
  await page.setViewportSize(own);
}

test("a viewer sees every page and no action", async ({ page, request }) => {
  const viewer = await newOperator(request, "viewer");
  const [a, b] = [await newPlayer(request), await newPlayer(request)];
  const name = unique("Viewed table");
  const roomId = await createRoom(request, a, { name, bet_amount: 3, player_limit: 4 });
  expect((await request.post(`/v1/rooms/${roomId}/join`, { headers: { "x-player-token": b.token } })).ok()).toBe(true);
  await signInAs(page, viewer, "/admin/rooms");

  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/admin/rooms/${roomId}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("table", { name: "Seated players" }).getByRole("link", { name: b.username })).toBeVisible();
  // The ledger's pager, and not one action.
  await expect(page.getByRole("navigation", { name: "Ledger pages" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button")).toHaveText(["Previous", "Next"]);
  await expect(page.getByRole("columnheader", { name: "Action" })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/admin/players");
  await expect(page.getByRole("heading", { name: "Players" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Register a player" })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/admin/players/${a.id}`);
  await expect(page.getByTestId("player-balance")).toHaveText("97.00 USD");
  await expect(page.getByRole("navigation", { name: "Ledger pages" })).toContainText("2 rows");
  // The ledger's pager, and not one action.
  await expect(page.getByRole("main").getByRole("button")).toHaveText(["Previous", "Next"]);
  await expectAccessible(page);

  await page.goto("/admin/team");
  await expect(page.getByRole("table", { name: "The team, by name" }).getByText(viewer.username)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add an operator" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Manage/ })).toHaveCount(0);
  await expectAccessible(page);
});

test("support acts on rooms and players, and has no hand in the team", async ({ page, request }) => {
  const support = await newOperator(request, "support");
  await signInAs(page, support, "/admin/players");
  await page.getByRole("button", { name: "Register a player" }).click();
  const username = unique("walk_in");
  await page.getByLabel("Name", { exact: true }).fill(username);
  await page.getByLabel("Opening balance").fill("25");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByRole("heading", { name: username })).toBeVisible();
  await expect(page.getByTestId("player-balance")).toHaveText("25.00 USD");
  await page.getByRole("button", { name: "Issue a new launch address" }).click();
  await expect(page.getByText(/^Launch address \(valid until/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke all launch tokens" })).toBeVisible();

  await page.goto("/admin/team");
  await expect(page.getByRole("table", { name: "The team, by name" }).getByText(support.username)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add an operator" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Manage/ })).toHaveCount(0);
});

test("an admin adds an operator, gives them a token shown once, revokes it, and disables them", async ({ page, request }, testInfo) => {
  const admin = await newOperator(request, "admin");
  await ownAddress(page);
  await signInAs(page, admin, "/admin/team");
  await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();

  const username = unique("ann");
  const password = "a long enough first password";
  const form = page.getByRole("region", { name: "Add an operator" });
  await form.getByLabel("Name").fill(username);
  await form.getByLabel("Password").fill("too short");
  await form.getByLabel("Role").selectOption("support");
  // The browser asks for 12 characters before anything is sent.
  await form.getByRole("button", { name: "Add the operator" }).click();
  expect(await form.getByLabel("Password").evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Add the operator" }).click();
  await expect(form.getByRole("status")).toHaveText(`${username} is on the team as support. They sign in with that name and password.`);
  const team = page.getByRole("table", { name: "The team, by name" });
  await expect(team.getByRole("row").filter({ hasText: username })).toContainText(`support`);
  // The same name again, in another case, is refused beside the form.
  await form.getByLabel("Name").fill(username.toUpperCase());
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Add the operator" }).click();
  await expect(form.getByRole("alert")).toContainText("is taken");

  await team.getByRole("button", { name: `Manage ${username}` }).click();
  const panel = page.getByRole("region", { name: `${username} · support` });
  await expect(panel.getByRole("heading", { name: `${username} · support` })).toBeFocused();
  await expect(panel.getByText("No tokens.")).toBeVisible();
  await panel.getByLabel("Label of a new token (what it is for)").fill("nightly export");
  await panel.getByRole("button", { name: "Give a token" }).click();
  const shown = panel.getByTestId("new-token");
  await expect(shown).toContainText("it is shown only this once");
  const token = (await shown.locator("code").textContent())!;
  expect(token).toMatch(/^lop_/);
  const me = await request.get("/v1/admin/me", { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).data).toMatchObject({ id: expect.any(String), name: `${username} (token nightly export)`, role: "support" });
  await expect(panel.getByRole("table", { name: `${username}'s API tokens, newest first` }).getByRole("row").filter({ hasText: "nightly export" })).toContainText("Works");
  await expectAccessible(page);
  await expectFitsPhone(page);
  await screenshots(page, "admin-team", testInfo);

  await panel.getByRole("button", { name: "Revoke" }).click();
  await panel.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(panel.getByRole("row").filter({ hasText: "nightly export" })).toContainText("Revoked");
  expect((await request.get("/v1/admin/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

  await panel.getByRole("button", { name: `Disable ${username}` }).click();
  await panel.getByLabel("Reason, for the audit log").fill("Left the company");
  await panel.getByRole("button", { name: `Yes, disable ${username.toLowerCase()}` }).click();
  await expect(team.getByRole("row").filter({ hasText: username })).toContainText("Disabled");
  await expect(panel.getByRole("button", { name: "Give a token" })).toHaveCount(0);
  await expectAccessible(page);

  // Disabled: the form refuses them as it refuses a wrong password.
  await signOut(page);
  await submitSignIn(page, { username, password });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That name and password do not match an operator who may sign in.");
});

test("signing out ends the session on the server: a copy of the cookie opens nothing", async ({ page, context, request }) => {
  const finance = await newOperator(request, "finance");
  await signInAs(page, finance);
  const [cookie] = (await context.cookies()).filter((c) => c.name === "lobby_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  const replay = () => request.get("/v1/admin/me", { headers: { cookie: `lobby_admin=${cookie!.value}` } });
  expect((await (await replay()).json()).data).toMatchObject({ name: finance.username, role: "finance" });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name === "lobby_admin")).toEqual([]);
  const after = await replay();
  expect(after.status()).toBe(401);
  expect((await after.json()).code).toBe("admin_unauthorized");
});

test("with an authenticator app on, the form asks for its code when the password came without it", async ({ page, request }, testInfo) => {
  const ann = await newOperator(request, "support");
  const token = await operatorToken(request, ann);
  const bearer = { authorization: `Bearer ${token}` };
  const { secret } = (await (await request.post("/v1/admin/me/totp", { headers: bearer })).json()).data;
  const confirmed = await request.post("/v1/admin/me/totp/confirm", { headers: bearer, data: { code: totpCode(secret, Date.now()) } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  await ownAddress(page);
  await page.goto("/admin");
  // The code's field is there from the start, for those who use one; nobody else need fill it.
  const code = page.getByLabel("Authenticator code");
  await expect(code).toBeVisible();
  await expect(code).not.toHaveAttribute("required");
  await expectAccessible(page);
  await screenshots(page, "admin-sign-in", testInfo);
  await submitSignIn(page, ann);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("required");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Enter the 6-digit code from your authenticator app as well.");
  await expectAccessible(page);

  // A code that is not the app's: said, and the name and password stay typed.
  await code.fill(notTheCode(secret));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That code is not the one your authenticator app shows now.");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(ann.username);

  // The code that confirmed the app is taken: the next step's signs in.
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(`Signed in as ${ann.username} · support`);
});

test("an operator sets up their authenticator app on the team page, and sign-in asks for its code from then on", async ({ page, request }) => {
  const bob = await newOperator(request, "viewer");
  await ownAddress(page);
  await signInAs(page, bob, "/admin/team");
  const mine = page.getByRole("region", { name: "My account" });
  await expect(mine.getByTestId("totp-state")).toContainText("asks only for your password");
  await mine.getByRole("button", { name: "Set up an authenticator app" }).click();
  const shown = (await mine.getByTestId("totp-secret").textContent())!;
  // Grouped in fours, as people type it.
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shown.replaceAll(" ", "");
  await expect(mine.getByRole("link", { name: /^otpauth:\/\/totp\// })).toHaveAttribute("href", new RegExp(`secret=${secret}`));
  await expectAccessible(page);
  await mine.getByLabel("The code the app shows now").fill(notTheCode(secret));
  await mine.getByRole("button", { name: "Confirm" }).click();
  await expect(mine.getByRole("alert")).toHaveText("That is not the code your authenticator app shows now.");
  await mine.getByLabel("The code the app shows now").fill(totpCode(secret, Date.now()));
  await mine.getByRole("button", { name: "Confirm" }).click();
  await expect(mine.getByRole("status").filter({ hasText: "Done" })).toBeVisible();
  await expect(page.getByRole("table", { name: "The team, by name" }).getByRole("row").filter({ hasText: bob.username })).toContainText("Password and authenticator code");

  // Name, password and code in one try.
  await signOut(page);
  await page.getByLabel("Name", { exact: true }).fill(bob.username);
  await page.getByLabel("Password", { exact: true }).fill(bob.password);
  await page.getByLabel("Authenticator code").fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(`Signed in as ${bob.username} · viewer`);
});

test("the owner's token still signs in, for the first set-up", async ({ page }) => {
  await page.goto("/admin/team");
  await page.getByText("Sign in with the owner's token (ADMIN_TOKEN)").click();
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Signed in as owner · admin");
  await expect(page.getByRole("region", { name: "My account" })).toContainText("has no account of its own");
  await expect(page.getByRole("heading", { name: "Add an operator" })).toBeVisible();
  await expectAccessible(page);
});

test("support blocks a player, writes a note, and has no adjustment form", async ({ page, request }, testInfo) => {
  const support = await newOperator(request, "support");
  const player = await newPlayer(request);
  await signInAs(page, support, `/admin/players/${player.id}`);
  await expect(page.getByTestId("player-blocked")).toHaveText("Not blocked.");
  await expect(page.getByRole("form", { name: "Adjust the balance" })).toHaveCount(0);

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByLabel("Reason, for the audit log").fill("Chargeback on the last deposit");
  await page.getByRole("button", { name: "Yes, block" }).click();
  await expect(page.getByTestId("player-blocked")).toContainText("Blocked since");
  await expect(page.getByTestId("player-blocked")).toContainText("Why: Chargeback on the last deposit");
  const refused = await request.get("/v1/player/me", { headers: { "x-player-token": player.token } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("player_blocked");

  await page.getByLabel(/^A note for the team/).fill("Called about the chargeback; told them to write to payments.");
  await page.getByRole("button", { name: "Add the note" }).click();
  const note = page.getByTestId("player-note").first();
  await expect(note).toContainText("Called about the chargeback");
  await expect(note).toContainText(support.username);

  // Support may set any limit (the player may only tighten them).
  await page.getByRole("button", { name: "Change the limits" }).click();
  const limits = page.getByRole("form", { name: "Change the limits" });
  await limits.getByLabel("Daily bet limit").fill("50");
  await expectAccessible(page);
  await limits.getByRole("button", { name: "Save the limits" }).click();
  const table = page.getByRole("table", { name: "The player's limits and what counts against them now" });
  await expect(table.getByRole("row").filter({ hasText: "Daily bet limit" })).toContainText("50.00 USD");
  await expect(page.getByText(new RegExp(`^Last set .* by ${support.username}\\.$`))).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await screenshots(page, "admin-player-support", testInfo);

  await page.getByRole("button", { name: "Unblock" }).click();
  await page.getByLabel("Reason, for the audit log").fill("Chargeback withdrawn");
  await page.getByRole("button", { name: "Yes, unblock" }).click();
  await expect(page.getByTestId("player-blocked")).toHaveText("Not blocked.");
  expect((await request.get("/v1/player/me", { headers: { "x-player-token": player.token } })).status()).toBe(200);
});

test("finance adjusts a balance; above the threshold it waits for a second person, who approves it", async ({ page, request }) => {
  // ADJUSTMENT_APPROVAL_ABOVE is 100 for these tests (playwright.config.ts).
  const [first, second] = [await newOperator(request, "finance"), await newOperator(request, "finance")];
  const player = await newPlayer(request);
  await signInAs(page, first, `/admin/players/${player.id}`);
  const form = page.getByRole("form", { name: "Adjust the balance" });
  await expect(form).toContainText("more than 100.00 USD either way waits for another person's approval");
  // Finance has no hand in blocks or launch addresses.
  await expect(page.getByRole("button", { name: "Block", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Issue a new launch address" })).toHaveCount(0);

  await form.getByLabel("Amount").fill("-12.50");
  await expect(form.getByTestId("adjustment-preview")).toHaveText(`−12.50 USD applies at once while the sum of your adjustments to ${player.username} in the last 24 hours, this one included, stays within 100.00 USD either way.`);
  await form.getByLabel("Reason").fill("Duplicate win credited twice");
  await form.getByRole("button", { name: "Adjust" }).click();
  await expect(form.getByRole("status")).toHaveText(`Applied: −12.50 USD for ${player.username}.`);
  await expect(page.getByTestId("player-balance")).toHaveText("87.50 USD");

  await form.getByLabel("Amount").fill("150");
  await expect(form.getByTestId("adjustment-preview")).toHaveText("+150.00 USD is more than 100.00 USD: it will wait for another person's approval.");
  await form.getByLabel("Reason").fill("Goodwill after the outage");
  await form.getByRole("button", { name: "Ask for approval" }).click();
  await expect(form.getByRole("status")).toContainText("Waiting for approval: +150.00 USD");
  await expect(page.getByTestId("player-balance")).toHaveText("87.50 USD");
  const mine = page.getByRole("table", { name: "This player's adjustments, newest first" }).getByRole("row").filter({ hasText: "Goodwill after the outage" });
  await expect(mine).toContainText("Waiting for approval");
  // Their own request: they may withdraw it, not approve it.
  await expect(mine.getByRole("button", { name: "Reject" })).toBeVisible();
  await expect(mine.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expectAccessible(page);

  await signOut(page);
  await signInAs(page, second, "/admin/adjustments");
  const pending = page.getByRole("table", { name: "Adjustments: waiting for approval, newest first" }).getByRole("row").filter({ hasText: "Goodwill after the outage" });
  await expect(pending).toContainText(player.username);
  await expect(pending).toContainText(first.username);
  await expectAccessible(page);
  await pending.getByRole("button", { name: "Approve" }).click();
  await pending.getByRole("button", { name: "Yes, approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved and applied" })).toHaveText(`Approved and applied: +150.00 USD for ${player.username}.`);
  await page.goto(`/admin/players/${player.id}`);
  await expect(page.getByTestId("player-balance")).toHaveText("237.50 USD");
  await expect(page.getByRole("table", { name: "This player's adjustments, newest first" }).getByRole("row").filter({ hasText: "Goodwill after the outage" })).toContainText(`Approved by ${second.username}`);
});

test("an admin resets the authenticator app of someone who lost their phone: they sign in with their password again", async ({ page, request }) => {
  const [admin, cy] = [await newOperator(request, "admin"), await newOperator(request, "viewer")];
  const bearer = { authorization: `Bearer ${await operatorToken(request, cy)}` };
  const { secret } = (await (await request.post("/v1/admin/me/totp", { headers: bearer })).json()).data;
  expect((await request.post("/v1/admin/me/totp/confirm", { headers: bearer, data: { code: totpCode(secret, Date.now()) } })).ok()).toBe(true);

  await ownAddress(page);
  await signInAs(page, admin, "/admin/team");
  const row = page.getByRole("table", { name: "The team, by name" }).getByRole("row").filter({ hasText: cy.username });
  await expect(row).toContainText("Password and authenticator code");
  await row.getByRole("button", { name: `Manage ${cy.username}` }).click();
  const panel = page.getByRole("region", { name: `${cy.username} · viewer` });
  await panel.getByRole("button", { name: "Reset their authenticator app" }).click();
  await panel.getByLabel("Reason, for the audit log").fill("Lost their phone");
  await panel.getByRole("button", { name: "Yes, reset their authenticator app" }).click();
  await expect(panel.getByRole("status")).toHaveText(`${cy.username} signs in with their password alone until they set up an authenticator app again.`);
  await expect(row).not.toContainText("authenticator code");
  await expectAccessible(page);

  await signOut(page);
  await signInAs(page, cy);
});
