import { numeric, timestamp } from "drizzle-orm/pg-core";

/** Money columns: exact decimals, up to 12 integer and 8 fraction digits. */
export const money = (name?: string) => (name ? numeric(name, { precision: 20, scale: 8 }) : numeric({ precision: 20, scale: 8 }));

/** Instants, always with their time zone, read as JavaScript Dates. */
export const stamp = () => timestamp({ withTimezone: true, mode: "date" });

/**
 * An instant kept to the millisecond, as the API shows it. For a column that orders what the lobby
 * orders again by itself: two rooms made within one millisecond then compare alike on both sides.
 */
export const stampToTheMillisecond = () => timestamp({ withTimezone: true, mode: "date", precision: 3 });
