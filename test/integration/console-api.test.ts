/**
 * The API routes the operator console added, usable by every client: the session list's search
 * and filters (a search is literal text, never a LIKE pattern), a session's timeline, and an
 * operator's edit of a memory (a supersession; two edits at once: one wins, the other is told),
 * and the totals beside every list: the filter's rows (never the cursor's), counted up to a cap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { memories } from '../../db/memory/memory-schema.js';
import { countUpTo } from '../../db/pagination.js';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import { eventually, type Harness, startHarness } from './harness.js';

let h: Harness;
let operator: string;
let agent: string;
const run = randomUUID().slice(0, 8);

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = any;

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  key = operator,
): Promise<{ status: number; body: Json }> {
  const answer = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : {}),
  });
  return { status: answer.statusCode, body: answer.json() };
}

const turn = (turnId: string, text: string, userId?: string) => ({
  turnId,
  contextWindowTokens: 200_000,
  ...(userId ? { userId } : {}),
  messages: [{ role: 'user', content: text }],
});

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  operator = (await createApiKey(h.database.db, { tenantId: DEFAULT_TENANT_ID, role: 'operator' })).key;
  agent = (await createApiKey(h.database.db, { tenantId: DEFAULT_TENANT_ID, role: 'agent' })).key;
  for (const [id, userId] of [
    [`cq-${run}-a_b`, `u-${run}-1`],
    [`cq-${run}-axb`, `u-${run}-2`],
  ] as const) {
    expect((await call('POST', `/v1/sessions/${id}/turns`, turn('t1', 'hello', userId))).status).toBe(202);
    expect((await call('POST', `/v1/sessions/${id}/turns`, turn('t2', 'and again'))).status).toBe(202);
  }
});

afterAll(async () => {
  await h?.stop();
});

const ids = (body: Json) => body.items.map((s: Json) => s.sessionId);

describe('GET /v1/sessions search and filters', () => {
  it('matches the text literally, case-insensitively: _ and % are not wildcards', async () => {
    expect(ids((await call('GET', `/v1/sessions?q=${run}-a_b`)).body)).toEqual([`cq-${run}-a_b`]);
    expect(ids((await call('GET', `/v1/sessions?q=${run.toUpperCase()}-AXB`)).body)).toEqual([
      `cq-${run}-axb`,
    ]);
    expect(ids((await call('GET', `/v1/sessions?q=${run}-a%25`)).body)).toEqual([]);
    expect(ids((await call('GET', `/v1/sessions?q=${encodeURIComponent('\\')}`)).body)).toEqual([]);
  });

  it('filters by user; an empty search is refused naming the field', async () => {
    expect(ids((await call('GET', `/v1/sessions?userId=u-${run}-2`)).body)).toEqual([`cq-${run}-axb`]);
    const empty = await call('GET', '/v1/sessions?q=');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('query.q');
  });
});

describe('GET /v1/sessions/{id}/timeline', () => {
  it('lists the turns oldest first, and says when a kind was cut to the limit', async () => {
    const id = `cq-${run}-a_b`;
    const full = await call('GET', `/v1/sessions/${id}/timeline`);
    expect(full.status).toBe(200);
    expect(full.body.items.map((i: Json) => [i.kind, i.turnId, i.fromSeq])).toEqual([
      ['turn', 't1', 1],
      ['turn', 't2', 2],
    ]);
    expect(full.body.truncated).toBe(false);
    const cut = await call('GET', `/v1/sessions/${id}/timeline?limit=1`);
    expect(cut.body.items.map((i: Json) => i.turnId)).toEqual(['t2']);
    expect(cut.body.truncated).toBe(true);
    // The totals count every entry, shown or not.
    expect(cut.body.totals.turns).toEqual({ total: 2, totalCapped: false });
    expect(cut.body.totals.compactions).toEqual({ total: 0, totalCapped: false });
  });

  it('is for operators; an unknown session is a 404; a bad limit a 400', async () => {
    expect((await call('GET', `/v1/sessions/cq-${run}-a_b/timeline`, undefined, agent)).status).toBe(403);
    expect((await call('GET', `/v1/sessions/cq-${run}-none/timeline`)).status).toBe(404);
    const bad = await call('GET', `/v1/sessions/cq-${run}-a_b/timeline?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('query.limit');
  });
});

describe('PATCH /v1/memories/{id}', () => {
  const commit = async (content: string) =>
    (await call('POST', '/v1/memories', { content, type: 'preference', userId: `u-${run}-edit` })).body
      .memory;

  it('supersedes the memory with the edited text, keeping its scope and type', async () => {
    const memory = await commit(`Prefers tabs ${run}`);
    const edited = await call('PATCH', `/v1/memories/${memory.id}`, { content: `Prefers spaces ${run}` });
    expect(edited.status).toBe(200);
    expect(edited.body.memory).toMatchObject({
      content: `Prefers spaces ${run}`,
      type: 'preference',
      userId: `u-${run}-edit`,
      status: 'active',
      source: { kind: 'operator' },
    });
    expect(edited.body.previous).toMatchObject({
      id: memory.id,
      status: 'superseded',
      supersededBy: edited.body.memory.id,
    });
    const history = (await call('GET', `/v1/memories/${edited.body.memory.id}`)).body.events;
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'supersede',
        reason: 'edited by an operator',
        before: expect.objectContaining({ id: memory.id }),
      }),
    ]);
    // The old text is no longer recalled; the new one is.
    const found = await eventually(
      async () => (await call('GET', `/v1/memories?userId=u-${run}-edit&query=spaces`)).body.items,
      (items: Json[]) => items.length > 0,
    );
    expect(found.map((m: Json) => m.id)).toEqual([edited.body.memory.id]);
  });

  it('refuses an edit of a memory no longer in force, and lets one of two edits at once win', async () => {
    const memory = await commit(`Uses pnpm ${run}`);
    const answers = await Promise.all([
      call('PATCH', `/v1/memories/${memory.id}`, { content: `Uses npm ${run}` }),
      call('PATCH', `/v1/memories/${memory.id}`, { content: `Uses yarn ${run}` }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.code).toBe('not_active');
    const active = (await call('GET', `/v1/memories?userId=u-${run}-edit&status=active&limit=200`)).body
      .items;
    expect(active.filter((m: Json) => m.content.startsWith('Uses ')).length).toBe(1);
  });

  it('validates the body, is for operators, and answers 404 for an unknown memory', async () => {
    const memory = await commit(`Likes tea ${run}`);
    const blank = await call('PATCH', `/v1/memories/${memory.id}`, { content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toContain('body.content');
    const extra = await call('PATCH', `/v1/memories/${memory.id}`, { content: 'x', userId: 'someone-else' });
    expect(extra.status).toBe(400);
    expect(
      (await call('PATCH', `/v1/memories/${memory.id}`, { content: 'Likes coffee' }, agent)).status,
    ).toBe(403);
    expect((await call('PATCH', '/v1/memories/mem_nope', { content: 'x' })).status).toBe(404);
  });
});

describe('list totals', () => {
  it('count what the filter matches on every page, whatever the cursor', async () => {
    const userId = `u-${run}-many`;
    const facts = [
      'Deploys to fly.io in region ams',
      'Prefers tabs over spaces',
      'Writes commit messages in German',
      'Runs PostgreSQL 16 locally',
      'Owns a cat named Biscuit',
    ];
    for (const content of facts) {
      const added = await call('POST', '/v1/memories', { content, type: 'profile', userId });
      expect(added.status).toBe(201);
    }
    const first = await call('GET', `/v1/memories?userId=${userId}&limit=2`);
    expect(first.body).toMatchObject({ total: 5, totalCapped: false });
    expect(first.body.items).toHaveLength(2);
    const second = await call('GET', `/v1/memories?userId=${userId}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ total: 5, totalCapped: false });
    const seen = new Set([...first.body.items, ...second.body.items].map((m: Json) => m.id));
    expect(seen.size).toBe(4);
    // A search counts its matches.
    const search = await call('GET', `/v1/memories?userId=${userId}&query=${encodeURIComponent('Biscuit')}`);
    expect(search.body.total).toBeGreaterThanOrEqual(1);
    expect(search.body.total).toBe(search.body.items.length);

    const sessions = await call('GET', `/v1/sessions?q=cq-${run}&limit=1`);
    expect(sessions.body).toMatchObject({ total: 2, totalCapped: false });
    expect((await call('GET', `/v1/sessions?q=cq-${run}&userId=u-${run}-1`)).body.total).toBe(1);
    expect((await call('GET', `/v1/compactions?sessionId=cq-${run}-a_b`)).body).toMatchObject({ total: 0 });
    expect((await call('GET', `/v1/memory-extractions?sessionId=cq-${run}-a_b`)).body.totalCapped).toBe(
      false,
    );
  });

  it('stop counting at the cap and say so', async () => {
    const userId = `u-${run}-many`;
    const where = eq(memories.userId, userId);
    expect(await countUpTo(h.database.db, memories, where, 3)).toEqual({ total: 3, totalCapped: true });
    expect(await countUpTo(h.database.db, memories, where, 5)).toEqual({ total: 5, totalCapped: false });
    expect(await countUpTo(h.database.db, memories, where, 100)).toEqual({ total: 5, totalCapped: false });
  });
});
