import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/envelope";
import { observed, requestIdOf } from "@/lib/http/observed";

// Any other path under /v1 — a 404 in the error envelope rather than an HTML page
const notFound = async (request: Request) =>
  observed({ route: "(unknown path)", request, requestId: requestIdOf(request) }, async () =>
    errorResponse(new AppError("not_found", `There is no endpoint at ${new URL(request.url).pathname}.`)),
  );

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
