// The kit every contract is written with: only zod and small pure modules, so that it loads on the
// server and, as types, in the browser.

export { endpoint, type Answer, type Answers, type Auth, type Endpoint, type SuccessAnswer } from "./endpoint";
export { ErrorEnvelope, success } from "./envelope";
export { adminErrors, error, lobbyReadErrors, playerErrors, tooMany } from "./errors";
export { instant, moneyText, pageFields } from "./fields";
export { idempotencyKeyHeader, keyErrors, keyInUse } from "./idempotency";
export { walletAnswers, walletHeaders } from "./wallet";
