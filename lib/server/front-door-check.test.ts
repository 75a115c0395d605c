import { describe, expect, it } from "vitest";
import { frontDoorProblem, installFrontDoor } from "./front-door";

// A file of its own: installing the door patches this process's HTTP servers for good.
describe("frontDoorProblem", () => {
  it("finds requests that do not pass the door, and none once it is installed", async () => {
    expect(await frontDoorProblem()).toMatch(/without passing the front door/);
    installFrontDoor();
    expect(await frontDoorProblem()).toBeUndefined();
  });
});
