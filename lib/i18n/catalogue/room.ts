import type { Catalogue } from "./shape";

export const en = {};

export const es: Catalogue<typeof en> = {};
