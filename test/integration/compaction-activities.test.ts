/**
 * The compaction activities on their own (MockActivityEnvironment, embedded PGlite): the plan
 * returns chunk boundaries and the history-share drop, counts only; persisting twice writes one
 * summary; the fallbacks once the LLM's attempts are spent, by name and by the flags of older
 * histories.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompactionPlan,
  compactionActivities,
  LEVEL_EXTRACTIVE,
} from '../../activities/compaction/index.js';
import { estimateMessageTokens } from '../../context/index.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { chunksOf, compactionRow } from '../../db/compaction-writes.js';
import { summaries } from '../../db/schema.js';
import { appendTurn, DEFAULT_TENANT_ID, ensureTenant } from '../../db/transcript.js';
import type { TextModel } from '../../llm/model.js';
import type { CompactionResult } from '../../workflows/contract.js';
import { codingTurn } from './agent-turns.js';

let handle: DatabaseHandle;
const env = new MockActivityEnvironment();
const WINDOW = 8_000;

beforeAll(async () => {
  handle = await openDatabase({ pglite: 'memory' });
  await handle.migrate();
  await ensureTenant(handle.db, DEFAULT_TENANT_ID);
  for (let i = 0; i < 8; i++) {
    const turn = codingTurn(i);
    await appendTurn(
      handle.db,
      {
        tenantId: DEFAULT_TENANT_ID,
        sessionId: 'plan',
        workflowId: 'wf-plan',
        turnId: turn.turnId,
        messages: turn.messages,
        tokens: turn.messages.map((m) => estimateMessageTokens(m)),
        contextWindowTokens: WINDOW,
        defaultContextWindowTokens: WINDOW,
        settings: undefined,
        usage: undefined,
        content: turn,
      },
      async () => {},
    );
  }
});
afterAll(async () => {
  await handle?.close();
});

const input = {
  compactionId: 'cmp-plan-1',
  tenantId: DEFAULT_TENANT_ID,
  sessionId: 'plan',
  parentWorkflowId: null,
  trigger: 'manual' as const,
  fromSeq: 1,
  toSeq: 48,
  contextWindowTokens: WINDOW,
  previousCompactionId: null,
  workflowId: 'wf',
  runId: 'run',
};

describe('the compaction activities', () => {
  it('plan the chunks and the history-share drop without returning any message body', async () => {
    const activities = compactionActivities({ db: handle.db, model: null, concurrency: 4 });
    const plan: CompactionPlan = await env.run(activities.planCompaction, input);
    expect(plan.chunks.length).toBeGreaterThan(1);
    expect(plan.chunks[0]).toMatchObject({ index: 0, fromSeq: 1 });
    expect(plan.chunks.at(-1)?.toSeq).toBe(48);
    // About 8 000 tokens against half of an 8 000-token window: the oldest part is dropped.
    expect(plan.historyShare?.droppedMessages).toBeGreaterThan(0);
    expect(plan.historyShare?.droppedToSeq).toBeGreaterThan(0);
    expect(plan.historyShare?.keptTokens).toBeLessThanOrEqual(plan.historyShare!.budgetTokens);
    expect(JSON.stringify(plan)).not.toContain('refactor');
  });

  it('persist the summary once even when the persist activity runs again', async () => {
    const activities = compactionActivities({ db: handle.db, model: null, concurrency: 4 });
    const plan: CompactionPlan = await env.run(activities.planCompaction, {
      ...input,
      compactionId: 'cmp-plan-2',
    });
    for (const chunk of plan.chunks) {
      await env.run(activities.summarizeChunk, {
        compactionId: 'cmp-plan-2',
        tenantId: DEFAULT_TENANT_ID,
        sessionId: 'plan',
        index: chunk.index,
        contextWindowTokens: WINDOW,
        previousCompactionId: null,
      });
    }
    const range = {
      compactionId: 'cmp-plan-2',
      tenantId: DEFAULT_TENANT_ID,
      sessionId: 'plan',
      fromSeq: 1,
      toSeq: 48,
      previousCompactionId: null,
    };
    await env.run(activities.mergeCompaction, range);
    const first: CompactionResult = await env.run(activities.persistCompaction, range);
    const again: CompactionResult = await env.run(activities.persistCompaction, range);
    expect(first.status).toBe('succeeded');
    expect(again).toEqual(first);
    expect(
      await handle.db.select().from(summaries).where(eq(summaries.compactionId, 'cmp-plan-2')),
    ).toHaveLength(1);
  });
});

describe('the fallbacks once the LLM attempts are spent', () => {
  /** A configured LLM that these fallbacks must never call. */
  const unusedModel: TextModel = {
    id: 'test:unused',
    generate: async () => {
      throw new Error('the fallback called the LLM');
    },
  };
  let activities: ReturnType<typeof compactionActivities>;
  beforeAll(() => {
    activities = compactionActivities({ db: handle.db, model: unusedModel, concurrency: 4 });
  });
  const chunkRequest = (compactionId: string, index: number) => ({
    compactionId,
    tenantId: DEFAULT_TENANT_ID,
    sessionId: 'plan',
    index,
    contextWindowTokens: WINDOW,
    previousCompactionId: null,
  });
  const rangeOf = (compactionId: string) => ({
    compactionId,
    tenantId: DEFAULT_TENANT_ID,
    sessionId: 'plan',
    fromSeq: 1,
    toSeq: 48,
    previousCompactionId: null,
  });
  const planned = async (compactionId: string): Promise<CompactionPlan> =>
    env.run(activities.planCompaction, { ...input, compactionId });
  const chunkRows = async (compactionId: string) =>
    (await chunksOf(handle.db, 'default', compactionId)).map(({ index, level, status, summary, error }) => ({
      index,
      level,
      status,
      summary,
      error,
    }));

  it("digestChunk writes a chunk's extractive digest at level 3, noting the spent LLM attempts", async () => {
    await planned('cmp-digest');
    const result = await env.run(activities.digestChunk, chunkRequest('cmp-digest', 0));
    expect(result).toEqual({ index: 0, level: LEVEL_EXTRACTIVE });
    const [chunk] = await chunkRows('cmp-digest');
    expect(chunk).toMatchObject({ level: LEVEL_EXTRACTIVE, status: 'done', error: 'LLM attempts exhausted' });
    expect(chunk?.summary).toContain('refactor src/module0.ts');
  });

  it('summarizeChunk with the extractive flag of older histories writes what digestChunk writes', async () => {
    const plan = await planned('cmp-digest-named');
    await planned('cmp-digest-flag');
    for (const chunk of plan.chunks) {
      await env.run(activities.digestChunk, chunkRequest('cmp-digest-named', chunk.index));
      await env.run(activities.summarizeChunk, {
        ...chunkRequest('cmp-digest-flag', chunk.index),
        extractive: true,
      });
    }
    expect(await chunkRows('cmp-digest-flag')).toEqual(await chunkRows('cmp-digest-named'));
  });

  it('joinChunkSummaries makes the merged body of the chunk summaries as they are', async () => {
    const plan = await planned('cmp-join');
    for (const chunk of plan.chunks)
      await env.run(activities.digestChunk, chunkRequest('cmp-join', chunk.index));
    await env.run(activities.joinChunkSummaries, rangeOf('cmp-join'));
    const partials = (await chunkRows('cmp-join')).map((c) => c.summary);
    expect(partials.length).toBeGreaterThan(1);
    expect((await compactionRow(handle.db, 'default', 'cmp-join'))?.mergedBody).toBe(partials.join('\n\n'));
  });

  it('mergeCompaction with the concatenate flag of older histories joins like joinChunkSummaries', async () => {
    const plan = await planned('cmp-join-flag');
    for (const chunk of plan.chunks) {
      await env.run(activities.digestChunk, chunkRequest('cmp-join-flag', chunk.index));
    }
    await env.run(activities.mergeCompaction, { ...rangeOf('cmp-join-flag'), concatenate: true });
    const partials = (await chunkRows('cmp-join-flag')).map((c) => c.summary);
    expect((await compactionRow(handle.db, 'default', 'cmp-join-flag'))?.mergedBody).toBe(
      partials.join('\n\n'),
    );
  });
});
