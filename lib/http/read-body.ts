import { AppError, ClientClosedRequest } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;
/** 64 KiB arrive in well under a second on any real link: a body still coming after this is stalled. */
export const BODY_TIMEOUT_MS = 10_000;

/** The next chunk of the body, or why there is none: a stalled upload (408) or a client gone (499). */
async function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>, deadlineAt: number) {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<"stalled">((resolve) => (timer = setTimeout(() => resolve("stalled"), Math.max(0, deadlineAt - Date.now()))));
  try {
    const chunk = await Promise.race([reader.read(), stalled]);
    if (chunk !== "stalled") return chunk;
  } catch (error) {
    // A reset or an aborted upload: the stream breaks with ECONNRESET or "aborted". The client's doing.
    throw new ClientClosedRequest(String((error as Error)?.message ?? error));
  } finally {
    clearTimeout(timer);
  }
  reader.cancel().catch(() => {});
  throw new AppError("request_timeout", `The request body did not arrive within ${BODY_TIMEOUT_MS / 1000} s.`);
}

/**
 * The request body's raw bytes, refusing more than `limit` bytes without reading them all, and a
 * body that does not arrive whole within `timeoutMs`. Raw bytes matter: a signature is computed
 * over them exactly as received.
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES, timeoutMs = BODY_TIMEOUT_MS): Promise<Uint8Array> {
  const tooLarge = () => new AppError("payload_too_large", `The request body must be at most ${limit} bytes.`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  const deadlineAt = Date.now() + timeoutMs;
  for (;;) {
    const { done, value } = await nextChunk(reader, deadlineAt);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** Deeper JSON is refused before it is parsed: nothing the API takes nests past a few levels. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, counted in one pass without recursion. */
function nestingDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > stopAbove) break;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * A body's bytes as JSON, for the API and the wallet alike: UTF-8, at most MAX_JSON_DEPTH deep
 * (so no later step recurses through a hostile `[[[[…]]]]`), then parsed.
 */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid UTF-8.");
  }
  if (nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new AppError("invalid_json", `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The body as JSON. An empty body reads as `{}`, so a missing body reports the fields it lacks. */
export async function readJson(request: Request): Promise<unknown> {
  return bodyAsJson(request, await readBody(request));
}

/** Bytes already read from the request, as JSON: they must be declared as such. */
export function bodyAsJson(request: Request, bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return {};
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with the header Content-Type: application/json.");
  }
  return parseJsonBody(bytes);
}
