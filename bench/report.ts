import type { Figures } from "./load";
import type { MemoryGrowth } from "./memory";

// What a run found, as JSON (for tools), Markdown (for people) and an SVG chart.

export interface Target {
  name: string;
  met: boolean;
  detail: string;
}

export interface BenchResult {
  date: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; postgres: string; platform: string };
  settings: { rooms: number; players: number; duration: number; warmup: number; connections: number; soak: number };
  seedSeconds: number;
  postgres: Figures[];
  floors: Figures[];
  memory: { scenario: string; samplesMiB: number[] } & MemoryGrowth;
  scaleOut: { one: Figures[]; two: Figures[]; totalsChecked: number; totalsWrong: number };
  consistency: { ledgerMismatches: number; tallyMismatches: number };
  embedded: { rooms: number; seedSeconds: number; scenarios: Figures[] } | null;
  targets: Target[];
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

function table(figures: Figures[], floor?: number): string {
  const head = ["scenario", "requests/s", ...(floor ? ["× health"] : []), "p50 ms", "p95 ms", "p99 ms", "max ms", "requests", "errors"];
  return [
    row(head),
    row(head.map(() => "---")),
    ...figures.map((f) =>
      row([f.scenario, f.rps.toFixed(0), ...(floor ? [(f.rps / floor).toFixed(2)] : []), f.p50, f.p95, f.p99, f.max, f.requests, f.errors]),
    ),
  ].join("\n");
}

export function toMarkdown(r: BenchResult): string {
  const health = r.postgres.find((f) => f.group === "floor")?.rps;
  const errors = [...r.postgres, ...r.floors, ...r.scaleOut.one, ...r.scaleOut.two, ...(r.embedded?.scenarios ?? [])].filter((f) => f.errors > 0);
  return `# Benchmark ${r.date}${r.quick ? " (quick run: figures check the harness, they are not the results)" : ""}

Machine: ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGiB} GiB, ${r.machine.platform}, Node.js ${r.machine.node}, ${r.machine.postgres}.
Load: autocannon on loopback, ${r.settings.connections} connections, ${r.settings.duration} s per scenario after ${r.settings.warmup} s of warm-up.
Data: ${r.settings.rooms.toLocaleString("en")} rooms and ${r.settings.players.toLocaleString("en")} players, seeded in ${r.seedSeconds} s.

## Targets

${row(["target", "met", "figures"])}
${row(["---", "---", "---"])}
${r.targets.map((t) => row([t.name, t.met ? "yes" : "**no**", t.detail])).join("\n")}

## PostgreSQL, one \`next start\`

${table(r.postgres, health)}

![requests per second by scenario](${r.date}${r.quick ? "-quick" : ""}.svg)

## Floors: the same queries without HTTP

${table(r.floors)}

## Memory over ${r.settings.soak} s of ${r.memory.scenario}

Server RSS at its highest: ${r.memory.firstHalfPeakMiB} MiB in the first half, ${r.memory.secondHalfPeakMiB} MiB in the second (${r.memory.growthPercent >= 0 ? "+" : ""}${r.memory.growthPercent}%).
Samples (MiB, one a second): ${r.memory.samplesMiB.join(", ")}

## Scale-out: one and two \`next start\` behind a loopback round-robin

One instance:

${table(r.scaleOut.one)}

Two instances:

${table(r.scaleOut.two)}

Afterwards ${r.scaleOut.totalsChecked} list totals read through the proxy were compared with \`count(*)\`: ${r.scaleOut.totalsWrong} differed.

## Consistency after the run

Players whose balance differs from their ledger: ${r.consistency.ledgerMismatches}. Room tallies that differ from a count: ${r.consistency.tallyMismatches}.
${errors.length ? `\n## Errors\n\n${errors.map((f) => `- ${f.scenario}: ${f.errors} (${f.samples.join("; ")})`).join("\n")}\n` : ""}
${r.embedded ? `## Embedded database (PGlite), ${r.embedded.rooms.toLocaleString("en")} rooms, seeded in ${r.embedded.seedSeconds} s\n\n${table(r.embedded.scenarios, r.embedded.scenarios[0]?.rps)}\n` : ""}`;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Horizontal bars of requests/s per scenario, with the 60% and 50% of the health floor marked. */
export function toSvg(r: BenchResult): string {
  const bars = r.postgres;
  const health = bars.find((f) => f.group === "floor")?.rps ?? 1;
  const max = Math.max(...bars.map((f) => f.rps), 1);
  const left = 330;
  const width = 900;
  const plot = width - left - 150;
  const rowHeight = 24;
  const top = 40;
  const height = top + bars.length * rowHeight + 40;
  const x = (rps: number) => left + (rps / max) * plot;
  const colours: Record<Figures["group"], string> = { floor: "#64748b", list: "#2563eb", room: "#0891b2", player: "#7c3aed", wallet: "#d97706", mixed: "#16a34a", report: "#db2777" };
  const marks = [
    { at: health * 0.6, label: "60% of health" },
    { at: health * 0.5, label: "50% of health" },
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="${left}" y="20" font-size="14" font-weight="bold">Requests per second, PostgreSQL, ${r.settings.rooms.toLocaleString("en")} rooms (${r.date}); p99 latency beside each bar</text>
${bars
  .map((f, i) => {
    const y = top + i * rowHeight;
    return `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${escape(f.scenario)}</text>
<rect x="${left}" y="${y + 3}" width="${Math.max(1, x(f.rps) - left).toFixed(1)}" height="${rowHeight - 8}" fill="${colours[f.group]}"/>
<text x="${(x(f.rps) + 6).toFixed(1)}" y="${y + 15}">${f.rps.toFixed(0)}/s · p99 ${f.p99} ms</text>`;
  })
  .join("\n")}
${marks
  .map(
    (m, i) => `<line x1="${x(m.at).toFixed(1)}" y1="${top - 4}" x2="${x(m.at).toFixed(1)}" y2="${top + bars.length * rowHeight}" stroke="#dc2626" stroke-dasharray="4 3"/>
<text x="${x(m.at).toFixed(1)}" y="${top + bars.length * rowHeight + 14 + i * 14}" text-anchor="middle" fill="#dc2626">${m.label}</text>`,
  )
  .join("\n")}
</svg>
`;
}
