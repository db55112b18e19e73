/**
 * Limits that hold (issue 19 item 7), on the real stack: the per-key rate limit counts the key a
 * request resolves to, so every spelling of `Authorization` for one key shares one quota; failed
 * authentication is limited per client address, before any key is looked up.
 */

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function withApi(
  options: { rateLimitPerMinute?: number; authFailuresPerMinute?: number },
  run: (app: FastifyInstance) => Promise<void>,
) {
  const app = await buildApi({
    db: h.database.db,
    temporal: h.client,
    taskQueue: h.taskQueue,
    defaultContextWindowTokens: 200_000,
    auth: 'required',
    ...options,
  });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

/** `Authorization` spellings of one key: scheme in any case, any run of spaces and tabs, trailing blanks. */
const headerVariant = (key: string) =>
  fc
    .record({
      scheme: fc.constantFrom('Bearer', 'bearer', 'BEARER', 'BeArEr', 'bEARER'),
      gap: fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom(' ', '\t') }),
      tail: fc.string({ maxLength: 3, unit: fc.constantFrom(' ', '\t') }),
    })
    .map(({ scheme, gap, tail }) => `${scheme}${gap}${key}${tail}`);

it('counts every spelling of one key against one quota', async () => {
  const LIMIT = 5;
  await withApi({ rateLimitPerMinute: LIMIT }, async (app) => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: LIMIT + 1, max: 3 * LIMIT }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        async (requests, seed) => {
          const { key } = await createApiKey(h.database.db, { tenantId: 'default', role: 'agent' });
          const headers = fc.sample(headerVariant(key), { numRuns: requests, seed });
          const statuses: number[] = [];
          for (const authorization of headers) {
            const response = await app.inject({
              method: 'GET',
              url: `/v1/sessions/${uniqueSessionId()}`,
              headers: { authorization },
            });
            statuses.push(response.statusCode);
          }
          // Every variant authenticates (404: no such session) until the quota is spent.
          expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(404));
          expect(statuses.slice(LIMIT)).toEqual(Array(requests - LIMIT).fill(429));
        },
      ),
      { numRuns: 15 },
    );
  });
});

it('limits failed authentication per client address, before any key is looked up', async () => {
  const LIMIT = 4;
  await withApi({ authFailuresPerMinute: LIMIT, rateLimitPerMinute: 1_000 }, async (app) => {
    const { key: good } = await createApiKey(h.database.db, { tenantId: 'default', role: 'agent' });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.string({ minLength: 1, maxLength: 60, unit: fc.constantFrom(...'abcXYZ019_-') }),
            fc.constant(''),
          ),
          {
            minLength: LIMIT + 1,
            maxLength: 3 * LIMIT,
          },
        ),
        async (guesses) => {
          // A fresh address per run (shrinking re-runs too): each starts with no failures counted.
          run += 1;
          const address = `10.19.${Math.floor(run / 250)}.${run % 250}`;
          const statuses: number[] = [];
          for (const guess of guesses) {
            const response = await app.inject({
              method: 'GET',
              url: `/v1/sessions/${uniqueSessionId()}`,
              remoteAddress: address,
              headers: guess ? { authorization: `Bearer wrong-${guess}` } : {},
            });
            statuses.push(response.statusCode);
            if (response.statusCode === 429) {
              expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
              expect(response.json().error.code).toBe('rate_limited');
            }
          }
          expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
          expect(statuses.slice(LIMIT)).toEqual(Array(guesses.length - LIMIT).fill(429));
          // Blocked: even a good key from that address waits out the minute…
          const fromBlocked = await app.inject({
            method: 'GET',
            url: `/v1/sessions/${uniqueSessionId()}`,
            remoteAddress: address,
            headers: { authorization: `Bearer ${good}` },
          });
          expect(fromBlocked.statusCode).toBe(429);
        },
      ),
      { numRuns: 15 },
    );
    // …while another address is not affected.
    const other = await app.inject({
      method: 'GET',
      url: `/v1/sessions/${uniqueSessionId()}`,
      remoteAddress: '2001:db8::1',
      headers: { authorization: `Bearer ${good}` },
    });
    expect(other.statusCode).toBe(404);
  });
});
