import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** A new, empty PostgreSQL database beside the one `serverUrl` names; `drop` removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `lobby_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
