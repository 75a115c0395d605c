import "server-only";
import { sql } from "drizzle-orm";
import { POSTGRES_POOL_MAX, rowsOf, type Database } from "@/db/client";
import { config } from "@/lib/env";
import type { Gauge } from "@/lib/observability/metrics";
import { deliveryBacklog } from "@/lib/platform/queries";
import { applicationName } from "@/lib/runtime/database";

// Gauges read from the database when /metrics is scraped: cheap queries (the tallies, not the rooms).

export async function databaseGauges(db: Database, kind: "postgres" | "embedded"): Promise<Gauge[]> {
  const rooms = rowsOf<{ status: string; rooms: number }>(
    await db.execute(sql`select status, sum(rooms)::int as rooms from room_tallies group by status order by status`),
  );
  const gauges: Gauge[] = [{ name: "lobby_rooms", help: "Rooms by status.", samples: rooms.map((r) => ({ labels: { status: r.status }, value: r.rooms })) }];
  // Only where events are pushed: with pull alone, nothing is ever "delivered".
  if (config().platform.eventsUrl) {
    const backlog = await deliveryBacklog(db);
    gauges.push(
      { name: "lobby_platform_events_undelivered", help: "Room events not yet delivered to PLATFORM_EVENTS_URL (nor given up).", samples: [{ labels: {}, value: backlog.pending }] },
      { name: "lobby_platform_events_oldest_undelivered_seconds", help: "How long ago the oldest undelivered room event happened; 0 when none waits.", samples: [{ labels: {}, value: Math.round(backlog.oldestSeconds) }] },
    );
  }
  if (kind === "embedded") {
    gauges.push({ name: "lobby_db_pool_max", help: "Database connections this instance may open.", samples: [{ labels: {}, value: 1 }] });
    return gauges;
  }
  const connections = rowsOf<{ state: string; n: number }>(
    await db.execute(sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
                         where application_name = ${applicationName()} group by 1 order by 1`),
  );
  gauges.push(
    { name: "lobby_db_connections", help: "This instance's open database connections, by state.", samples: connections.map((c) => ({ labels: { state: c.state }, value: c.n })) },
    { name: "lobby_db_pool_max", help: "Database connections this instance may open.", samples: [{ labels: {}, value: POSTGRES_POOL_MAX }] },
  );
  return gauges;
}
