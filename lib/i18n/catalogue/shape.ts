/**
 * The shape every language must fill: the English catalogue's keys, each a string or a function of the
 * same parameters. A missing or extra key in another language is a compile error.
 */
export type Catalogue<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => infer R ? (...args: A) => R : Catalogue<T[K]>;
};
