import autocannon from "autocannon";

// One scenario of HTTP load with autocannon, and the figures kept of it. Latencies are recorded per
// response so that any percentile can be read exactly (autocannon's own summary has no p95).

export interface Call {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  group: "floor" | "list" | "room" | "player" | "wallet" | "mixed" | "report";
  /** The next request to send; called once per request. */
  next: () => Call;
  /** Whether an answer counts as a success; by default any 2xx. */
  ok?: (status: number, body: string) => boolean;
  /** Send exactly this many requests instead of running for the duration. */
  amount?: number;
}

export interface Figures {
  scenario: string;
  group: Scenario["group"];
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** The first few failed answers, to say what went wrong. */
  samples: string[];
}

const walletOk = (status: number, body: string) => status === 200 && body.includes('"status_code":"OK"');
export const expectWalletOk: Pick<Scenario, "ok"> = { ok: walletOk };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Round to two decimals, for figures printed and stored. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

export function summarize(scenario: Pick<Scenario, "name" | "group">, latencies: number[], seconds: number, errors: number, samples: string[]): Figures {
  const sorted = Float64Array.from(latencies).sort() as unknown as number[];
  return {
    scenario: scenario.name,
    group: scenario.group,
    requests: latencies.length,
    seconds: round2(seconds),
    rps: round2(latencies.length / seconds),
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted[sorted.length - 1] ?? 0),
    errors,
    samples,
  };
}

async function fire(baseUrl: string, scenario: Scenario, { connections, seconds, record }: { connections: number; seconds: number; record: boolean }) {
  const latencies: number[] = [];
  const samples: string[] = [];
  let errors = 0;
  const ok = scenario.ok ?? ((status: number) => status >= 200 && status < 300);
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    ...(scenario.amount !== undefined ? { amount: scenario.amount } : { duration: seconds }),
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const call = scenario.next();
          return { ...request, method: call.method, path: call.path, headers: { ...call.headers }, body: call.body };
        },
        onResponse: (status, body) => {
          if (ok(status, body)) return;
          errors++;
          if (samples.length < 3) samples.push(`${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  };
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => record && latencies.push(responseTime));
  const started = performance.now();
  const result = await done;
  const elapsed = (performance.now() - started) / 1000;
  // Connection errors and timeouts get no response at all: they are errors too.
  errors += result.errors + result.timeouts;
  return { latencies, errors, samples, elapsed };
}

/** Warms the route up (not measured), then measures it. */
export async function measure(baseUrl: string, scenario: Scenario, o: { connections: number; duration: number; warmup: number }): Promise<Figures> {
  if (scenario.amount === undefined && o.warmup > 0) await fire(baseUrl, scenario, { connections: o.connections, seconds: o.warmup, record: false });
  const run = await fire(baseUrl, scenario, { connections: o.connections, seconds: o.duration, record: true });
  return summarize(scenario, run.latencies, run.elapsed, run.errors, run.samples);
}
