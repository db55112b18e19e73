import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { readMessages } from '../../db/transcript.js';
import { stateQuery } from '../../workflows/contract.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const turn = (turnId: string, text = `hello from ${turnId}`) => ({
  turnId,
  contextWindowTokens: 10_000,
  messages: [
    { role: 'user', content: text },
    { role: 'assistant', content: [{ type: 'text', text: `answer to ${text}` }], stopReason: 'stop' },
  ],
});

const post = (sessionId: string, body: unknown) =>
  h.app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload: body as object });
const view = async (sessionId: string) =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();

describe('POST /v1/sessions/{id}/turns', () => {
  it('stores the turn and the session view shows it once the workflow applied it', async () => {
    const sessionId = uniqueSessionId();
    const first = await post(sessionId, turn('t1'));
    expect(first.statusCode).toBe(202);
    expect(first.json().turn).toEqual({ turnId: 't1', fromSeq: 1, toSeq: 2, replayed: false });
    await post(sessionId, turn('t2'));

    const settled = await eventually(
      () => view(sessionId),
      (v) => v.lastSeq === 4,
    );
    const rows = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(settled.liveTokens).toBe(rows.reduce((sum, r) => sum + r.tokens, 0));
    expect(settled.contextWindowTokens).toBe(10_000);
    expect(settled.ratio).toBeCloseTo(settled.liveTokens / 10_000);
    expect(settled.workflowId).toBe(`molt-session:default:${sessionId}`);
  });

  it('treats the same turnId with the same content as a no-op answered like the first time', async () => {
    const sessionId = uniqueSessionId();
    const first = await post(sessionId, turn('t1'));
    const again = await post(sessionId, turn('t1'));
    expect(again.statusCode).toBe(202);
    expect(again.json().turn).toEqual({ ...first.json().turn, replayed: true });
    const rows = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(rows).toHaveLength(2);
    const settled = await eventually(
      () => view(sessionId),
      (v) => v.lastSeq === 2,
    );
    expect(settled.liveTokens).toBe(rows[0]!.tokens + rows[1]!.tokens);
  });

  it('starts the workflow again when a session whose workflow was terminated gets a turn', async () => {
    const sessionId = uniqueSessionId();
    await post(sessionId, turn('t1'));
    const handle = h.client.workflow.getHandle(`molt-session:default:${sessionId}`);
    // 202 means stored: the dispatcher starts the workflow right after (docs/architecture.md#coalesced-turns).
    await eventually(
      () => handle.query(stateQuery).catch(() => null),
      (state) => state?.lastSeq === 2,
    );
    await handle.terminate('the test stops it');
    const next = await post(sessionId, turn('t2'));
    expect(next.statusCode).toBe(202);
    await eventually(
      async () => (await handle.describe()).status.name,
      (status) => status === 'RUNNING',
    );
    await eventually(
      () => handle.query(stateQuery),
      (state) => state.lastSeq === 4,
    );
    // The new run's view writes count on from the old run's: the session's view follows it.
    await eventually(
      async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
      (view) => view.lastSeq === 4,
    );
  });

  it('answers 409 when a turnId is reused with different content, and stores nothing', async () => {
    const sessionId = uniqueSessionId();
    await post(sessionId, turn('t1', 'first'));
    const conflict = await post(sessionId, turn('t1', 'something else'));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('turn_conflict');
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(2);
  });

  it.each([
    ['a missing turnId', { messages: [] }, 'body.turnId'],
    ['an unknown role', { turnId: 't', messages: [{ role: 'bot', content: 'x' }] }, 'body.messages.0.role'],
    [
      'a text block without text',
      { turnId: 't', messages: [{ role: 'assistant', content: [{ type: 'text' }] }] },
      'body.messages.0.content.0.text',
    ],
    [
      'a window below 1 000 tokens',
      { turnId: 't', messages: [], contextWindowTokens: 5 },
      'body.contextWindowTokens',
    ],
    ['an unknown field', { turnId: 't', messages: [], extra: 1 }, 'body.extra'],
  ])('answers 400 naming the field for %s', async (_name, body, path) => {
    const sessionId = uniqueSessionId();
    const response = await post(sessionId, body);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('invalid_request');
    expect(error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await view(sessionId)).error.code).toBe('not_found');
  });

  it('gives every response a request id, echoed in error bodies; a well-formed client id is kept', async () => {
    const mine = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${uniqueSessionId()}/turns`,
      payload: {},
      headers: { 'x-request-id': 'client-id-42' },
    });
    expect(mine.statusCode).toBe(400);
    expect(mine.headers['x-request-id']).toBe('client-id-42');
    expect(mine.json().error.requestId).toBe('client-id-42');
    const bad = await h.app.inject({
      method: 'GET',
      url: `/v1/sessions/${uniqueSessionId()}`,
      headers: { 'x-request-id': 'not ok\u0001' },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.json().error.requestId).toBe(bad.headers['x-request-id']);
  });

  it('answers 400 for a session id with spaces', async () => {
    const response = await post('bad id', turn('t1'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/sessionId/);
  });

  it('stores a text PostgreSQL jsonb cannot hold (NUL, lone surrogate) verbatim', async () => {
    // test/integration/lossless.test.ts covers every hostile character and every read path.
    for (const text of ['a\u0000b', '\ud800']) {
      const sessionId = uniqueSessionId();
      const response = await post(sessionId, turn('t1', text));
      expect(response.statusCode).toBe(202);
      const [stored] = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
      expect(stored?.body).toEqual({ role: 'user', content: text });
    }
  });

  it('answers 503 and writes nothing when Temporal is unreachable', async () => {
    const connection = await Connection.connect({ address: '127.0.0.1:1', connectTimeout: 200 }).catch(
      () => null,
    );
    const unreachable = new Client({ connection: connection ?? Connection.lazy({ address: '127.0.0.1:1' }) });
    const app = await buildApi({
      db: h.database.db,
      temporal: unreachable,
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
      temporalTimeoutMs: 500,
    });
    const sessionId = uniqueSessionId();
    const response = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: turn('t1'),
    });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error.message).toBe('Temporal is unavailable');
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(0);
    expect((await view(sessionId)).error.code).toBe('not_found');
  });
});

describe('GET /v1/sessions/{id}', () => {
  it('answers 404 with the error shape for an unknown session', async () => {
    const response = await h.app.inject({ method: 'GET', url: `/v1/sessions/${uniqueSessionId()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
