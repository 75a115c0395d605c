import "server-only";
import { liveSubscribers } from "@/lib/live/hub";
import type { Gauge } from "@/lib/observability/metrics";
import { loopDelayMs } from "@/lib/runtime/admission";
import { laneStreams } from "@/lib/runtime/stream-lane";
import { readsInFlight } from "./front-door";

// Gauges of this process's live lobby: what docs/operations.md sizes instances by.
export function liveGauges(): Gauge[] {
  return [
    { name: "lobby_live_streams", help: "Event streams open on this instance: its own and its stream lane's.", samples: [{ labels: {}, value: liveSubscribers().size + laneStreams() }] },
    { name: "lobby_reads_in_flight", help: "Lobby reads being answered now (lib/server/front-door.ts).", samples: [{ labels: {}, value: readsInFlight() }] },
    { name: "lobby_event_loop_delay_ms", help: "How late the event loop runs: the lower of the last two half-second windows' 90th percentiles.", samples: [{ labels: {}, value: loopDelayMs() }] },
  ];
}
