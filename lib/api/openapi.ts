import { z } from "zod";
import { ErrorEnvelope, type Endpoint } from "@/lib/contract";
import { endpoints } from "./endpoints";

// The OpenAPI 3.1 document, generated from the endpoint list and the very zod schemas that validate
// requests and type the answers. Served at /v1/openapi.json and rendered at /api-docs.

type JsonSchema = Record<string, unknown>;
const COMPONENTS = "#/components/schemas/";

/**
 * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses). Requests are described as they are
 * sent (`input`: query values are strings), answers as they come back. Named schemas (`.meta({id})`)
 * go to the shared components and are referenced from there.
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const relink = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as T;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = relink(def);
  const own = relink(rest);
  // A schema that is itself named comes back as its definition with an id: keep it once, in components.
  if (typeof own.id === "string") {
    const { id, ...definition } = own;
    components[id] = definition;
    return { $ref: `${COMPONENTS}${id}` };
  }
  return own;
}

const SECURITY = {
  player: [{ playerToken: [] }],
  admin: [{ adminToken: [] }],
  metrics: [{ metricsToken: [] }],
  none: [],
} as const;

function operation(name: string, e: Endpoint, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = [];
  const fields = (schema: z.ZodType | undefined, where: "path" | "query") => {
    if (!schema) return;
    const json = toSchema(schema, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [field, fieldSchema] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = fieldSchema;
      parameters.push({ name: field, in: where, required: where === "path" || (json.required ?? []).includes(field), description, schema: rest });
    }
  };
  fields(e.params, "path");
  fields(e.query, "query");
  for (const h of e.headers ?? []) parameters.push({ name: h.name, in: "header", required: h.required, description: h.description, schema: { type: "string" } });
  parameters.push({ name: "X-Request-Id", in: "header", required: false, description: "Your own id for this request (up to 100 characters); returned in the answer's X-Request-Id and written in the logs", schema: { type: "string", maxLength: 100 } });

  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(e.answers)) {
    const isMetrics = e.path === "/metrics" && status === "200";
    const isStream = e.path.startsWith("/v1/") && e.path.endsWith("/events") && status === "200";
    const mediaType = isMetrics ? "text/plain" : isStream ? "text/event-stream" : "application/json";
    const json = answer.schema || answer.example !== undefined || isMetrics || isStream
      ? { [mediaType]: { ...(answer.schema ? { schema: toSchema(answer.schema, "output", components) } : isMetrics || isStream ? { schema: { type: "string" } } : {}), ...(answer.example !== undefined ? { example: answer.example } : {}) } }
      : undefined;
    const csv = answer.csv ? { "text/csv": { schema: { type: "string" } } } : undefined;
    const content = json || csv ? { ...(answer.csv === "only" ? {} : json), ...csv } : undefined;
    const headers = { "X-Request-Id": { $ref: "#/components/headers/RequestId" }, ...(status === "429" || status === "503" ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } : {}) };
    responses[status] = { description: answer.description, ...(content ? { content } : {}), headers };
  }
  // The role check and the block check are the route wrapper's, for every admin endpoint and every
  // player endpoint: described here, once, before the endpoint's own 403s.
  const refusals = [
    ...(e.role && e.role !== "viewer" ? [`\`role_required\`: this needs the ${e.role} role (or admin); the message names the caller's`] : []),
    ...(e.auth === "player" && !e.whileBlocked ? ["`player_blocked`: support blocked the player's account"] : []),
  ];
  if (refusals.length > 0) {
    const own = e.answers[403]?.description;
    responses["403"] = {
      description: [...refusals, ...(own ? [own] : [])].join(". "),
      content: { "application/json": { schema: toSchema(ErrorEnvelope, "output", components) } },
      headers: { "X-Request-Id": { $ref: "#/components/headers/RequestId" } },
    };
  }
  if (e.tag !== "Wallet") {
    responses.default = { description: "Any other error, in the error envelope: 400 for a query parameter the endpoint does not take, 404, 405, 408 (a body that stalled), 413, 415, 499 (never read: the client closed the connection mid-body), 500, 503", content: { "application/json": { schema: toSchema(ErrorEnvelope, "output", components) } } };
  }

  return {
    operationId: name,
    tags: [e.tag],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(e.role ? { "x-required-role": e.role } : {}),
    security: SECURITY[e.auth],
    parameters,
    ...(e.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: toSchema(e.body, "input", components), ...(e.bodyExample !== undefined ? { example: e.bodyExample } : {}) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument() {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    paths[e.path] ??= {};
    paths[e.path]![e.method.toLowerCase()] = operation(name, e, components);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Room Lobby API",
      version: "1.0.0",
      description:
        "Rooms and players for the lobby (/v1), the admin API (/v1/admin), and the wallet callbacks the game platform sends (/wallet). " +
        "Errors of /v1 come in one envelope with a `code`; wallet answers carry a `status_code`. See docs/integration.md.",
    },
    tags: [
      { name: "Service", description: "Health, readiness, metrics and this document" },
      { name: "Rooms", description: "The lobby's rooms, for a player with a launch token" },
      { name: "Player", description: "The calling player" },
      { name: "Admin", description: "For the operator: `Authorization: Bearer <ADMIN_TOKEN>`" },
      { name: "Wallet", description: "Signed callbacks from the game platform" },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        playerToken: { type: "apiKey", in: "header", name: "X-Player-Token", description: "The launch token from the player's launch address" },
        adminToken: { type: "http", scheme: "bearer", description: "ADMIN_TOKEN" },
        metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN: reads /metrics and nothing else" },
      },
      headers: {
        RequestId: { description: "The request's id: the caller's X-Request-Id, or one made for it", schema: { type: "string" } },
        RetryAfter: { description: "Seconds until the caller's address may try again", schema: { type: "integer", minimum: 1 } },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let built: OpenApiDocument | undefined;
/** Built once per process: the endpoints and schemas do not change while it runs. */
export const openApiDocument = () => (built ??= buildOpenApiDocument());
