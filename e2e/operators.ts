import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { totpCode } from "../lib/operators/totp";
import { adminPost, expect, hydrated, unique } from "./fixtures";

// The operator's team in browser tests: people added with the owner's token, as the first set-up
// does, and signed in through the console's form.

export type Role = "viewer" | "support" | "finance" | "admin";

export interface E2EOperator {
  id: string;
  username: string;
  password: string;
  role: Role;
}

export async function newOperator(request: APIRequestContext, role: Role): Promise<E2EOperator> {
  const username = unique(role);
  const password = `pass-${unique("word")}`;
  const { id } = await adminPost(request, "/v1/admin/operators", { username, password, role });
  return { id, username, password, role };
}

/** An API token of the operator's, made with the owner's token. */
export const operatorToken = async (request: APIRequestContext, operator: E2EOperator) =>
  (await adminPost(request, `/v1/admin/operators/${operator.id}/tokens`, { label: unique("e2e") })).token as string;

/** Fills the sign-in form with name and password and sends it. */
export async function submitSignIn(page: Page, operator: Pick<E2EOperator, "username" | "password">) {
  await page.getByLabel("Name", { exact: true }).fill(operator.username);
  await page.getByLabel("Password", { exact: true }).fill(operator.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs out with the header's button, and waits for the sign-in form to work. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
  await hydrated(page);
}

/** Signs in through the form, and waits for the header to name them with their role and the page to work. */
export async function signInAs(page: Page, operator: E2EOperator, path = "/admin") {
  await page.goto(path);
  await submitSignIn(page, operator);
  await expect(page.getByTestId("signed-in-as")).toHaveText(`Signed in as ${operator.username} · ${operator.role}`);
  await hydrated(page);
}

/**
 * Gives the page an address of its own (the server trusts one proxy here): a test whose sign-ins fail
 * on purpose counts them against itself, never against another test's (THROTTLE_ADMIN_SIGN_IN).
 */
export const ownAddress = (page: Page) => page.setExtraHTTPHeaders({ "x-forwarded-for": `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}` });

/** Six digits the authenticator app does not show now, nor one step either side (the server takes those). */
export function notTheCode(secret: string, now = Date.now()): string {
  const taken = [-30_000, 0, 30_000].map((step) => totpCode(secret, now + step));
  return ["000000", "111111", "222222", "333333"].find((code) => !taken.includes(code))!;
}
