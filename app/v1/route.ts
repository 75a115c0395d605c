import { endpoints } from "@/lib/api/endpoints";
import { json } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1 — health check; answers once the database is open and migrated
export const GET = route(endpoints.health, async () => json({ type: "success", status: 200, message: "Room lobby API is running" }));
