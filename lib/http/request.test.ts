import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { requestOrigin } from "./origin";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, parseJsonBody, readBody, readJson } from "./read-body";
import { readQuery } from "./read-query";

const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/x", { method: "POST", body, headers });

const code = (promise: Promise<unknown>) => promise.then(() => "none", (e: AppError) => e.code);

describe("readBody and readJson", () => {
  it("reads JSON, and an empty body as {}", async () => {
    expect(await readJson(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJson(post(""))).toEqual({});
  });

  it("keeps the raw bytes exactly", async () => {
    const bytes = new TextEncoder().encode('{ "spaced" :  "é" }');
    expect(await readBody(post(bytes))).toEqual(bytes);
  });

  it("refuses a body over the limit, declared or streamed", async () => {
    expect(await code(readBody(post("x".repeat(MAX_BODY_BYTES + 1))))).toBe("payload_too_large");
    const stream = new ReadableStream({
      pull(controller) {
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const chunked = new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await code(readBody(chunked))).toBe("payload_too_large");
    expect(await code(readBody(post("x".repeat(MAX_BODY_BYTES))))).toBe("none");
  });

  it.each([
    ["not JSON", post("{"), "invalid_json"],
    ["invalid UTF-8", post(new Uint8Array([0x7b, 0xff, 0x7d])), "invalid_json"],
    ["a form", post("a=1", { "content-type": "application/x-www-form-urlencoded" }), "unsupported_media_type"],
    ["no content type", post("{}", {}), "unsupported_media_type"],
  ])("refuses %s", async (_, request, expected) => {
    expect(await code(readJson(request))).toBe(expected);
  });

  it("accepts JSON with a charset", async () => {
    expect(await readJson(post("[]", { "content-type": "application/json; charset=utf-8" }))).toEqual([]);
  });
});

describe("parseJsonBody", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const nested = (depth: number, open: string, close: string, inner = "1") => open.repeat(depth) + inner + close.repeat(depth);
  const problem = (text: string) => {
    try {
      parseJsonBody(bytes(text));
      return "none";
    } catch (error) {
      return `${(error as AppError).code}: ${(error as AppError).message}`;
    }
  };

  it.each([
    ["arrays", "[", "]"],
    ["objects", '{"a":', "}"],
  ])("takes %s nested up to the limit and refuses one level more, or ten thousand", (_, open, close) => {
    expect(problem(nested(MAX_JSON_DEPTH, open, close))).toBe("none");
    expect(problem(nested(MAX_JSON_DEPTH + 1, open, close))).toMatch(/^invalid_json: .*more than 32 levels deep/);
    expect(problem(nested(10_000, open, close))).toMatch(/^invalid_json: .*more than 32 levels deep/);
    expect(problem(open.repeat(100_000))).toMatch(/^invalid_json: .*more than 32 levels deep/);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(parseJsonBody(bytes(JSON.stringify({ name: "[".repeat(1000), other: '\\"[[[[' })))).toEqual({ name: "[".repeat(1000), other: '\\"[[[[' });
  });

  it("refuses text that is not JSON or not UTF-8", () => {
    expect(problem("{")).toMatch(/^invalid_json: The request body is not valid JSON/);
    expect(problem("")).toMatch(/^invalid_json/);
    expect(() => parseJsonBody(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(/UTF-8/);
  });
});

describe("readQuery", () => {
  it("drops empty values and refuses repeated ones", () => {
    expect(readQuery(new URL("http://x/?a=1&b=&c=3"))).toEqual({ a: "1", c: "3" });
    expect(() => readQuery(new URL("http://x/?a=1&a=2"))).toThrow(AppError);
  });

  it("is safe from keys named after Object's own properties", () => {
    const query = readQuery(new URL("http://x/?constructor=1&__proto__=2&toString=3"));
    expect(Object.keys(query).sort()).toEqual(["__proto__", "constructor", "toString"]);
  });
});

describe("requestOrigin", () => {
  const at = (headers: Record<string, string>) => requestOrigin(new Request("http://localhost:3000/v1", { headers }));
  it.each([
    [{ host: "127.0.0.1:4000" }, "http://127.0.0.1:4000"],
    [{ host: "lobby.example.com", "x-forwarded-proto": "https" }, "https://lobby.example.com"],
    [{ host: "internal:3000", "x-forwarded-host": "lobby.example.com" }, "http://lobby.example.com"],
    [{ host: "[::1]:3000" }, "http://[::1]:3000"],
    [{ host: "evil.com/path?" }, "http://localhost:3000"],
    [{ host: "a.com", "x-forwarded-proto": "javascript" }, "http://a.com"],
  ])("%j gives %s", (headers, origin) => expect(at(headers)).toBe(origin));
});
