import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { newPlayer, targets } from "./helpers";
import type { Target } from "./global-setup";
import { lineWith, logLines, sample, scrape } from "./log-helpers";

// A client that hangs up in the middle of its body, or sends it too slowly, is the client's doing:
// never a database outage in the logs, the metrics or the answer.

const requestId = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;

/**
 * Sends a request's headers and the start of a body that announces 1,000 bytes, on a socket of its
 * own. The headers ask for `100 Continue`, which the server sends once it has taken the request in:
 * only then does the start of the body go out, so the request is the server's whatever its speed.
 */
function startUpload(t: Target, path: string, headers: Record<string, string>): Promise<Socket> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const all = { host: `${hostname}:${port}`, "content-type": "application/json", "content-length": "1000", expect: "100-continue", ...headers };
      const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
      let text = "";
      const onData = (chunk: Buffer) => {
        text += chunk.toString("latin1");
        if (!text.includes("\r\n\r\n")) return;
        socket.off("data", onData);
        if (!text.startsWith("HTTP/1.1 100")) return reject(new Error(`expected 100 Continue, got ${text.split("\r\n")[0]}`));
        socket.write(`{"name":"half`, () => resolve(socket));
      };
      socket.on("data", onData);
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
    });
    socket.on("error", reject);
  });
}

/** The status line and body the server wrote back, once it closes the connection or answers whole. */
/** The answer to a stalled upload, once the server has closed the connection, as it must after one. */
function answerOf(socket: Socket): Promise<{ status: number; head: string; body: Record<string, unknown> }> {
  return new Promise((resolve) => {
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk) => (text += chunk));
    socket.on("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const json = body.includes("{") ? body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1) : "{}";
      resolve({ status: Number(head.split(" ")[1] ?? 0), head, body: JSON.parse(json) as Record<string, unknown> });
    });
  });
}

describe.each(targets)("$name: a client that goes away", (t) => {
  it("logs and counts an upload broken off mid-body as 499, never as a database outage or a wallet outcome", async () => {
    const p = await newPlayer(t);
    const before = await scrape(t);
    const sent: { path: string; id: string; headers: Record<string, string> }[] = [
      { path: "/wallet/credit", id: requestId("gone-credit"), headers: { "x-signature": "00".repeat(32) } },
      { path: "/v1/rooms", id: requestId("gone-room"), headers: { "x-player-token": p.token } },
    ];
    for (const s of sent) {
      const socket = await startUpload(t, s.path, { ...s.headers, "x-request-id": s.id });
      socket.resetAndDestroy();
    }
    for (const s of sent) {
      expect(await lineWith(t, (l) => l.request_id === s.id && l.msg === "request")).toMatchObject({ route: s.path, status: 499 });
      const mine = logLines(t).filter((l) => l.request_id === s.id);
      expect(mine.map((l) => l.msg).sort()).toEqual(["client went away", "request"]);
    }
    const after = await scrape(t);
    for (const route of ["/wallet/credit", "/v1/rooms"]) {
      const series = `lobby_http_requests_total{method="POST",route="${route}",status="499"}`;
      expect(sample(after, series) - sample(before, series)).toBeGreaterThanOrEqual(1);
    }
  });

  it("answers a body that stalls with 408 request_timeout on /v1 and a retryable ERR_TIMEOUT on the wallet, which is no wallet outcome, and closes its connection", async () => {
    const p = await newPlayer(t);
    const id = requestId("stalled-credit");
    const [lobby, wallet] = await Promise.all([
      startUpload(t, "/v1/rooms", { "x-player-token": p.token }).then(answerOf),
      startUpload(t, "/wallet/credit", { "x-signature": "00".repeat(32), "x-request-id": id }).then(answerOf),
    ]);
    expect(lobby).toMatchObject({ status: 408, body: { type: "error", status: 408, code: "request_timeout" } });
    expect(wallet).toMatchObject({ status: 503, body: { status_code: "ERR_TIMEOUT" } });
    // The rest of the body may still come: the server says it closes, and did (answerOf waits for it).
    for (const answer of [lobby, wallet]) expect(answer.head).toMatch(/\r\nconnection: close(\r\n|$)/i);
    // Logged as a stalled upload, not as a wallet decision (which is what the outcome metric counts).
    await lineWith(t, (l) => l.request_id === id && l.msg === "request");
    expect(logLines(t).filter((l) => l.request_id === id).map((l) => l.msg).sort()).toEqual(["request", "upload stalled"]);
  }, 40_000);
});
