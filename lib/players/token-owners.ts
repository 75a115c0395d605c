import "server-only";
import { processState } from "@/lib/process/state";
import { hashLaunchToken, looksLikeLaunchToken } from "./launch-token";

// Whose launch tokens this process has seen authenticated, so that the front door, which decides
// before any query, can hold a player with several tokens (several launches, tabs on several
// devices) to one player's share instead of a share per token. Kept by the token's hash, as the
// database keeps it: the door's counts, some held as long as a stream is open, never hold a raw token.

/** Tokens remembered at most; the longest unused go first. About 150 bytes each. */
const REMEMBERED = 50_000;

const owners = () => processState("token-owners", () => ({ byHash: new Map<string, string>(), heard: undefined as ((tokenHash: string, playerId: string) => void) | undefined }));

/** Notes that `token` belongs to `playerId`: called once a token is authenticated. */
export function rememberTokenOwner(token: string, playerId: string): void {
  const hash = hashLaunchToken(token);
  rememberTokenHashOwner(hash, playerId);
  owners().heard?.(hash, playerId);
}

/** The same, by the token's hash: what another process of this instance (the stream lane) learned. */
export function rememberTokenHashOwner(hash: string, playerId: string): void {
  const known = owners().byHash;
  // Re-inserted, so that the map's order is the order of last use.
  known.delete(hash);
  known.set(hash, playerId);
  if (known.size > REMEMBERED) known.delete(known.keys().next().value!);
}

/** Tells `heard` of every token this process authenticates from now on: the stream lane tells its instance's door. */
export function hearTokenOwners(heard: (tokenHash: string, playerId: string) => void): void {
  owners().heard = heard;
}

/**
 * What the front door counts a request against: the token as sent, and its player once the token has
 * been authenticated here. The two kinds never meet: no header can pass for a player by naming one.
 */
export function callerKeys(token: string): readonly string[] {
  // Anything not shaped like a token is not one, and is answered 401: kept as sent, cut short.
  if (!looksLikeLaunchToken(token)) return [`other:${token.slice(0, 128)}`];
  const hash = hashLaunchToken(token);
  const playerId = owners().byHash.get(hash);
  return playerId === undefined ? [`token:${hash}`] : [`token:${hash}`, `player:${playerId}`];
}
