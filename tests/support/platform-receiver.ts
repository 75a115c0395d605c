import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A game platform's event endpoint, for tests: it checks each event's signature with its own code
// (node:crypto, nothing of the app's), records every attempt, and answers 204, or 503 while "down".

export interface Received {
  eventId: string;
  type: string;
  roundId: string;
  body: string;
  signatureValid: boolean;
  timestamp: string | undefined;
  answered: number;
}

export async function platformReceiver(secret: string) {
  const attempts: Received[] = [];
  let up = true;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const expected = createHmac("sha256", secret).update(raw).digest();
      const given = Buffer.from(String(req.headers["x-signature"] ?? ""), "hex");
      const event = JSON.parse(raw.toString("utf8")) as { event_id: string; type: string; round_id: string };
      const answered = up ? 204 : 503;
      attempts.push({
        eventId: event.event_id,
        type: event.type,
        roundId: event.round_id,
        body: raw.toString("utf8"),
        signatureValid: given.length === expected.length && timingSafeEqual(given, expected),
        timestamp: req.headers["x-timestamp"] as string | undefined,
        answered,
      });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    attempts,
    /** The events taken with a 2xx, in the order they were taken. */
    accepted: () => attempts.filter((a) => a.answered < 300),
    setUp: (value: boolean) => void (up = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PlatformReceiver = Awaited<ReturnType<typeof platformReceiver>>;

/** Waits for a state of the receiver; the bound only ends a test that would fail. */
export async function until(check: () => boolean, what: string, boundMs = 60_000): Promise<void> {
  for (const giveUpAt = Date.now() + boundMs; !check(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
  }
}
