import type { z } from "zod";
import type { OperatorRole } from "@/db/schema/operators";

// What an endpoint promises: the route wrappers take its authentication and input schemas from it,
// the logs and metrics its path, the OpenAPI document everything, and handlers their answer's type.

/** `metrics`: METRICS_TOKEN as a bearer token, and nothing else (/metrics only). */
export type Auth = "player" | "admin" | "metrics" | "none";

export interface Answer<S extends z.ZodType = z.ZodType> {
  description: string;
  schema?: S;
  example?: unknown;
  /** A CSV answer: instead of JSON, or as well (chosen by the query). */
  csv?: "only" | "also";
}

export type Answers = Record<number, Answer>;

type Schema = z.ZodType | undefined;

/**
 * The role an admin endpoint needs (lib/operators/roles.ts): `viewer` reads, `support` and `finance`
 * act on their own ground, `admin` has every role. Every admin endpoint names one; others none.
 */
type Needs<A extends Auth> = A extends "admin" ? { role: OperatorRole } : { role?: never };

export type Endpoint<Q extends Schema = Schema, B extends Schema = Schema, P extends Schema = Schema, A extends Auth = Auth, R extends Answers = Answers> = Needs<A> & {
  /** PUT replaces a whole resource with the body (a player's limits); POST acts. */
  method: "GET" | "POST" | "PUT";
  /** OpenAPI path template, e.g. /v1/rooms/{room_id}. */
  path: string;
  tag: "Service" | "Rooms" | "Player" | "Admin" | "Wallet";
  summary: string;
  description?: string;
  auth: A;
  query?: Q;
  body?: B;
  params?: P;
  bodyExample?: unknown;
  /** A lobby read: shed with 503 when the instance is busy, so that money keeps its pace (lib/runtime/admission.ts). */
  lobbyRead?: true;
  /** A player endpoint a blocked player may still call (leaving a room, which returns their bet); every other answers them 403 `player_blocked`. */
  whileBlocked?: true;
  /** Moves money (takes a bet, refunds one, deposits): served on money's own connections (`moneyDb`, lib/runtime/database.ts). */
  money?: true;
  /** Headers the caller must send besides authentication (the wallet's signature). */
  headers?: { name: string; required: boolean; description: string }[];
  answers: R;
};

/** Keeps each endpoint's schema types exact, its answers' included, for the route wrappers. */
export const endpoint = <Q extends Schema = undefined, B extends Schema = undefined, P extends Schema = undefined, A extends Auth = "none", R extends Answers = Answers>(
  e: Endpoint<Q, B, P, A, R>,
) => e;

/** The answer an endpoint gives when it succeeds: its 200, else its 201. */
export type SuccessAnswer<R> = R extends { 200: infer X } ? X : R extends { 201: infer X } ? X : Answer;
