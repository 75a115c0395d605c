export * from "./ledger";
export * from "./players";
export * from "./rooms";
export * from "./audit";
export * from "./throttle";
export * from "./reports";
export * from "./platform";
export * from "./idempotency";
