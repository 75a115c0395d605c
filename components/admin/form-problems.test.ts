import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api";
import { formProblems } from "./form-problems";

const labels = { username: "Name", password: "Password" };

describe("a console form's problems", () => {
  it("puts each field the server names beside it, after its label, and nothing on the form", () => {
    const error = new ApiError(400, "validation_failed", "Invalid body: password must be at least 12 characters", [{ path: "password", message: "must be at least 12 characters" }]);
    expect(formProblems(error, labels)).toEqual({ fields: { password: "Password must be at least 12 characters" }, form: undefined });
  });

  it("keeps the server's message for the form when a problem names no field of it", () => {
    const error = new ApiError(400, "validation_failed", "Invalid body: role must be one of …", [
      { path: "username", message: "is taken" },
      { path: "role", message: "must be one of …" },
    ]);
    expect(formProblems(error, labels)).toEqual({ fields: { username: "Name is taken" }, form: "Invalid body: role must be one of …" });
  });

  it("says an error without field errors on the form, and nothing when there is none", () => {
    expect(formProblems(new ApiError(409, "username_taken", 'The name "ann" is taken.'), labels)).toEqual({ fields: {}, form: 'The name "ann" is taken.' });
    expect(formProblems(new Error("offline"), labels)).toEqual({ fields: {}, form: "offline" });
    expect(formProblems(null, labels)).toEqual({ fields: {}, form: undefined });
  });
});
