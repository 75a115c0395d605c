import { endpoints } from "@/lib/api/endpoints";
import { walletRoute } from "@/lib/http/wallet-route";
import { resolveSession } from "@/lib/platform/resolve-session";

export * from "@/lib/http/method-not-allowed";

// POST /wallet/session — the platform learns who a game session belongs to, and where they sit
export const POST = walletRoute(endpoints.gameSession, ({ db, body, settings }) =>
  resolveSession(db, { sessionId: body.session_id, sessionSeconds: settings.platform.sessionSeconds, deadlineMs: settings.wallet.deadlineMs }),
);
