import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Drizzle applies a migration only when its journal time is after the newest one a database has
// applied: one stamped earlier than its predecessor is skipped on every database already migrated.
const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe("the migrations' journal", () => {
  it("stamps every migration later than the one before it", () => {
    for (const [i, entry] of journal.entries.entries()) {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });

  it("lists exactly the SQL files in the folder, in their order", () => {
    const files = readdirSync(new URL("./migrations/", import.meta.url)).filter((f) => f.endsWith(".sql"));
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files.sort());
  });
});
