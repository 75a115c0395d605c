import { processState } from "@/lib/process/state";

// Counters and latency histograms kept in this process, rendered in Prometheus' text format by
// GET /metrics. Process state (lib/process/state.ts): Next.js may load this module once per route bundle.

/** Upper bounds of the latency histogram, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

interface Registry {
  requests: Map<string, number>;
  latencies: Map<string, Histogram>;
  walletOutcomes: Map<string, number>;
  listReads: Map<string, number>;
  shed: Map<string, number>;
  walletLimits: Map<string, number>;
  /** The last ledger check: how many problems it found, and when (ms since the epoch). */
  ledgerCheck?: { problems: number; at: number };
}


const registry = () =>
  processState("metrics", (): Registry => ({ requests: new Map(), latencies: new Map(), walletOutcomes: new Map(), listReads: new Map(), shed: new Map(), walletLimits: new Map() }));

const key = (labels: Record<string, string | number>) => JSON.stringify(labels);

const increment = (counter: Map<string, number>, labels: Record<string, string>) => {
  const k = key(labels);
  counter.set(k, (counter.get(k) ?? 0) + 1);
};

export function recordRequest(labels: { method: string; route: string; status: number }, seconds: number): void {
  const r = registry();
  const k = key(labels);
  r.requests.set(k, (r.requests.get(k) ?? 0) + 1);
  const h = r.latencies.get(k) ?? { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
  LATENCY_BUCKETS.forEach((bound, i) => seconds <= bound && h.counts[i]!++);
  h.sum += seconds;
  h.count++;
  r.latencies.set(k, h);
}

export const recordWalletOutcome = (labels: { endpoint: string; status_code: string }) => increment(registry().walletOutcomes, labels);

/** A wallet call refused by a risk limit (lib/ledger/limits.ts). */
export const recordWalletLimit = (labels: { endpoint: string; limit: string }) => increment(registry().walletLimits, labels);

/** The result of a ledger check (GET /v1/admin/ledger/check). */
export const recordLedgerCheck = (problems: number) => void (registry().ledgerCheck = { problems, at: Date.now() });

/** A room list answered from the instance's shared cache, or read from the database. */
export const recordListRead = (served: "cache" | "database") => increment(registry().listReads, { served });

/** A lobby read refused with 503 `overloaded` so that money keeps its pace. */
export const recordShed = (route: string) => increment(registry().shed, { route });

const escapeLabel = (v: string | number) => String(v).replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const labelText = (labels: Record<string, string | number>) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
};

export interface Gauge {
  name: string;
  help: string;
  samples: { labels: Record<string, string | number>; value: number }[];
}

/** The Prometheus exposition of everything counted so far, plus the gauges read at scrape time. */
export function renderMetrics(gauges: Gauge[]): string {
  const r = registry();
  const lines: string[] = [];
  const family = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

  family("lobby_http_requests_total", "counter", "HTTP requests answered, by method, route and status.");
  for (const [k, n] of r.requests) lines.push(`lobby_http_requests_total${labelText(JSON.parse(k))} ${n}`);

  family("lobby_http_request_duration_seconds", "histogram", "Time to answer an HTTP request, by method, route and status.");
  for (const [k, h] of r.latencies) {
    const labels = JSON.parse(k) as Record<string, string>;
    LATENCY_BUCKETS.forEach((bound, i) => lines.push(`lobby_http_request_duration_seconds_bucket${labelText({ ...labels, le: bound })} ${h.counts[i]}`));
    lines.push(`lobby_http_request_duration_seconds_bucket${labelText({ ...labels, le: "+Inf" })} ${h.count}`);
    lines.push(`lobby_http_request_duration_seconds_sum${labelText(labels)} ${h.sum}`);
    lines.push(`lobby_http_request_duration_seconds_count${labelText(labels)} ${h.count}`);
  }

  family("lobby_wallet_outcomes_total", "counter", "Wallet callbacks answered, by endpoint and status_code.");
  for (const [k, n] of r.walletOutcomes) lines.push(`lobby_wallet_outcomes_total${labelText(JSON.parse(k))} ${n}`);

  family("lobby_wallet_limit_refusals_total", "counter", "Wallet calls refused by a risk limit, by endpoint and limit (docs/wallet.md, \"Risk limits\").");
  for (const [k, n] of r.walletLimits) lines.push(`lobby_wallet_limit_refusals_total${labelText(JSON.parse(k))} ${n}`);

  const check = r.ledgerCheck;
  if (check) {
    family("lobby_ledger_problems", "gauge", "Problems the last ledger check found (GET /v1/admin/ledger/check): 0 when the ledger proves itself.");
    lines.push(`lobby_ledger_problems ${check.problems}`);
    family("lobby_ledger_checked_at_seconds", "gauge", "When the last ledger check ran, in seconds since the epoch.");
    lines.push(`lobby_ledger_checked_at_seconds ${Math.floor(check.at / 1000)}`);
  }

  family("lobby_room_list_reads_total", "counter", "Room list answers, by where their page came from: the instance's cache or the database.");
  for (const [k, n] of r.listReads) lines.push(`lobby_room_list_reads_total${labelText(JSON.parse(k))} ${n}`);

  family("lobby_reads_shed_total", "counter", "Lobby reads answered 503 overloaded so that money keeps its pace, by route.");
  for (const [k, n] of r.shed) lines.push(`lobby_reads_shed_total${labelText(JSON.parse(k))} ${n}`);

  for (const g of gauges) {
    family(g.name, "gauge", g.help);
    for (const s of g.samples) lines.push(`${g.name}${labelText(s.labels)} ${s.value}`);
  }
  return `${lines.join("\n")}\n`;
}
