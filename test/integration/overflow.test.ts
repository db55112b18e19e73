/**
 * Every branch of the overflow recovery tree (docs/engine-rules.md#overflow-recovery), reached through
 * POST /v1/sessions/{id}/overflow on the real stack.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOverrides } from '../../db/schema.js';
import { codingTurn, hugeResultTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

const WINDOW = 20_000;
const OVERFLOW = 'context length exceeded';
const COMPACTION_OVERFLOW = 'summarization failed: context overflow: prompt is too long';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function sessionWith(turns: Array<{ turnId: string; messages: unknown[] }>): Promise<string> {
  const sessionId = uniqueSessionId();
  let toSeq = 0;
  for (const turn of turns) {
    const response = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { ...turn, contextWindowTokens: WINDOW },
    });
    expect(response.statusCode).toBe(202);
    toSeq = response.json().turn.toSeq;
  }
  await eventually(
    () => view(sessionId),
    (v) => v.lastSeq === toSeq,
  );
  return sessionId;
}

const view = async (sessionId: string) =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();

async function overflow(sessionId: string, body: Record<string, unknown>) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/overflow`,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const codingTurns = (n: number) => Array.from({ length: n }, (_, i) => codingTurn(i));

describe('POST /v1/sessions/{id}/overflow', () => {
  it('answers not_overflow for an error that is not a context overflow', async () => {
    const sessionId = await sessionWith(codingTurns(1));
    const answer = await overflow(sessionId, {
      attemptId: 'a',
      error: '429 rate limit exceeded, retry in 20s',
    });
    expect(answer).toMatchObject({ action: 'not_overflow', step: 'not-overflow' });
  });

  it('answers retry without compacting when the agent already auto-compacted', async () => {
    const sessionId = await sessionWith(codingTurns(3));
    const answer = await overflow(sessionId, { attemptId: 'a', error: OVERFLOW, autoCompacted: true });
    expect(answer).toMatchObject({ action: 'retry', step: 'auto-compacted', attempts: { compaction: 1 } });
    expect((await view(sessionId)).compactions.total).toBe(0);
  });

  it('compacts now and answers retry when the compaction freed tokens', async () => {
    // About 8 000 tokens: more than the 4 000 kept verbatim, so there is a range to compact.
    const sessionId = await sessionWith(codingTurns(8));
    const before = await view(sessionId);
    const answer = await overflow(sessionId, { attemptId: 'a', error: { message: OVERFLOW, status: 400 } });
    expect(answer).toMatchObject({
      action: 'retry',
      step: 'compact',
      attempts: { compaction: 1, truncated: 0 },
    });
    const after = await view(sessionId);
    expect(after.summary.compactionId).toBe(answer.compactionId);
    expect(after.liveTokens).toBeLessThan(before.liveTokens);
    const compaction = (
      await h.app.inject({ method: 'GET', url: `/v1/compactions/${answer.compactionId}` })
    ).json();
    expect(compaction.trigger).toBe('overflow');
  });

  it('moves on to truncation when a compaction frees nothing, and truncates persistently', async () => {
    // One turn whose tool result alone is over 30% of the window: there is no safe cut to compact.
    const sessionId = await sessionWith([hugeResultTurn('big', 9_000)]);
    const before = await view(sessionId);
    const answer = await overflow(sessionId, { attemptId: 'a', error: OVERFLOW });
    expect(answer).toMatchObject({
      action: 'retry',
      step: 'truncate',
      attempts: { compaction: 1, truncated: 1 },
    });
    const after = await view(sessionId);
    expect(after.liveTokens).toBeLessThan(before.liveTokens);

    const overrides = await h.database.db
      .select()
      .from(messageOverrides)
      .where(eq(messageOverrides.sessionId, sessionId));
    expect(overrides.map((o) => o.seq)).toEqual([3]);
    const context = (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context` })).json();
    expect(JSON.stringify(context.messages[2])).toContain('Content truncated');
  });

  it('resets the live context when the compaction itself overflowed, then gives up in the same attempt', async () => {
    const sessionId = await sessionWith(codingTurns(2));
    const first = await overflow(sessionId, { attemptId: 'a', error: COMPACTION_OVERFLOW });
    expect(first).toMatchObject({ action: 'reset', step: 'reset', attempts: { reset: 1 } });
    expect(first.message).toBe('Context limit exceeded during compaction. Session has been reset.');
    const reset = await view(sessionId);
    expect(reset.boundarySeq).toBe(reset.lastSeq);

    const second = await overflow(sessionId, { attemptId: 'a', error: COMPACTION_OVERFLOW });
    expect(second).toMatchObject({ action: 'give_up', step: 'give-up' });
    expect(second.message).toMatch(/^Context overflow: prompt too large for the model/);
  });

  it('counts per attempt: a new attemptId starts from zero', async () => {
    const sessionId = await sessionWith(codingTurns(2));
    await overflow(sessionId, { attemptId: 'first', error: COMPACTION_OVERFLOW });
    const fresh = await overflow(sessionId, { attemptId: 'second', error: OVERFLOW, autoCompacted: true });
    expect(fresh.attempts).toEqual({ compaction: 1, truncated: 0, reset: 0 });
  });

  it('answers 404 for an unknown session and 400 for a body without attemptId', async () => {
    const unknown = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${uniqueSessionId()}/overflow`,
      payload: { attemptId: 'a', error: OVERFLOW },
    });
    expect(unknown.statusCode).toBe(404);
    const sessionId = await sessionWith(codingTurns(1));
    const invalid = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/overflow`,
      payload: { error: OVERFLOW },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.map((d: { path: string }) => d.path)).toContain('body.attemptId');
  });
});

describe('POST /v1/sessions/{id}/compact', () => {
  it('compacts everything with keepRecentTokens 0 (/new) and answers with the compaction', async () => {
    const sessionId = await sessionWith(codingTurns(3));
    const response = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: { keepRecentTokens: 0, instructions: 'Focus on the parser refactor.' },
    });
    expect(response.statusCode).toBe(200);
    const compaction = response.json();
    expect(compaction).toMatchObject({ trigger: 'manual', status: 'succeeded', fromSeq: 1 });
    const after = await view(sessionId);
    expect(after.boundarySeq).toBe(after.lastSeq);
    expect(after.summary.compactionId).toBe(compaction.id);
  });
});
