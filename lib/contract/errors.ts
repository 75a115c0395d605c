import type { Answer } from "./endpoint";
import { ErrorEnvelope } from "./envelope";

// The error answers many endpoints share, each described once.

export const error = (description: string): Answer<typeof ErrorEnvelope> => ({ description, schema: ErrorEnvelope });
export const tooMany = (what: string) => error(`\`too_many_requests\`: too many ${what} from the caller's address; \`Retry-After\` says when to try again`);

export const playerErrors = {
  400: error("The query, path or body is invalid (`validation_failed`, `invalid_json`); `errors` lists each field's problem"),
  401: error("`token_missing`, `token_invalid` or `token_expired`: the X-Player-Token header"),
  429: tooMany("unknown player tokens"),
  503: error("`database_timeout`: the database is busy; nothing was changed. `database_unavailable`: the database cannot be reached"),
};

/** Lobby reads may also be shed while the instance serves money first. */
export const lobbyReadErrors = {
  ...playerErrors,
  429: error(
    "`too_many_requests`: too many unknown player tokens from the caller's address, or this player's reads past their share (`LOBBY_READS_PER_PLAYER` in flight, `LOBBY_READ_RATE_PER_PLAYER` a second); `Retry-After` says when to try again",
  ),
  503: error(
    "`overloaded`: the instance is busy and sheds lobby reads so that wallet and bet calls keep their pace; `Retry-After` says when to ask again. `database_timeout`, `database_unavailable` as elsewhere",
  ),
};

export const adminErrors = {
  400: playerErrors[400],
  401: error("`admin_unauthorized`: no or a wrong `Authorization: Bearer` token (ADMIN_TOKEN or an operator's), and no live console session"),
  429: tooMany("wrong admin tokens"),
  503: playerErrors[503],
};
