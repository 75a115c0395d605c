import { describe, expect, it } from "vitest";
import { filterProblems, type FilterField } from "./filter-problems";

const ROOM_FIELDS: FilterField[] = [
  { name: "min_bet_amount", label: "Bet from" },
  { name: "max_bet_amount", label: "Bet up to" },
  { name: "room", label: "Room (name or id)", params: ["room", "room_id"] },
];

describe("filterProblems", () => {
  it("puts each refused parameter beside its field, in the form's words", () => {
    expect(filterProblems([{ path: "max_bet_amount", message: "must not be less than min_bet_amount" }], ROOM_FIELDS)).toEqual({
      byField: { max_bet_amount: "must not be less than “Bet from”" },
      other: [],
    });
  });

  it("finds the field of a parameter it stands for, and joins two problems of one field", () => {
    const errors = [
      { path: "room_id", message: "must be at most 100 characters" },
      { path: "room", message: "must not contain control characters" },
    ];
    expect(filterProblems(errors, ROOM_FIELDS).byField).toEqual({ room: "must be at most 100 characters; must not contain control characters" });
  });

  it("keeps apart what no field shows, naming it", () => {
    expect(filterProblems([{ path: "page", message: "must be a whole number" }], ROOM_FIELDS)).toEqual({ byField: {}, other: ["page must be a whole number"] });
  });

  it("replaces whole parameter names only", () => {
    const fields = [{ name: "to", label: "To" }, { name: "from", label: "From" }];
    expect(filterProblems([{ path: "from", message: "must not be after to; tomorrow is too late" }], fields).byField).toEqual({ from: "must not be after “To”; tomorrow is too late" });
  });
});
