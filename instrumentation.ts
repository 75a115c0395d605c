// Runs once when a Next.js server starts: put the front door in the HTTP server's path, then open and
// migrate the database before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { installFrontDoor } = await import("./lib/server/front-door");
  const { endpoints } = await import("./lib/api/endpoints");
  // The wallet's callbacks, and the lobby's reads and streams, which the front door answers with their
  // own handlers once it admits them (lib/server/direct.ts).
  const [credit, refund, bets, platformEvents, session, events, adminEvents, rooms, room, result, me, balance, transactions] = await Promise.all([
    import("./app/wallet/credit/route"),
    import("./app/wallet/refund/route"),
    import("./app/wallet/bets/route"),
    import("./app/wallet/events/route"),
    import("./app/wallet/session/route"),
    import("./app/v1/events/route"),
    import("./app/v1/admin/events/route"),
    import("./app/v1/rooms/route"),
    import("./app/v1/rooms/[room_id]/route"),
    import("./app/v1/rooms/[room_id]/result/route"),
    import("./app/v1/player/me/route"),
    import("./app/v1/player/balance/route"),
    import("./app/v1/player/transactions/route"),
  ]);
  installFrontDoor({
    [endpoints.credit.path]: credit.POST,
    [endpoints.refund.path]: refund.POST,
    [endpoints.bets.path]: bets.POST,
    [endpoints.platformEvents.path]: platformEvents.POST,
    [endpoints.gameSession.path]: session.POST,
    [endpoints.events.path]: events.GET,
    [endpoints.adminEvents.path]: adminEvents.GET,
    [endpoints.listRooms.path]: rooms.GET,
    [endpoints.getRoom.path]: room.GET,
    [endpoints.roomResult.path]: result.GET,
    [endpoints.playerInfo.path]: me.GET,
    [endpoints.balance.path]: balance.GET,
    [endpoints.ownTransactions.path]: transactions.GET,
  });
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
