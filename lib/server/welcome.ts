import { Decimal } from "@/lib/money/decimal";
import { count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { players } from "@/db/schema";
import type { Config } from "@/lib/env";
import { createPlayer } from "@/lib/players/create-player";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";

export const DEMO_USERNAME = "demo";
const DEMO_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * On the embedded database, make the first minutes easy: on an empty database create a demo player
 * with a balance, and on every start print a fresh launch address for it, plus, the first time,
 * the admin token and wallet signing secret that were generated.
 */
export async function welcomeNewcomer(db: Database, settings: Config, dir: string): Promise<void> {
  const [{ players: existing }] = (await db.select({ players: count() }).from(players)) as [{ players: number }];
  if (existing === 0) {
    await createPlayer(db, { username: DEMO_USERNAME, currency: "USD", balance: new Decimal("1000") });
  }
  const [demo] = await db.select().from(players).where(eq(players.username, DEMO_USERNAME));
  const origin = settings.publicUrl ?? `http://localhost:${settings.port}`;
  const lines = ["", `Room lobby on the embedded database (${dir})`];
  if (demo) {
    const { launch_url } = await issueLaunchToken(db, { playerId: demo.id, ttlSeconds: DEMO_TOKEN_TTL_SECONDS, origin });
    lines.push(`  Demo player launch address: ${launch_url}`);
  }
  if (settings.generatedSecrets === "created") {
    lines.push(`  Admin token (generated):           ${settings.adminToken}`);
    lines.push(`  Wallet signing secret (generated): ${settings.walletSigningSecrets[0]}`);
  }
  if (settings.generatedSecrets !== "none") {
    // memory:// keeps nothing: the secrets are made anew on every start (lib/env.ts).
    lines.push(dir.startsWith("memory://") ? "  Generated secrets are kept in memory only: new ones on every start" : "  Generated secrets are kept in .data/secrets.json");
  }
  console.log(lines.join("\n") + "\n");
}
