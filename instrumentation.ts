import type { RouteHandler } from "./lib/server/direct";

// Runs once when a Next.js server starts: put the front door in the HTTP server's path, then open and
// migrate the database before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { installFrontDoor } = await import("./lib/server/front-door");
  const { endpoints } = await import("./lib/api/endpoints");
  const { walletRoutes } = await import("./wallet-routes");
  // The wallet's callbacks, and the lobby's reads and streams, which the front door answers with their
  // own route handlers once it admits them (lib/server/direct.ts). Each endpoint with its route module.
  const direct = [
    ...walletRoutes(),
    [endpoints.events, import("./app/v1/events/route")],
    [endpoints.adminEvents, import("./app/v1/admin/events/route")],
    [endpoints.listRooms, import("./app/v1/rooms/route")],
    [endpoints.getRoom, import("./app/v1/rooms/[room_id]/route")],
    [endpoints.roomResult, import("./app/v1/rooms/[room_id]/result/route")],
    [endpoints.playerInfo, import("./app/v1/player/me/route")],
    [endpoints.balance, import("./app/v1/player/balance/route")],
    [endpoints.ownTransactions, import("./app/v1/player/transactions/route")],
    [endpoints.ownLimits, import("./app/v1/player/limits/route")],
  ] as const;
  const handlers = await Promise.all(direct.map(async ([endpoint, route]) => [endpoint.path, ((await route) as unknown as Record<string, RouteHandler>)[endpoint.method]!] as const));
  // Under `next dev` the framework serves them, so that an edited route reloads; the door still decides.
  installFrontDoor(process.env.NODE_ENV === "development" ? {} : Object.fromEntries(handlers));
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
