import { z } from "zod";
import { adminErrors, endpoint, moneyText, success } from "@/lib/contract";
import { DashboardQuery } from "@/lib/admin/schemas";

// The console's first page: rooms, money and players over time.

const ggr = moneyText.meta({ description: "Gross gaming revenue: bets − refunds − wins (negative when the players won more than they lost)" });
const roomsAtEnd = (status: string) => z.number().int().nullable().meta({ description: `Rooms ${status} at the end of the period (now, for the current one); null for periods before the rooms' history was kept` });
export const Dashboard = z
  .object({
    by: z.enum(["hour", "day"]),
    periods: z.array(z.string()).meta({ description: "The periods shown, oldest first: UTC hours (YYYY-MM-DDTHH) or days (YYYY-MM-DD); the last is the current one" }),
    generated_at: z.string(),
    today: z
      .object({
        date: z.string().meta({ description: "Today's UTC day, YYYY-MM-DD", example: "2026-11-24" }),
        currencies: z
          .array(
            z.object({
              currency: z.string(),
              bets: moneyText,
              wins: moneyText,
              refunds: moneyText,
              ggr,
              rake: moneyText.meta({ description: "The rake of today's bets, less that of the bets refunded today" }),
              players: z.number().int().meta({ description: "Players who placed a bet today" }),
            }),
          )
          .meta({ description: "Per currency with any ledger movement today, in order" }),
      })
      .meta({ description: "Today's headline figures (the UTC day so far), whichever the period asked for" }),
    rooms: z.array(
      z.object({
        period: z.string(),
        waiting: roomsAtEnd("waiting"),
        playing: roomsAtEnd("playing"),
        finished: roomsAtEnd("finished"),
        created: z.number().int().meta({ description: "Rooms created during the period" }),
        finished_in_period: z.number().int().meta({ description: "Rooms finished during the period" }),
      }),
    ),
    money: z.array(
      z.object({
        currency: z.string(),
        points: z.array(z.object({ period: z.string(), bets: moneyText, wins: moneyText, refunds: moneyText, rake: moneyText.meta({ description: "The rake of the period's bets, less that of the bets refunded in it" }) })),
      }),
    ).meta({ description: "Per currency that has any ledger movement in the range, in order" }),
    players: z.array(z.object({ period: z.string(), players: z.number().int().meta({ description: "Players who placed a bet in the period" }) })),
  })
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof Dashboard>;

export const dashboardContract = {
  dashboard: endpoint({
    method: "GET",
    path: "/v1/admin/dashboard",
    tag: "Admin",
    summary: "The console's dashboard: rooms, money and players over time",
    description:
      "`by=hour` (the default): the last 24 UTC hours; `by=day`: the last 30 UTC days, from the same sums as the daily report. Rooms by status at the end of each period, counted back from now through every change of status; rooms created in it (by their creation time) and finished in it; bets, wins, refunds and rake per currency; players who placed a bet. `today`: the UTC day's bets, wins, GGR (gross gaming revenue: bets − refunds − wins), rake and players who placed a bet, per currency.",
    auth: "admin",
    role: "viewer",
    query: DashboardQuery,
    answers: { 200: { description: "The dashboard's series", schema: success(Dashboard) }, ...adminErrors },
  }),
};
