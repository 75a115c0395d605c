import { eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * The console's searches: a row whose name contains the text in any case (`%`, `_` and `\` match
 * themselves), or whose id is the text. Nothing to search for matches every row.
 */
export function nameOrIdMatches(name: PgColumn, id: PgColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(name, pattern), eq(id, text));
}
