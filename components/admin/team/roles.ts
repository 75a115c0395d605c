import { adminKeys } from "@/lib/client/admin-api";
import type { OperatorRole } from "@/lib/operators/roles";

/** What each role may do, as the endpoints' contracts grant it (lib/operators/roles.ts, `roleAllows`). */
export const ROLE_DUTIES: Record<OperatorRole, string> = {
  viewer: "Reads every page: rooms, players, reports, the audit log, the team. Changes nothing.",
  support: "A viewer who also acts on players and rooms: registers players, issues and revokes launch addresses, blocks and unblocks, writes notes, sets limits, closes rooms and removes players.",
  finance: "A viewer who also moves money by hand: adjusts balances, and approves or rejects another person's adjustment.",
  admin: "Everything support and finance do, plus the team (people, roles, API tokens) and sending platform events again.",
};

/** The team's list, as the page caches it. */
export const operatorsKey = [...adminKeys.all, "operators"] as const;
