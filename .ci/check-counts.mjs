// CI: reads the JSON reports of a run and fails when any test was skipped, todo, failed or retried, or
// when a test file collected no test; prints the counts and the ten slowest tests either way. A
// browser test past half its time limit is named as a warning (a slow page to look into), not failed:
// a verdict on speed would make the run depend on the machine.
//   node .ci/check-counts.mjs vitest test-results/vitest.json
//   node .ci/check-counts.mjs playwright test-results/e2e.json e2e
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const [kind, file, specDir] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, "utf8"));
const problems = [];
const counts = { files: 0, tests: 0, passed: 0, failed: 0, skipped: 0, todo: 0, flaky: 0 };
/** Every test's duration, in ms, and its time limit when the report gives one. */
const durations = [];

if (kind === "vitest") {
  for (const result of report.testResults) {
    counts.files++;
    const name = path.relative(process.cwd(), result.name);
    if (result.assertionResults.length === 0) problems.push(`${name}: no test collected (${result.message || result.status})`);
    for (const test of result.assertionResults) {
      counts.tests++;
      durations.push({ name: `${name}: ${test.fullName}`, ms: test.duration ?? 0 });
      const status = test.status === "pending" ? "skipped" : test.status;
      counts[status in counts ? status : "failed"]++;
      if (status !== "passed") problems.push(`${name}: ${status}: ${test.fullName}`);
    }
  }
} else if (kind === "playwright") {
  const seen = new Set();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      seen.add(spec.file);
      for (const test of spec.tests) {
        counts.tests++;
        for (const result of test.results ?? []) durations.push({ name: `${spec.file}: ${spec.title}`, ms: result.duration, limit: test.timeout });
        if ((test.results ?? []).length > 1) problems.push(`${spec.file}: retried ${test.results.length - 1} time(s): ${spec.title}`);
        // Playwright's own verdicts: expected, unexpected (failed), flaky (passed on a retry), skipped.
        const status = { expected: "passed", unexpected: "failed", flaky: "flaky", skipped: "skipped" }[test.status] ?? "failed";
        counts[status]++;
        if (status !== "passed") problems.push(`${spec.file}: ${status}: ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  for (const error of report.errors ?? []) problems.push(`error: ${error.message?.split("\n")[0]}`);
  const specs = readdirSync(specDir).filter((name) => name.endsWith(".spec.ts"));
  counts.files = specs.length;
  for (const spec of specs) if (![...seen].some((f) => path.basename(f) === spec)) problems.push(`${specDir}/${spec}: no test collected`);
} else {
  console.error("usage: check-counts.mjs vitest|playwright REPORT.json [SPEC_DIR]");
  process.exit(2);
}

const line = `${kind} (${file}): ${counts.files} files, ${counts.tests} tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo${kind === "playwright" ? `, ${counts.flaky} flaky` : ""}`;
console.log(line);
console.log("  ten slowest:");
for (const d of durations.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`    ${(d.ms / 1000).toFixed(1).padStart(6)} s  ${d.name}${d.limit ? ` (${Math.round((100 * d.ms) / d.limit)}% of its ${d.limit / 1000} s limit)` : ""}`);
}
for (const d of durations.filter((d) => d.limit && d.ms > d.limit / 2)) console.log(`  warning: past half its time limit: ${d.name}`);
for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`);
if (problems.length > 0 || counts.tests === 0) {
  console.log(`CI refuses this run: ${problems.length} problem(s) above${counts.tests === 0 ? ", and no test ran" : ""}.`);
  process.exit(1);
}
