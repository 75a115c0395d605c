import { addOperator, listOperators } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/operators — add a person to the team; GET — the team
export const POST = route(endpoints.createOperator, async ({ db, body, actor }) => created(await addOperator(db, { input: body, actor })));
export const GET = route(endpoints.listOperators, async ({ db }) => ok(await listOperators(db)));
