import { expect, expectAccessible, screenshots, test } from "./fixtures";

test("without a token the lobby says how to come in", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Open the lobby from your launch link" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "no-token", testInfo);
});

test("an unknown token gets its own clear page", async ({ page }, testInfo) => {
  await page.goto(`/?token=${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This launch link is not valid" })).toBeVisible();
  expect(new URL(page.url()).searchParams.has("token")).toBe(false);
  await expectAccessible(page);
  await screenshots(page, "bad-token", testInfo);
});
