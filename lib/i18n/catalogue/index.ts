import type { Locale } from "../locales";
import * as errors from "./errors";
import * as limits from "./limits";
import * as list from "./list";
import * as room from "./room";
import * as shell from "./shell";
import type { Catalogue } from "./shape";

// The lobby's one catalogue: every word a player reads, in every language it offers. Each area of the
// lobby has its file, English first and Spanish beside it; Catalogue<> makes the compiler check that
// every language has every key. Messages with numbers or names in them are functions.

const en = { shell: shell.en, list: list.en, room: room.en, limits: limits.en, errors: errors.en };

export type Messages = Catalogue<typeof en>;

export const CATALOGUES: Record<Locale, Messages> = {
  en,
  es: { shell: shell.es, list: list.es, room: room.es, limits: limits.es, errors: errors.es },
};
