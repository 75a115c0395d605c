import type { ServerResponse } from "node:http";

// A streamed answer can skip web streams when the front door serves it (lib/server/direct.ts): its
// producer writes straight to the Node.js response, one socket write per event, instead of a chunk
// queued, read back and written again. Under the framework (`next dev`) the same answer streams its
// web body as usual. An event stream writes to every open lobby on each room batch, so the step
// saved is paid thousands of times a second.

export type DirectWriter = (out: ServerResponse) => void;

const writers = new WeakMap<Response, DirectWriter>();

/** Marks `response` as one whose body `writer` can write to a Node.js response instead. */
export function writableDirectly(response: Response, writer: DirectWriter): Response {
  writers.set(response, writer);
  return response;
}

/** The direct writer of `response`, if it has one. */
export const directWriterOf = (response: Response): DirectWriter | undefined => writers.get(response);
