import type { Endpoint } from "@/lib/contract";
import { adminContract } from "@/lib/admin/contract";
import { supportContract } from "@/lib/admin/support-contract";
import { dashboardContract } from "@/lib/dashboard/contract";
import { adminLiveContract, liveContract } from "@/lib/live/contract";
import { metricsContract, probesContract } from "@/lib/observability/contract";
import { operatorsContract } from "@/lib/operators/contract";
import { platformContract } from "@/lib/platform/contract";
import { playersContract } from "@/lib/players/contract";
import { limitsContract } from "@/lib/players/limits-contract";
import { reportsContract } from "@/lib/reports/contract";
import { roomsContract } from "@/lib/rooms/contract";
import { walletContract } from "@/lib/wallet/contract";
import { documentContract } from "./contract";

export type { Auth, Endpoint } from "@/lib/contract";

// Every endpoint the service answers, merged from the contracts of the domains that answer them: the
// route handlers take their authentication and input schemas from here, the logs and metrics their
// route names, and the OpenAPI document everything. An endpoint missing here cannot be served by
// the route wrappers. The order is the document's order of paths.
export const endpoints = {
  ...probesContract,
  ...documentContract,
  ...roomsContract,
  ...liveContract,
  ...playersContract,
  ...limitsContract,
  ...adminContract,
  ...supportContract,
  ...operatorsContract,
  ...dashboardContract,
  ...reportsContract,
  ...adminLiveContract,
  ...metricsContract,
  ...walletContract,
  ...platformContract,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
