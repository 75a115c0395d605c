import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1 — health check; answers once the database is open and migrated
export const GET = route(endpoints.health, async () =>
  Response.json({ type: "success", status: 200, message: "Room lobby API is running" }),
);
