import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { readinessProblem } from "./readiness";

describe("readinessProblem", () => {
  it("names the database's own reason, not the failed query and its parameters", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    const db = { execute: () => Promise.reject(new DrizzleQueryError("select count(*)::int as applied from drizzle.__drizzle_migrations", [], refused)) } as unknown as Database;
    expect(await readinessProblem(db)).toBe("the database is unreachable (connect ECONNREFUSED 10.0.0.5:5432)");
  });
});
