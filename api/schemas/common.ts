/** zod schemas shared by several routes. */
import { z } from 'zod';
import { SCOPE_ID_MAX_LENGTH, SESSION_ID } from '../../context/ids.js';

/** Session ids are chosen by agents; keep them printable and bounded (they enter workflow ids). */
export const sessionIdSchema = z
  .string()
  .min(1)
  .max(SESSION_ID.maxLength)
  .regex(SESSION_ID.pattern, SESSION_ID.patternText);

export const sessionParamsSchema = z.object({ sessionId: sessionIdSchema });

/** A page of a list: `limit` items after `cursor` (db/pagination.ts). */
export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});

/** A memory scope's user or agent id, chosen by the agent. */
export const scopeIdSchema = z.string().min(1).max(SCOPE_ID_MAX_LENGTH);

/**
 * Every failure's body (docs/api.md#errors), as api/plugins/errors.ts sends it: `details` is the failing
 * fields of a 400 or 422, or what a 409 conflicts with.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    requestId: z.string(),
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** What each error status means, for the OpenAPI document. */
const ERROR_MEANINGS = {
  400: 'Invalid request: `details` names the failing fields',
  401: 'Missing, unknown or revoked API key',
  403: 'Needs an operator key',
  404: 'Unknown session, compaction, memory or extraction',
  409: 'Conflicts with the current state (`code` says how)',
  413: 'Body over the size limit',
  415: 'Body is not application/json',
  422: 'A value the database cannot store',
  429: 'Rate limited: retry after `Retry-After` seconds',
  500: 'Internal error',
  503: 'A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds',
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Any /v1 route can answer these: a bad request, no key, the rate limit, an internal error. */
const EVERY_ROUTE = [400, 401, 429, 500] as const;
/** A route that takes a body (POST, DELETE) can also be refused for its size or content type. */
export const BODY_ERRORS = [413, 415] as const;

/**
 * A route's error answers for its `response` schema: the statuses every route can answer plus
 * the given ones, each with the one error body.
 */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S | (typeof EVERY_ROUTE)[number], typeof apiErrorSchema> {
  const all = [...new Set<ErrorStatus>([...EVERY_ROUTE, ...statuses])].sort((a, b) => a - b);
  return Object.fromEntries(
    all.map((status) => [status, apiErrorSchema.describe(ERROR_MEANINGS[status])]),
  ) as Record<S | (typeof EVERY_ROUTE)[number], typeof apiErrorSchema>;
}

/** Flattens intersections, deeply, so two ways of writing one shape compare equal. */
type Flat<T> =
  T extends ReadonlyArray<infer U> ? Flat<U>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;

/**
 * true when A and B are one type: the same fields, each optional or not alike, of the same types.
 * A response schema is checked against the type its handler returns with
 * `type _ = Expect<SameFields<z.infer<typeof schema>, Returned>>`: the serializer drops every
 * field the schema does not name, so a field added to the handler's type must fail to compile.
 */
export type SameFields<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

/** Fails to compile unless its argument is `true`. */
export type Expect<T extends true> = T;

/**
 * A list's size beside its page (db/pagination.ts countUpTo): the rows its filter matches, counted
 * up to config/defaults.ts LIST_TOTAL_CAP; `totalCapped` says there are more than `total`.
 */
export const listTotalFields = {
  total: z.number().int().min(0),
  totalCapped: z.boolean(),
};
