// npm run player:create -- --username alice --currency USD [--balance 100] [--ttl 86400] [--url http://localhost:3000]
// Registers a player and prints a launch address for them.
import { randomUUID } from "node:crypto";
import { hostname, userInfo } from "node:os";
import { parseArgs } from "node:util";
import { openDatabase } from "@/db/client";
import { dirLockHolder } from "@/db/embedded-lock";
import { issueLaunchAddress, registerPlayer } from "@/lib/admin/player-actions";
import { CreatePlayerInput, DEFAULT_TOKEN_TTL_SECONDS } from "@/lib/players/schemas";
import { validationError } from "@/lib/validation/errors";
import { scriptConfig } from "./script-config";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    currency: { type: "string" },
    balance: { type: "string" },
    ttl: { type: "string", default: String(DEFAULT_TOKEN_TTL_SECONDS) },
    url: { type: "string" },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const settings = scriptConfig();
const origin = (values.url ?? settings.publicUrl ?? `http://localhost:${settings.port}`).replace(/\/+$/, "");
const parsed = CreatePlayerInput.safeParse({ username: values.username, currency: values.currency, balance: values.balance });
if (!parsed.success) fail(`${validationError(parsed.error, "player").message}\nUsage: npm run player:create -- --username alice --currency USD --balance 100`);
const ttlSeconds = Number(values.ttl);

/** While the app holds the embedded database, only the app may touch it: go through its admin API. */
async function throughRunningApp() {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(origin + path, {
      method: "POST",
      headers: { authorization: `Bearer ${settings.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => fail(`The app holds the embedded database but does not answer at ${origin}; pass its address with --url.`));
    const answer = await response.json();
    if (!response.ok) fail(answer.message ?? `The app answered ${response.status}.`);
    return answer.data;
  };
  const player = await call("/v1/admin/players", { username: values.username, currency: values.currency, balance: values.balance });
  const issued = await call(`/v1/admin/players/${player.id}/tokens`, { ttl_seconds: ttlSeconds });
  return { player, issued };
}

/** Who runs this, for the audit log: the account's name, or its uid where it has none (a container's). */
function operatorAccount(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? "unknown"}`;
  }
}

async function directly() {
  const handle = await openDatabase(settings.database);
  try {
    // Audited as the console's own calls are, the opening deposit included; the running app's route does the same.
    const actor = { requestId: randomUUID(), source: `${operatorAccount()}@${hostname()}`, name: "command line", operatorId: null };
    const player = await registerPlayer(handle.db, { input: parsed.data!, actor });
    const issued = await issueLaunchAddress(handle.db, { playerId: player.id, ttlSeconds, origin, actor });
    return { player: { id: player.id, username: player.username }, issued };
  } finally {
    await handle.close();
  }
}

const appRunning = settings.database.kind === "embedded" && dirLockHolder(settings.database.dir) !== undefined;
const { player, issued } = await (appRunning ? throughRunningApp() : directly()).catch((error: Error) => fail(error.message));
console.log(`Player ${player.username} (${player.id})`);
console.log(`Launch address, valid until ${issued.expires_at}:`);
console.log(issued.launch_url);
