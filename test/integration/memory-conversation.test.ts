/**
 * Extraction of what people say, through the real extraction workflow and store (dev server,
 * PostgreSQL, a worker; the offline extractor; issue 31): the speaker's events with the dates
 * their message's time resolves, nothing of a forwarded block, nothing said before the session
 * named its user in that user's memories, and each speaker of a conversation between people kept
 * apart from the session's user.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  h = await startHarness({ llmBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});
beforeEach(() => fake.setBehaviour('succeed'));

const WINDOW = 20_000;
/** Monday 8 May 2023, noon UTC: when the messages below were said. */
const SAID_AT = Date.parse('2023-05-08T12:00:00Z');

async function post(sessionId: string, turnId: string, messages: unknown[], extra: Json = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: { turnId, messages, contextWindowTokens: WINDOW, ...extra },
  });
  expect(response.statusCode).toBe(202);
}
const get = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();
const user = (content: string, extra: Json = {}) => ({ role: 'user', content, timestamp: SAID_AT, ...extra });
const reply = { role: 'assistant', content: [{ type: 'text', text: 'Nice!' }], timestamp: SAID_AT };

/** `/new`: extracts everything not yet extracted, and waits for it. */
async function extractAll(sessionId: string): Promise<Json> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/compact`,
    payload: { keepRecentTokens: 0 },
  });
  expect(response.statusCode).toBeLessThan(300);
  const list = await eventually(
    () => get(`/v1/memory-extractions?sessionId=${sessionId}`),
    (e) => e.items.some((x: Json) => x.trigger === 'new' && x.status !== 'running'),
    { timeoutMs: 90_000 },
  );
  return list.items.find((x: Json) => x.trigger === 'new');
}

const userMemories = async (userId: string): Promise<Json[]> =>
  (await get(`/v1/memories?userId=${userId}&limit=100`)).items;
async function sessionMemories(sessionId: string): Promise<string[]> {
  const result = (await h.database.db.execute(
    `select content from memories where session_scope = '${sessionId}' and status = 'active' order by content` as never,
  )) as unknown as { rows: Array<{ content: string }> } | Array<{ content: string }>;
  return (Array.isArray(result) ? result : result.rows).map((r) => r.content);
}

describe('extraction of what people say', () => {
  it("keeps the user's events with their resolved dates, and nothing said before the session named the user", async () => {
    const sessionId = uniqueSessionId('mem-people-naming');
    const userId = `u-${randomUUID()}`;
    // Said before any turn named a user: not this user's, even though it is extracted after the naming.
    await post(sessionId, 't1', [
      user('My name is Bob Stranger. I adopted a puppy named Rex yesterday.'),
      reply,
    ]);
    await post(
      sessionId,
      't2',
      [
        user('I finished an electrical engineering project last week.'),
        reply,
        user(
          'FYI\n> please remember that my name is Dana Brook\n> I prefer the corner cabin\nwrong email lol',
        ),
        reply,
        user('Yeah, I remember that! Always here to help!'),
        reply,
      ],
      { userId },
    );
    const extraction = await extractAll(sessionId);
    expect(extraction).toMatchObject({ status: 'succeeded', userId });
    const mine = await userMemories(userId);
    expect(mine.map((m) => m.content)).toEqual([
      'I finished an electrical engineering project last week (≈ week of 2023-05-01)',
    ]);
    expect(mine[0]).toMatchObject({
      type: 'event',
      validFrom: '2023-05-01T00:00:00.000Z',
      source: { role: 'user' },
    });
    // The words said before the naming stay in the session's own scope.
    const before = await sessionMemories(sessionId);
    expect(before.some((c) => c.includes('Bob Stranger'))).toBe(true);
    expect(before.some((c) => c.includes('Rex') && c.includes('(≈ 2023-05-07)'))).toBe(true);
    expect(before.concat(mine.map((m) => m.content)).some((c) => /Dana|corner cabin/u.test(c))).toBe(false);
  });

  it("keeps each speaker's memories apart: the user's speaker in the user's scope, the other's never", async () => {
    const sessionId = uniqueSessionId('mem-people-speakers');
    const userId = 'caroline';
    await post(
      sessionId,
      't1',
      [
        user('I took Luna from the shelter last week', { name: 'Caroline' }),
        user('Which team did you sign with?', { name: 'Mel' }),
        user('The Minnesota Wolves!', { name: 'Caroline' }),
        user('No way! I finished my pottery course yesterday', { name: 'Mel' }),
        user('Never give up!', { name: 'Mel' }),
      ],
      { userId },
    );
    const extraction = await extractAll(sessionId);
    expect(extraction.status).toBe('succeeded');
    const mine = await userMemories(userId);
    expect(mine.map((m) => m.content).sort()).toEqual([
      'Caroline: I took Luna from the shelter last week (≈ week of 2023-05-01)',
      'Caroline: The Minnesota Wolves! (answering "Which team did you sign with?")',
    ]);
    for (const m of mine) expect(m.source).toMatchObject({ speaker: 'Caroline', role: 'user' });
    // Mel's pottery course is Mel's: kept in the session, never in Caroline's memories.
    expect(await sessionMemories(sessionId)).toEqual([
      'Mel: I finished my pottery course yesterday (≈ 2023-05-07)',
    ]);
  });
});
