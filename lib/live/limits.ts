// How many event streams an instance holds open: each costs memory and a write per room batch, so
// past these caps a new stream is refused with 503 and the lobby connects again later. Counted by the
// front door (lib/server/front-door.ts) per launch token and per player, before the token is even checked.

export interface StreamLimits {
  perPlayer: number;
  perInstance: number;
}

/** Why a new stream is refused, or undefined when it may open. `caller`: the keys of its token and player, if any. */
export function streamRefusal(
  open: { size: number; countOf(caller: readonly string[]): number },
  caller: readonly string[] | undefined,
  limits: StreamLimits,
): string | undefined {
  if (open.size >= limits.perInstance) return `This server holds its limit of ${limits.perInstance} live update streams. Try again shortly.`;
  if (caller !== undefined && open.countOf(caller) >= limits.perPlayer) {
    return `At most ${limits.perPlayer} live update streams per player; close another lobby tab first.`;
  }
  return undefined;
}
