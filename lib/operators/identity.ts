import type { OperatorRole } from "./roles";

/**
 * Who makes an admin request, as every check and the audit log see them: an operator (by session or
 * by one of their tokens), or the owner, whose credential is ADMIN_TOKEN and who has the admin role.
 */
export interface Identity {
  /** null for the owner, who has no row in `operators`. */
  operatorId: string | null;
  /** As the audit log names them: the operator's username (with the token's label when by token), or "owner". */
  name: string;
  role: OperatorRole;
}

export const OWNER: Identity = { operatorId: null, name: "owner", role: "admin" };

export const byToken = (username: string, label: string) => `${username} (token ${label})`;
