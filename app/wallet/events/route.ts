import { endpoints } from "@/lib/api/endpoints";
import { walletRoute } from "@/lib/http/wallet-route";
import { pullEvents } from "@/lib/platform/pull-events";

export * from "@/lib/http/method-not-allowed";

// POST /wallet/events — the platform reads room events after its cursor, in commit order
export const POST = walletRoute(endpoints.platformEvents, ({ db, body, settings }) => pullEvents(db, { after: body.after, limit: body.limit, deadlineMs: settings.wallet.deadlineMs }));
