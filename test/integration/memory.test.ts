/**
 * Memory extraction on the real stack (dev server, PostgreSQL, a worker; the summarizer is the
 * fake LLM, the memory extractor the offline rules): extraction at the 50% upload while the
 * summarizer stalls, at /new, once per range, across sessions of one user; the API around it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { memoryExtractionWorkflow } from '../../workflows/memory.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const WINDOW = 20_000;

let h: Harness;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  h = await startHarness({ llmBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  fake?.releaseStalled();
  await h?.stop();
  await fake?.close();
});
beforeEach(() => fake.setBehaviour('succeed'));

const said = (turnId: string, user: string) => ({
  turnId,
  messages: [
    { role: 'user', content: user },
    { role: 'assistant', content: [{ type: 'text', text: 'Understood.' }] },
  ],
});

async function post(
  sessionId: string,
  turn: { turnId: string; messages: unknown[] },
  extra: Json = {},
): Promise<Json> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: { ...turn, contextWindowTokens: WINDOW, ...extra },
  });
  expect(response.statusCode).toBe(202);
  return response.json();
}
const get = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();
const extractions = (sessionId: string) => get(`/v1/memory-extractions?sessionId=${sessionId}`);
const memoriesOf = (userId: string) => get(`/v1/memories?userId=${userId}&limit=100`);

async function newSession(sessionId: string) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/compact`,
    payload: { keepRecentTokens: 0 },
  });
  expect(response.statusCode).toBeLessThan(300);
  return eventually(
    () => extractions(sessionId),
    (e) => e.items.some((x: Json) => x.trigger === 'new' && x.status !== 'running'),
  );
}

describe('memory extraction', () => {
  it('extracts the uploaded range while the summarizer stalls; the turn answers at once', async () => {
    fake.setBehaviour('stall');
    const sessionId = uniqueSessionId('mem-upload');
    const userId = `u-${randomUUID()}`;
    await post(sessionId, said('plant', 'Please remember that my deploy target is fly.io in region ams.'), {
      userId,
    });
    let upload: Json | null = null;
    for (let i = 0; i < 40 && !upload; i++) {
      const answer = await post(sessionId, codingTurn(i));
      const v = await eventually(
        () => get(`/v1/sessions/${sessionId}`),
        (x) => x.lastSeq >= answer.turn.toSeq,
      );
      upload = v.upload;
    }
    expect(upload).toMatchObject({ status: 'running', trigger: 'threshold' });
    const done = await eventually(
      () => extractions(sessionId),
      (e) => e.items.some((x: Json) => x.status === 'succeeded'),
    );
    expect(done.items[0]).toMatchObject({
      trigger: 'upload',
      userId,
      fromSeq: 1,
      counts: { added: 1, rejected: 0 },
    });
    // The summarizer is still stalled: the compaction has not finished, the memory is there.
    const v = await get(`/v1/sessions/${sessionId}`);
    expect(v.upload).toMatchObject({ status: 'running' });
    expect(v.userId).toBe(userId);
    expect(v.memory).toEqual({ extractions: { total: 1, failed: 0 }, lastExtractionId: done.items[0].id });
    const [memory] = (await memoriesOf(userId)).items;
    expect(memory).toMatchObject({
      type: 'profile',
      content: 'my deploy target is fly.io in region ams',
      source: {
        sessionId,
        fromSeq: 1,
        toSeq: 1,
        quote: 'Please remember that my deploy target is fly.io in region ams.',
      },
    });
    const detail = await get(`/v1/memories/${memory.id}`);
    expect(detail.events).toMatchObject([{ kind: 'add', extractionId: done.items[0].id }]);
    fake.releaseStalled();
  });

  it('stores a fact said three times across two sessions once, and supersedes a changed preference', async () => {
    const userId = `u-${randomUUID()}`;
    const first = uniqueSessionId('mem-a');
    await post(first, said('t1', 'Remember that my cat is called Miso.'), { userId });
    await post(first, said('t2', 'I prefer tabs for indentation.'));
    await post(first, said('t3', 'remember that my cat is called Miso'));
    await newSession(first);
    const second = uniqueSessionId('mem-b');
    await post(second, said('t1', 'Remember that my cat is called Miso!'), { userId });
    await post(second, said('t2', 'Actually I prefer spaces for indentation.'));
    const extraction = (await newSession(second)).items.find((x: Json) => x.trigger === 'new');
    expect(extraction.counts).toMatchObject({ added: 0, duplicates: 1, superseded: 1 });
    const items = (await memoriesOf(userId)).items as Json[];
    expect(items.filter((m) => m.content.toLowerCase().includes('miso'))).toHaveLength(1);
    const prefs = items.filter((m) => m.key === 'preference:indentation');
    expect(prefs.map((m) => m.status).sort()).toEqual(['active', 'superseded']);
    const diff = await get(`/v1/memory-extractions/${encodeURIComponent(extraction.id)}`);
    // Every decision is an event with its reason: the repeat (duplicate) and the change (supersede).
    expect(diff.diff.map((d: Json) => d.kind)).toEqual(['duplicate', 'supersede']);
    expect(diff.diff.every((d: Json) => typeof d.reason === 'string' && d.reason.length > 0)).toBe(true);
  });

  it('keeps plainly stated facts (issue 22 item 8), not the question or the hypothetical beside them, and supersedes a changed one', async () => {
    const userId = `u-${randomUUID()}`;
    const first = uniqueSessionId('mem-facts-a');
    await post(
      first,
      said('t1', 'Our staging DB is heron-staging-db, prod runs in eu-west-3, the codename is Bluefin.'),
      { userId },
    );
    await post(
      first,
      said('t2', 'Is the codename still Bluefin? If prod runs in eu-west-1, latency doubles.'),
    );
    await newSession(first);
    const second = uniqueSessionId('mem-facts-b');
    await post(second, said('t1', 'The codename is Osprey now.'), { userId });
    await newSession(second);
    const items = (await get(`/v1/memories?userId=${userId}&limit=100&status=active`)).items as Json[];
    expect(items.map((m) => m.content).sort()).toEqual(
      ['Our staging DB is heron-staging-db', 'The codename is Osprey', 'prod runs in eu-west-3'].sort(),
    );
    expect(items.every((m) => m.type === 'entity' && m.source.role === 'user')).toBe(true);
    const old = (await get(`/v1/memories?userId=${userId}&limit=100&status=superseded`)).items as Json[];
    expect(old.map((m) => m.content)).toEqual(['the codename is Bluefin']);
  });

  it('extracts each range exactly once, even when its workflow is started again', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('mem-once');
    await post(sessionId, said('t1', "Let's go with PostgreSQL for the event store."), { userId });
    const first = (await newSession(sessionId)).items[0];
    // An operator-style second run of the same range: same extraction row, nothing written twice.
    const handle = await h.client.workflow.start<typeof memoryExtractionWorkflow>(
      'memoryExtractionWorkflow',
      {
        workflowId: `again-${randomUUID()}`,
        taskQueue: h.taskQueue,
        args: [
          { tenantId: 'default', sessionId, fromSeq: first.fromSeq, toSeq: first.toSeq, trigger: 'replay' },
        ],
      },
    );
    expect(await handle.result()).toMatchObject({ extractionId: first.id, status: 'succeeded' });
    expect((await extractions(sessionId)).items).toHaveLength(1);
    expect((await memoriesOf(userId)).items).toHaveLength(1);
    const replay = await h.app.inject({
      method: 'POST',
      url: `/v1/memory-extractions/${encodeURIComponent(first.id)}/replay`,
    });
    expect(replay.statusCode).toBe(409);
  });
});

describe('the memory API', () => {
  it('commit_memory deduplicates, search ranks, erasure leaves no text, other tenants see 404', async () => {
    const userId = `u-${randomUUID()}`;
    const commit = (content: string) =>
      h.app.inject({ method: 'POST', url: '/v1/memories', payload: { content, userId, type: 'entity' } });
    const created = await commit('Staging database is pg-staging-07.internal');
    expect(created.statusCode).toBe(201);
    const again = await commit('staging database is pg-staging-07.internal.');
    expect(again.statusCode).toBe(200);
    expect(again.json().memory.id).toBe(created.json().memory.id);
    expect((await commit('用户的猫叫小米')).statusCode).toBe(201);
    const found = await get(`/v1/memories?userId=${userId}&query=${encodeURIComponent('pg-staging-07')}`);
    expect(found.items[0]).toMatchObject({ id: created.json().memory.id });
    expect(found.items[0].score).toBeGreaterThan(0);
    const bad = await h.app.inject({
      method: 'POST',
      url: '/v1/memories',
      payload: { content: 'x', priority: 9, userId },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('priority');
    const tools = await get('/v1/tools');
    expect(tools.tools.map((t: Json) => t.name)).toEqual([
      'search_memories',
      'commit_memory',
      'read_history',
    ]);

    // Two adds and the duplicate's decision event.
    const receipt = await h.app.inject({ method: 'DELETE', url: `/v1/memories?userId=${userId}` });
    expect(receipt.json()).toMatchObject({ userId, memories: 2, events: 3 });
    const left = await h.database.db.execute(
      `select content as t from memories where user_id = '${userId}' union all select coalesce(after::text, '') from memory_events where user_id = '${userId}'` as never,
    );
    expect(JSON.stringify(left)).not.toContain('pg-staging');
    expect((await get(`/v1/memories/${created.json().memory.id}`)).error?.code).toBe('not_found');
  });
});

describe('molt memories / molt extractions', () => {
  const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
  const molt = (args: string[], apiUrl: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['bin/molt.mjs', ...args],
        { cwd: REPO_ROOT, env: { ...process.env, MOLT_API_URL: apiUrl }, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });

  it('lists, searches, shows and forgets memories and shows extractions with their diff', async () => {
    const apiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('mem-cli');
    await post(sessionId, said('t1', 'My name is Grace Hopper.'), { userId });
    await post(sessionId, said('t2', 'We decided to ship the parser on Monday.'));
    const extraction = (await newSession(sessionId)).items[0];

    const list = await molt(['memories', 'list', '--user', userId], apiUrl);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Grace Hopper');
    expect(list.stdout).toMatch(/^MEMORY\s+TYPE\s+STATUS/);
    const search = await molt(['memories', 'search', 'parser Monday', '--user', userId, '--json'], apiUrl);
    const found = JSON.parse(search.stdout).items;
    expect(found[0]).toMatchObject({ type: 'decision' });
    const show = await molt(['memories', 'show', found[0].id], apiUrl);
    expect(show.stdout).toContain('"We decided to ship the parser on Monday."');
    const extractionsList = await molt(['extractions', 'list', '--session', sessionId], apiUrl);
    expect(extractionsList.stdout).toContain('succeeded');
    const diff = await molt(['extractions', 'show', extraction.id], apiUrl);
    expect(diff.stdout).toMatch(/^\+ mem_\w+ {2}My name is Grace Hopper(?: {2}\(.*\))?$/m);
    const forget = await molt(['memories', 'forget', found[0].id], apiUrl);
    expect(forget.stdout.trim()).toBe(`memory ${found[0].id} is deleted`);
    const erase = await molt(['memories', 'forget', '--user', userId], apiUrl);
    expect(erase.stdout).toContain(`erased user ${userId}: 2 memories`);
  });
});
