/**
 * The memory store on embedded PGlite (same migrations as PostgreSQL, pg_trgm loaded): verify and
 * store in one idempotent transaction, dedup, supersession, commit_memory, erasure, tenant reads.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankMemories } from '../../api/assembly/recall.js';
import { extractCandidates } from '../../context/memory/extractive.js';
import { EXTRACTIVE_VERSION } from '../../context/memory/policy.js';
import { queryOfTexts } from '../../context/memory/recall.js';
import type { RangeMessage } from '../../context/memory/types.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { eraseUserMemoriesIn } from '../../db/erasure.js';
import { deleteMemory, scopeOf } from '../../db/memory/memories.js';
import {
  beginExtraction,
  completeExtraction,
  getExtractionWithDiff,
} from '../../db/memory/memory-extractions.js';
import { getMemoryWithEvents, listMemories, searchMemories } from '../../db/memory/memory-reads.js';
import { promptMemories } from '../../db/memory/memory-recall.js';
import { memories, memoryTerms } from '../../db/memory/memory-schema.js';
import { commitMemory } from '../../db/memory/memory-store.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ pglite: 'memory' });
  await handle.migrate();
});
afterAll(() => handle.close());

let counter = 0;
async function extract(tenantId: string, userId: string, sessionId: string, texts: string[]) {
  counter += 1;
  const range: RangeMessage[] = texts.map((text, i) => ({ seq: i + 1, role: 'user', text }));
  const id = `x-${counter}`;
  await beginExtraction(handle.db, {
    id,
    tenantId,
    sessionId,
    userId,
    agentId: null,
    fromSeq: 1,
    toSeq: texts.length,
    trigger: 'upload',
    extractor: EXTRACTIVE_VERSION,
    workflowId: `wf-${id}`,
  });
  const input = {
    id,
    tenantId,
    sessionId,
    scope: scopeOf({ tenantId, userId, sessionId }),
    candidates: extractCandidates(range),
    range,
  };
  return { id, input, counts: await completeExtraction(handle.db, input) };
}

describe('memory store', () => {
  it('stores a fact said three times across two sessions once, and a retry writes nothing', async () => {
    const fact = 'Remember that my cat is called Miso.';
    const first = await extract('t1', 'u-three', 's1', [fact, 'Hello there.', fact]);
    expect(first.counts).toMatchObject({ candidates: 2, added: 1, duplicates: 1, rejected: 0 });
    const second = await extract('t1', 'u-three', 's2', ['remember that my cat is called Miso']);
    expect(second.counts).toMatchObject({ added: 0, duplicates: 1 });
    expect(await completeExtraction(handle.db, first.input)).toEqual(first.counts);
    const listed = await listMemories(handle.db, { tenantId: 't1', userId: 'u-three', limit: 10 });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]?.source).toEqual({
      sessionId: 's1',
      fromSeq: 1,
      toSeq: 1,
      quote: fact,
      role: 'user',
    });
  });

  it('supersedes a changed preference (both rows kept, one active) and shows the diff', async () => {
    await extract('t1', 'u-pref', 's3', ['I prefer tabs for indentation.']);
    const changed = await extract('t1', 'u-pref', 's4', ['Actually, I prefer spaces for indentation.']);
    expect(changed.counts).toMatchObject({ added: 0, superseded: 1 });
    const rows = (await listMemories(handle.db, { tenantId: 't1', userId: 'u-pref', limit: 10 })).items;
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'superseded']);
    const old = rows.find((r) => r.status === 'superseded')!;
    const active = rows.find((r) => r.status === 'active')!;
    expect(old.supersededBy).toBe(active.id);
    const diff = await getExtractionWithDiff(handle.db, 't1', changed.id);
    expect(diff?.diff).toMatchObject([{ kind: 'supersede', memoryId: active.id, before: { id: old.id } }]);
  });

  it('a changed mind supersedes what looks like a duplicate, a return supersedes again, each event with its reason', async () => {
    const said = [
      'Remember that I prefer tabs over spaces.',
      'remember: I prefer spaces over tabs now',
      'Actually I prefer tabs over spaces again.',
      '请记住总是用中文回复我。',
      '以后不要用中文回复我。',
    ];
    const kinds: string[] = [];
    for (const [i, text] of said.entries()) {
      const step = await extract('t1', 'u-mind', `s-mind-${i}`, [text]);
      const diff = await getExtractionWithDiff(handle.db, 't1', step.id);
      kinds.push(...diff!.diff.map((d) => d.kind));
      for (const d of diff!.diff) expect(d.reason).toEqual(expect.any(String));
    }
    expect(kinds).toEqual(['add', 'supersede', 'supersede', 'add', 'supersede']);
    const active = (
      await listMemories(handle.db, { tenantId: 't1', userId: 'u-mind', status: 'active', limit: 10 })
    ).items.map((m) => m.content);
    expect(active.sort()).toEqual(
      ['Actually I prefer tabs over spaces again', '以后不要用中文回复我'].sort(),
    );
    const recallScope = { tenantId: 't1', sessionId: 's-q', userId: 'u-mind', agentId: null };
    const found = await rankMemories(handle.db, recallScope, queryOfTexts(['tabs or spaces?'])!, 0.3);
    expect(found.map((r) => r.memory.content)).toEqual(['Actually I prefer tabs over spaces again']);
  });

  it('never recalls an expired memory (validTo passed), in ranking or in the system prompt, nor shows it to the update policy', async () => {
    const scope = scopeOf({ tenantId: 't1', userId: 'u-expired' });
    const draft = { type: 'profile' as const, priority: 5, source: { kind: 'commit_memory' as const } };
    const trip = await commitMemory(handle.db, scope, { ...draft, content: 'I am in Kyoto on a work trip' });
    const recallScope = { tenantId: 't1', sessionId: 's-exp', userId: 'u-expired', agentId: null };
    const query = queryOfTexts(['Kyoto work trip'])!;
    expect((await rankMemories(handle.db, recallScope, query, 0.3)).map((r) => r.memory.id)).toEqual([
      trip.memory.id,
    ]);
    await handle.db
      .update(memories)
      .set({ validTo: new Date(Date.now() - 60_000) })
      .where(eq(memories.id, trip.memory.id));
    expect(await rankMemories(handle.db, recallScope, query, 0.3)).toEqual([]);
    expect((await promptMemories(handle.db, recallScope)).map((m) => m.id)).not.toContain(trip.memory.id);
    // The same text again is a new current memory, not a duplicate of the expired one.
    const again = await commitMemory(handle.db, scope, { ...draft, content: 'I am in Kyoto on a work trip' });
    expect(again.outcome).toBe('added');
  });

  it('rejects an invented quote with its reason', async () => {
    const range: RangeMessage[] = [{ seq: 1, role: 'user', text: 'I like cycling.' }];
    await beginExtraction(handle.db, {
      id: 'x-invented',
      tenantId: 't1',
      sessionId: 's5',
      userId: 'u-inv',
      agentId: null,
      fromSeq: 1,
      toSeq: 1,
      trigger: 'upload',
      extractor: 'model',
      workflowId: 'wf',
    });
    const counts = await completeExtraction(handle.db, {
      id: 'x-invented',
      tenantId: 't1',
      sessionId: 's5',
      scope: scopeOf({ tenantId: 't1', userId: 'u-inv' }),
      candidates: [
        {
          type: 'profile',
          content: 'Likes rowing',
          abstract: 'Likes rowing',
          quote: 'I like rowing',
          priority: 3,
        },
      ],
      range,
    });
    expect(counts).toMatchObject({
      candidates: 1,
      added: 0,
      rejected: 1,
      rejectedReasons: { quote_not_found: 1 },
    });
  });

  it('commit_memory deduplicates; search ranks; erasure leaves no text; tenants are isolated', async () => {
    const scope = scopeOf({ tenantId: 't2', userId: 'u-erase' });
    const draft = {
      type: 'entity' as const,
      content: 'Deploy key lives in vault path kv/prod/deploy',
      priority: 3,
      source: { kind: 'commit_memory' as const },
    };
    const created = await commitMemory(handle.db, scope, draft);
    expect(created.outcome).toBe('added');
    const again = await commitMemory(handle.db, scope, {
      ...draft,
      content: 'deploy key lives in vault path kv/prod/deploy.',
    });
    expect(again).toMatchObject({ outcome: 'duplicate', memory: { id: created.memory.id } });
    await commitMemory(handle.db, scope, { ...draft, content: '用户住在上海浦东新区' });
    const page1 = await listMemories(handle.db, { tenantId: 't2', userId: 'u-erase', limit: 1 });
    expect(page1.items).toHaveLength(1);
    const page2 = await listMemories(handle.db, {
      tenantId: 't2',
      userId: 'u-erase',
      limit: 1,
      cursor: page1.nextCursor!,
    });
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]?.id).not.toBe(page1.items[0]?.id);
    expect(page2.nextCursor).toBeNull();
    const found = await searchMemories(handle.db, { tenantId: 't2', query: '上海', limit: 5 });
    expect(found.items[0]?.content).toBe('用户住在上海浦东新区');
    expect(found.items[0]?.score).toBeGreaterThan(0);
    expect(await getMemoryWithEvents(handle.db, 't1', created.memory.id)).toBeNull();
    await deleteMemory(handle.db, 't2', created.memory.id);
    expect(
      (await getMemoryWithEvents(handle.db, 't2', created.memory.id))?.events.map((e) => e.kind),
    ).toEqual(['add', 'duplicate', 'delete']);
    const receipt = await handle.db.transaction((tx) => eraseUserMemoriesIn(tx, 't2', 'u-erase'));
    expect(receipt).toMatchObject({ memories: 2, memoryEvents: 4 });
    const text = JSON.stringify(
      await handle.db.execute(
        "select m.content from memories m where m.user_id = 'u-erase' union all select e.after::text from memory_events e where e.user_id = 'u-erase'" as never,
      ),
    );
    expect(text).not.toContain('vault');
    expect(text).not.toContain('上海');
  });
});

describe('recall on PGlite (molt dev)', () => {
  it('ranks the scope’s active memories through the recall index, CJK included', async () => {
    const scope = scopeOf({ tenantId: 't-recall', userId: 'u-recall' });
    const draft = { type: 'preference' as const, priority: 3, source: { kind: 'commit_memory' as const } };
    const tea = await commitMemory(handle.db, scope, { ...draft, content: '用户喜欢喝乌龙茶' });
    const editor = await commitMemory(handle.db, scope, { ...draft, content: 'I use Vim', key: 'editor' });
    const helix = await commitMemory(handle.db, scope, {
      ...draft,
      content: 'I use Helix now',
      key: 'editor',
    });
    await commitMemory(handle.db, scopeOf({ tenantId: 't-recall', userId: 'u-other' }), {
      ...draft,
      content: '另一个用户也喜欢喝茶',
    });
    const recallScope = { tenantId: 't-recall', sessionId: 's-recall', userId: 'u-recall', agentId: null };
    const zh = await rankMemories(handle.db, recallScope, queryOfTexts(['你喜欢什么茶？'])!, 0.45);
    expect(zh.map((r) => r.memory.id)).toEqual([tea.memory.id]);
    const use = await rankMemories(handle.db, recallScope, queryOfTexts(['Which editor do I use?'])!, 0.3);
    expect(use.map((r) => r.memory.id)).toEqual([helix.memory.id]);
    expect(use.map((r) => r.memory.id)).not.toContain(editor.memory.id);
    const indexed = async (id: string) =>
      (await handle.db.select().from(memoryTerms).where(eq(memoryTerms.memoryId, id))).length;
    expect(await indexed(editor.memory.id)).toBe(0); // superseded: out of the recall index
    expect(await indexed(helix.memory.id)).toBeGreaterThan(0);
    await deleteMemory(handle.db, 't-recall', helix.memory.id);
    expect(await indexed(helix.memory.id)).toBe(0);
    await handle.db.transaction((tx) => eraseUserMemoriesIn(tx, 't-recall', 'u-recall'));
    expect(await indexed(tea.memory.id)).toBe(0);
  });
});
