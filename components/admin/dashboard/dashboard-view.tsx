import Link from "next/link";
import type { Dashboard } from "@/lib/dashboard/contract";
import { displayMoney } from "@/lib/money/display";
import { inputClass, secondaryButton } from "@/components/ui/styles";
import { Chart } from "./chart";

// The console's first page, drawn on the server: rooms, money and players over the last day by hour
// or the last thirty days by day, below today's headline figures. Each chart has its figures in a
// table behind it.

/** "2026-11-24 21:00 UTC" for an hour, "2026-11-24" for a day: the tables' first column. */
const periodText = (period: string) => (period.length > 10 ? `${period.slice(0, 10)} ${period.slice(11)}:00 UTC` : period);
const count = (n: number | null) => (n === null ? "not kept" : n.toLocaleString("en"));

/** The currency shown: the one asked for, else the first with bets in the range, else the first. */
function shownCurrency(money: Dashboard["money"], asked?: string) {
  return money.find((m) => m.currency === asked) ?? money.find((m) => m.points.some((p) => Number(p.bets) > 0)) ?? money[0];
}

export function DashboardView({ data, currency }: { data: Dashboard; currency?: string }) {
  const { by, periods, rooms, players } = data;
  const money = shownCurrency(data.money, currency);
  const span = by === "hour" ? "the last 24 hours, by hour (UTC)" : "the last 30 days, by day (UTC)";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <nav aria-label="Time range" className="flex gap-3 text-sm">
          {(["hour", "day"] as const).map((b) => (
            <Link key={b} href={b === "hour" ? "/admin" : "/admin?by=day"} aria-current={b === by ? "page" : undefined} className={b === by ? "font-semibold text-slate-100" : "text-sky-300 underline"}>
              {b === "hour" ? "Last 24 hours" : "Last 30 days"}
            </Link>
          ))}
        </nav>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-slate-300">
          Over {span}. Figures as of {data.generated_at.slice(11, 19)} UTC, kept up to date as rooms and money move.
        </p>
        {data.money.length > 1 && (
          <form method="get" className="flex items-end gap-2">
            {by === "day" && <input type="hidden" name="by" value="day" />}
            <label className="text-sm">
              <span className="mb-1 block">Currency</span>
              <select name="currency" defaultValue={money?.currency} className={inputClass}>
                {data.money.map((m) => (
                  <option key={m.currency}>{m.currency}</option>
                ))}
              </select>
            </label>
            <button type="submit" className={secondaryButton}>
              Show
            </button>
          </form>
        )}
      </div>

      <TodayTiles today={data.today} currency={money?.currency} />

      <section aria-labelledby="rooms-heading" className="space-y-3">
        <h2 id="rooms-heading" className="text-lg font-semibold">
          Rooms
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <Chart
            title="Rooms waiting and playing"
            kind="line"
            periods={periods}
            series={[
              { name: "Waiting", values: rooms.map((r) => r.waiting) },
              { name: "Playing", values: rooms.map((r) => r.playing) },
            ]}
            table={{
              head: ["Period", "Waiting at its end", "Playing at its end", "Finished, in all"],
              rows: rooms.map((r) => [periodText(r.period), count(r.waiting), count(r.playing), count(r.finished)]),
            }}
          />
          <Chart
            title="Rooms created and finished"
            kind="bar"
            periods={periods}
            series={[
              { name: "Created", values: rooms.map((r) => r.created) },
              { name: "Finished", values: rooms.map((r) => r.finished_in_period) },
            ]}
            table={{ head: ["Period", "Created", "Finished"], rows: rooms.map((r) => [periodText(r.period), count(r.created), count(r.finished_in_period)]) }}
          />
        </div>
      </section>

      <section aria-labelledby="money-heading" className="space-y-3">
        <h2 id="money-heading" className="text-lg font-semibold">
          Money{money ? ` in ${money.currency}` : ""}
        </h2>
        {money ? (
          <Chart
            title={`Bets, wins, refunds and rake in ${money.currency}`}
            kind="line"
            periods={periods}
            series={(["bets", "wins", "refunds", "rake"] as const).map((k) => ({ name: k[0]!.toUpperCase() + k.slice(1), values: money.points.map((p) => Number(p[k])) }))}
            table={{
              head: ["Period", "Bets", "Wins", "Refunds", "Rake"],
              rows: money.points.map((p) => [periodText(p.period), ...[p.bets, p.wins, p.refunds, p.rake].map((a) => displayMoney(a, money.currency))]),
            }}
          />
        ) : (
          <p className="text-slate-300">No money has moved in this time.</p>
        )}
      </section>

      <section aria-labelledby="players-heading" className="space-y-3">
        <h2 id="players-heading" className="text-lg font-semibold">
          Players
        </h2>
        <Chart
          title="Players who placed a bet"
          kind="bar"
          periods={periods}
          series={[{ name: "Players", values: players.map((p) => p.players) }]}
          table={{ head: ["Period", "Players who placed a bet"], rows: players.map((p) => [periodText(p.period), count(p.players)]) }}
        />
      </section>
    </div>
  );
}

const TILES = [
  ["bets", "Bets"],
  ["wins", "Wins"],
  ["ggr", "GGR"],
  ["rake", "Rake"],
] as const;

/**
 * Today's (UTC) headline figures in the currency shown, as tiles; GGR is bets − refunds − wins. The
 * API has them for every currency that moved today; a page of tiles for each would bury the charts.
 */
function TodayTiles({ today, currency }: { today: Dashboard["today"]; currency?: string }) {
  const c = today.currencies.find((t) => t.currency === currency) ?? (currency ? { currency, bets: "0", wins: "0", refunds: "0", ggr: "0", rake: "0", players: 0 } : undefined);
  return (
    <section aria-labelledby="today-heading" className="space-y-3">
      <h2 id="today-heading" className="text-lg font-semibold">
        Today{c ? ` in ${c.currency}` : ""}, {today.date} (UTC)
      </h2>
      {!c ? (
        <p className="text-slate-300">No money has moved today.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {TILES.map(([key, name]) => (
            <div key={key} className="rounded-lg border border-slate-700 bg-slate-900/60 p-3">
              <dt className="text-xs text-slate-300">{name}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{displayMoney(c[key], c.currency)}</dd>
            </div>
          ))}
          <div className="rounded-lg border border-slate-700 bg-slate-900/60 p-3">
            <dt className="text-xs text-slate-300">Players who bet</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{c.players.toLocaleString("en")}</dd>
          </div>
        </dl>
      )}
      <p className="text-xs text-slate-300">GGR (gross gaming revenue) is bets − refunds − wins. Rake is that of today&apos;s bets, less that of the bets refunded today.</p>
    </section>
  );
}
