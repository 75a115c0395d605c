import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Target } from "./global-setup";

// What an operator reads: the server's log lines and its metrics.

/** The server's log lines, parsed; the lines that are not JSON (start-up banners) are left out. */
export function logLines(t: Target): Record<string, unknown>[] {
  return readFileSync(t.logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits for a line the server writes after it answered; the bound only ends a test that would fail. */
export async function lineWith(t: Target, match: (line: Record<string, unknown>) => boolean) {
  for (const giveUpAt = Date.now() + 20_000; Date.now() < giveUpAt; await new Promise((r) => setTimeout(r, 50))) {
    const found = logLines(t).find(match);
    if (found) return found;
  }
  throw new Error(`No such log line in ${t.logFile}`);
}

/** The server's /metrics, read with its METRICS_TOKEN. */
export async function scrape(t: Target): Promise<string> {
  if (!t.metricsToken) throw new Error(`${t.baseUrl} was started without a METRICS_TOKEN: nothing reads its metrics`);
  const response = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.metricsToken}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0.0.4/);
  return response.text();
}

/** The value of one series in a scrape, 0 when absent. */
export function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
