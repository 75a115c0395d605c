import { openApiDocument } from "./openapi";

// The API reference at /api-docs, written from the OpenAPI document itself when the app is built
// (app/api-docs/route.ts): one static page, the same bytes for every reader, with no script at all,
// nothing from another host, and its styles in /api-docs.css. It cannot disagree with /v1/openapi.json.

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, unknown>[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
}

/** The page's own policy: no script may run, styles and images only from this host. */
export const REFERENCE_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const AUTH: Record<string, string> = { playerToken: "X-Player-Token", adminToken: "Bearer ADMIN_TOKEN" };

const escape = (text: unknown) =>
  String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function schemaText(schema: unknown): string {
  const s = schema as { $ref?: string; type?: string; enum?: unknown[]; pattern?: string };
  if (s?.$ref) return s.$ref.split("/").pop()!;
  if (s?.enum) return s.enum.map(String).join(" | ");
  return [s?.type, s?.pattern && `pattern ${s.pattern}`].filter(Boolean).join(", ");
}

const code = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

function operationHtml(method: string, path: string, op: Operation): string {
  const auth = op.security.flatMap((s) => Object.keys(s).map((k) => AUTH[k] ?? k));
  const parameters = op.parameters.length
    ? `<table><caption>Parameters of ${escape(op.operationId)}</caption>
<thead><tr><th scope="col">Parameter</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
<tbody>${op.parameters
        .map((p) => `<tr><td class="mono">${escape(p.name)}${p.required ? ' <span class="required">*</span>' : ""}</td><td>${escape(p.in)}</td><td class="mono">${escape(schemaText(p.schema))}</td><td>${escape(p.description)}</td></tr>`)
        .join("")}</tbody></table>`
    : "";
  const body = op.requestBody
    ? `<details><summary>Request body</summary>${Object.values(op.requestBody.content)
        .map((media) => (media.example !== undefined ? code(media.example) : "") + code(media.schema))
        .join("")}</details>`
    : "";
  const answers = Object.entries(op.responses)
    .map(([status, answer]) => {
      const media = answer.content && Object.values(answer.content)[0];
      const schema = media?.schema !== undefined ? ` <span class="quiet">— ${escape(schemaText(media.schema))}</span>` : "";
      const example = media?.example !== undefined ? `<details><summary>Example</summary>${code(media.example)}</details>` : "";
      return `<li><span class="mono strong">${escape(status)}</span> ${escape(answer.description)}${schema}${example}</li>`;
    })
    .join("");
  return `<section class="operation" id="${escape(op.operationId)}">
<h3 class="mono"><span class="method">${escape(method)}</span> ${escape(path)}</h3>
<p class="strong">${escape(op.summary)}</p>
${op.description ? `<p>${escape(op.description)}</p>` : ""}
<p class="quiet">Authentication: ${escape(auth.length ? auth.join(", ") : "none")}</p>
${parameters}${body}
<h4>Answers</h4><ul>${answers}</ul>
</section>`;
}

/** The whole page. */
export function referencePage(): string {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
  );
  const tags = doc.tags
    .map(
      (tag) => `<section aria-labelledby="tag-${escape(tag.name)}">
<h2 id="tag-${escape(tag.name)}">${escape(tag.name)}</h2>
<p class="quiet">${escape(tag.description)}</p>
${operations
  .filter(({ op }) => op.tags.includes(tag.name))
  .map(({ path, method, op }) => operationHtml(method, path, op))
  .join("\n")}
</section>`,
    )
    .join("\n");
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, schema]) => `<details id="schema-${escape(name)}"><summary class="mono">${escape(name)}</summary>${code(schema)}</details>`)
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Room Lobby</title>
<link rel="stylesheet" href="/api-docs.css">
</head>
<body>
<main>
<header>
<h1>${escape(doc.info.title)}</h1>
<p>${escape(doc.info.description)}</p>
<p>The machine-readable document: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
</header>
${tags}
<section aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
${schemas}
</section>
</main>
</body>
</html>
`;
}
