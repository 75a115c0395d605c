import "server-only";
import type { Server } from "node:net";

/**
 * How many connections the kernel holds for this server before it accepts them. Node.js listens with
 * 511 and `next start` has no setting for it. After a restart every lobby reconnects within the same
 * second or so (lib/client/backoff.ts): while the event loop works through a few hundred of them, the
 * next hundreds overflow a queue of 511, and the kernel drops their connection attempts, which the
 * clients' TCP retries 1, 3, 7 and 15 s later: a storm's last streams then open after 20 to 30 s with
 * the server idle. Held in the queue, each is answered as soon as the loop comes round (the door
 * admits or refuses it at no cost; lib/server/front-door.ts). The kernel caps it at
 * net.core.somaxconn (4096 by default since Linux 5.4).
 */
export const LISTEN_QUEUE = 4096;

const lengthened = new WeakSet<Server>();

/**
 * Gives the listening server the queue above; called as each connection opens (the first one is
 * enough). The server is already listening by then (`next start` listens before the app loads), so
 * the queue is set the way the kernel allows for a listening socket: listen(2) again on the same one.
 */
export function lengthenListenQueue(server: Server): void {
  if (lengthened.has(server)) return;
  lengthened.add(server);
  const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  if (typeof handle?.listen === "function") handle.listen(LISTEN_QUEUE);
}
