import { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { endpoints } from "@/lib/api/endpoints";
import { holdShareOfStreams, liveSubscribers } from "@/lib/live/hub";
import { hearTokenOwners } from "@/lib/players/token-owners";
import { closeDb, db } from "@/lib/runtime/database";
import { stampPeerAddress } from "@/lib/runtime/peer-address";
import type { LaneFromProcess, LaneToProcess, StreamHandover } from "@/lib/runtime/stream-lane";
import { answerDirectly, type RouteHandler } from "@/lib/server/direct";

// The stream lane: a process of the instance's own that serves the players' event streams the main
// process admitted and handed over, connection and all (lib/runtime/stream-lane.ts). It follows room
// changes, balances and tokens through LISTENs of its own, and answers each stream with the same route
// handler as the main port. Players online are the instance's to count and share (lib/live/presence.ts):
// the lane tells it how many it holds, and hands its lobbies the counts the instance sends.

const send = (message: LaneFromProcess) => process.connected && process.send!(message);

/** Answers one stream handed over on `socket`: its request rebuilt from the head the main process read. */
function serve(handler: RouteHandler, handover: StreamHandover, socket: Socket) {
  // A client gone mid-write is an error on the socket; unheard, it would end the process.
  socket.on("error", () => socket.destroy());
  socket.setNoDelay(true);
  const request = new IncomingMessage(socket);
  Object.assign(request, { method: "GET", url: handover.url, headers: handover.headers, httpVersionMajor: 1, httpVersionMinor: 1, httpVersion: "1.1", complete: true });
  stampPeerAddress(request);
  const response = new ServerResponse(request);
  // The stream has the connection to itself, and ends it: a lobby's next call comes on another.
  response.shouldKeepAlive = false;
  response.assignSocket(socket);
  response.once("finish", () => socket.end());
  response.once("close", () => send({ type: "closed", id: handover.id }));
  answerDirectly(handler, request, response, {}).catch(() => response.destroy());
}

async function main() {
  const route = (await import("./app/v1/events/route")) as unknown as Record<string, RouteHandler>;
  const handler = route[endpoints.events.method]!;
  await db();
  hearTokenOwners((tokenHash, playerId) => send({ type: "owner", tokenHash, playerId }));
  liveSubscribers().onPlayers = (count) => send({ type: "players", count });
  holdShareOfStreams(Number(process.env.STREAM_LANES_OF_INSTANCE) || 1);
  process.on("message", async (message: LaneToProcess, socket?: Socket) => {
    if (message.type === "stream") {
      if (socket) serve(handler, message, socket);
      else send({ type: "closed", id: message.id });
    } else if (message.type === "lobbies") liveSubscribers().toLobbies(message.event, message.data);
    else if (message.type === "stop") await stop();
  });
  // The instance gone (even killed), its lane goes too.
  process.on("disconnect", () => void stop());
  send({ type: "ready" });
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await closeDb().catch(() => {});
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`The stream lane could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
