// npm run wallet:sign -- <body.json> [--secret S] [--url http://localhost:3000]
// Prints the X-Signature of a callback body and a ready curl command that sends it.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { signBody } from "@/lib/wallet/signature";
import { scriptConfig } from "./script-config";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { secret: { type: "string" }, url: { type: "string" } } });
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run wallet:sign -- <body.json> [--secret S] [--url http://localhost:3000]");
  process.exit(1);
}

const settings = scriptConfig();
const body = readFileSync(file);
const secret = values.secret ?? settings.walletSigningSecrets[0]!;
const signature = signBody(body, secret);
let parsed: Record<string, unknown> = {};
try {
  parsed = JSON.parse(body.toString("utf8"));
} catch {
  console.error(`Note: ${file} is not valid JSON; the wallet will answer ERR_INVALID_REQUEST.`);
}
// A refund names its own reference; a credit does not.
const endpoint = "reference_id" in parsed ? "refund" : "credit";
const origin = (values.url ?? settings.publicUrl ?? `http://localhost:${settings.port}`).replace(/\/+$/, "");
const headers = [`-H 'Content-Type: application/json'`, `-H 'X-Signature: ${signature}'`];
if (endpoint === "refund") headers.push(`-H 'X-Timestamp: ${parsed.timestamp}'`);

console.log(signature);
console.log(`\ncurl -s ${origin}/wallet/${endpoint} ${headers.join(" ")} --data-binary @${file}`);
