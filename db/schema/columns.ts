import { numeric, timestamp } from "drizzle-orm/pg-core";

/** Money columns: exact decimals, up to 12 integer and 8 fraction digits. */
export const money = () => numeric({ precision: 20, scale: 8 });

/** Instants, always with their time zone, read as JavaScript Dates. */
export const stamp = () => timestamp({ withTimezone: true, mode: "date" });
