import { min, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db/client";
import { roomStatusChanges } from "@/db/schema";
import { daySums } from "@/lib/reports/daily-report";
import { dayOf } from "@/lib/reports/days";
import { ledgerSums, periodLabel, startOf } from "@/lib/reports/ledger-sums";
import { countRoomsByStatus } from "@/lib/rooms/queries";
import { ROOM_STATUSES, type RoomStatus } from "@/lib/rooms/schemas";
import { activePlayers, moneyOverTime, periodFigures, periodStart, periodsEnding, roomsOverTime, type Period, type PeriodSum, type RoomsCreated, type StatusChanges } from "./series";

// GET /v1/admin/dashboard and the console's first page: rooms by status, money per currency and
// active players over the last day by hour or the last thirty days by day. Days come from the same
// sums as the daily report (closed days kept in ledger_days), hours from the ledger's time index.
// Today's headline figures are the UTC day's, whichever the period: by hour, summed on their own.

export async function dashboard(db: Executor, { by }: { by: Period }, now = Date.now()) {
  const periods = periodsEnding(now, by);
  const since = sql`${new Date(periodStart(periods[0]!, by)).toISOString()}::timestamptz`;
  const today = dayOf(now);
  const [counts, changes, created, [log], sums, hourlyToday] = await Promise.all([
    countRoomsByStatus(db),
    db
      .execute(
        sql`select ${periodLabel(sql`at`, by)} as period, from_status as "from", to_status as "to", count(*)::int as rooms
            from room_status_changes where at >= ${since} group by 1, 2, 3`,
      )
      .then(rowsOf<StatusChanges>),
    // By the rooms' own creation time, on the index of the newest rooms first (rooms_list_newest).
    db
      .execute(sql`select ${periodLabel(sql`created_at`, by)} as period, count(*)::int as rooms from rooms where created_at >= ${since} group by 1`)
      .then(rowsOf<RoomsCreated>),
    db.select({ start: min(roomStatusChanges.at) }).from(roomStatusChanges),
    by === "hour"
      ? db.execute(ledgerSums({ since, by: "hour" })).then(rowsOf<PeriodSum>)
      : daySums(db, { from: periods[0]!, to: periods.at(-1)! }, now),
    by === "hour" ? db.execute(ledgerSums({ since: startOf(today) })).then(rowsOf<PeriodSum>) : Promise.resolve(undefined),
  ]);
  const current = Object.fromEntries(ROOM_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<RoomStatus, number>;
  return {
    by,
    periods,
    generated_at: new Date(now).toISOString(),
    today: { date: today, currencies: periodFigures(today, hourlyToday ?? sums) },
    rooms: roomsOverTime({ periods, by, now, current, changes, created, logStart: log?.start ? new Date(log.start).getTime() : undefined }),
    money: moneyOverTime(periods, sums),
    players: activePlayers(periods, sums),
  };
}
