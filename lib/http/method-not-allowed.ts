import { AppError } from "@/lib/errors";
import { errorResponse } from "./envelope";
import { observed, requestIdOf } from "./observed";

// Route files re-export these (`export * from ...`); the methods a route file defines itself take
// precedence, so every other method gets a 405 in the error envelope instead of an empty body.
const refuse = async (request: Request) =>
  observed(
    { route: "(method not allowed)", request, requestId: requestIdOf(request) },
    async () => errorResponse(new AppError("method_not_allowed", `${request.method} is not allowed on ${new URL(request.url).pathname}.`)),
  );

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
