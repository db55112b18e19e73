/**
 * Newest wins for explicit amendments on the real stack (docs/recall-and-updates.md#newest-wins):
 * a later turn that says it amends an earlier decision is linked to it when indexed, and every
 * search and per-turn recall put it above what it amends — whatever words the two share — while a later turn
 * on the same subject that amends nothing never jumps; links never cross users or tenants; erasure
 * removes them and counts them; an amendment of an amendment comes first of all.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { linkPendingAmendments } from '../../db/memory/amendments.js';
import { eraseWith, eventually, uniqueSessionId } from './harness.js';
import { type Json, useRecallStack } from './recall-stack.js';

const { stack, keys, call, context } = useRecallStack();

const day = (n: number) => Date.parse('2025-03-01T12:00:00Z') + n * 86_400_000;

async function say(sessionId: string, text: string, at: number, scope: Json, key = keys.agent) {
  await call(
    'POST',
    `/v1/sessions/${sessionId}/turns`,
    {
      turnId: 't1',
      contextWindowTokens: 100_000,
      ...scope,
      messages: [{ role: 'user', name: 'Dev', content: text, timestamp: at }],
    },
    key,
  );
  await eventually(
    async () =>
      (
        (await stack.h.database.db.execute(
          sql`select last_seq, episodes_to_seq from sessions where id = ${sessionId}`,
        )) as unknown as { rows: Array<{ last_seq: number; episodes_to_seq: number }> }
      ).rows,
    (rows) => rows.length === 1 && rows[0]!.last_seq > 0 && rows[0]!.episodes_to_seq >= rows[0]!.last_seq,
  );
}

const search = (body: Json, key = keys.operator) => call('POST', '/v1/memories/search', body, key);
const sessionsOf = (found: Json) => found.items.map((i: Json) => i.source.sessionId as string);

/** Decisions, an amendment sharing few of their words, and a later remark on the same subject that amends nothing. */
const SUBJECTS = [
  {
    decision:
      'Retry policy settled: retry every 5xx and 429, four attempts, exponential backoff capped at 60 seconds.',
    amendment:
      'Amendment to the retry policy from last month: the load balancer now drops idle sockets at 32s, so the backoff cap becomes 30.',
    remark: 'The retry policy tests in CI took 4 minutes today, mostly the backoff fixture.',
    query: 'What is the backoff cap of the retry policy?',
  },
  {
    decision:
      'Decided for merge_records: duplicates key on lowercased email and calendar day; the newest record wins a clash.',
    amendment:
      'Superseding the merge_records clash rule: stripped sync payloads kept winning, so the record with more filled fields survives instead.',
    remark: 'merge_records clash handling came up again in standup; Priya wrote docs for it.',
    query: 'Which record wins a merge_records clash?',
  },
  {
    decision: 'We booked the team offsite at the Harbor Inn in Monterey for June 12.',
    amendment:
      'Change of plans for the offsite: the Harbor Inn double-booked us, so it is at Asilomar now, same day.',
    remark: 'Looking forward to the offsite, I will bring the board games.',
    query: 'Where is the team offsite?',
  },
];

describe('newest wins for explicit amendments', () => {
  it('an amendment ranks above the decision it amends; a later remark that amends nothing never jumps', async () => {
    for (const subject of SUBJECTS) {
      const userId = `u-${randomUUID()}`;
      const [decided, amends, remarks] = ['decided', 'amends', 'remarks'].map((n) =>
        uniqueSessionId(`am-${n}`),
      );
      await say(decided!, subject.decision, day(0), { userId });
      await say(amends!, subject.amendment, day(10), { userId });
      await say(remarks!, subject.remark, day(20), { userId });
      const found = await search({ query: subject.query, userId, limit: 10 });
      const order = sessionsOf(found);
      expect(order, subject.query).toContain(decided);
      expect(order.indexOf(amends!), subject.query).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(amends!), subject.query).toBeLessThan(order.indexOf(decided!));
      const decision = found.items.find((i: Json) => i.source.sessionId === decided);
      const amendment = found.items.find((i: Json) => i.source.sessionId === amends);
      expect(decision.amendedBy).toBe(amendment.id);
      // The remark, later than both and on the same subject, amends nothing: no link, never an amendment.
      expect(found.items.every((i: Json) => i.amendedBy === undefined || i.amendedBy === amendment.id)).toBe(
        true,
      );
      const fromRemark = await stack.h.database.db.execute(
        sql`select count(*)::int as n from memory_amendments where amending_session_id = ${remarks}`,
      );
      expect((fromRemark as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    }
  });

  it('per-turn recall in GET /context gets the same order', async () => {
    const subject = SUBJECTS[1]!;
    const userId = `u-${randomUUID()}`;
    const [decided, amends, asking] = ['decided', 'amends', 'asking'].map((n) =>
      uniqueSessionId(`am-ctx-${n}`),
    );
    await say(decided!, subject.decision, day(0), { userId });
    await say(amends!, subject.amendment, day(10), { userId });
    await say(asking!, subject.query, day(20), { userId });
    const ctx = await context(asking!);
    const result = ctx.messages.find(
      (m: Json) => m.role === 'toolResult' && m.toolName === 'search_memories',
    );
    expect(result, JSON.stringify(ctx.recall)).toBeDefined();
    const recalled = JSON.parse(result.content[0].text).memories.map((m: Json) => m.sessionId);
    expect(recalled.indexOf(amends)).toBeGreaterThanOrEqual(0);
    expect(recalled.indexOf(amends)).toBeLessThan(recalled.indexOf(decided));
  });

  it('episodes indexed before links existed are linked in the background', async () => {
    const subject = SUBJECTS[0]!;
    const userId = `u-${randomUUID()}`;
    const [decided, amends] = ['decided', 'amends'].map((n) => uniqueSessionId(`am-old-${n}`));
    await say(decided!, subject.decision, day(0), { userId });
    await say(amends!, subject.amendment, day(10), { userId });
    const db = stack.h.database.db;
    // As before migration 0014: no links, nothing linked.
    await db.execute(sql`delete from memory_amendments where amending_session_id = ${amends}`);
    await db.execute(sql`update sessions set amendments_to_seq = 0 where id in (${decided}, ${amends})`);
    await eventually(
      async () => {
        await linkPendingAmendments(db);
        return (
          (await db.execute(
            sql`select count(*)::int as n from memory_amendments where amending_session_id = ${amends}`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]!.n;
      },
      (n) => n === 1,
    );
    const order = sessionsOf(await search({ query: subject.query, userId, limit: 10 }));
    expect(order.indexOf(amends!)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(amends!)).toBeLessThan(order.indexOf(decided!));
  });

  it("an amendment in another user's or another tenant's scope never links nor reorders", async () => {
    const subject = SUBJECTS[0]!;
    const userId = `u-${randomUUID()}`;
    const mine = uniqueSessionId('am-mine');
    await say(mine, subject.decision, day(0), { userId });
    // Another user of the same tenant decided and amended the same.
    const otherUser = `u-${randomUUID()}`;
    await say(uniqueSessionId('am-other-1'), subject.decision, day(0), { userId: otherUser });
    await say(uniqueSessionId('am-other-2'), subject.amendment, day(10), { userId: otherUser });
    // Another tenant, the very same user id.
    const otherTenant = `tenant-am-${randomUUID()}`;
    const foreign = (await createApiKey(stack.h.database.db, { tenantId: otherTenant, role: 'agent' })).key;
    await say(uniqueSessionId('am-foreign'), subject.amendment, day(10), { userId }, foreign);
    const found = await search({ query: subject.query, userId, limit: 10 });
    expect(sessionsOf(found)).toEqual([mine]);
    expect(found.items[0].amendedBy).toBeUndefined();
    const links = await stack.h.database.db.execute(
      sql`select count(*)::int as n from memory_amendments where amended_session_id = ${mine}`,
    );
    expect((links as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('an amendment of an amendment comes first, then the one it amends, then the decision', async () => {
    const userId = `u-${randomUUID()}`;
    const [first, second, third] = ['first', 'second', 'third'].map((n) => uniqueSessionId(`am-chain-${n}`));
    await say(
      first!,
      'Deploy window decided: Tuesdays at 10:00 UTC, two approvers for every deploy.',
      day(0),
      {
        userId,
      },
    );
    await say(second!, 'Amendment to the deploy window: Thursdays at 10:00 UTC from now on.', day(5), {
      userId,
    });
    await say(
      third!,
      'Amending the deploy window again: Thursdays at 14:00 UTC, after the support handover.',
      day(9),
      {
        userId,
      },
    );
    const order = sessionsOf(await search({ query: 'When is the deploy window?', userId, limit: 10 }));
    expect(order.slice(0, 3)).toEqual([third, second, first]);
  });

  it('erasing the amending session, or the user, removes the links and counts them', async () => {
    const subject = SUBJECTS[2]!;
    const userId = `u-${randomUUID()}`;
    const decided = uniqueSessionId('am-erase-1');
    const amends = uniqueSessionId('am-erase-2');
    await say(decided, subject.decision, day(0), { userId });
    await say(amends, subject.amendment, day(10), { userId });
    const linksOf = async () =>
      (
        (await stack.h.database.db.execute(
          sql`select count(*)::int as n from memory_amendments where amending_session_id = ${amends} or amended_session_id = ${decided}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    expect(await linksOf()).toBe(1);
    const erase = (url: string) => eraseWith(stack.app, keys.operator!, url);
    expect((await erase(`/v1/sessions/${amends}`)).erased).toMatchObject({ amendments: 1 });
    expect(await linksOf()).toBe(0);
    const found = await search({ query: subject.query, userId, limit: 10 });
    expect(sessionsOf(found)).toEqual([decided]);
    expect(found.items[0].amendedBy).toBeUndefined();

    // The user: a new amendment, then the user erased with it.
    const again = uniqueSessionId('am-erase-3');
    await say(again, subject.amendment, day(12), { userId });
    expect((await erase(`/v1/users/${userId}`)).erased).toMatchObject({ amendments: 1 });
    expect(
      (
        (await stack.h.database.db.execute(
          sql`select count(*)::int as n from memory_amendments where amending_session_id = ${again}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    ).toBe(0);
  });
});
