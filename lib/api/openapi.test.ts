import { readdirSync, readFileSync, statSync } from "node:fs";
import { isApiPath } from "@/lib/security/api-cookies";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints";
import { buildOpenApiDocument } from "./openapi";

// The document must describe every route the app serves, and each route must take its schemas from
// the endpoint the document was made from.

const APP = path.join(process.cwd(), "app");
const CATCH_ALL = /\[\.\.\.[^\]]+\]/;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/** The served path of a route file, as an OpenAPI template: app/v1/rooms/[room_id] → /v1/rooms/{room_id}. */
const servedPath = (file: string) =>
  "/" + path.relative(APP, path.dirname(file)).split(path.sep).map((part) => part.replace(/^\[(.+)\]$/, "{$1}")).join("/");

const METHODS = "GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS";
/** Every way a module can export a method handler of its own: a const, a function, or an export list. */
const ANY_METHOD_EXPORT = new RegExp(`export\\s+(?:const|let|var|(?:async\\s+)?function)\\s+(${METHODS})\\b|export\\s*\\{[^}]*\\b(${METHODS})\\b[^}]*\\}`, "g");
/** The one form a served method takes: a wrapper given the endpoint it serves. */
const WRAPPED_METHOD = new RegExp(`export const (${METHODS}) = (\\w+)\\(([^,]+),`, "g");

// The API's route files; a page served by a route handler (the reference at /api-docs) is not the API's.
const files = routeFiles(APP).filter((file) => !CATCH_ALL.test(file) && isApiPath(servedPath(file)));
const exportsOf = (file: string) => [...readFileSync(file, "utf8").matchAll(ANY_METHOD_EXPORT)].map((m) => (m[1] ?? m[2])!).sort();
const served = files.flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(WRAPPED_METHOD)].map(([, method, wrapper, spec]) => ({
    file: path.relative(process.cwd(), file),
    method: method!,
    path: servedPath(file),
    wrapper: wrapper!,
    spec: spec!.trim(),
  })),
);

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("finds the app's routes to compare against", () => {
    expect(served.length).toBeGreaterThanOrEqual(Object.keys(endpoints).length);
  });

  it.each(files.map((file) => path.relative(process.cwd(), file)))("sees every method %s serves, each through a wrapper", (file) => {
    const wrapped = served.filter((r) => r.file === file).map((r) => r.method).sort();
    expect(wrapped.length, `${file} serves no method through route() or walletRoute()`).toBeGreaterThan(0);
    expect(exportsOf(path.join(process.cwd(), file))).toEqual(wrapped);
  });

  it.each(served)("has $method $path, served by $file from its endpoint", (route) => {
    expect(route.wrapper).toMatch(/^(route|walletRoute)$/);
    const name = /^endpoints\.(\w+)$/.exec(route.spec)?.[1];
    expect(name, `${route.file} must take its spec from endpoints`).toBeDefined();
    const endpoint = endpoints[name as keyof typeof endpoints];
    expect({ method: endpoint.method, path: endpoint.path }).toEqual({ method: route.method, path: route.path });
    const paths = document.paths as Record<string, Record<string, unknown>>;
    expect(paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
  });

  it("serves every endpoint it describes", () => {
    const describedOps = Object.entries(document.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(describedOps.sort()).toEqual(served.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("is OpenAPI 3.1 with resolvable references and an answer for every operation", () => {
    expect(document.openapi).toBe("3.1.0");
    const text = JSON.stringify(document);
    const components = document.components as Record<string, Record<string, unknown>>;
    for (const [, kind, id] of text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)) expect(components[kind!], `${kind}/${id}`).toHaveProperty(id!);
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods) as { responses: object; operationId: string }[]) {
        expect(Object.keys(op.responses).length, op.operationId).toBeGreaterThan(0);
      }
    }
  });

  it("documents the wallet's headers and examples", () => {
    const credit = (document.paths["/wallet/credit"] as Record<string, { parameters: { name: string }[]; requestBody: { content: Record<string, { example?: unknown }> } }>).post!;
    expect(credit.parameters.map((p) => p.name)).toContain("X-Signature");
    expect(credit.requestBody.content["application/json"]!.example).toMatchObject({ transfer_id: expect.any(String) });
  });

  it("checks answers with a validator that refuses what the document does not allow", async () => {
    const { assertMatchesDocument } = await import("@/tests/support/openapi-validator");
    const balance = { type: "success", status: 200, data: { balance: "1.00", currency: "USD" } };
    expect(() => assertMatchesDocument("GET", "/v1/player/balance", 200, balance)).not.toThrow();
    expect(() => assertMatchesDocument("GET", "/v1/player/balance", 200, { ...balance, data: { balance: 1 } })).toThrow(/does not match/);
    expect(() => assertMatchesDocument("GET", "/v1/player/balance", 401, { type: "success" })).toThrow(/does not match/);
    expect(() => assertMatchesDocument("GET", "/v1/no-such-path", 404, { hello: "world" })).toThrow(/does not match/);
  });
});
