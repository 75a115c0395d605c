import "server-only";
import { liveSubscribers } from "@/lib/live/hub";
import type { Gauge } from "@/lib/observability/metrics";
import { lobbyLoad } from "@/lib/runtime/admission";

// Gauges of this process's live lobby: what docs/operations.md sizes instances by.
export function liveGauges(): Gauge[] {
  const load = lobbyLoad();
  return [
    { name: "lobby_live_streams", help: "Event streams open on this instance.", samples: [{ labels: {}, value: liveSubscribers().size }] },
    { name: "lobby_reads_in_flight", help: "Lobby reads being answered now (lib/runtime/admission.ts).", samples: [{ labels: {}, value: load.inFlight }] },
    { name: "lobby_event_loop_delay_ms", help: "How late the event loop runs: the lower of the last two half-second windows' 90th percentiles.", samples: [{ labels: {}, value: load.delayMs }] },
  ];
}
