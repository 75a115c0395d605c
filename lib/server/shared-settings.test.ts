import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/env";
import { settingsFingerprint } from "./shared-settings";

const base = {
  APP_MODE: "production",
  DATABASE_URL: "postgres://lobby@db.example.test:5432/lobby",
  ADMIN_TOKEN: "an-admin-token-of-the-fingerprint-test",
  WALLET_SIGNING_SECRET: "a-signing-secret-of-the-fingerprint-test",
};
const fingerprint = (env: Record<string, string> = {}) => settingsFingerprint(parseConfig({ ...base, ...env }));
const same = async () => fingerprint();

describe("settingsFingerprint", () => {
  it("is the same for the same settings, and 16 hex digits", async () => {
    expect(await fingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(await fingerprint()).toBe(await same());
  });

  it.each([
    ["WALLET_TIMESTAMP_TOLERANCE_SECONDS", "30"],
    ["WALLET_DEADLINE_MS", "2000"],
    ["MAX_OPEN_ROOMS_PER_PLAYER", "3"],
    ["ROOM_RAKE_PERCENTAGES", "0,2.5,5"],
    ["REALITY_CHECK_MINUTES", "30"],
    ["ADJUSTMENT_APPROVAL_ABOVE", "500"],
    ["ADJUSTMENT_APPROVAL_ABOVE", "0"],
    ["TRUSTED_PROXIES", "1"],
    ["PUBLIC_URL", "https://lobby.example.test"],
    ["THROTTLE_PLAYER_TOKEN", "5/60"],
    ["GAME_LAUNCH_URL", "https://games.example.test/?s={session_id}"],
    ["ADMIN_TOKEN", "another-admin-token-of-the-fingerprint-test"],
    ["WALLET_SIGNING_SECRET", "a-signing-secret-of-the-fingerprint-test,a-second-secret-in-rotation"],
  ])("changes with %s, which every instance must share", async (name, value) => {
    expect(await fingerprint({ [name]: value })).not.toBe(await same());
  });

  it.each([
    ["LOBBY_READS_IN_FLIGHT", "8"],
    ["LIVE_STREAMS_PER_INSTANCE", "500"],
    ["DATABASE_TIMEOUT_MS", "2000"],
    ["PORT", "4000"],
    ["INSTANCE_ROLE", "wallet"],
    // Each instance is scraped at its own address, never through the load balancer.
    ["METRICS_TOKEN", "a-metrics-token-of-the-fingerprint-test"],
  ])("stays with %s, which is the instance's own", async (name, value) => {
    expect(await fingerprint({ [name]: value })).toBe(await same());
  });
});
