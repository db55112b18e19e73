/**
 * The rest of issue 19 (item 9), on the real stack: cursors that encode what no page would (a
 * negative or huge offset, an impossible time, an unstorable id) answer 400, never 500; replaying a
 * `turnId` never changes the session's user or agent; a request the HTTP parser refuses still
 * gets molt's error shape and a request id. (Deep nesting and `__proto__` keys:
 * lossless-formats.test.ts.)
 */
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { getSession } from '../../db/transcript.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('cursors', () => {
  const LISTS = [
    '/v1/memories?query=fuzz%20fact&cursor=',
    '/v1/memories?cursor=',
    '/v1/sessions?cursor=',
    '/v1/compactions?cursor=',
    '/v1/memory-extractions?cursor=',
  ];
  const cursorText = fc.oneof(
    fc.integer({ max: -1 }).map(String),
    fc.bigInt({ min: 10n ** 6n, max: 10n ** 40n }).map(String),
    fc.constantFrom('1e30', '-0', ' 5', '5abc', 'NaN', 'Infinity', '0x10', ''),
    fc
      .tuple(
        fc.constantFrom(
          '-271821-04-20T00:00:00.000Z',
          '+275760-09-13T00:00:00.000Z',
          '0000-01-01T00:00:00.000Z',
          'not a date',
        ),
        fc.string(),
      )
      .map((pair) => JSON.stringify(pair)),
    fc.constant(JSON.stringify(['2026-01-01T00:00:00.000Z', 'a\u0000b'])),
    fc.constant(JSON.stringify(['2026-01-01T00:00:00.000Z', 'x'.repeat(5_000)])),
  );
  it('answers 400 or a page for any cursor, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LISTS), cursorText, async (list, text) => {
        const cursor = b64(text);
        const response = await h.app.inject({ method: 'GET', url: `${list}${cursor}` });
        expect(
          response.statusCode,
          `${list} ${JSON.stringify(text).slice(0, 80)} → ${response.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (response.statusCode === 400) expect(response.json().error.message).toMatch(/^query\.cursor: /);
      }),
      { numRuns: 150 },
    );
  });
});

describe('turn replays', () => {
  it("never change the session's user or agent", async () => {
    const scope = fc.option(fc.constantFrom('ann', 'bob', 'eve'), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ user1: scope, agent1: scope, user2: scope, agent2: scope }),
        async ({ user1, agent1, user2, agent2 }) => {
          const sessionId = uniqueSessionId('replay-scope');
          const post = (userId?: string, agentId?: string) =>
            h.app.inject({
              method: 'POST',
              url: `/v1/sessions/${sessionId}/turns`,
              payload: {
                turnId: 't1',
                messages: [{ role: 'user', content: 'remember me' }],
                ...(userId ? { userId } : {}),
                ...(agentId ? { agentId } : {}),
              },
            });
          expect((await post(user1, agent1)).statusCode).toBe(202);
          const before = await getSession(h.database.db, 'default', sessionId);
          const replay = await post(user2, agent2);
          const same = user1 === user2 && agent1 === agent2;
          expect(replay.statusCode).toBe(same ? 202 : 409);
          const after = await getSession(h.database.db, 'default', sessionId);
          expect({ userId: after?.userId, agentId: after?.agentId }).toEqual({
            userId: before?.userId,
            agentId: before?.agentId,
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('framework errors', () => {
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    app = await buildApi({
      db: h.database.db,
      temporal: h.client,
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
  });

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('utf8');
      });
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write(request);
    });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
    ['a header with a control character', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n', 400],
    [
      'headers over the size limit',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('answers %s with molt’s error shape and a request id', async (_name, request, status) => {
    const response = await raw(request);
    expect(response.startsWith(`HTTP/1.1 ${status} `), response.slice(0, 200)).toBe(true);
    const requestId = /x-request-id: (\S+)/i.exec(response)?.[1];
    expect(requestId).toBeDefined();
    const body = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({ requestId, code: expect.any(String), message: expect.any(String) });
  });
});

describe('memory extraction', () => {
  it('extracts a range holding a sentence of 10 MB instead of failing it', async () => {
    const sessionId = uniqueSessionId('huge-sentence');
    const userId = `u-${sessionId}`;
    const huge = `I prefer ${'x'.repeat(10 * 1024 * 1024)} today.`;
    const posted = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: {
        turnId: 't1',
        userId,
        contextWindowTokens: 100_000_000,
        messages: [
          {
            role: 'user',
            content: `Please remember that my deploy target is fly.io. ${huge} I prefer tabs for indentation.`,
          },
          { role: 'assistant', content: [{ type: 'text', text: 'Understood.' }] },
        ],
      },
    });
    expect(posted.statusCode).toBe(202);
    const compact = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: { keepRecentTokens: 0 },
    });
    expect(compact.statusCode, compact.body.slice(0, 300)).toBeLessThan(300);
    const done = await eventually(
      async () =>
        (await h.app.inject({ method: 'GET', url: `/v1/memory-extractions?sessionId=${sessionId}` })).json(),
      (e) => e.items.some((x: { status: string }) => x.status !== 'running'),
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(done.items.map((x: { status: string }) => x.status)).toEqual(['succeeded']);
    const memories = (
      await h.app.inject({ method: 'GET', url: `/v1/memories?userId=${userId}&limit=100` })
    ).json();
    const contents = memories.items.map((m: { content: string }) => m.content).join('\n');
    expect(contents).toContain('fly.io');
    expect(contents).toContain('tabs for indentation');
  });
});

describe('session views', () => {
  it("are not left stale when a killed worker's write took the version the run writes next", async () => {
    const sessionId = uniqueSessionId('view-collision');
    const view = async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
    for (let i = 1; i <= 4; i++) {
      const posted = await h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { turnId: `t${i}`, messages: [{ role: 'user', content: `turn ${i}` }] },
      });
      expect(posted.statusCode).toBe(202);
      await eventually(view, (v) => v.lastSeq === i, { timeoutMs: 20_000 });
      // What a worker killed mid-write leaves: an older view under the version the run uses next.
      await h.database.db.execute(sql`update sessions
        set view = jsonb_set(view, '{lastSeq}', '0'::jsonb), view_version = view_version + 1
        where tenant_id = 'default' and id = ${sessionId}`);
    }
    const posted = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { turnId: 't5', messages: [{ role: 'user', content: 'turn 5' }] },
    });
    expect(posted.statusCode).toBe(202);
    await eventually(view, (v) => v.lastSeq === 5, { timeoutMs: 20_000 });
  });
});
