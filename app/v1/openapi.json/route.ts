import { endpoints } from "@/lib/api/endpoints";
import { openApiDocument } from "@/lib/api/openapi";
import { json } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/openapi.json — the OpenAPI 3.1 document of every endpoint
export const GET = route(endpoints.openapi, async () => json(openApiDocument()));
