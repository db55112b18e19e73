/**
 * Issue 19 item 1: tenants × colliding ids. Two tenants that use the same session id (`main` is
 * common), or pairs whose tenant and session ids spell alike when joined (`a-b`/`c` against
 * `a`/`b-c`), compact the same range one after the other. Neither may ever get the other's
 * compaction row, summary, chunks, extraction or memories: through `GET /context` (the summary
 * and the system-prompt addition), the compaction and extraction routes and memory search.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { createApiKey } from '../../db/api-keys.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, type Json, startHarness } from './harness.js';

let h: Harness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startHarness();
  app = await buildApi({
    db: h.database.db,
    temporal: h.client,
    taskQueue: h.taskQueue,
    defaultContextWindowTokens: 200_000,
    auth: 'required',
  });
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

async function call(key: string, method: string, url: string, payload?: unknown): Promise<Json> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: response.statusCode, body: response.body, json: () => response.json() };
}

interface Party {
  tenantId: string;
  sessionId: string;
  secret: string;
  agent: string;
  operator: string;
}

async function party(tenantId: string, sessionId: string): Promise<Party> {
  return {
    tenantId,
    sessionId,
    secret: `secret${randomUUID().replaceAll('-', '')}`,
    agent: (await createApiKey(h.database.db, { tenantId, role: 'agent' })).key,
    operator: (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key,
  };
}

/** Three turns naming the party's secret, then `/compact` of everything: the same range (1–6). */
async function converseAndCompact(p: Party): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const turn = await call(p.agent, 'POST', `/v1/sessions/${p.sessionId}/turns`, {
      turnId: `t${i}`,
      userId: 'me',
      contextWindowTokens: 50_000,
      messages: [
        { role: 'user', content: `I prefer the vault called ${p.secret} for deploy ${i}.` },
        { role: 'assistant', content: [{ type: 'text', text: `Noted: ${p.secret}.` }], stopReason: 'stop' },
      ],
    });
    expect(turn.status, turn.body).toBe(202);
  }
  await eventually(
    async () => (await call(p.agent, 'GET', `/v1/sessions/${p.sessionId}`)).json(),
    (view) => view.lastSeq === 6,
  );
  const compacted = await call(p.agent, 'POST', `/v1/sessions/${p.sessionId}/compact`, {
    keepRecentTokens: 0,
  });
  expect(compacted.status, compacted.body).toBe(200);
  await eventually(
    async () => (await call(p.agent, 'GET', `/v1/memory-extractions?sessionId=${p.sessionId}`)).json(),
    (list) => list.items.length > 0 && list.items.every((x: Json) => x.status !== 'running'),
  );
}

/** Everything a party can read about its session, as one text. */
async function everythingOf(
  p: Party,
): Promise<{ text: string; compactionIds: string[]; extractionIds: string[] }> {
  const context = await call(p.agent, 'GET', `/v1/sessions/${p.sessionId}/context`);
  expect(context.status, context.body).toBe(200);
  const compactions = (await call(p.operator, 'GET', `/v1/compactions?sessionId=${p.sessionId}`)).json();
  const details = await Promise.all(
    compactions.items.map(async (c: Json) => (await call(p.operator, 'GET', `/v1/compactions/${c.id}`)).body),
  );
  const extractions = (await call(p.agent, 'GET', `/v1/memory-extractions?sessionId=${p.sessionId}`)).json();
  const memories = await call(p.agent, 'GET', '/v1/memories?userId=me');
  const search = await call(p.agent, 'POST', '/v1/memories/search', {
    query: 'vault deploy',
    sessionId: p.sessionId,
  });
  return {
    text: [context.body, ...details, JSON.stringify(extractions), memories.body, search.body].join('\n'),
    compactionIds: compactions.items.map((c: Json) => c.id),
    extractionIds: extractions.items.map((x: Json) => x.id),
  };
}

const piece = fc.stringMatching(/^[a-z0-9]{1,4}$/);
/** Two (tenant, session) pairs that collide in a naive id: the same session, or joined alike. */
const collidingPair = fc.oneof(
  fc.record({ kind: fc.constant('same session'), session: fc.constantFrom('main', 'default', 'a', 's-1') }),
  fc.record({
    kind: fc.constant('joined alike'),
    a: piece,
    b: piece,
    c: piece,
    sep: fc.constantFrom('-', '.', '_'),
  }),
);

describe('tenants × colliding ids', () => {
  it('never share a compaction, summary, extraction or memory', { timeout: scaled(600_000) }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(collidingPair, async (pair) => {
        run += 1;
        const prefix = `r${run}x${randomUUID().slice(0, 6)}`;
        const [first, second] =
          pair.kind === 'same session'
            ? [await party(`${prefix}-one`, pair.session), await party(`${prefix}-two`, pair.session)]
            : [
                // tenant "p-a-b" with session "c" against tenant "p-a" with session "b-c".
                await party(`${prefix}${pair.sep}${pair.a}${pair.sep}${pair.b}`, pair.c),
                await party(`${prefix}${pair.sep}${pair.a}`, `${pair.b}${pair.sep}${pair.c}`),
              ];
        await converseAndCompact(first);
        await converseAndCompact(second);
        const seenFirst = await everythingOf(first);
        const seenSecond = await everythingOf(second);
        // Each sees its own conversation (the property is not vacuous)…
        expect(seenFirst.text).toContain(first.secret);
        expect(seenSecond.text).toContain(second.secret);
        // …and nothing of the other's.
        expect(seenFirst.text).not.toContain(second.secret);
        expect(seenSecond.text).not.toContain(first.secret);
        // No shared row: every compaction and extraction id is one tenant's only.
        expect(seenFirst.compactionIds.length).toBeGreaterThan(0);
        expect(seenSecond.compactionIds.length).toBeGreaterThan(0);
        expect(seenFirst.compactionIds.filter((id) => seenSecond.compactionIds.includes(id))).toEqual([]);
        expect(seenFirst.extractionIds.filter((id) => seenSecond.extractionIds.includes(id))).toEqual([]);
        for (const id of seenSecond.compactionIds) {
          expect(
            (await call(first.operator, 'GET', `/v1/compactions/${encodeURIComponent(id)}`)).status,
          ).toBe(404);
        }
      }),
      { numRuns: 6, endOnFailure: true },
    );
  });
});
