// Runs once when a Next.js server starts: open and migrate the database before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { installFrontDoor } = await import("./lib/server/front-door");
  installFrontDoor();
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
