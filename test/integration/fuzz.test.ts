/**
 * HTTP fuzzing of the live API (issue 11 item 3): for every route in /openapi.json, requests
 * generated from the route's own schemas (test/fuzz/arbitraries.ts) — valid ones, and ones with a
 * hostile change: a value of the wrong type, an unknown or prototype key, deep nesting, huge
 * arrays and strings, odd Unicode, bad ids and query strings, a body that is not JSON. Checks on
 * every answer: never a 5xx; an error body with a code and, for a 400, the failing field named;
 * no SQL, stack or parameters in it; nothing stored for a refused request; an accepted turn or
 * memory reads back identical. `MOLT_FUZZ_RUNS` (default 10,000) requests in all, split evenly
 * over the routes; `MOLT_FUZZ_SEED` fixes the sequence (default: a constant, so CI is repeatable).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApi } from '../../api/server.js';
import { convertToCanonical } from '../../context/adapters/index.js';
import { messageSchema } from '../../context/messages.js';
import { createApiKey } from '../../db/api-keys.js';
import { readMessages } from '../../db/transcript.js';
import { arbitraryOf, hostileParam, type JsonSchema, mutated } from '../fuzz/arbitraries.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const RUNS = Number(process.env.MOLT_FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.MOLT_FUZZ_SEED ?? 20_261_123);

let h: Harness;
let app: FastifyInstance;
/** The fuzz's own tenant: its row counts are not disturbed by other test files running alongside. */
const TENANT = `fuzz-${randomUUID()}`;
let key = '';
const inject = (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${key}` } });
const fixtures = { sessionId: '', compactionId: '', memoryId: '', extractionId: '' };
/** Sessions valid turns go to (a few: every accepted turn is a signal to its workflow). */
const FUZZ_SESSIONS = [0, 1, 2].map((i) => `fuzz-${i}-${randomUUID()}`);

beforeAll(async () => {
  h = await startHarness();
  app = await buildApi({
    db: h.database.db,
    temporal: h.client,
    taskQueue: h.taskQueue,
    defaultContextWindowTokens: 200_000,
    auth: 'required',
  });
  key = (await createApiKey(h.database.db, { tenantId: TENANT, role: 'operator' })).key;
  fixtures.sessionId = uniqueSessionId('fuzz-fixture');
  for (let i = 0; i < 2; i++) {
    const response = await inject({
      method: 'POST',
      url: `/v1/sessions/${fixtures.sessionId}/turns`,
      payload: {
        turnId: `t${i}`,
        userId: 'fuzz-user',
        messages: [{ role: 'user', content: `Please remember that fuzz fact ${i} holds.` }],
      },
    });
    expect(response.statusCode).toBe(202);
  }
  await inject({
    method: 'POST',
    url: `/v1/sessions/${fixtures.sessionId}/compact`,
    payload: { keepRecentTokens: 0 },
  });
  const compactions = await eventually(
    async () =>
      (await inject({ method: 'GET', url: `/v1/compactions?sessionId=${fixtures.sessionId}` })).json(),
    (list) => list.items.length > 0 && list.items[0].status !== 'running',
  );
  fixtures.compactionId = compactions.items[0].id;
  const extractions = await eventually(
    async () =>
      (await inject({ method: 'GET', url: `/v1/memory-extractions?sessionId=${fixtures.sessionId}` })).json(),
    // Finished, so nothing of the fixture lands in the fuzz tenant's rows while the fuzz counts them.
    (list) => list.items.length > 0 && list.items.every((x: Json) => x.status !== 'running'),
  );
  fixtures.extractionId = extractions.items[0].id;
  const memory = await inject({
    method: 'POST',
    url: '/v1/memories',
    payload: { content: 'fuzz fixture memory', userId: 'fuzz-user' },
  });
  fixtures.memoryId = memory.json().memory.id;
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

interface Route {
  method: string;
  path: string;
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
}

async function liveRoutes(): Promise<Route[]> {
  const doc = (await inject({ method: 'GET', url: '/openapi.json' })).json();
  const out: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, op] of Object.entries(item as Json)) {
      const params: Record<string, JsonSchema> = {};
      const query: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) (p.in === 'path' ? params : query)[p.name] = p.schema ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        params,
        query,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

/** Routes whose valid call runs a compaction or replay (seconds each): valid calls name no resource. */
const SLOW = /\/(compact|overflow|replay)$/;
const FIXTURE_OF: Record<string, keyof typeof fixtures> = {
  sessionId: 'sessionId',
  compactionId: 'compactionId',
  memoryId: 'memoryId',
  extractionId: 'extractionId',
};

interface Request {
  url: string;
  body: unknown;
  valid: boolean;
  sessionId?: string;
}

const messagesArb = fc.array(arbitraryOf(z.toJSONSchema(messageSchema, { io: 'input' }) as JsonSchema), {
  minLength: 1,
  maxLength: 4,
});

function requestArb(route: Route): fc.Arbitrary<Request> {
  const bodyArb: fc.Arbitrary<unknown> =
    route.body === null
      ? fc.constant(undefined)
      : route.path.endsWith('/turns')
        ? fc.record({
            turnId: fc.uuid().map((id) => `fz-${id}`),
            // A window no fuzz session fills: no compaction runs in the background.
            contextWindowTokens: fc.constant(100_000_000),
            messages: messagesArb,
            userId: fc.constant('fuzz-user'),
          })
        : (arbitraryOf(route.body) as fc.Arbitrary<unknown>);
  const queryArb = fc.record(
    Object.fromEntries(Object.entries(route.query).map(([name, schema]) => [name, arbitraryOf(schema)])),
    { requiredKeys: [] },
  );
  const slow = SLOW.test(route.path);
  const paramsArb = fc.record(
    Object.fromEntries(
      Object.keys(route.params).map((name) => [
        name,
        name === 'sessionId' && route.path.endsWith('/turns')
          ? fc.constantFrom(...FUZZ_SESSIONS)
          : slow
            ? fc.constant(`missing-${name}`)
            : fc.constant(fixtures[FIXTURE_OF[name]!]),
      ]),
    ),
  );
  const build = (
    params: Record<string, unknown>,
    query: Record<string, unknown>,
    body: unknown,
    valid: boolean,
  ) => {
    let path = route.path;
    for (const [name, value] of Object.entries(params))
      path = path.replace(`{${name}}`, encodeAny(String(value)));
    const qs = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(
        ([name, value]) =>
          `${encodeAny(name)}=${encodeAny(typeof value === 'string' ? value : JSON.stringify(value))}`,
      )
      .join('&');
    return {
      url: qs ? `${path}?${qs}` : path,
      body,
      valid,
      sessionId: params.sessionId as string | undefined,
    };
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(paramsArb, queryArb, bodyArb).map(([p, q, b]) => build(p, q, b, true)) },
    {
      weight: route.body === null ? 0 : 5,
      arbitrary: fc
        .tuple(paramsArb, queryArb, route.body === null ? fc.constant({ body: undefined }) : mutated(bodyArb))
        .map(([p, q, m]) => build(p, q, (m as { body: unknown }).body, false)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(paramsArb, queryArb, bodyArb, fc.constantFrom(...Object.keys(route.params), '?'), hostileParam)
        .map(([p, q, b, which, bad]) =>
          which === '?'
            ? build(p, { ...q, [`junk${bad.length}`]: bad, limit: bad }, b, false)
            : build({ ...p, [which]: bad }, q, b, false),
        ),
    },
  );
}

/** Percent-encoding, with a lone surrogate sent as the bytes a hostile client would (invalid UTF-8). */
function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

const LEAK =
  /\b(select|insert|update|delete)\b.*\b(from|into|set)\b|\$\d|\bat .+\.(ts|js):\d+|node_modules|stack/i;

/** The answer without what the client itself sent (an id echoed in "session … not found"). */
function withoutEcho(body: string, request: Request): string {
  const sent: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') sent.push(value);
    else if (value !== null && typeof value === 'object') {
      // An unknown field's error names its key ("body.<key>: unknown field"): that is an echo too.
      for (const [k, v] of Object.entries(value)) {
        sent.push(k);
        collect(v);
      }
    }
  };
  collect(request.body);
  for (const part of request.url.split(/[/?&=]/)) {
    try {
      sent.push(decodeURIComponent(part));
    } catch {
      sent.push(part);
    }
  }
  let out = body;
  for (const text of sent.filter((t) => t.length >= 2).sort((a, b) => b.length - a.length)) {
    out = out.split(JSON.stringify(text).slice(1, -1)).join('').split(text).join('');
  }
  return out;
}

async function counts(): Promise<string> {
  const result = (await h.database.db.execute(
    // Only what a request writes itself: messages (turns) and commit_memory memories. Compactions
    // and extracted memories come from workflows in the background, at their own time.
    sql`select (select count(*) from messages where tenant_id = ${TENANT}) as m,
      (select count(*) from memories where tenant_id = ${TENANT} and source->>'kind' = 'commit_memory') as mem`,
  )) as unknown as { rows: Json[] };
  return JSON.stringify(result.rows[0]);
}

describe('HTTP fuzzing', () => {
  it(
    `answers ${RUNS} generated requests across every route without a 5xx, naming the field, storing nothing refused`,
    async () => {
      const routes = await liveRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const perRoute = Math.ceil(RUNS / routes.length);
      const tally: Record<string, Record<number, number>> = {};
      let sent = 0;
      for (const route of routes) {
        const what = `${route.method} ${route.path}`;
        tally[what] = {};
        await fc.assert(
          fc.asyncProperty(requestArb(route), async (request) => {
            const mutating = route.method !== 'GET';
            const before = mutating ? await counts() : '';
            const raw = (request.body as { __raw?: string } | undefined)?.__raw;
            const response = await inject({
              method: route.method as 'GET',
              url: request.url,
              ...(request.body === undefined
                ? {}
                : raw !== undefined
                  ? { payload: raw, headers: { 'content-type': 'application/json' } }
                  : {
                      payload: JSON.stringify(request.body),
                      headers: { 'content-type': 'application/json' },
                    }),
            });
            sent += 1;
            tally[what]![response.statusCode] = (tally[what]![response.statusCode] ?? 0) + 1;
            const context = `${what} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, context).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const error = response.json().error;
              expect(error?.code, context).toEqual(expect.any(String));
              expect(error?.message, context).toEqual(expect.any(String));
              expect(withoutEcho(response.body, request), context).not.toMatch(LEAK);
              if (response.statusCode === 400)
                expect(error.message, context).toMatch(/^(body|query|params|headers)\b/);
              if (mutating && response.statusCode !== 409) expect(await counts(), context).toBe(before);
              return;
            }
            const answer = response.json();
            if (route.path.endsWith('/turns') && response.statusCode === 202) {
              const stored = await readMessages(h.database.db, TENANT, request.sessionId!, {
                afterSeq: answer.turn.fromSeq - 1,
                toSeq: answer.turn.toSeq,
              });
              // What was sent is the JSON text (-0 travels as 0): compare with that, an assistant's
              // plain-string content as the one text block molt stores it as.
              const sentMessages = convertToCanonical(
                JSON.parse(JSON.stringify((request.body as Json).messages)),
                'openclaw',
              );
              expect(
                stored.map((row) => row.body),
                context,
              ).toEqual(sentMessages);
            }
            if (route.method === 'POST' && route.path === '/v1/memories' && response.statusCode === 201) {
              const memory = (
                await inject({ method: 'GET', url: `/v1/memories/${answer.memory.id}` })
              ).json();
              expect(memory.content, context).toBe((request.body as Json).content.trim());
            }
          }),
          { numRuns: perRoute, seed: SEED, endOnFailure: true },
        );
      }
      console.log(`fuzz: ${sent} requests, seed ${SEED}\n${JSON.stringify(tally, null, 1)}`);
      expect(sent).toBeGreaterThanOrEqual(RUNS);
    },
    scaled(1_800_000),
  );
});
