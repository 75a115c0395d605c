import type { Catalogue } from "./shape";

export const en = {
  skipToContent: "Skip to content",
};

export const es: Catalogue<typeof en> = {
  skipToContent: "Saltar al contenido",
};
