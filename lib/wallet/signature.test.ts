import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureMatches, signBody, timestampProblem } from "./signature";

const SECRET = "first-secret-of-enough-length";
const NEXT = "second-secret-of-enough-length";
const body = new TextEncoder().encode('{"amount":"10.00", "currency":"USD"}');
const digest = () => createHmac("sha256", SECRET).update(body).digest();

describe("signatureMatches", () => {
  it.each([
    ["lowercase hex", () => digest().toString("hex")],
    ["uppercase hex", () => digest().toString("hex").toUpperCase()],
    ["base64", () => digest().toString("base64")],
    ["base64url", () => digest().toString("base64url")],
    ["sha256= and hex", () => `sha256=${digest().toString("hex")}`],
    ["SHA256= and base64", () => `SHA256=${digest().toString("base64")}`],
    ["hex with spaces around", () => ` ${digest().toString("hex")} `],
  ])("accepts %s", (_, header) => expect(signatureMatches(body, header(), [SECRET])).toBe(true));

  it("signs in lowercase hex", () => expect(signBody(body, SECRET)).toBe(digest().toString("hex")));

  it("accepts a signature by any of the current secrets, as during a rotation", () => {
    expect(signatureMatches(body, signBody(body, NEXT), [SECRET, NEXT])).toBe(true);
    expect(signatureMatches(body, signBody(body, SECRET), [SECRET, NEXT])).toBe(true);
    expect(signatureMatches(body, signBody(body, NEXT), [SECRET])).toBe(false);
  });

  it("is over the exact bytes: re-serialised JSON does not match", () => {
    const compact = new TextEncoder().encode(JSON.stringify(JSON.parse(new TextDecoder().decode(body))));
    expect(signatureMatches(compact, signBody(body, SECRET), [SECRET])).toBe(false);
  });

  it.each([
    ["no header", null],
    ["an empty header", ""],
    ["a truncated signature", () => digest().toString("hex").slice(0, 63)],
    ["a signature one bit off", () => Buffer.from(digest().map((b, i) => (i === 0 ? b ^ 1 : b))).toString("hex")],
    ["base64 of 31 bytes", () => digest().subarray(1).toString("base64")],
    ["a signature of another body", () => signBody("{}", SECRET)],
    ["garbage", "not a signature at all"],
  ])("refuses %s", (_, header) => {
    const value = typeof header === "function" ? header() : header;
    expect(signatureMatches(body, value, [SECRET])).toBe(false);
  });
});

describe("timestampProblem", () => {
  const now = 1_800_000_000_000;
  it("passes a header equal to the body's timestamp within the window", () => {
    expect(timestampProblem(String(now - 299_000), now - 299_000, now, 300)).toBeUndefined();
    expect(timestampProblem(String(now + 299_000), now + 299_000, now, 300)).toBeUndefined();
  });
  it.each([
    [null, now, "X-Timestamp must be the request time in milliseconds"],
    ["abc", now, "X-Timestamp must be the request time in milliseconds"],
    [String(now + 1), now, "X-Timestamp must equal the body's timestamp"],
    [String(now - 301_000), now - 301_000, "X-Timestamp is more than 300 s away from the server's clock"],
    [String(now + 301_000), now + 301_000, "X-Timestamp is more than 300 s away from the server's clock"],
  ])("refuses %j for body timestamp %i", (header, bodyTimestamp, problem) => {
    expect(timestampProblem(header, bodyTimestamp, now, 300)).toBe(problem);
  });
  it("has no window when the tolerance is 0, but still needs the header to match", () => {
    expect(timestampProblem("1000", 1000, now, 0)).toBeUndefined();
    expect(timestampProblem("1001", 1000, now, 0)).toBe("X-Timestamp must equal the body's timestamp");
  });
});

describe("timestampProblem with a fraction", () => {
  it("passes a header that carries the body's fraction, and refuses one that drops it", () => {
    expect(timestampProblem("1732200123456.5", 1732200123456.5, 1732200123456, 0)).toBeUndefined();
    expect(timestampProblem("1732200123456", 1732200123456.5, 1732200123456, 0)).toBe("X-Timestamp must equal the body's timestamp");
    expect(timestampProblem("1.2.3", 1, 1, 0)).toBe("X-Timestamp must be the request time in milliseconds");
  });
});
