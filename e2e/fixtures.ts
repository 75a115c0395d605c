import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "../playwright.config";

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

/** Screenshots of the page at phone and desktop width, kept as test artifacts. */
export async function screenshots(page: Page, name: string, testInfo: TestInfo) {
  for (const [label, width, height] of [["phone", 360, 780], ["desktop", 1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${label}`, { path, contentType: "image/png" });
  }
}

export const test = base;
export { expect };
