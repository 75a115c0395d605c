import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { signBody } from "@/lib/wallet/signature";

// How the simulator's game platform learns of rooms: only from the lobby's room events, pushed to a
// receiver of its own (the lobby started with PLATFORM_EVENTS_URL pointing at it) or pulled with
// POST /wallet/events. Each event is handed on once, by event_id, in the order it came.

export interface RoomEvent {
  event_id: string;
  type: "room.started" | "room.seat_freed" | "room.ended";
  round_id: string;
  room?: { bet_amount: number; rake_percentage: number };
  seats?: { player_id: string; seat: number; bet_transfer_id: string | null; amount: string }[];
  player_id?: string;
}

export interface Feed {
  /** Where the lobby should push, for the receiver; undefined when pulling. */
  url?: string;
  stop(): Promise<void>;
}

export async function followRoomEvents({ base, secret, pull, port, onEvent }: { base: string; secret: string; pull: boolean; port: number; onEvent: (e: RoomEvent) => void }): Promise<Feed> {
  const seen = new Set<string>();
  const hand = (e: RoomEvent) => {
    if (seen.has(e.event_id)) return;
    seen.add(e.event_id);
    onEvent(e);
  };
  if (pull) {
    const page = async (after: string | null) => {
      const raw = JSON.stringify({ after, limit: 500 });
      const response = await fetch(`${base}/wallet/events`, { method: "POST", headers: { "content-type": "application/json", "x-signature": signBody(raw, secret) }, body: raw });
      return (await response.json().catch(() => ({}))) as { status_code?: string; events?: RoomEvent[]; next?: string };
    };
    // From now on: what happened before the simulator started is not its business.
    let after: string | null = null;
    for (let answer = await page(after); answer.status_code === "OK" && answer.events!.length > 0; answer = await page(after)) after = answer.next!;
    let running = true;
    const loop = (async () => {
      while (running) {
        const answer = await page(after).catch(() => ({}) as Awaited<ReturnType<typeof page>>);
        if (answer.status_code === "OK") {
          for (const e of answer.events ?? []) hand(e);
          after = answer.next ?? after;
        }
        if (!answer.events?.length) await new Promise((r) => setTimeout(r, 250));
      }
    })();
    return { stop: async () => ((running = false), await loop) };
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const expected = createHmac("sha256", secret).update(body).digest();
      const given = Buffer.from(String(req.headers["x-signature"] ?? ""), "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return void res.writeHead(401).end();
      hand(JSON.parse(body.toString("utf8")) as RoomEvent);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/events`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
