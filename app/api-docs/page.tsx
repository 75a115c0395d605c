import type { Metadata } from "next";
import { openApiDocument } from "@/lib/api/openapi";

// The API reference, rendered on the server from the OpenAPI document itself: nothing is loaded
// from another host, and the page cannot disagree with /v1/openapi.json.

export const metadata: Metadata = { title: "API reference · Room Lobby" };

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
  security: Record<string, unknown>[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
}

const AUTH: Record<string, string> = { playerToken: "X-Player-Token", adminToken: "Bearer ADMIN_TOKEN" };

function schemaText(schema: unknown): string {
  const s = schema as { $ref?: string; type?: string; enum?: unknown[]; pattern?: string };
  if (s?.$ref) return s.$ref.split("/").pop()!;
  if (s?.enum) return s.enum.map(String).join(" | ");
  return [s?.type, s?.pattern && `pattern ${s.pattern}`].filter(Boolean).join(", ");
}

const Code = ({ value }: { value: unknown }) => (
  <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-200">{JSON.stringify(value, null, 2)}</pre>
);

function OperationView({ method, path, op }: { method: string; path: string; op: Operation }) {
  const auth = op.security.flatMap((s) => Object.keys(s).map((k) => AUTH[k] ?? k));
  return (
    <section id={op.operationId} className="rounded-lg border border-slate-800 p-4">
      <h3 className="font-mono text-sm">
        <span className="mr-2 rounded bg-sky-900 px-2 py-0.5 font-bold uppercase text-sky-100">{method}</span>
        {path}
      </h3>
      <p className="mt-2 font-semibold">{op.summary}</p>
      {op.description && <p className="mt-1 text-sm text-slate-300">{op.description}</p>}
      <p className="mt-1 text-sm text-slate-400">Authentication: {auth.length ? auth.join(", ") : "none"}</p>
      {op.parameters.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Parameters of {op.operationId}</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="pr-3">Parameter</th>
              <th scope="col" className="pr-3">In</th>
              <th scope="col" className="pr-3">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-t border-slate-800 align-top">
                <td className="py-1 pr-3 font-mono">
                  {p.name}
                  {p.required && <span className="text-amber-300"> *</span>}
                </td>
                <td className="py-1 pr-3">{p.in}</td>
                <td className="py-1 pr-3 font-mono text-xs">{schemaText(p.schema)}</td>
                <td className="py-1 text-slate-300">{p.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {op.requestBody && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold">Request body</summary>
          {Object.entries(op.requestBody.content).map(([type, media]) => (
            <div key={type}>
              {media.example !== undefined && <Code value={media.example} />}
              <Code value={media.schema} />
            </div>
          ))}
        </details>
      )}
      <h4 className="mt-3 text-sm font-semibold">Answers</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(op.responses).map(([status, answer]) => {
          const media = answer.content && Object.values(answer.content)[0];
          return (
            <li key={status}>
              <span className="font-mono font-bold">{status}</span> {answer.description}
              {media?.schema !== undefined && <span className="text-slate-400"> — {schemaText(media.schema)}</span>}
              {media?.example !== undefined && (
                <details>
                  <summary className="cursor-pointer text-slate-400">Example</summary>
                  <Code value={media.example} />
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function ApiDocsPage() {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-4 sm:p-8">
      <header>
        <h1 className="text-2xl font-bold">{doc.info.title}</h1>
        <p className="mt-2 text-slate-300">{doc.info.description}</p>
        <p className="mt-2 text-sm">
          The machine-readable document: <a className="text-sky-300 underline" href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI {doc.openapi}).
        </p>
      </header>
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="space-y-3">
          <h2 id={`tag-${tag.name}`} className="text-xl font-semibold">
            {tag.name}
          </h2>
          <p className="text-sm text-slate-400">{tag.description}</p>
          {operations
            .filter(({ op }) => (op as unknown as { tags: string[] }).tags.includes(tag.name))
            .map(({ path, method, op }) => (
              <OperationView key={`${method} ${path}`} method={method} path={path} op={op} />
            ))}
        </section>
      ))}
      <section aria-labelledby="schemas" className="space-y-2">
        <h2 id="schemas" className="text-xl font-semibold">
          Schemas
        </h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`}>
            <summary className="cursor-pointer font-mono">{name}</summary>
            <Code value={schema} />
          </details>
        ))}
      </section>
    </main>
  );
}
