import { describe, expect, it } from "vitest";
import { endpointsAllowed } from "./allowed-endpoints";
import type { Endpoint } from "@/lib/contract";
import { endpoints, type EndpointName } from "./endpoints";

const adminEndpoints = Object.entries(endpoints).filter(([, e]) => e.auth === "admin");
const roleOf = (name: EndpointName) => (endpoints[name] as Endpoint).role;

describe("the admin endpoints a role may call", () => {
  it("gives a viewer every read and no action", () => {
    const allowed = endpointsAllowed("viewer");
    expect(allowed).toEqual(expect.arrayContaining(["adminRooms", "adminPlayer", "auditLog", "listOperators", "me"]));
    expect(allowed).not.toEqual(expect.arrayContaining(["closeRoom"]));
    for (const name of allowed) expect(roleOf(name)).toBe("viewer");
  });

  it("gives support the players' and rooms' actions, and neither the team nor the platform's events", () => {
    const allowed = endpointsAllowed("support");
    expect(allowed).toEqual(expect.arrayContaining(["closeRoom", "removePlayer", "issueToken", "revokeTokens", "createPlayer"]));
    for (const name of ["createOperator", "disableOperator", "listOperatorTokens", "resendPlatformEvent"] as const) expect(allowed).not.toContain(name);
  });

  it("gives finance no action of support's or the team's", () => {
    const allowed = endpointsAllowed("finance");
    for (const name of ["closeRoom", "removePlayer", "createOperator"] as const) expect(allowed).not.toContain(name);
    for (const name of allowed) expect(["viewer", "finance"]).toContain(roleOf(name));
  });

  it("gives an admin every admin endpoint, and nobody an endpoint that is not an admin one", () => {
    expect(endpointsAllowed("admin")).toEqual(adminEndpoints.map(([name]) => name));
    for (const role of ["viewer", "support", "finance", "admin"] as const) {
      for (const name of endpointsAllowed(role)) expect(endpoints[name].auth).toBe("admin");
    }
  });
});
