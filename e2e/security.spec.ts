import type { Page, Request } from "@playwright/test";
import { E2E_ADMIN_TOKEN, E2E_METRICS_TOKEN } from "../playwright.config";
import { expect, hydrated, newPlayer, test, unique } from "./fixtures";

// The doors of the pages: their security headers, a policy nothing on them breaks, markup in names
// shown as text, and the launch token gone from every address once the lobby has read it.

/** Content-Security-Policy violations the page reports, from the event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  const where = () => new URL(page.url()).pathname;
  await page.exposeFunction("reportViolation", (text: string) => violations.push(`${where()}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
      ),
    );
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${where()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => violations.push(`${where()}: page error: ${error.message}`));
  return violations;
}

function expectPageHeaders(headers: Record<string, string>, path: string) {
  const policy = headers["content-security-policy"] ?? "";
  const directive = (name: string) => policy.split(/;\s*/).find((d) => d.startsWith(`${name} `));
  expect(directive("default-src"), path).toBe("default-src 'self'");
  expect(directive("script-src"), path).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
  expect(directive("object-src"), path).toBe("object-src 'none'");
  expect(directive("base-uri"), path).toBe("base-uri 'self'");
  expect(directive("form-action"), path).toBe("form-action 'self'");
  expect(directive("frame-ancestors"), path).toBe("frame-ancestors 'none'");
  expect(policy, path).not.toContain("unsafe-eval");
  expect(policy, path).not.toContain("unsafe-inline");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["referrer-policy"], path).toBe("no-referrer");
  expect(headers["x-frame-options"], path).toBe("DENY");
}

test("every page carries the security headers and breaks none of its own policy", async ({ page, request }) => {
  const violations = await watchViolations(page);
  const player = await newPlayer(request);
  const made = await request.post("/v1/rooms", {
    headers: { "x-player-token": player.token },
    data: { name: unique("Policed table"), bet_amount: 1, currency: "USD", player_limit: 2, turn: 20 },
  });
  const room = (await made.json()).data;
  // The console's cookie, shared with the page.
  expect((await page.request.post("/v1/admin/session", { data: { token: E2E_ADMIN_TOKEN } })).ok()).toBe(true);

  const pages: [string, (p: Page) => Promise<void>][] = [
    [player.launchUrl, (p) => expect(p.getByTestId("username")).toHaveText(player.username)],
    [
      "/rooms/new",
      async (p) => {
        // The form validates in the browser with zod, which must not reach for eval to do so.
        await p.getByRole("button", { name: "Create room" }).click();
        await expect(p.getByText("must be 1 to 50 characters")).toBeVisible();
      },
    ],
    [`/rooms/${room.id}`, (p) => expect(p.getByRole("heading", { name: room.name })).toBeVisible()],
    ["/admin", (p) => expect(p.getByRole("heading", { name: "Dashboard" })).toBeVisible()],
    ["/admin/rooms", (p) => expect(p.getByRole("heading", { name: "Rooms" })).toBeVisible()],
    [`/admin/rooms/${room.id}`, (p) => expect(p.getByRole("heading", { name: room.name })).toBeVisible()],
    [`/admin/players/${player.id}`, (p) => expect(p.getByTestId("player-balance")).toBeVisible()],
    ["/admin/audit", (p) => expect(p.getByRole("navigation", { name: "Audit pages" })).toBeVisible()],
    ["/no-such-page", (p) => expect(p.getByText(/does not exist/i)).toBeVisible()],
  ];
  for (const [path, loaded] of pages) {
    const response = await page.goto(path);
    expectPageHeaders(response!.headers(), path);
    await loaded(page);
    // The page's scripts ran: React took over the document (hydration needs the nonce).
    await hydrated(page);
  }
  expect(violations).toEqual([]);
});

test("the API reference is one page built ahead of time, with no script and a policy that allows none", async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto("/api-docs");
  const headers = response!.headers();
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain("unsafe");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  await expect(page.getByRole("heading", { name: "Schemas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rooms", level: 2 })).toBeVisible();
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  // Styled by its own stylesheet, which the policy allows.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(2, 6, 23)");
  expect(violations).toEqual([]);
});

test("the API answers with nosniff but without the pages' policy or proxy", async ({ request }) => {
  for (const path of ["/v1", "/v1/openapi.json", "/v1/rooms", "/metrics"]) {
    const response = await request.get(path, path === "/metrics" ? { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } } : {});
    if (path === "/metrics") expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["content-security-policy"], path).toBeUndefined();
  }
  const wallet = await request.post("/wallet/credit", { data: {} });
  expect(wallet.headers()["x-content-type-options"]).toBe("nosniff");
});

test("markup in a room's or a player's name is shown as text, never as elements", async ({ page, request }) => {
  const violations = await watchViolations(page);
  const roomName = `<img src=x onerror=window.__pwned=1>`;
  const username = `<script>window.__pwned=2</script>${unique("u")}`;
  const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const registered = await request.post("/v1/admin/players", { headers: admin, data: { username, currency: "USD", balance: "10" } });
  expect(registered.status()).toBe(201);
  const playerId = (await registered.json()).data.id;
  const token = (await (await request.post(`/v1/admin/players/${playerId}/tokens`, { headers: admin, data: {} })).json()).data.token;
  const made = await request.post("/v1/rooms", { headers: { "x-player-token": token }, data: { name: roomName, bet_amount: 1, currency: "USD", player_limit: 2, turn: 20 } });
  expect(made.ok()).toBe(true);
  const roomId = (await made.json()).data.id;
  expect((await page.request.post("/v1/admin/session", { data: { token: E2E_ADMIN_TOKEN } })).ok()).toBe(true);

  const noMarkup = async () => {
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator("script:not([src])").evaluateAll((s) => s.filter((e) => e.textContent?.includes("__pwned")).length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  };

  await page.goto(`/?token=${token}`);
  await expect(page.getByTestId("username")).toHaveText(username);
  await page.goto(`/rooms/${roomId}`);
  await expect(page.getByRole("heading", { name: roomName })).toHaveText(roomName);
  await expect(page.getByTestId("seat")).toContainText(username);
  await noMarkup();
  await page.goto(`/admin/rooms/${roomId}`);
  await expect(page.getByRole("heading", { name: roomName })).toHaveText(roomName);
  // The name is a link in the seat table and again in the room's ledger.
  await expect(page.getByRole("table", { name: "Seated players" }).getByRole("link", { name: username })).toBeVisible();
  await expect(page.getByRole("link", { name: username })).toHaveCount(2);
  await noMarkup();
  await page.goto(`/admin/players/${playerId}`);
  await expect(page.getByText(username).first()).toBeVisible();
  await noMarkup();
  expect(violations).toEqual([]);
});

test("after the lobby reads the launch token, no address and no request carries it", async ({ page, request }) => {
  const player = await newPlayer(request);
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  await page.goto(player.launchUrl);
  await expect(page.getByTestId("username")).toHaveText(player.username);
  expect(page.url()).not.toContain(player.token);
  expect(new URL(page.url()).searchParams.has("token")).toBe(false);

  // Move about: the create form and back, then a reload.
  await page.getByRole("link", { name: "Create a room" }).click();
  await expect(page.getByRole("heading", { name: "Create a room" })).toBeVisible();
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId("username")).toHaveText(player.username);
  expect(page.url()).not.toContain(player.token);

  // The launch address itself is the one request that carries the token; nothing after it does,
  // neither in its address nor in a Referer.
  const [launch, ...rest] = requests;
  expect(launch!.url()).toContain(player.token);
  expect(rest.length).toBeGreaterThan(5);
  for (const r of requests) {
    expect(r.headers()["referer"] ?? "", r.url()).not.toContain(player.token);
  }
  expect(rest.filter((r) => r.url().includes(player.token)).map((r) => r.url())).toEqual([]);
});
