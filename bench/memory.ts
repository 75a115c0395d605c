import { readFileSync } from "node:fs";
import { round2 } from "./load";

// Resident memory of a server process and every process it started, read from /proc (Linux).

/** The process and every process it started, at any depth. */
export function processTree(pid: number): number[] {
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    tree.push(next);
    pending.push(...children(next));
  }
  return tree;
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** RSS in MiB of the process tree under pid. */
export function treeRssMiB(pid: number): number {
  const total = processTree(pid).reduce((sum, p) => sum + rssKiB(p), 0);
  return Math.round((total / 1024) * 10) / 10;
}

/** Samples the tree's RSS once a second until stopped; returns the samples. */
export function sampleMemory(pid: number): { stop: () => number[] } {
  const samples = [treeRssMiB(pid)];
  const timer = setInterval(() => samples.push(treeRssMiB(pid)), 1000);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(treeRssMiB(pid));
      return samples;
    },
  };
}

export interface MemoryGrowth {
  firstHalfPeakMiB: number;
  secondHalfPeakMiB: number;
  /** The second half's peak against the first half's, in percent. */
  growthPercent: number;
}

/**
 * Whether memory grew over a soak: the highest resident size of its second half against the highest
 * of its first. A leak keeps making new highs; a heap that shrinks after a collection and grows back
 * to where it was does not, so a sample taken in such a trough cannot pass for a baseline.
 */
export function memoryGrowth(samplesMiB: readonly number[]): MemoryGrowth {
  if (samplesMiB.length < 2) throw new Error("Memory growth needs at least two samples.");
  const middle = Math.floor(samplesMiB.length / 2);
  const firstHalfPeakMiB = Math.max(...samplesMiB.slice(0, middle));
  const secondHalfPeakMiB = Math.max(...samplesMiB.slice(middle));
  const growthPercent = round2(((secondHalfPeakMiB - firstHalfPeakMiB) / firstHalfPeakMiB) * 100);
  return { firstHalfPeakMiB, secondHalfPeakMiB, growthPercent };
}

/** CPU seconds used so far by a process and its children (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const ticks = (p: number): number => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  return processTree(pid).reduce((sum, p) => sum + ticks(p), 0) / 100;
}
