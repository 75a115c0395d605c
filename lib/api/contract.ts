import { z } from "zod";
import { endpoint } from "@/lib/contract";

// The API's own description, served as made by ./openapi.ts.

/** The outline of an OpenAPI 3.1 document: what a client reads before walking its paths. */
export const OpenApiDocument = z
  .looseObject({ openapi: z.string().startsWith("3.1"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()), components: z.record(z.string(), z.unknown()) })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document" });

export const documentContract = {
  openapi: endpoint({
    method: "GET",
    path: "/v1/openapi.json",
    tag: "Service",
    summary: "This OpenAPI 3.1 document",
    auth: "none",
    answers: { 200: { description: "The OpenAPI document", schema: OpenApiDocument } },
  }),
};
