import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { errorReason, loggableError } from "./errors";

const overflow = Object.assign(new Error("numeric field overflow"), { code: "22003" });
const failed = new DrizzleQueryError("update players set real_balance = $1 where id = $2", ["1000000000000.01", "player-secret-id"], overflow);

describe("errors as logs and start-up lines show them", () => {
  it("gives the database's own reason in one line, with its code", () => {
    expect(errorReason(failed)).toBe("numeric field overflow (22003)");
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(errorReason(refused)).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(errorReason(new AggregateError([refused], ""))).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(errorReason(Object.assign(new Error('relation "players" already exists'), { code: "42P07" }))).toBe('relation "players" already exists (42P07)');
  });

  it("logs a failed query's SQL and cause, never its parameters", () => {
    const line = loggableError(failed);
    expect(line).toContain("update players set real_balance = $1");
    expect(line).toContain("numeric field overflow");
    expect(line).not.toContain("player-secret-id");
    expect(line).not.toContain("1000000000000.01");
    expect(loggableError(new Error("plain"))).toMatch(/^Error: plain\n\s+at /);
  });
});
