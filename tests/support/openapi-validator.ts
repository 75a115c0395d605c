import Ajv2020 from "ajv/dist/2020";
import { buildOpenApiDocument } from "@/lib/api/openapi";

// Checks answers against the OpenAPI document the app serves: every JSON answer the API tests
// receive goes through here, so a response that drifts from the document fails its test.

const document = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: "openapi", components: document.components });

type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };

const templates = Object.entries(document.paths).map(([template, methods]) => ({
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  methods: methods as Record<string, Operation>,
}));

/** The operation the document gives for a method and a concrete path, if any. */
export function operationFor(method: string, pathname: string): Operation | undefined {
  return templates.find((t) => t.pattern.test(pathname))?.methods[method.toLowerCase()];
}

const validators = new Map<object, ReturnType<typeof ajv.compile>>();
const withComponents = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));

/**
 * Throws when a JSON answer does not match the document's schema for its status (or `default`).
 * Answers for paths or methods the document does not have are the catch-all's 404s and the 405s:
 * they must be the error envelope.
 */
export function assertMatchesDocument(method: string, pathname: string, status: number, body: unknown): void {
  const op = operationFor(method, pathname);
  const answer = op ? (op.responses[String(status)] ?? op.responses.default) : { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  if (!answer) throw new Error(`The OpenAPI document has no ${status} answer for ${method} ${pathname}.`);
  const schema = answer.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`The OpenAPI document gives no JSON schema for the ${status} answer of ${method} ${pathname}.`);
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(withComponents(schema))));
  if (!validate(body)) {
    throw new Error(`${method} ${pathname} answered ${status} with a body that does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}
