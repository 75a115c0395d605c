import { endpoints } from "./lib/api/endpoints";

// The platform's signed calls, each endpoint with its route module: what the front door answers with
// its own handlers on the main port (instrumentation.ts) and what the wallet lane serves on
// WALLET_PORT (wallet-lane.ts). A wallet endpoint added here reaches both.
export const walletRoutes = () =>
  [
    [endpoints.credit, import("./app/wallet/credit/route")],
    [endpoints.refund, import("./app/wallet/refund/route")],
    [endpoints.bets, import("./app/wallet/bets/route")],
    [endpoints.platformEvents, import("./app/wallet/events/route")],
    [endpoints.gameSession, import("./app/wallet/session/route")],
  ] as const;
