import { describe, expect, it } from "vitest";
import { isDatabaseTimeout, isDatabaseUnavailable } from "./errors";

const withCode = (code: string) => Object.assign(new Error(code), { code });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  it.each(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "57P01", "57P03", "53300", "08006"])(
    "%s, as thrown or wrapped by Drizzle, is a database that cannot be reached",
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
      expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(true);
    },
  );

  it("sees a refused connection inside an AggregateError", () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")]))).toBe(true);
  });

  it.each(["23505", "57014", "55P03", "42P01"])("%s is not: the database answered", (code) => {
    expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(false);
  });

  it("a timeout is a timeout, not a lost database", () => {
    expect(isDatabaseTimeout(wrapped(withCode("57014")))).toBe(true);
    expect(isDatabaseTimeout(wrapped(withCode("CONNECTION_CLOSED")))).toBe(false);
  });
});
