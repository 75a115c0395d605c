/** Where `npm run build` puts the wallet lane's thread as one file (scripts/build-wallet-lane.ts). */
export const WALLET_LANE_BUNDLE = ".next/wallet-lane.mjs";
