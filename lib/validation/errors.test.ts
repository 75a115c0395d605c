import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, validationError } from "./errors";

const Schema = z.strictObject({ name: z.string(), nested: z.strictObject({ n: z.number() }).optional() });

describe("fieldErrors", () => {
  it("names each unknown key, nested ones by their dotted path", () => {
    const result = Schema.safeParse({ name: "x", extra: 1, other: 2, nested: { n: 1, deep: true } });
    const byPath = fieldErrors(result.error!).sort((a, b) => a.path.localeCompare(b.path));
    expect(byPath).toEqual([
      { path: "extra", message: "is not a known field" },
      { path: "nested.deep", message: "is not a known field" },
      { path: "other", message: "is not a known field" },
    ]);
  });

  it("says the body must be an object when it is not one", () => {
    for (const body of [[1], null, "text", 3]) {
      expect(fieldErrors(Schema.safeParse(body).error!)).toEqual([{ path: "", message: "must be a JSON object" }]);
    }
  });

  it("makes one readable message of all the problems", () => {
    const error = validationError(Schema.safeParse({ extra: 1 }).error!, "body");
    expect(error.code).toBe("validation_failed");
    expect(error.message).toMatch(/^Invalid body: name .+; extra is not a known field$/);
  });
});
