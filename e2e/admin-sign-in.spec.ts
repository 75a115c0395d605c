import { E2E_ADMIN_TOKEN } from "../playwright.config";
import { expect, test } from "./fixtures";

// The sign-in form as the server renders it, before any script runs: submitting it must never put
// the admin token in an address (history, logs, a Referer).
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
