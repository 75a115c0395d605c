import { sql } from "drizzle-orm";
import { applicationName, POSTGRES_POOL_MAX, rowsOf, type Database } from "@/db/client";
import type { Gauge } from "./metrics";

// Gauges read from the database when /metrics is scraped: cheap queries (the tallies, not the rooms).

export async function databaseGauges(db: Database, kind: "postgres" | "embedded"): Promise<Gauge[]> {
  const rooms = rowsOf<{ status: string; rooms: number }>(
    await db.execute(sql`select status, sum(rooms)::int as rooms from room_tallies group by status order by status`),
  );
  const gauges: Gauge[] = [{ name: "lobby_rooms", help: "Rooms by status.", samples: rooms.map((r) => ({ labels: { status: r.status }, value: r.rooms })) }];
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
