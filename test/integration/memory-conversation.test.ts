/**
 * Extraction of what people say, through the real extraction workflow and store (dev server,
 * PostgreSQL, a worker; the offline extractor; issue 31): the speaker's events with the dates
 * their message's time resolves, nothing of a forwarded block, nothing said before the session
 * named its user in that user's memories, and each speaker of a conversation between people kept
 * apart from the session's user.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureTenant } from '../../db/transcript.js';
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
    // Mel's pottery course is Mel's: kept in the session, never in Caroline's memories (the
    // statement model keeps the message whole, its opening exclamation with it).
    expect(await sessionMemories(sessionId)).toEqual([
      'Mel: No way! I finished my pottery course yesterday (≈ 2023-05-07)',
    ]);
  });

  it("keeps news sent in pieces as one memory whose provenance spans the messages, never another speaker's", async () => {
    const sessionId = uniqueSessionId('mem-people-burst');
    // The user is the speaker whose name is the session's userId (scope-rules.ts isUserSpeaker).
    const userId = `Cara-${randomUUID().slice(0, 8)}`;
    await post(
      sessionId,
      't1',
      [
        user('hey! how was your weekend?', { name: 'Mel' }),
        user('we went to the shelter on sunday for the dog', { name: userId }),
        user('came home with a cat instead lol. her name is Mochi', { name: userId }),
        user('omg MOCHI. we adopted a parrot last week btw', { name: 'Mel' }),
      ],
      { userId },
    );
    expect((await extractAll(sessionId)).status).toBe('succeeded');
    const mine = await userMemories(userId);
    expect(mine.map((m) => m.content)).toEqual([
      `${userId}: we went to the shelter on sunday for the dog\ncame home with a cat instead lol. her name is Mochi (≈ 2023-05-07)`,
    ]);
    expect(mine[0]!.source).toMatchObject({
      speaker: userId,
      role: 'user',
      quote:
        'we went to the shelter on sunday for the dog\ncame home with a cat instead lol. her name is Mochi',
    });
    expect(mine[0]!.source.toSeq).toBe(mine[0]!.source.fromSeq + 1);
    // Mel's words are never inside the user's memory, and Mel's own news stays Mel's.
    const session = await sessionMemories(sessionId);
    expect(session.every((c) => c.startsWith('Mel: ') && !c.includes('Mochi'))).toBe(true);
  });

  it("puts each speaker's facts where the rule says, whoever is named what (property)", async () => {
    // Two people who state the same kinds of facts, each with values of their own.
    const facts = (pet: string, food: string, city: string) => [
      `I adopted a dog named ${pet} last week`,
      `My favorite food is ${food}`,
      `We're moving to ${city} in June`,
    ];
    const mineSaid = facts('Rexford', 'lasagna', 'Denver');
    const theirsSaid = facts('Boltar', 'ramen', 'Austin');
    const theirValues = /Boltar|ramen|Austin/u;
    const myValues = /Rexford|lasagna|Denver/u;
    // Another user id of this tenant and another tenant: no speaker's name may write there.
    const otherUser = `u-other-${randomUUID()}`;
    const otherTenant = `t-other-${randomUUID()}`;
    await ensureTenant(h.database.db, otherTenant);
    const rows = async (query: string): Promise<Json[]> => {
      const result = (await h.database.db.execute(query as never)) as unknown as { rows: Json[] } | Json[];
      return Array.isArray(result) ? result : result.rows;
    };
    const countOf = async (where: string) =>
      Number((await rows(`select count(*)::int as n from memories where ${where}`))[0]!.n);
    const foreignBefore = await countOf(`tenant_id = '${otherTenant}' or user_id = '${otherUser}'`);
    /** Who the user's and the other speaker's messages say they are; whether the user's words are the user's. */
    const identities = (userId: string) => ({
      unnamedAndMel: { mine: undefined, theirs: 'Mel', userKeeps: true },
      userIdInOtherCase: { mine: userId.toUpperCase(), theirs: 'Mel', userKeeps: true },
      bothNamedNeitherUser: { mine: 'Caroline', theirs: 'Mel', userKeeps: false },
      otherUserOfTenant: { mine: userId, theirs: otherUser, userKeeps: true },
      otherTenantsUser: { mine: userId, theirs: `${otherTenant}:${userId}`, userKeeps: true },
      sameNameBoth: { mine: userId, theirs: ` ${userId.toUpperCase()}x`, userKeeps: true },
    });
    const IDENTITY_COMBINATIONS = Object.keys(identities('')) as Array<keyof ReturnType<typeof identities>>;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...IDENTITY_COMBINATIONS),
        fc.boolean(),
        async (identity, theyStart) => {
          run += 1;
          const sessionId = uniqueSessionId(`mem-people-ids-${run}`);
          const userId = `u-${randomUUID()}`;
          const who = identities(userId)[identity];
          const say = (text: string, name: string | undefined) =>
            user(text, name === undefined ? {} : { name });
          const turns = mineSaid.flatMap((text, i) => {
            const pair = [say(text, who.mine), say(theirsSaid[i]!, who.theirs)];
            return theyStart ? pair.reverse() : pair;
          });
          await post(sessionId, 't1', turns, { userId });
          const extraction = await extractAll(sessionId);
          expect(extraction.status).toBe('succeeded');
          const stored = await rows(
            `select tenant_id, user_id, session_scope, content, source->>'speaker' as speaker from memories
             where source->>'sessionId' = '${sessionId}' and type <> 'episode' and status = 'active'`,
          );
          const mine = stored.filter((m) => m.user_id !== null);
          const apart = stored.filter((m) => m.user_id === null);
          // Never merged: no memory holds both speakers' values, and the user's hold only the user's.
          for (const m of stored) expect(myValues.test(m.content) && theirValues.test(m.content)).toBe(false);
          for (const m of mine) {
            expect(m).toMatchObject({ tenant_id: 'default', user_id: userId });
            expect(m.content).toMatch(myValues);
          }
          // The other speaker's facts are all kept, in the session, said by them.
          const theirs = apart.filter((m) => theirValues.test(m.content));
          expect(theirs.length).toBe(3);
          for (const m of theirs)
            expect(m).toMatchObject({ session_scope: sessionId, speaker: who.theirs.trim() });
          // The user's own facts: the user's when molt knows the speaker is the user, else the session's.
          expect(mine.length).toBe(who.userKeeps ? 3 : 0);
          if (!who.userKeeps) expect(apart.filter((m) => myValues.test(m.content)).length).toBe(3);
          // No speaker's name reaches another user's or another tenant's memories.
          expect(await countOf(`tenant_id = '${otherTenant}' or user_id = '${otherUser}'`)).toBe(
            foreignBefore,
          );
        },
      ),
      {
        numRuns: 4,
        // Every identity combination at least once, then random ones.
        examples: IDENTITY_COMBINATIONS.map((identity, i) => [identity, i % 2 === 0]),
      },
    );
  }, 600_000);
});
