import { Agent, request, type IncomingMessage } from "node:http";
import type { StreamAnswer } from "@/lib/client/event-stream";

// The watchers' HTTP client. A thousand simulated browsers share one process on the benchmark's two
// cores, where each real browser has a machine of its own: Node's fetch (undici, web streams) cost
// them more CPU than the server spent serving them, and the storm then measured the simulated
// browsers as much as the server. This client does what the lobby asks of fetch (status, a header,
// the body as chunks or as JSON) on node:http, keeping connections for the next call as a browser does.

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

export interface LeanAnswer extends StreamAnswer {
  json(): Promise<unknown>;
}

function answerOf(response: IncomingMessage): LeanAnswer {
  const status = response.statusCode ?? 0;
  const whole = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: {
      get(name) {
        const value = response.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    body: {
      getReader() {
        const chunks = response[Symbol.asyncIterator]();
        return { read: () => chunks.next() as Promise<{ done: boolean; value?: Uint8Array }> };
      },
    },
    arrayBuffer: whole,
    json: async () => JSON.parse((await whole()).toString("utf8")),
  };
}

/** A GET with these headers; rejects as fetch does when no answer comes (refused, reset, aborted). */
export function leanFetch(url: string, { headers, signal }: { headers?: Record<string, string>; signal: AbortSignal }): Promise<LeanAnswer> {
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers, signal, agent }, (response) => resolve(answerOf(response)));
    asked.once("error", reject);
    asked.end();
  });
}
