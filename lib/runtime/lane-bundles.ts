/** Where `npm run build` puts the wallet lane's thread as one file (scripts/build-lanes.ts). */
export const WALLET_LANE_BUNDLE = ".next/wallet-lane.mjs";
/** Where `npm run build` puts the stream lane's process as one file (scripts/build-lanes.ts). */
export const STREAM_LANE_BUNDLE = ".next/stream-lane.mjs";
