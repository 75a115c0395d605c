import type { DoorCost } from "./door-costs";
import type { HostileResult } from "./hostile";
import type { LiveOptions, LiveStep } from "./live";
import type { Target } from "./report";

// The live benchmark's targets (the issue's, on the reference machine), a Markdown table and an SVG
// chart of latency against watchers.

/** The steady steps on one instance: lobbies connected before the load, as the lobby behaves. */
const steady = (steps: LiveStep[]) => steps.filter((s) => !s.storm && s.kind === "lobby" && s.name.includes("one instance"));
const byWatchers = (steps: LiveStep[], w: number) => steady(steps).find((s) => s.watchers === w);

export function judgeLive(steps: LiveStep[]): Target[] {
  const targets: Target[] = [];
  const smallest = steady(steps).sort((a, b) => a.watchers - b.watchers)[0];
  const storm = steps.find((s) => s.storm && s.watchers === 2000);
  if (storm) {
    targets.push({
      name: "reconnect storm, 2,000 lobbies at once: credit p99 < 150 ms, 0 failed connections, every stream open within 10 s",
      met: storm.creditMs.p99 < 150 && storm.walletNotOk === 0 && storm.droppedStreams === 0 && storm.errors === 0 && storm.allOpenMs !== undefined && storm.allOpenMs < 10_000,
      detail: `credit p99 ${storm.creditMs.p99} ms; ${storm.droppedStreams} failed connections, ${storm.errors} errors; every stream open after ${storm.allOpenMs ?? "more than 60,000"} ms (half by ${storm.firstOpenMs?.p50 ?? "?"} ms), held by the server after ${storm.serverAllOpenMs ?? "more than 60,000"} ms (half by ${storm.serverHalfOpenMs ?? "?"} ms); ${storm.refusedStreams} opens refused on the way`,
    });
  }
  const old = steps.find((s) => s.kind === "old" && s.watchers === 1000);
  if (old) {
    targets.push({
      name: "1,000 older clients re-reading the list after every event: credit p99 < 150 ms, their reads shed, never the money",
      met: old.creditMs.p99 < 150 && old.walletNotOk === 0,
      detail: `credit p99 ${old.creditMs.p99} ms, ${old.walletNotOk} not OK; create p99 ${old.createMs.p99} ms; ${old.shedListReads} list reads shed`,
    });
  }
  const at2000 = byWatchers(steps, 2000);
  if (at2000) {
    targets.push(
      { name: "2,000 watchers: credit p99 < 100 ms, every answer OK", met: at2000.creditMs.p99 < 100 && at2000.walletNotOk === 0, detail: `p99 ${at2000.creditMs.p99} ms, ${at2000.walletNotOk} not OK` },
      { name: "2,000 watchers: create p99 < 200 ms", met: at2000.createMs.p99 < 200, detail: `p99 ${at2000.createMs.p99} ms` },
      {
        name: "2,000 watchers: every change shown within 1 s (p99), the newest room at the end",
        met: at2000.visibleMs.p99 < 1000 && at2000.seen === at2000.expected && at2000.newestAtEnd === at2000.watchers,
        detail: `p99 ${at2000.visibleMs.p99} ms, ${at2000.seen}/${at2000.expected} shown, newest room at ${at2000.newestAtEnd}/${at2000.watchers}`,
      },
    );
    if (smallest && smallest !== at2000) {
      targets.push({
        name: "list reads per room change do not grow with watchers",
        met: at2000.listReadsPerChange <= Math.max(1, smallest.listReadsPerChange),
        detail: `${smallest.listReadsPerChange} at ${smallest.watchers}, ${at2000.listReadsPerChange} at 2,000`,
      });
    }
  }
  const at5000 = byWatchers(steps, 5000);
  if (at5000) {
    targets.push({
      name: "5,000 watchers: nothing lost, credit p99 < 250 ms, anything shed recovered",
      met: at5000.creditMs.p99 < 250 && at5000.walletNotOk === 0 && at5000.errors === 0 && at5000.exactAtEnd === at5000.watchers,
      detail: `credit p99 ${at5000.creditMs.p99} ms; ${at5000.errors} errors; ${at5000.shedListReads} list reads and ${at5000.refusedStreams} streams shed; ${at5000.exactAtEnd}/${at5000.watchers} exact at the end`,
    });
  }
  targets.push({
    name: "every lobby step: no errors, every credit OK, every watcher exact at the end",
    met: steps.filter((s) => s.kind === "lobby").every((s) => s.errors === 0 && s.walletNotOk === 0 && s.exactAtEnd === s.watchers),
    detail: steps.filter((s) => s.kind === "lobby").map((s) => `${s.name}: ${s.errors} errors, ${s.walletNotOk} not OK, ${s.exactAtEnd} exact`).join("; "),
  });
  return targets;
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

export function liveMarkdown(steps: LiveStep[], o: LiveOptions, targets: Target[]): string {
  const head = [
    "step",
    "watchers shown the lobby",
    "list reads / change (database)",
    "visible p50 / p99 / max ms",
    "changes shown",
    "exact at end",
    "create p50 / p99 ms",
    "credit p50 / p99 ms",
    "wallet not OK",
    "errors",
    "shed: lists / streams",
    "streams all open (storm): lobbies / server",
    "server CPU",
    "server RSS peak",
  ];
  return `## Live lobby (\`--live\`)

Load: ${o.changesPerSecond} room changes/s (games: create, join, the platform's round-completing credit) and ${o.creditsPerSecond} signed credits/s in all (sent to the instance's wallet lane, \`WALLET_PORT\`, as docs/operations.md advises; through the proxy in the two-instance step), for ${o.seconds} s per step, on ${o.rooms.toLocaleString("en")} seeded rooms.
Each watcher follows \`/v1/events\` and patches its page with the lobby's own modules (\`lib/client/event-stream.ts\`, \`room-updates.ts\`, \`room-patch.ts\`).
"Visible" is from sending the write to the watcher's page showing it (an upper bound of commit-to-visible), over every (watcher, change) pair.

${row(["target", "met", "figures"])}
${row(["---", "---", "---"])}
${targets.map((t) => row([t.name, t.met ? "yes" : "**no**", t.detail])).join("\n")}

${row(head)}
${row(head.map(() => "---"))}
${steps
  .map((s) =>
    row([
      s.name,
      `${s.connected}/${s.watchers}`,
      `${s.listReadsPerChange} (${s.databaseListReadsPerChange})`,
      `${s.visibleMs.p50} / ${s.visibleMs.p99} / ${s.visibleMs.max}`,
      `${s.seen}/${s.expected}`,
      `${s.exactAtEnd}/${s.watchers}`,
      `${s.createMs.p50} / ${s.createMs.p99}`,
      `${s.creditMs.p50} / ${s.creditMs.p99}`,
      s.walletNotOk,
      s.errors,
      `${s.shedListReads} / ${s.refusedStreams}`,
      s.storm ? `${s.allOpenMs ?? "> 60000"} / ${s.serverAllOpenMs ?? "> 60000"} ms, ${s.droppedStreams} failed` : "",
      `${s.serverCpuPercent}%`,
      `${s.serverPeakRssMiB} MiB`,
    ]),
  )
  .join("\n")}
${steps.some((s) => s.errorSamples.length) ? `\nFirst errors: ${steps.flatMap((s) => s.errorSamples.map((e) => `${s.watchers}: ${e}`)).join("; ")}\n` : ""}`;
}

/** p99 of credits and of commit-to-visible against watchers on one instance, as lines. */
export function liveSvg(steps: LiveStep[], date: string): string {
  const one = steady(steps).sort((a, b) => a.watchers - b.watchers);
  const width = 720;
  const height = 360;
  const left = 70;
  const bottom = 300;
  const top = 50;
  const maxW = Math.max(...one.map((s) => s.watchers), 1);
  const maxMs = Math.max(1000, ...one.flatMap((s) => [s.visibleMs.p99, s.creditMs.p99, s.createMs.p99]));
  const x = (w: number) => left + (w / maxW) * (width - left - 40);
  const y = (ms: number) => bottom - (ms / maxMs) * (bottom - top);
  const series = [
    { name: "commit-to-visible p99", colour: "#2563eb", value: (s: LiveStep) => s.visibleMs.p99 },
    { name: "create p99", colour: "#0891b2", value: (s: LiveStep) => s.createMs.p99 },
    { name: "credit p99", colour: "#d97706", value: (s: LiveStep) => s.creditMs.p99 },
  ];
  const ticks = [0, maxMs / 4, maxMs / 2, (3 * maxMs) / 4, maxMs];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="${left}" y="24" font-size="14" font-weight="bold">Live lobby, one instance (${date}): p99 latency against watchers</text>
${ticks.map((t) => `<line x1="${left}" x2="${width - 40}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e2e8f0"/><text x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${Math.round(t)} ms</text>`).join("\n")}
${one.map((s) => `<text x="${x(s.watchers).toFixed(1)}" y="${bottom + 18}" text-anchor="middle">${s.watchers.toLocaleString("en")}</text>`).join("\n")}
<text x="${(left + width - 40) / 2}" y="${bottom + 40}" text-anchor="middle">watchers</text>
${series
  .map((line, i) => {
    const points = one.map((s) => `${x(s.watchers).toFixed(1)},${y(line.value(s)).toFixed(1)}`).join(" ");
    return `<polyline points="${points}" fill="none" stroke="${line.colour}" stroke-width="2"/>
${one.map((s) => `<circle cx="${x(s.watchers).toFixed(1)}" cy="${y(line.value(s)).toFixed(1)}" r="3" fill="${line.colour}"/>`).join("\n")}
<text x="${width - 200}" y="${top + 14 * i}" fill="${line.colour}">${line.name}</text>`;
  })
  .join("\n")}
</svg>
`;
}

/** The hostile reader's targets: money keeps its pace on each database. */
export function judgeHostile(results: HostileResult[]): Target[] {
  return results.map((h) => {
    const bound = h.database === "postgres" ? 100 : 150;
    return {
      name: `hostile reader, ${h.database} at ${h.ledgerRows.toLocaleString("en")} ledger rows: credit p99 < ${bound} ms, every credit OK`,
      met: h.creditMs.p99 < bound && h.walletNotOk === 0 && h.errors === 0,
      detail: `credit p99 ${h.creditMs.p99} ms (alone ${h.creditAloneMs.p99} ms), ${h.walletNotOk} not OK; the reader's answers ${JSON.stringify(h.reads)}`,
    };
  });
}

export function hostileMarkdown(results: HostileResult[]): string {
  if (results.length === 0) return "";
  const head = ["database", "ledger rows", "credit alone p50 / p99 ms", "credit with the reader p50 / p99 ms", "wallet not OK", "reader's answers by status", "reader served p50 / p99 ms"];
  return `## One hostile player

One launch token keeps ${16} calls of \`GET /v1/rooms/{id}/result\` open, over and over, while signed credits arrive at 50 a second.

${row(head)}
${row(head.map(() => "---"))}
${results
  .map((h) =>
    row([
      h.database,
      h.ledgerRows.toLocaleString("en"),
      `${h.creditAloneMs.p50} / ${h.creditAloneMs.p99}`,
      `${h.creditMs.p50} / ${h.creditMs.p99}`,
      h.walletNotOk,
      Object.entries(h.reads).map(([status, n]) => `${status}: ${n.toLocaleString("en")}`).join(", "),
      `${h.readMs.p50} / ${h.readMs.p99}`,
    ]),
  )
  .join("\n")}
`;
}

export function costsMarkdown(costs: DoorCost[]): string {
  const head = ["call", "server CPU per call", "latency p50 / p99 ms", "answers"];
  return `## What a refusal costs

Server CPU per call (the process's CPU time over ${costs[0]?.calls.toLocaleString("en") ?? 0} calls, 20 at a time), PostgreSQL.

${row(head)}
${row(head.map(() => "---"))}
${costs.map((c) => row([c.what, `${c.cpuMicroseconds} µs`, `${c.latencyMs.p50} / ${c.latencyMs.p99}`, Object.entries(c.statuses).map(([s, n]) => `${s}: ${n}`).join(", ")])).join("\n")}
`;
}
