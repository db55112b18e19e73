/**
 * Episodes on the real stack (docs/memory.md#episodes): every stored turn becomes recallable memory
 * through the API, the worker's episode indexer and PostgreSQL — one ranked list with extracted
 * memories, with speaker, time and provenance; scoped like personal memories (users, agents and
 * tenants with the same ids never see each other's); erased with receipts that count them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { eraseWith, eventually, uniqueSessionId } from './harness.js';
import { type Json, useRecallStack } from './recall-stack.js';

const { stack, keys, call, context } = useRecallStack();

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

/** A turn of named speakers with their own timestamps (a conversation between people). */
async function say(
  sessionId: string,
  turnId: string,
  lines: Array<[speaker: string, text: string, at?: number]>,
  scope: Json,
  key = keys.agent,
) {
  await call(
    'POST',
    `/v1/sessions/${sessionId}/turns`,
    {
      turnId,
      contextWindowTokens: 100_000,
      ...scope,
      messages: lines.map(([name, content, timestamp]) => ({
        role: 'user',
        name,
        content,
        ...(timestamp ? { timestamp } : {}),
      })),
    },
    key,
  );
}

const search = (body: Json, key = keys.agent) => call('POST', '/v1/memories/search', body, key);

/** Waits until the session's messages are all episodes (the indexer's watermark reached its last seq). */
async function indexed(sessionId: string) {
  await eventually(
    async () => {
      const result = await stack.h.database.db.execute(
        sql`select last_seq, episodes_to_seq from sessions where id = ${sessionId}`,
      );
      return (result as unknown as { rows: Array<{ last_seq: number; episodes_to_seq: number }> }).rows;
    },
    (rows) => rows.length > 0 && rows.every((row) => row.last_seq > 0 && row.episodes_to_seq >= row.last_seq),
  );
}

const erase = (url: string): Promise<Json> => eraseWith(stack.app, keys.operator!, url);

describe('episodes', () => {
  it('every turn is searchable, with speaker, time and provenance, in one ranked list', async () => {
    const userId = `u-${randomUUID()}`;
    const s1 = uniqueSessionId('ep-first');
    await say(
      s1,
      't1',
      [
        [
          'Caroline',
          'I went to the LGBTQ support group yesterday and it was so powerful.',
          day('2023-05-08'),
        ],
        ['Melanie', 'That sounds amazing! I painted a lake sunrise last year.', day('2023-05-08')],
        ['Caroline', 'I am researching adoption agencies next month, I want to be a mom.', day('2023-05-08')],
      ],
      { userId },
    );
    await indexed(s1);
    const found = await search(
      { query: 'When did Caroline go to the support group?', userId },
      keys.operator,
    );
    expect(found.items.length).toBeGreaterThan(0);
    const hit = found.items[0];
    expect(hit).toMatchObject({
      kind: 'episode',
      type: 'episode',
      speaker: 'Caroline',
      userId,
      source: { sessionId: s1, fromSeq: 1, toSeq: 1, role: 'user' },
    });
    expect(hit.content).toContain('support group yesterday');
    expect(hit.occurredAt).toBe(new Date(day('2023-05-08')).toISOString());
    // "yesterday" resolved against the message's own time.
    expect(hit.dates).toContainEqual({ text: 'yesterday', from: '2023-05-07', to: '2023-05-07' });

    // The speaker's name is searchable; the other speaker's turn answers its own question.
    const painted = await search({ query: 'what did Melanie paint?', userId }, keys.operator);
    expect(painted.items[0]).toMatchObject({ kind: 'episode', speaker: 'Melanie' });

    // An agent's own search through the session finds the same turns.
    const s2 = uniqueSessionId('ep-second');
    await say(s2, 't1', [['Melanie', 'Hi again!']], { userId });
    await indexed(s2);
    const viaSession = await search({ query: 'adoption agencies', sessionId: s2 });
    expect(viaSession.items[0]).toMatchObject({ kind: 'episode', speaker: 'Caroline' });

    // Episodes stay out of the memory listings and counts.
    const listed = await call('GET', `/v1/memories?userId=${userId}`, undefined, keys.operator);
    expect(listed.items.every((m: Json) => m.type !== 'episode')).toBe(true);
    const episodes = await call(
      'GET',
      `/v1/memories?userId=${userId}&type=episode`,
      undefined,
      keys.operator,
    );
    expect(episodes.items).toHaveLength(4);
  });

  it('indexing the same messages twice stores each once (idempotent)', async () => {
    const userId = `u-${randomUUID()}`;
    const s = uniqueSessionId('ep-idem');
    await say(s, 't1', [['Ana', 'The kayak trip to Lake Tahoe is booked for August.']], { userId });
    await indexed(s);
    const db = stack.h.database.db;
    // Rewind the watermark: the indexer sees the message again and adds nothing.
    await db.execute(sql`update sessions set episodes_to_seq = 0 where id = ${s}`);
    await indexed(s);
    const rows = await db.execute(
      sql`select count(*)::int as n from memories where source->>'sessionId' = ${s} and type = 'episode'`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('scopes episodes like personal memories: other users, agents and tenants with the same ids see none', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('ep-scope');
    const secret = 'My locker combination at the Zephyrine gym is 4417.';
    await say(sessionId, 't1', [['Dana', secret]], { userId, agentId: 'shared-agent' });
    await indexed(sessionId);
    const mine = await search({ query: 'Zephyrine locker combination', userId }, keys.operator);
    expect(mine.items[0]?.content).toBe(secret);

    // Same agent, another user: nothing.
    const other = await search(
      { query: 'Zephyrine locker combination', userId: `u-${randomUUID()}`, agentId: 'shared-agent' },
      keys.operator,
    );
    expect(other.items).toEqual([]);
    // The agent alone (no user): personal episodes never live in an agent's scope.
    const agentOnly = await search(
      { query: 'Zephyrine locker combination', agentId: 'shared-agent' },
      keys.operator,
    );
    expect(agentOnly.items).toEqual([]);

    // Another tenant, the very same user id, agent id and session id.
    const otherTenant = `tenant-ep-${randomUUID()}`;
    const foreign = (await createApiKey(stack.h.database.db, { tenantId: otherTenant, role: 'operator' }))
      .key;
    await say(
      sessionId,
      't1',
      [['Dana', 'Nothing to see here about gyms.']],
      { userId, agentId: 'shared-agent' },
      foreign,
    );
    await indexed(sessionId);
    const theirs = await search({ query: 'Zephyrine locker combination', userId }, foreign);
    expect(JSON.stringify(theirs.items)).not.toContain('4417');

    // A session that names no user keeps its episodes to itself.
    const lone = uniqueSessionId('ep-lone');
    await say(lone, 't1', [['Eli', 'The Quillfeather project deadline is Friday.']], {});
    await indexed(lone);
    const own = await search({ query: 'Quillfeather deadline', sessionId: lone });
    expect(own.items[0]).toMatchObject({
      kind: 'episode',
      content: 'The Quillfeather project deadline is Friday.',
    });
    const elsewhere = uniqueSessionId('ep-elsewhere');
    await say(elsewhere, 't1', [['Eli', 'hello there friend']], {});
    const notOwn = await search({ query: 'Quillfeather deadline', sessionId: elsewhere });
    expect(notOwn.items).toEqual([]);
  });

  it('indexes thousands of turns of many speakers; tool output never outranks what people said', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('ep-many');
    const speakers = ['Ana', 'Bo', 'Cy', 'Dee'];
    const turns = 40;
    const perTurn = 50;
    for (let t = 0; t < turns; t++) {
      const lines: Array<[string, string, number]> = [];
      for (let i = 0; i < perTurn; i++) {
        const n = t * perTurn + i;
        lines.push([
          speakers[n % speakers.length]!,
          `Note ${n}: item-${n} filed under shelf ${n % 97}.`,
          day('2024-01-01') + n * 60_000,
        ]);
      }
      await say(sessionId, `t${t}`, lines, { userId });
    }
    // A tool result that repeats the words many times, then what a person said once.
    await call('POST', `/v1/sessions/${sessionId}/turns`, {
      turnId: 'tools',
      contextWindowTokens: 100_000,
      userId,
      messages: [
        { role: 'assistant', content: [{ type: 'toolCall', id: 'c1', name: 'grep', arguments: {} }] },
        {
          role: 'toolResult',
          toolCallId: 'c1',
          toolName: 'grep',
          content: [{ type: 'text', text: 'orchid greenhouse watering schedule '.repeat(40) }],
        },
        { role: 'user', name: 'Bo', content: 'The orchid greenhouse watering schedule is every Tuesday.' },
      ],
    });
    await indexed(sessionId);
    const count = await call(
      'GET',
      `/v1/memories?userId=${userId}&type=episode&limit=1`,
      undefined,
      keys.operator,
    );
    expect(count.items).toHaveLength(1);
    const rows = await stack.h.database.db.execute(
      sql`select count(*)::int as n from memories where source->>'sessionId' = ${sessionId} and type = 'episode'`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(turns * perTurn + 2);

    const item = await search({ query: 'item-1234', userId }, keys.operator);
    expect(item.items[0]).toMatchObject({
      speaker: speakers[1234 % 4],
      content: expect.stringContaining('item-1234'),
    });

    const orchid = await search(
      { query: 'orchid greenhouse watering schedule', userId, limit: 10 },
      keys.operator,
    );
    expect(orchid.items[0]).toMatchObject({ speaker: 'Bo', source: { role: 'user' } });
    expect(orchid.items.filter((i: Json) => i.source.role === 'toolResult').length).toBeLessThanOrEqual(1);
  });

  it('per-turn recall brings an earlier session back; live turns and unanswerable questions inject nothing', async () => {
    const userId = `u-${randomUUID()}`;
    const s1 = uniqueSessionId('ep-recall-1');
    await say(s1, 't1', [['Caroline', 'My brother Marcus is getting married in Lisbon this October.']], {
      userId,
    });
    await indexed(s1);

    const s2 = uniqueSessionId('ep-recall-2');
    await say(s2, 't1', [['Caroline', 'Where is Marcus getting married again?']], { userId });
    await indexed(s2);
    const ctx = await context(s2);
    const result = ctx.messages.find(
      (m: Json) => m.role === 'toolResult' && m.toolName === 'search_memories',
    );
    expect(result, JSON.stringify(ctx.recall)).toBeDefined();
    const recalled = JSON.parse(result.content[0].text).memories;
    expect(recalled[0]).toMatchObject({ kind: 'episode', speaker: 'Caroline', sessionId: s1, seq: 1 });
    expect(recalled[0].content).toContain('Lisbon');
    // The question itself is in the live context: never recalled back to it.
    expect(recalled.every((m: Json) => m.sessionId !== s2)).toBe(true);

    const s3 = uniqueSessionId('ep-recall-3');
    await say(s3, 't1', [['Caroline', 'Can you explain quantum chromodynamics gluon confinement?']], {
      userId,
    });
    const none = await context(s3);
    expect(none.recall.memoryIds).toEqual([]);
    expect(none.messages.some((m: Json) => m.role === 'toolResult')).toBe(false);
  });

  it('erasing a session or a user removes its episodes and counts them in the receipt', async () => {
    const userId = `u-${randomUUID()}`;
    const s1 = uniqueSessionId('ep-erase-1');
    const s2 = uniqueSessionId('ep-erase-2');
    await say(
      s1,
      't1',
      [
        ['Fay', 'The Brindlewood cabin code is 2288.'],
        ['Gus', 'Noted, Brindlewood it is.'],
      ],
      { userId },
    );
    await say(s2, 't1', [['Fay', 'Brindlewood again next summer please.']], { userId });
    await indexed(s1);
    await indexed(s2);
    const receipt = await erase(`/v1/sessions/${s1}`);
    expect(receipt.erased).toMatchObject({ episodes: 2, messages: 2 });
    const left = await search({ query: 'Brindlewood cabin', userId, limit: 10 }, keys.operator);
    expect(left.items.map((i: Json) => i.source.sessionId)).toEqual([s2]);
    // The erased range is never indexed again.
    await stack.h.database.db.execute(sql`update sessions set episodes_to_seq = 0 where id = ${s1}`);
    await indexed(s1);
    expect(
      (await search({ query: 'Brindlewood cabin code', userId }, keys.operator)).items.map(
        (i: Json) => i.source.sessionId,
      ),
    ).toEqual([s2]);

    const user = await erase(`/v1/users/${userId}`);
    expect(user.erased).toMatchObject({ episodes: 1 });
    expect((await search({ query: 'Brindlewood', userId }, keys.operator)).items).toEqual([]);
  });

  it("expand reads the turns around a hit verbatim, bounded, in the caller's scope — also after compaction", async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('ep-expand');
    const lines: Array<[string, string, number]> = [];
    for (let i = 1; i <= 12; i++)
      lines.push([
        i % 2 ? 'Ivy' : 'Jon',
        `Line ${i} about the Marlowe festival. ${'We walked past the stalls and talked about the weather, the crowds, the food and the music. '.repeat(8)}`,
        day('2024-03-01') + i * 1000,
      ]);
    lines[5] = ['Jon', 'The Marlowe festival tickets cost 85 euros each.', day('2024-03-01') + 6000];
    await say(sessionId, 't1', lines, { userId });
    await indexed(sessionId);
    const hit = (await search({ query: 'Marlowe festival tickets cost', userId }, keys.operator)).items[0];
    expect(hit).toMatchObject({ kind: 'episode', source: { fromSeq: 6 } });
    const around = await call(
      'POST',
      '/v1/memories/expand',
      { id: hit.id, before: 2, after: 1, userId },
      keys.operator,
    );
    expect(around.messages.map((m: Json) => m.seq)).toEqual([4, 5, 6, 7]);
    expect(around.messages[2]).toMatchObject({
      speaker: 'Jon',
      clipped: false,
      message: { role: 'user', name: 'Jon', content: 'The Marlowe festival tickets cost 85 euros each.' },
    });
    // Another user's scope: as if it did not exist.
    const stranger = await stack.app.inject({
      method: 'POST',
      url: '/v1/memories/expand',
      headers: { authorization: `Bearer ${keys.operator}` },
      payload: { id: hit.id, userId: `u-${randomUUID()}` },
    });
    expect(stranger.statusCode).toBe(404);
    // Bounded: more than 20 around is refused; naming two targets is refused.
    for (const payload of [
      { id: hit.id, before: 21, userId },
      { id: hit.id, at: { sessionId, seq: 1 }, userId },
    ]) {
      const refused = await stack.app.inject({
        method: 'POST',
        url: '/v1/memories/expand',
        headers: { authorization: `Bearer ${keys.operator}` },
        payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).not.toMatch(/select|stack|at .*\.ts/i);
    }

    // After compaction the raw turns stay reachable from the summary's compaction.
    await call('POST', `/v1/sessions/${sessionId}/compact`, { keepRecentTokens: 0 });
    const compactions = await eventually(
      () => call('GET', `/v1/compactions?sessionId=${sessionId}`, undefined, keys.operator),
      (page) => page.items.some((c: Json) => c.status !== 'running'),
    );
    const compaction = compactions.items.find((c: Json) => c.status !== 'running');
    expect(compaction.status, compaction.error).toBe('succeeded');
    const behind = await call(
      'POST',
      '/v1/memories/expand',
      { compactionId: compaction.id, userId },
      keys.operator,
    );
    expect(behind.messages[0].seq).toBe(compaction.fromSeq);
    expect(JSON.stringify(behind.messages)).toContain('85 euros');
  });

  it('newest wins: a later turn amending an earlier decision ranks first', async () => {
    const userId = `u-${randomUUID()}`;
    const s1 = uniqueSessionId('ep-amend-1');
    const s2 = uniqueSessionId('ep-amend-2');
    await say(
      s1,
      't1',
      [['Kim', 'We decided the billing service will use MySQL as its database.', day('2024-02-01')]],
      { userId },
    );
    await say(
      s2,
      't1',
      [
        [
          'Kim',
          'Change of plan: the billing service will use PostgreSQL as its database.',
          day('2024-04-01'),
        ],
      ],
      { userId },
    );
    await indexed(s1);
    await indexed(s2);
    const found = await search(
      { query: 'which database will the billing service use?', userId, limit: 5 },
      keys.operator,
    );
    expect(found.items.map((i: Json) => i.source.sessionId).slice(0, 2)).toEqual([s2, s1]);
  });
});
