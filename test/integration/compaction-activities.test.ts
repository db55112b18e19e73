/**
 * The compaction activities on their own (MockActivityEnvironment, embedded PGlite): the plan
 * returns chunk boundaries and the history-share drop, counts only; persisting twice writes one
 * summary.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompactionPlan, compactionActivities } from '../../activities/compaction.js';
import { estimateMessageTokens } from '../../context/index.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { summaries } from '../../db/schema.js';
import { appendTurn, DEFAULT_TENANT_ID, ensureTenant } from '../../db/transcript.js';
import type { CompactionResult } from '../../workflows/definitions.js';
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
