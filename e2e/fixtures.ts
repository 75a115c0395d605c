import AxeBuilder from "@axe-core/playwright";
import { createHmac, randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { E2E_ADMIN_TOKEN, E2E_WALLET_SECRET } from "../playwright.config";
import { clearOfUtcTimes, untilNextUtcTime } from "../tests/support/utc-day";

export interface E2EPlayer {
  id: string;
  username: string;
  currency: string;
  launchUrl: string;
  token: string;
}

const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

export const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString("hex")}`;

/** A player registered through the admin API, with a launch address. */
export async function newPlayer(request: APIRequestContext, { currency = "USD", balance = "100.00" } = {}): Promise<E2EPlayer> {
  const username = unique("e2e");
  const made = await request.post("/v1/admin/players", { headers: admin, data: { username, currency, balance } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()).data;
  const issued = await request.post(`/v1/admin/players/${id}/tokens`, { headers: admin, data: {} });
  const { launch_url, token } = (await issued.json()).data;
  return { id, username, currency, token, launchUrl: new URL(launch_url).pathname + new URL(launch_url).search };
}

/** The API's answer for a player, to compare the page against. */
export async function apiGet(request: APIRequestContext, player: E2EPlayer, path: string) {
  const response = await request.get(path, { headers: { "x-player-token": player.token } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** axe finds no accessibility violations on the page as it stands. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Screenshots of the page at phone and desktop width, kept as test artifacts; the test goes on at its own width. */
export async function screenshots(page: Page, name: string, testInfo: TestInfo) {
  const own = page.viewportSize();
  for (const [label, width, height] of [["phone", 360, 780], ["desktop", 1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${label}`, { path, contentType: "image/png" });
  }
  if (own) await page.setViewportSize(own);
}

/**
 * Returns once React has taken over the page: its scripts loaded and the document hydrated. A page the
 * app itself reloads (signing in, signing out) shows its server-rendered text before that, and a click
 * on a button there before hydration does nothing, more often the busier the machine.
 */
export async function hydrated(page: Page) {
  await page.waitForLoadState("load");
  await expect.poll(() => page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__react"))), { message: "React hydrates the page" }).toBe(true);
}

/**
 * Signs the page's browser in to the console the way its form does (POST /v1/admin/session), so a
 * journey that is not about signing in starts on its own page. The form itself: admin-sign-in.spec.ts.
 */
export async function signInToConsole(page: Page) {
  const answer = await page.request.post("/v1/admin/session", { data: { token: E2E_ADMIN_TOKEN } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * For a journey that names today: returns once it cannot cross midnight UTC within half its time
 * limit, the most any browser test may take. Near midnight it first waits for the new day, and its
 * limit grows by that wait alone.
 */
export async function clearOfMidnight(testInfo: TestInfo) {
  const half = testInfo.timeout / 2;
  const ahead = untilNextUtcTime(Date.now(), [0]);
  if (ahead > half) return;
  testInfo.setTimeout(testInfo.timeout + ahead + 1000);
  await clearOfUtcTimes(half);
}

/** Today's UTC date, as the reports and the dashboard name days. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

export const test = base;
export { expect };

/** A room made through the API by the player, in their currency. */
export async function createRoom(request: APIRequestContext, player: E2EPlayer, data: { name: string; bet_amount?: number | string; player_limit?: number; rake_percentage?: number }) {
  const made = await request.post("/v1/rooms", {
    headers: { "x-player-token": player.token },
    data: { bet_amount: 5, player_limit: 4, turn: 20, currency: player.currency, ...data },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return (await made.json()).data.id as string;
}

/** An admin call through the API, as the operator's scripts make it. */
export async function adminPost(request: APIRequestContext, path: string, data?: object) {
  const answer = await request.post(path, { headers: admin, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data;
}

export const adminGet = async (request: APIRequestContext, path: string) => (await (await request.get(path, { headers: admin })).json()).data;

/** A wallet callback signed as the game platform signs it; a refund carries its timestamp in X-Timestamp too. */
export async function walletCall(request: APIRequestContext, endpoint: "credit" | "refund", body: { timestamp: number }) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json", "x-signature": createHmac("sha256", E2E_WALLET_SECRET).update(raw).digest("hex") };
  if (endpoint === "refund") headers["x-timestamp"] = String(body.timestamp);
  const answer = await request.post(`/wallet/${endpoint}`, { headers, data: raw });
  return (await answer.json()) as { status_code: string };
}

/** The phone and the desktop widths every player-facing test runs at. */
export const SIZES = [
  { label: "phone", viewport: { width: 360, height: 780 } },
  { label: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

/** Whether anything on the page is wider than the window. */
export const pageOverflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
