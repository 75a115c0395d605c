import type { Endpoint } from "@/lib/contract";
import { roleAllows, type OperatorRole } from "@/lib/operators/roles";
import { endpoints, type EndpointName } from "./endpoints";

/**
 * The admin endpoints a role may call, by name: the console offers an action only when its endpoint
 * is here (components/admin/role-context.tsx). The role each needs is its contract's, so the console
 * and the API cannot disagree.
 */
export function endpointsAllowed(role: OperatorRole): EndpointName[] {
  return (Object.keys(endpoints) as EndpointName[]).filter((name) => {
    const endpoint: Endpoint = endpoints[name];
    return endpoint.auth === "admin" && roleAllows(role, endpoint.role!);
  });
}
