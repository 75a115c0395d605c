import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { adjustmentAmountProblem, decisionRefusal, needsApproval, samePerson, type Decidable } from "./adjustment-rules";

const d = (s: string) => new Decimal(s);

describe("needsApproval", () => {
  it.each([
    ["100.00", "100", false],
    ["100.01", "100", true],
    ["-100.00", "100", false],
    ["-100.01", "100", true],
    ["0.01", "0", true],
    ["-0.01", "0", true],
    ["1000000", undefined, false],
  ] as const)("%s against %s: %s", (amount, above, waits) => {
    expect(needsApproval(d(amount), above)).toBe(waits);
  });

  it.each([
    ["40.00", "60.00", "100", false],
    ["40.01", "60.00", "100", true],
    ["-0.01", "-100.00", "100", true],
    // A correction that takes back what was given applies at once; one past the threshold itself does not.
    ["-60.00", "60.00", "100", false],
    ["-100.01", "60.00", "100", true],
    ["5", "1000000", undefined, false],
  ] as const)("%s after %s applied at once lately, against %s: %s", (amount, applied, above, waits) => {
    expect(needsApproval(d(amount), above, applied)).toBe(waits);
  });
});

describe("adjustmentAmountProblem", () => {
  it("holds the amount, either way, to the currency's decimal places", () => {
    expect(adjustmentAmountProblem(d("-10.50"), "USD")).toBeUndefined();
    expect(adjustmentAmountProblem(d("-10.505"), "USD")).toBe("must have at most 2 decimal places in USD");
    expect(adjustmentAmountProblem(d("1.5"), "JPY")).toBe("must be a whole number in JPY");
    expect(adjustmentAmountProblem(d("-1500"), "JPY")).toBeUndefined();
  });
});

describe("samePerson", () => {
  it("compares operators by id, whichever token or session they used, and the owner by name", () => {
    expect(samePerson({ operatorId: "o1", name: "ann" }, { operatorId: "o1", name: "ann (token ci)" })).toBe(true);
    expect(samePerson({ operatorId: "o1", name: "ann" }, { operatorId: "o2", name: "ann" })).toBe(false);
    expect(samePerson({ operatorId: null, name: "owner" }, { operatorId: null, name: "owner" })).toBe(true);
    expect(samePerson({ operatorId: null, name: "owner" }, { operatorId: "o1", name: "owner" })).toBe(false);
  });
});

describe("decisionRefusal", () => {
  const pending: Decidable = { id: "a1", status: "pending", requestedBy: "ann", requestedByOperatorId: "o1", decidedBy: null };
  const ann = { operatorId: "o1", name: "ann (token ci)" };
  const bob = { operatorId: "o2", name: "bob" };
  const owner = { operatorId: null, name: "owner" };

  it("lets a second person approve, and anyone reject", () => {
    expect(decisionRefusal(pending, bob, "approve")).toBeUndefined();
    expect(decisionRefusal(pending, owner, "approve")).toBeUndefined();
    expect(decisionRefusal(pending, bob, "reject")).toBeUndefined();
    expect(decisionRefusal(pending, ann, "reject")).toBeUndefined();
  });

  it("refuses the requester's own approval, the owner's included", () => {
    expect(decisionRefusal(pending, ann, "approve")).toMatchObject({ code: "second_person_required" });
    const owners = { ...pending, requestedBy: "owner", requestedByOperatorId: null };
    expect(decisionRefusal(owners, owner, "approve")).toMatchObject({ code: "second_person_required" });
    expect(decisionRefusal(owners, ann, "approve")).toBeUndefined();
  });

  it.each(["applied", "rejected"] as const)("decides an adjustment once: %s already", (status) => {
    const decided = { ...pending, status, decidedBy: "bob" };
    for (const decision of ["approve", "reject"] as const) {
      expect(decisionRefusal(decided, owner, decision)).toMatchObject({ code: "adjustment_decided", message: expect.stringContaining(`is ${status} already (by bob)`) });
    }
  });
});
