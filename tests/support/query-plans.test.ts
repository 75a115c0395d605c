import { describe, expect, it } from "vitest";
import { unboundedReads, type PlanNode } from "./query-plans";

const scan = (type: string, relation: string, extra: Partial<PlanNode> = {}): PlanNode => ({ "Node Type": type, "Relation Name": relation, ...extra });
const over = (type: string, ...plans: PlanNode[]): PlanNode => ({ "Node Type": type, Plans: plans });
const bitmap = (index: string, cond?: string): PlanNode => ({ "Node Type": "Bitmap Index Scan", "Index Name": index, ...(cond ? { "Index Cond": cond } : {}) });

const WATCHED = new Set(["ledger_entries", "rooms"]);

describe("unboundedReads", () => {
  it.each<[string, PlanNode, string[]]>([
    ["a sequential scan of a watched table", over("Hash Join", scan("Seq Scan", "ledger_entries"), scan("Seq Scan", "room_tallies")), ["Seq Scan on ledger_entries"]],
    ["a sequential scan even under a Limit", over("Limit", scan("Seq Scan", "rooms")), ["Seq Scan on rooms"]],
    ["an index read by its condition", scan("Index Scan", "rooms", { "Index Name": "rooms_pkey", "Index Cond": "(id = $1)" }), []],
    ["an index walked in order under a Limit", over("Limit", over("Nested Loop", scan("Index Only Scan", "rooms", { "Index Name": "rooms_list_newest" }))), []],
    [
      "an index walked whole into a Sort, whatever the Limit above",
      over("Limit", over("Sort", scan("Index Scan", "rooms", { "Index Name": "rooms_list_newest" }))),
      ["Index Scan of all of rooms_list_newest on rooms"],
    ],
    [
      "a bitmap over a whole partial index beside a keyed one",
      scan("Bitmap Heap Scan", "ledger_entries", { Plans: [over("BitmapOr", bitmap("ledger_round", "(round_id = $1)"), bitmap("ledger_one_refund_per_reference"))] }),
      ["Bitmap Index Scan of all of ledger_one_refund_per_reference on ledger_entries"],
    ],
    ["a keyed bitmap", scan("Bitmap Heap Scan", "ledger_entries", { Plans: [bitmap("ledger_player_newest", "(player_id = $1)")] }), []],
  ])("%s", (_, plan, expected) => {
    expect(unboundedReads(plan, WATCHED)).toEqual(expected);
  });
});
