import { createHash } from "node:crypto";

/** How the team's secrets (session secrets, API tokens) are stored: their SHA-256, never themselves. */
export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
