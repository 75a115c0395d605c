import { Decimal } from "@/lib/money/decimal";
import type { LedgerState } from "./app";

/** One fault's printed figures and the checks that decide whether it passed. */
export class Report {
  readonly figures: [string, string | number][] = [];
  readonly checks: { what: string; ok: boolean; detail: string }[] = [];

  figure(label: string, value: string | number) {
    this.figures.push([label, value]);
  }

  check(what: string, ok: boolean, detail = "") {
    this.checks.push({ what, ok, detail });
  }

  get passed() {
    return this.checks.length > 0 && this.checks.every((c) => c.ok);
  }

  /**
   * The checks every credit fault makes of the ledger against what the platform saw: each sent transfer
   * in it exactly once (none lost, none doubled), nothing else in it, every `OK` answered backed by a
   * row, balances equal to their rows, and to the sums the platform expects.
   */
  ledgerChecks(ledger: LedgerState, sent: { transferId: string; playerId: string; amount: string; answeredOk: boolean }[], startBalance = "0") {
    const counts = sent.map((s) => ledger.creditsPerTransfer.get(s.transferId) ?? 0);
    const duplicates = counts.filter((n) => n > 1).length;
    const lost = counts.filter((n) => n === 0).length;
    const okNotInLedger = sent.filter((s, i) => s.answeredOk && counts[i] === 0).length;
    const sentIds = new Set(sent.map((s) => s.transferId));
    const unknown = [...ledger.creditsPerTransfer.keys()].filter((id) => !sentIds.has(id)).length;
    const expected = new Map<string, Decimal>();
    for (const s of sent) expected.set(s.playerId, (expected.get(s.playerId) ?? new Decimal(startBalance)).plus(s.amount));
    const wrongBalances = [...expected].filter(([id, sum]) => !sum.equals(ledger.balances.get(id) ?? "NaN")).length;

    this.figure("ledger credit rows", ledger.creditRows);
    this.figure("duplicates found", duplicates);
    this.figure("lost", lost);
    this.check("every transfer in the ledger exactly once", duplicates === 0 && lost === 0, `${duplicates} doubled, ${lost} lost`);
    this.check("no OK answered for a transfer the ledger lacks", okNotInLedger === 0, `${okNotInLedger} such`);
    this.check("no credit in the ledger that was not sent", unknown === 0, `${unknown} such`);
    this.check("the ledger proves itself: balances, accounts summing to zero, pots, kept days (db/consistency.ts)", ledger.inconsistencies.length === 0, ledger.inconsistencies.slice(0, 3).join("; "));
    this.check("every balance equals what the platform credited", wrongBalances === 0, `${wrongBalances} players differ`);
  }
}

/** A line of progress while a fault runs, so a long step never looks hung. */
export function progress(message: string) {
  console.log(`   .. ${message}`);
}

/** Milliseconds as seconds with one decimal, for the figures. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
