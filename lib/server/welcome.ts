import "server-only";
import { Decimal } from "@/lib/money/decimal";
import { count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { players, rooms } from "@/db/schema";
import { demoPlayers, firstLobbyRooms, fundedFor } from "@/db/seed/demo-rooms";
import { placeDemoBets } from "./demo-bets";
import { insertPlayers, insertRooms } from "@/db/seed/insert-rooms";
import type { Config } from "@/lib/env";
import { createPlayer } from "@/lib/players/create-player";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";

export const DEMO_USERNAME = "demo";
const DEMO_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * On the embedded database, make the first minutes easy. The first start creates a demo player with
 * a balance (even after `npm run db:seed`, whose bots do not count) and, on a database with no rooms
 * and unless DEMO=off, a few bot rooms in every state, so the first lobby is alive. Every start
 * prints a fresh launch address for the demo player; the first one also prints the generated admin
 * token and wallet signing secret, even when `db:seed` generated them before.
 */
export async function welcomeNewcomer(db: Database, settings: Config, dir: string): Promise<void> {
  let [demo] = await db.select().from(players).where(eq(players.username, DEMO_USERNAME));
  const firstStart = !demo;
  if (firstStart) {
    await createPlayer(db, { username: DEMO_USERNAME, currency: "USD", balance: new Decimal("1000") });
    [demo] = await db.select().from(players).where(eq(players.username, DEMO_USERNAME));
    if (settings.demoRooms) await addFirstLobbyRooms(db);
  }
  const origin = settings.publicUrl ?? `http://localhost:${settings.port}`;
  const lines = ["", `Room lobby on the embedded database (${dir})`];
  if (demo) {
    const { launch_url } = await issueLaunchToken(db, { playerId: demo.id, ttlSeconds: DEMO_TOKEN_TTL_SECONDS, origin });
    lines.push(`  Demo player launch address: ${launch_url}`);
  }
  if (settings.generatedSecrets === "created" || (firstStart && settings.generatedSecrets === "loaded")) {
    lines.push(`  Admin token (generated):           ${settings.adminToken}`);
    lines.push(`  Wallet signing secret (generated): ${settings.walletSigningSecrets[0]}`);
  }
  if (settings.generatedSecrets !== "none") {
    // memory:// keeps nothing: the secrets are made anew on every start (lib/config/mode.ts).
    lines.push(dir.startsWith("memory://") ? "  Generated secrets are kept in memory only: new ones on every start" : "  Generated secrets are kept in .data/secrets.json");
  }
  console.log(lines.join("\n") + "\n");
}

/** Bot players and their rooms in every state, on a database that has no room yet. */
async function addFirstLobbyRooms(db: Database) {
  const [{ rooms: existing }] = (await db.select({ rooms: count() }).from(rooms)) as [{ rooms: number }];
  if (existing > 0) return;
  const bots = demoPlayers();
  const lobby = firstLobbyRooms(bots);
  await insertPlayers(db, fundedFor(bots, lobby));
  await insertRooms(db, lobby);
  await placeDemoBets(db, lobby);
}
