/** What an admin can do, as the audit log names it: one list for the database, the API and the console. */
export const ADMIN_ACTIONS = [
  "close_room",
  "remove_player",
  "create_player",
  "issue_launch_token",
  "revoke_tokens",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "resend_event",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
