import { E2E_ADMIN_TOKEN } from "../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";

// Signing in to the console: the forms, their refusals, the session cookie and the lock. By name,
// with roles and the authenticator code: admin-roles.spec.ts.

test("a wrong token is refused with a clear message; the right one signs in with an httpOnly cookie", async ({ page, context }) => {
  await page.goto("/admin/rooms");
  await page.getByText("Sign in with the owner's token (ADMIN_TOKEN)").click();
  await page.getByLabel("Admin token").fill("not-the-token");
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not the admin token" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Signed in as owner · admin");

  // The session is an httpOnly cookie: the page's JavaScript cannot read it.
  const [cookie] = (await context.cookies()).filter((c) => c.name === "lobby_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("lobby_admin");
});

test("after too many failed sign-ins the sign-in page says how long the lock lasts, and waits for it", async ({ page }) => {
  // An address of its own (the server trusts one proxy here), so the lock touches no other test.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  await page.goto("/admin");
  const lock = page.getByRole("alert").filter({ hasText: "Too many" });
  // The default limit is 5 failed sign-ins in 15 minutes from the first: the first four are refused
  // as wrong, and the 5th locks.
  const attempt = async (n: number) => {
    await page.getByLabel("Name", { exact: true }).fill("nobody-by-this-name");
    await page.getByLabel("Password", { exact: true }).fill(`wrong-${n}`);
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/v1/admin/session")), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
    return answer.status();
  };
  for (let n = 1; n <= 4; n++) {
    expect(await attempt(n)).toBe(401);
    await expect(page.getByRole("alert").filter({ hasText: "That name and password do not match" })).toBeVisible();
  }
  expect(await attempt(5)).toBe(429);
  // The rest of the window that the first attempt opened: 15 minutes, less the seconds this took.
  await expect(lock).toHaveText(/^Too many failed sign-ins from this address\. Signing in is locked for 1[45] minutes, until \d{1,2}:\d\d( [AP]M)?\.$/);
  // Both ways of signing in wait for the lock's end.
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
  await page.getByText("Sign in with the owner's token (ADMIN_TOKEN)").click();
  await expect(page.getByRole("button", { name: "Sign in with the token" })).toBeDisabled();
  await expectAccessible(page);
});

// The sign-in forms as the server renders them, before any script runs: submitting one must never
// put a password or the admin token in an address (history, logs, a Referer).
test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("both sign-in forms post, so a submit before the page is interactive keeps the secrets out of the address", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/admin");
    const forms = page.locator("form");
    await expect(forms).toHaveCount(2);
    for (const form of await forms.all()) await expect(form).toHaveAttribute("method", "post");

    const password = "a-password-typed-too-early";
    await page.getByLabel("Name", { exact: true }).fill("ann");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForLoadState("load");
    // The owner's token, behind its disclosure, which opens without a script.
    await page.getByText("Sign in with the owner's token (ADMIN_TOKEN)").click();
    await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
    await page.getByRole("button", { name: "Sign in with the token" }).click();
    await page.waitForLoadState("load");
    for (const secret of [password, E2E_ADMIN_TOKEN]) {
      expect(page.url()).not.toContain(secret);
      expect(requests.filter((url) => url.includes(secret))).toEqual([]);
    }
    // Nothing signed in: the session comes only from the form's script, with the secrets in a JSON body.
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  });
});
