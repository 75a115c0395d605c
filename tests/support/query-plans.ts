import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { Logger } from "drizzle-orm/logger";
import postgres from "postgres";
import { openDatabase, type Database, type DatabaseHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { createScratchDatabase } from "./scratch-database";

/** A statement as the code sent it: its text and its parameters' values. */
export interface Issued {
  sql: string;
  params: unknown[];
}

/** Drizzle's logger, kept: every statement the code issues, in order. */
export class IssuedQueries implements Logger {
  private issued: Issued[] = [];
  logQuery(sql: string, params: unknown[]): void {
    this.issued.push({ sql, params });
  }
  /** The statements issued since the last call, each distinct statement once. */
  take(): Issued[] {
    const distinct = new Map(this.issued.map((q) => [`${q.sql}\n${JSON.stringify(q.params)}`, q]));
    this.issued = [];
    return [...distinct.values()];
  }
}

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

// Nodes that pass rows on as they come: below them, a Limit still stops a scan early.
const STREAMING = new Set(["Limit", "Nested Loop", "Subquery Scan", "Result", "LockRows", "Unique", "Incremental Sort", "Memoize", "Gather", "Gather Merge"]);

/**
 * Where the plan reads one of `tables` without an index bounding the read: a sequential scan, a
 * bitmap over a whole index (or a whole partial index), or an index walked without a condition and
 * with no Limit to stop it (a page of the room list walks its index in order until the page is full).
 */
export function unboundedReads(plan: PlanNode, tables: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (node: PlanNode, limited: boolean, table: string | undefined) => {
    const type = node["Node Type"];
    const relation = node["Relation Name"] ?? table;
    const watched = relation !== undefined && tables.has(relation);
    if (watched && type === "Seq Scan") found.push(`Seq Scan on ${relation}`);
    if (watched && type === "Bitmap Index Scan" && !node["Index Cond"]) found.push(`Bitmap Index Scan of all of ${node["Index Name"]} on ${relation}`);
    if (watched && (type === "Index Scan" || type === "Index Only Scan") && !node["Index Cond"] && !limited) found.push(`${type} of all of ${node["Index Name"]} on ${relation}`);
    const passLimit = (type === "Limit" || limited) && STREAMING.has(type);
    // A bitmap index scan names no table: it reads for the Bitmap Heap Scan above it.
    const bitmapOf = type === "Bitmap Heap Scan" ? relation : type === "BitmapAnd" || type === "BitmapOr" ? table : undefined;
    for (const child of node.Plans ?? []) visit(child, passLimit, bitmapOf);
  };
  visit(plan, false, undefined);
  return found;
}

/**
 * A database for reading plans: `db` is the app's Drizzle over it with a logger that keeps what each
 * call issues; `plan` and `planText` plan a kept statement with its own values, as PostgreSQL plans
 * the app's (`plan_cache_mode` in db/client.ts); `handle` writes without being logged.
 */
export interface PlannedDatabase {
  handle: DatabaseHandle;
  db: Database;
  issued: IssuedQueries;
  plan(query: Issued): Promise<PlanNode>;
  planText(query: Issued): Promise<string>;
  close(): Promise<void>;
}

type Rows = Record<string, unknown>[];

function planning(run: (text: string, params: unknown[]) => Promise<Rows>): Pick<PlannedDatabase, "plan" | "planText"> {
  return {
    plan: async (q) => ((await run(`explain (format json) ${q.sql}`, q.params))[0]!["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan,
    planText: async (q) => (await run(`explain ${q.sql}`, q.params)).map((row) => row["QUERY PLAN"]).join("\n"),
  };
}

const options = (issued: IssuedQueries) => ({ schema, casing: "snake_case" as const, logger: issued });

/** A new in-memory PGlite database, migrated. */
export async function plannedEmbedded(): Promise<PlannedDatabase> {
  const handle = await openDatabase({ kind: "embedded", dir: "memory://" });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const issued = new IssuedQueries();
  return {
    handle,
    db: drizzlePglite(client, options(issued)),
    issued,
    ...planning(async (text, params) => (await client.query<Rows[number]>(text, params)).rows),
    close: () => handle.close(),
  };
}

/** A new PostgreSQL database beside the one `serverUrl` names, migrated; dropped on close. */
export async function plannedPostgres(serverUrl: string): Promise<PlannedDatabase> {
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: scratch.url }).catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  const client = postgres(scratch.url, { max: 4, onnotice: () => {} });
  const issued = new IssuedQueries();
  const db = drizzlePostgres(client, options(issued));
  return {
    handle,
    db,
    issued,
    // Through the client Drizzle configured, so that the values are sent as Drizzle sends them.
    ...planning((text, params) => client.unsafe(text, params as never[])),
    close: async () => {
      await client.end();
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * Runs `calls` on `planned` and answers, for each statement they issued that reads one of `tables`
 * without an index bounding the read, what it read, its text, its values and its plan: [] when every
 * read is bounded. Throws when the calls issued nothing, which would make the check vacuous.
 */
export async function unboundedStatements(planned: PlannedDatabase, tables: ReadonlySet<string>, calls: () => Promise<unknown>): Promise<string[]> {
  planned.issued.take();
  await calls();
  // A union begins with its first select in parentheses.
  const issued = planned.issued.take().filter((q) => /^[\s(]*(select|insert|update|delete|with)\b/i.test(q.sql));
  if (issued.length === 0) throw new Error("The calls issued no statement to plan.");
  const unbounded: string[] = [];
  for (const q of issued) {
    const reads = unboundedReads(await planned.plan(q), tables);
    if (reads.length > 0) unbounded.push(`${reads.join(", ")} in\n${q.sql}\n${JSON.stringify(q.params)}\n${await planned.planText(q)}`);
  }
  return unbounded;
}
