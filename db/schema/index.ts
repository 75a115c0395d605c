export * from "./players";
export * from "./rooms";
