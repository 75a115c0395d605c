import { E2E_ADMIN_TOKEN } from "../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";

// Signing in to the console: the form, its refusals, the session cookie and the lock.

test("a wrong token is refused with a clear message; the right one signs in with an httpOnly cookie", async ({ page, context }) => {
  await page.goto("/admin/rooms");
  await page.getByLabel("Admin token").fill("not-the-token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not the admin token" })).toBeVisible();
  await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Rooms" })).toBeVisible();

  // The session is an httpOnly cookie: the page's JavaScript cannot read it.
  const [cookie] = (await context.cookies()).filter((c) => c.name === "lobby_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("lobby_admin");
});

test("after too many wrong tokens the sign-in page says how long the lock lasts, and waits for it", async ({ page }) => {
  // An address of its own (the server trusts one proxy here), so the lock touches no other test.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  await page.goto("/admin");
  const lock = page.getByRole("alert").filter({ hasText: "Too many" });
  // The default limit is 5 wrong tokens in 15 minutes from the first: the first four are refused as
  // wrong, and the 5th locks.
  const attempt = async (n: number) => {
    await page.getByLabel("Admin token").fill(`wrong-${n}`);
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/v1/admin/session")), page.getByRole("button", { name: "Sign in" }).click()]);
    return answer.status();
  };
  for (let n = 1; n <= 4; n++) {
    expect(await attempt(n)).toBe(401);
    await expect(page.getByRole("alert").filter({ hasText: "not the admin token" })).toBeVisible();
  }
  expect(await attempt(5)).toBe(429);
  // The rest of the window that the first attempt opened: 15 minutes, less the seconds this took.
  await expect(lock).toHaveText(/^Too many wrong tokens from this address\. Signing in is locked for 1[45] minutes, until \d{1,2}:\d\d( [AP]M)?\.$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  await expectAccessible(page);
});

// The sign-in form as the server renders it, before any script runs: submitting it must never put
// the admin token in an address (history, logs, a Referer).
test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin sign-in form posts, so a submit before the page is interactive keeps the token out of the address", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/admin");
    await expect(page.locator("form")).toHaveAttribute("method", "post");
    await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForLoadState("load");
    expect(page.url()).not.toContain(E2E_ADMIN_TOKEN);
    expect(requests.filter((url) => url.includes(E2E_ADMIN_TOKEN))).toEqual([]);
    // Nothing signed in: the session comes only from the form's script, with the token in a JSON body.
    await expect(page.getByLabel("Admin token")).toBeVisible();
  });
});
