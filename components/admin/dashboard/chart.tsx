import type { ReactNode } from "react";
import { Table } from "@/components/ui/data-table";
import { labelledIndexes, shortPeriod, ticks, valueAxis } from "./chart-scale";

// A chart drawn as SVG on the server, with the figures behind it in a table. Lines for levels
// (rooms open, money), bars for counts per period. Each series has a colour and a dash of its own,
// so the lines can be told apart without colour too. Values are numbers here only to place marks:
// every figure a person reads comes from the table, as the API wrote it. A value far above the rest
// (chart-scale.ts) is drawn to the top, cut, with its value written above it and in the chart's name.

export interface Series {
  name: string;
  /** One per period; null where the value is not known (drawn as a gap). */
  values: (number | null)[];
}

const COLOURS = ["#38bdf8", "#fbbf24", "#34d399", "#f472b6"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 2 });
const exact = new Intl.NumberFormat("en", { maximumFractionDigits: 8 });
const HEIGHT = 200;
const PAD = { top: 8, bottom: 24 };
/** Above the plot when a value is off the scale: room for its value. */
const CLIPPED_PAD_TOP = 22;
/** The chart's background: the cut across a clipped mark. */
const BACKGROUND = "#0f172a";
/** "2026-11-24 21:00" for an hour, the day itself for a day. */
const longPeriod = (label: string) => (label.length > 10 ? `${label.slice(0, 10)} ${label.slice(11)}:00` : label);

/**
 * Heights are pixels and positions across are percentages of the plot's width, so the plot fills
 * its box at any width while text, strokes and dots keep their size (a stretched viewBox would
 * squash them, and the page's style policy allows no inline styles to place HTML labels instead).
 * The value axis' labels sit in a narrow SVG of their own to the left.
 */
export function Chart({ title, kind, periods, series, table }: { title: string; kind: "line" | "bar"; periods: string[]; series: Series[]; table: { head: string[]; rows: ReactNode[][] } }) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const { top, clipped } = valueAxis(series.flatMap((s) => s.values));
  const padTop = clipped ? CLIPPED_PAD_TOP : PAD.top;
  const n = periods.length;
  // Values above the top are drawn at it.
  const y = (v: number) => padTop + (1 - Math.min(v, top) / top) * (HEIGHT - padTop - PAD.bottom);
  const over = series.flatMap((s, k) => s.values.flatMap((v, i) => (v !== null && v > top ? [{ k, i, v, name: s.name }] : [])));
  const overText = over.map((o) => `${o.name}, ${longPeriod(periods[o.i]!)}: ${exact.format(o.v)}`).join("; ");
  const x = (i: number) => `${(((i + 0.5) / n) * 100).toFixed(3)}%`;
  const across = (units: number) => `${((units / n) * 100).toFixed(3)}%`;

  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-700 bg-slate-900/60 p-3">
      <figcaption id={`${id}-title`} className="font-medium">
        {title}
      </figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300" aria-label={`${title}: legend`}>
        {series.map((s, i) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <svg width="22" height="8" aria-hidden="true">
              {kind === "line" ? <line x1="0" y1="4" x2="22" y2="4" stroke={COLOURS[i]} strokeWidth="2.5" strokeDasharray={DASHES[i]} /> : <rect width="22" height="8" fill={COLOURS[i]} />}
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex">
        <svg width="44" height={HEIGHT} aria-hidden="true" className="shrink-0">
          {ticks(top).map((t) => (
            <text key={t} x="38" y={y(t) + 4} textAnchor="end" fontSize="11" fill="#94a3b8">
              {compact.format(t)}
            </text>
          ))}
        </svg>
        <svg width="100%" height={HEIGHT} overflow="visible" className="min-w-0 flex-1" role="img" aria-label={`${title}, as a ${kind} chart; the table below holds its figures${over.length ? `. Off the scale, drawn to the top: ${overText}` : ""}`}>
          {ticks(top).map((t) => (
            <line key={t} x1="0" x2="100%" y1={y(t)} y2={y(t)} stroke="#334155" strokeWidth="1" />
          ))}
          {labelledIndexes(n).map((i) => (
            <text key={i} x={x(i)} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="#94a3b8">
              {shortPeriod(periods[i]!)}
            </text>
          ))}
          {over.map(({ k, i, v, name }) => {
            // Over a bar its own slot, over a line's point the period's middle.
            const centre = kind === "bar" ? across(i + 0.1 + ((k + 0.5) * 0.8) / series.length) : x(i);
            return (
              <text key={`over${k}-${i}`} x={centre} y={padTop - 8} textAnchor="middle" fontSize="10" fill="#e2e8f0">
                <title>{`${name}, ${longPeriod(periods[i]!)}: ${exact.format(v)} (off the scale)`}</title>
                {`▲ ${compact.format(v)}`}
              </text>
            );
          })}
          {series.map((s, k) =>
            kind === "bar" ? (
              <g key={s.name} fill={COLOURS[k]}>
                {s.values.map((v, i) => (v ? <rect key={i} x={across(i + 0.1 + (k * 0.8) / series.length)} y={y(v)} width={across(0.8 / series.length)} height={y(0) - y(v)} /> : null))}
                {/* A clipped bar is cut near its top: it goes on beyond the scale. */}
                {s.values.map((v, i) => (v !== null && v > top ? <rect key={`cut${i}`} x={across(i + 0.05 + (k * 0.8) / series.length)} y={padTop + 6} width={across(0.1 + 0.8 / series.length)} height="3" fill={BACKGROUND} /> : null))}
              </g>
            ) : (
              <g key={s.name} stroke={COLOURS[k]} fill={COLOURS[k]}>
                {s.values.map((v, i) => {
                  const next = s.values[i + 1];
                  return v === null || next === null || next === undefined ? null : (
                    <line key={`l${i}`} x1={x(i)} y1={y(v)} x2={x(i + 1)} y2={y(next)} strokeWidth="2.5" strokeDasharray={DASHES[k]} strokeLinecap="round" />
                  );
                })}
                {s.values.map((v, i) =>
                  v === null ? null : v > top ? (
                    // Off the scale: a point up at the top instead of a dot (a nested svg: positions across are percentages).
                    <svg key={`c${i}`} x={x(i)} y={y(v)} width="1" height="1" overflow="visible">
                      <path d="M -5 4 L 0 -5 L 5 4 Z" stroke="none" />
                    </svg>
                  ) : (
                    <circle key={`c${i}`} cx={x(i)} cy={y(v)} r="3" stroke="none" />
                  ),
                )}
              </g>
            ),
          )}
        </svg>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-sky-300 underline">Figures: {title[0]!.toLowerCase() + title.slice(1)}</summary>
        <div className="mt-2">
          <Table caption={title} head={table.head} rows={table.rows} />
        </div>
      </details>
    </figure>
  );
}
