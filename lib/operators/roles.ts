import { OPERATOR_ROLES, type OperatorRole } from "@/db/schema/operators";

// What each role may do. Every role reads everything; support and finance each act on their own
// ground (players; money); admin has every role, and alone manages the team.

export { OPERATOR_ROLES, type OperatorRole };

export const roleAllows = (role: OperatorRole, needed: OperatorRole): boolean => role === "admin" || needed === "viewer" || role === needed;

const ARTICLE: Record<OperatorRole, string> = { viewer: "a viewer", support: "support", finance: "finance", admin: "an admin" };

/** The 403's message: which role the action needs, and which one the caller has. */
export const roleRequiredMessage = (role: OperatorRole, needed: OperatorRole) =>
  `This needs the ${needed} role (or admin); you are signed in as ${ARTICLE[role]}.`;
