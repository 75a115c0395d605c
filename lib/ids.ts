import { randomUUID } from "node:crypto";

/** Ids of players and rooms: random UUIDs, stored as text. */
export const newId = (): string => randomUUID();

/**
 * Whether a string from a path could be an id at all. Anything else is answered "not found" without a
 * query, and never reaches PostgreSQL (which refuses some characters in text outright).
 */
export const isWellFormedId = (id: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(id);
