import { z } from "zod";
import { OPERATOR_ROLES } from "@/db/schema/operators";
import { adminErrors, endpoint, error, instant, success } from "@/lib/contract";
import { CreateOperatorInput, CreateOperatorTokenInput, DisableOperatorInput, OperatorIdParams, OperatorTokenParams, TotpCodeInput } from "./schemas";

// The operator's team: people with roles, their API tokens, and each one's own TOTP.

export const Operator = z
  .object({
    id: z.string(),
    username: z.string(),
    role: z.enum(OPERATOR_ROLES),
    totp: z.boolean().meta({ description: "Whether sign-in asks for an authenticator code" }),
    disabled_at: instant.nullable(),
    created_by: z.string(),
    created_at: instant,
  })
  .meta({ id: "Operator" });
export type Operator = z.infer<typeof Operator>;

export const OperatorList = z.object({ operators: z.array(Operator) }).meta({ id: "OperatorList" });

export const OperatorToken = z
  .object({ id: z.string(), label: z.string(), token: z.string().meta({ description: "Shown once: send it as Authorization: Bearer <token>" }), created_at: instant })
  .meta({ id: "OperatorToken" });

export const OperatorTokenSummary = z
  .object({ id: z.string(), label: z.string(), created_at: instant, revoked_at: instant.nullable().meta({ description: "null while the token works" }) })
  .meta({ id: "OperatorTokenSummary" });

export const OperatorTokenList = z.object({ tokens: z.array(OperatorTokenSummary) }).meta({ id: "OperatorTokenList" });
export type OperatorTokenList = z.infer<typeof OperatorTokenList>;

export const Me = z
  .object({
    id: z.string().nullable().meta({ description: "null for the owner (ADMIN_TOKEN)" }),
    name: z.string(),
    role: z.enum(OPERATOR_ROLES),
    totp: z.boolean(),
  })
  .meta({ id: "Me" });

export const TotpEnrolment = z
  .object({ secret: z.string().meta({ description: "Base32, for typing into an authenticator app" }), otpauth_url: z.string() })
  .meta({ id: "TotpEnrolment" });

const notFound = error("`operator_not_found`");
const ownerOnly = error("`validation_failed`: the owner (ADMIN_TOKEN) has no operator account: sign in as an operator");

export const operatorsContract = {
  createOperator: endpoint({
    method: "POST",
    path: "/v1/admin/operators",
    tag: "Admin",
    summary: "Add a person to the team",
    description: "The password is stored as scrypt, never as given. Roles: `viewer` reads everything; `support` also acts on players and rooms; `finance` also adjusts balances and approves adjustments; `admin` does everything, including the team.",
    auth: "admin",
    role: "admin",
    body: CreateOperatorInput,
    bodyExample: { username: "ann", password: "correct horse battery staple", role: "support" },
    answers: { 201: { description: "The operator", schema: success(Operator) }, ...adminErrors, 409: error("`username_taken`: the name is in use, in any case") },
  }),
  listOperators: endpoint({
    method: "GET",
    path: "/v1/admin/operators",
    tag: "Admin",
    summary: "The team, by name",
    auth: "admin",
    role: "viewer",
    answers: { 200: { description: "Every operator, disabled ones included", schema: success(OperatorList) }, ...adminErrors },
  }),
  disableOperator: endpoint({
    method: "POST",
    path: "/v1/admin/operators/{operator_id}/disable",
    tag: "Admin",
    summary: "Disable an operator",
    description: "Ends their sessions and revokes their tokens at once; they can no longer sign in. The audit log keeps their name.",
    auth: "admin",
    role: "admin",
    params: OperatorIdParams,
    body: DisableOperatorInput,
    answers: { 200: { description: "The operator, disabled", schema: success(Operator) }, ...adminErrors, 404: notFound },
  }),
  resetOperatorTotp: endpoint({
    method: "POST",
    path: "/v1/admin/operators/{operator_id}/totp/reset",
    tag: "Admin",
    summary: "Reset an operator's authenticator app",
    description:
      "For a lost phone, or an app set up by someone else: sign-in asks for no code until they set one up again, and their console sessions end (their API tokens stay). Recorded in the audit log (`reset_totp`); an operator with no authenticator app is answered as they are, with nothing recorded.",
    auth: "admin",
    role: "admin",
    params: OperatorIdParams,
    body: DisableOperatorInput,
    answers: { 200: { description: "The operator, with `totp` false", schema: success(Operator) }, ...adminErrors, 404: notFound },
  }),
  listOperatorTokens: endpoint({
    method: "GET",
    path: "/v1/admin/operators/{operator_id}/tokens",
    tag: "Admin",
    summary: "An operator's API tokens",
    description: "Newest first, revoked ones included, each with its label: never the token itself, which is shown only when it is made.",
    auth: "admin",
    role: "admin",
    params: OperatorIdParams,
    answers: { 200: { description: "The operator's tokens", schema: success(OperatorTokenList) }, ...adminErrors, 404: notFound },
  }),
  createOperatorToken: endpoint({
    method: "POST",
    path: "/v1/admin/operators/{operator_id}/tokens",
    tag: "Admin",
    summary: "Give an operator an API token",
    description: "The token carries the operator's role, and ends when revoked or when the operator is disabled. It is stored only as a hash and shown once.",
    auth: "admin",
    role: "admin",
    params: OperatorIdParams,
    body: CreateOperatorTokenInput,
    answers: { 201: { description: "The token, shown once", schema: success(OperatorToken) }, ...adminErrors, 404: notFound, 409: error("`validation_failed`: the operator is disabled") },
  }),
  revokeOperatorToken: endpoint({
    method: "POST",
    path: "/v1/admin/operators/{operator_id}/tokens/{token_id}/revoke",
    tag: "Admin",
    summary: "Revoke one of an operator's tokens",
    auth: "admin",
    role: "admin",
    params: OperatorTokenParams,
    answers: { 200: { description: "Revoked", schema: success(z.object({ revoked: z.boolean() })) }, ...adminErrors, 404: notFound },
  }),
  me: endpoint({
    method: "GET",
    path: "/v1/admin/me",
    tag: "Admin",
    summary: "Who is calling, and their role",
    auth: "admin",
    role: "viewer",
    answers: { 200: { description: "The caller", schema: success(Me) }, ...adminErrors },
  }),
  startTotp: endpoint({
    method: "POST",
    path: "/v1/admin/me/totp",
    tag: "Admin",
    summary: "Set up an authenticator app",
    description: "A new secret for the caller's own account. Sign-in asks for codes only once one is confirmed (`/v1/admin/me/totp/confirm`); until then, a new call replaces the secret.",
    auth: "admin",
    role: "viewer",
    answers: { 200: { description: "The secret and its otpauth:// address", schema: success(TotpEnrolment) }, ...adminErrors, 400: ownerOnly },
  }),
  confirmTotp: endpoint({
    method: "POST",
    path: "/v1/admin/me/totp/confirm",
    tag: "Admin",
    summary: "Confirm the authenticator app with its first code",
    auth: "admin",
    role: "viewer",
    body: TotpCodeInput,
    answers: { 200: { description: "Sign-in now asks for a code", schema: success(Me) }, ...adminErrors, 400: error("`validation_failed`: not the code the app shows now, no secret set up, or the caller is the owner") },
  }),
};
