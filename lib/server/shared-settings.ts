import "server-only";
import { createHash, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { config, type Config } from "@/lib/env";
import { processState } from "@/lib/process/state";

// Instances over one database must answer a call the same whichever of them takes it: the same refund
// bytes accepted by one and refused by another (a different timestamp window) is a bug nobody sees in
// one instance's logs. These are the settings that decide such answers; each instance shows a
// fingerprint of them at /v1/ready, so that a mismatch is one comparison away. Settings of one
// instance's own capacity (pools, caps, rates, timeouts of its queries) may differ, and are left out.

/** The settings every instance must share, as they decide answers (secrets apart: see below). */
export function sharedSettings(c: Config) {
  return {
    public_url: c.publicUrl ?? null,
    wallet_timestamp_tolerance_seconds: c.wallet.timestampToleranceSeconds,
    wallet_deadline_ms: c.wallet.deadlineMs,
    max_open_rooms_per_player: c.maxOpenRoomsPerPlayer,
    stuck_room_seconds: c.stuckRoomSeconds,
    trusted_proxies: c.trustedProxies,
    throttle: c.throttle,
    platform_events_url: c.platform.eventsUrl ?? null,
    game_launch_url: c.platform.gameLaunchUrl ?? null,
    demo_table: c.platform.demoTable,
    game_session_seconds: c.platform.sessionSeconds,
    // Only when set, so that instances without it keep the fingerprint they had before it existed.
    ...(c.roomRakePercentages && { room_rake_percentages: c.roomRakePercentages }),
    ...(c.wallet.maxCredit && { wallet_max_credit: c.wallet.maxCredit }),
    // Only when not the default, for the same reason: a player's lobby checks in as often whichever instance serves it.
    ...(c.realityCheckMinutes !== 60 && { reality_check_minutes: c.realityCheckMinutes }),
    ...(c.adjustmentApprovalAbove !== undefined && { adjustment_approval_above: c.adjustmentApprovalAbove }),
  };
}

/** Fixed, so that every instance derives the same value from the same secrets. */
const SECRETS_SALT = "room-lobby shared settings";

const scryptAsync = promisify(scrypt) as (secret: string, salt: string, length: number) => Promise<Buffer>;

/**
 * 16 hex digits that differ when any shared setting or secret (the admin token, the wallet signing
 * secrets, the events secret) differs. /v1/ready is public, so the secrets enter only through scrypt:
 * the fingerprint is no cheap way to test guesses of a secret. scrypt runs off the event loop.
 */
export async function settingsFingerprint(c: Config): Promise<string> {
  const secrets = await scryptAsync([c.adminToken, ...c.walletSigningSecrets, c.platform.eventsSecret].join("\n"), SECRETS_SALT, 32);
  return createHash("sha256").update(JSON.stringify(sharedSettings(c))).update(secrets).digest("hex").slice(0, 16);
}

/** The fingerprint of this process's configuration, computed once (process state). */
export const processFingerprint = (): Promise<string> => processState("settings-fingerprint", () => settingsFingerprint(config()));
