import { randomBytes } from "node:crypto";
import { signBody } from "@/lib/wallet/signature";
import type { Actors } from "./scenarios";

// The writes of the live benchmark, at fixed rates: games (a room created, its second seat taken,
// its round paid by the platform with round_completed, three room changes each) and the platform's
// other credits. Each write's send time is kept: a change is committed after it was sent, so the
// time from sending to a watcher showing it is an upper bound of commit-to-visible.

export const STAGES = ["waiting", "playing", "finished"] as const;

/** Epoch milliseconds, comparable between the benchmark's processes. */
export const now = () => performance.timeOrigin + performance.now();

/** What a list page shows, to compare a watcher's with a fresh read: the total and each room's state. */
export const pageKey = (p: { total: number; rooms: { id: string; status: string; current_players: number }[] }) =>
  JSON.stringify([p.total, p.rooms.map((r) => [r.id, r.status, r.current_players])]);

export interface LiveLoadFigures {
  createMs: number[];
  joinMs: number[];
  creditMs: number[];
  /** wallet status_code → answers, OK included */
  walletCodes: Record<string, number>;
  errors: number;
  errorSamples: string[];
  changes: number;
}

const id = (prefix: string) => `${prefix}-${randomBytes(8).toString("hex")}`;

export class LiveLoad {
  /** For each room the load made: when each of its three changes was sent. */
  readonly sentAt = new Map<string, number[]>();
  readonly figures: LiveLoadFigures = { createMs: [], joinMs: [], creditMs: [], walletCodes: {}, errors: 0, errorSamples: [], changes: 0 };
  private inFlight = new Set<Promise<unknown>>();
  private game = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly actors: Actors,
    /** Where the platform's signed calls go: the wallet lane's port, or the main one. */
    private readonly walletUrl = baseUrl,
  ) {}

  /** Runs for `seconds`: `changesPerSecond` room changes in games, and `creditsPerSecond` credits in all (game payouts included). */
  async run({ seconds, changesPerSecond, creditsPerSecond }: { seconds: number; changesPerSecond: number; creditsPerSecond: number }) {
    const gamesPerSecond = changesPerSecond / 3;
    const otherCredits = Math.max(0, creditsPerSecond - gamesPerSecond);
    const started = performance.now();
    let gamesDue = 0;
    let creditsDue = 0;
    const tickMs = 50;
    while (performance.now() - started < seconds * 1000) {
      gamesDue += (gamesPerSecond * tickMs) / 1000;
      creditsDue += (otherCredits * tickMs) / 1000;
      for (; gamesDue >= 1; gamesDue--) this.track(this.playGame());
      for (; creditsDue >= 1; creditsDue--) this.track(this.credit(this.pickWalletPlayer(), id("live-round"), false));
      await new Promise((r) => setTimeout(r, tickMs));
    }
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    return this.figures;
  }

  private track(work: Promise<unknown>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private pickWalletPlayer() {
    const players = this.actors.walletPlayers;
    return players[Math.floor(Math.random() * players.length)]!;
  }

  private fail(what: string) {
    this.figures.errors++;
    if (this.figures.errorSamples.length < 5) this.figures.errorSamples.push(what);
  }

  /** Create, join a moment later, then the platform pays the round: waiting → playing → finished. */
  private async playGame() {
    const players = this.actors.players;
    const n = this.game++;
    // Players of one currency are five apart (bench/seed.ts).
    const creator = players[(n * 2) % players.length]!;
    const joiner = players[(n * 2 + 5) % players.length]!;
    const bet = creator.currency === "JPY" ? 100 : 1;
    const createdAt = now();
    const made = await this.timed(this.figures.createMs, `${this.baseUrl}/v1/rooms`, {
      method: "POST",
      headers: { "x-player-token": creator.token, "content-type": "application/json" },
      body: JSON.stringify({ name: `Live ${n}`, bet_amount: bet, currency: creator.currency, player_limit: 2, turn: 30 }),
    });
    const roomId = (made?.data as { id?: string } | undefined)?.id;
    // Undefined: the call itself failed, and timed() counted it.
    if (!roomId) return made && this.fail(`create: ${JSON.stringify(made).slice(0, 200)}`);
    this.figures.changes++;
    const times = [createdAt];
    this.sentAt.set(roomId, times);
    await new Promise((r) => setTimeout(r, 200));
    times.push(now());
    const joined = await this.timed(this.figures.joinMs, `${this.baseUrl}/v1/rooms/${roomId}/join`, { method: "POST", headers: { "x-player-token": joiner.token } });
    if (joined?.type !== "success") return joined && this.fail(`join: ${JSON.stringify(joined).slice(0, 200)}`);
    this.figures.changes++;
    await new Promise((r) => setTimeout(r, 200));
    times.push(now());
    if (await this.credit(creator, roomId, true)) this.figures.changes++;
  }

  private async credit(player: { id: string; currency: string }, roundId: string, roundCompleted: boolean): Promise<boolean> {
    const body = JSON.stringify({
      request_id: id("req"),
      timestamp: Math.floor(Date.now() / 1000),
      session_id: "live-session",
      player_id: player.id,
      game_code: "live",
      transfer_id: id("live-transfer"),
      round_id: roundId,
      round_completed: roundCompleted,
      amount: player.currency === "JPY" ? "200" : "2",
      currency: player.currency,
      reason: "win",
    });
    const answer = await this.timed(this.figures.creditMs, `${this.walletUrl}/wallet/credit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signBody(body, this.actors.signingSecret) },
      body,
    });
    const code = String(answer?.status_code ?? "no answer");
    this.figures.walletCodes[code] = (this.figures.walletCodes[code] ?? 0) + 1;
    if (code !== "OK" && answer) this.fail(`credit: ${JSON.stringify(answer).slice(0, 200)}`);
    return code === "OK";
  }

  private async timed(into: number[], url: string, init: RequestInit): Promise<Record<string, unknown> | undefined> {
    const t0 = performance.now();
    try {
      const response = await fetch(url, init);
      const answer = (await response.json()) as Record<string, unknown>;
      into.push(performance.now() - t0);
      return answer;
    } catch (error) {
      into.push(performance.now() - t0);
      this.fail(`${url}: ${String(error)}`);
      return undefined;
    }
  }
}
