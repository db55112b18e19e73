/**
 * The dual-threshold, non-blocking compaction on the real stack: dev server, PostgreSQL, a worker
 * summarising through a local fake OpenAI-compatible LLM that can stall or fail on command.
 */

import { defineSearchAttributeKey } from '@temporalio/common';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inertMarkup } from '../../context/prompt-data.js';
import { breakerEvents, messages, summaries, todos } from '../../db/schema.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

const WINDOW = 20_000;

let h: Harness;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  h = await startHarness({ llmBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  fake?.releaseStalled();
  await h?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.setBehaviour('succeed');
});

// biome-ignore lint/suspicious/noExplicitAny: the session view as JSON, read field by field
type View = Record<string, any>;

async function post(sessionId: string, turn: { turnId: string; messages: unknown[] }) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: { ...turn, contextWindowTokens: WINDOW },
  });
  expect(response.statusCode).toBe(202);
  return response.json() as View;
}

const view = async (sessionId: string): Promise<View> =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();

/** Posts one turn and waits until the workflow has applied it. */
async function postApplied(sessionId: string, turn: { turnId: string; messages: unknown[] }): Promise<View> {
  const answer = await post(sessionId, turn);
  return eventually(
    () => view(sessionId),
    (v) => v.lastSeq >= answer.turn.toSeq,
  );
}

/** Posts coding turns from `from` on until `until(view)` holds; returns the view and the next index. */
async function postUntil(sessionId: string, from: number, until: (v: View) => boolean, max = 40) {
  for (let i = from; i < from + max; i++) {
    const v = await postApplied(sessionId, codingTurn(i));
    if (until(v)) return { view: v, next: i + 1 };
  }
  throw new Error(`condition not reached within ${max} turns`);
}

describe('the upload threshold', () => {
  it('starts a background compaction at 50% and keeps answering turns while the LLM is stalled', async () => {
    fake.setBehaviour('stall');
    const sessionId = uniqueSessionId();
    const { view: crossed, next } = await postUntil(sessionId, 0, (v) => v.upload !== null);
    expect(crossed.ratio).toBeGreaterThanOrEqual(0.5);
    expect(crossed.upload).toMatchObject({ status: 'running', forced: false, trigger: 'threshold' });
    await eventually(
      async () => fake.calls.length,
      (n) => n > 0,
    );

    // The LLM holds every call; a turn still gets its answer and is applied.
    const during = await postApplied(sessionId, codingTurn(next));
    expect(during.upload).toMatchObject({ compactionId: crossed.upload.compactionId, status: 'running' });
    expect(during.boundarySeq).toBe(0);
    fake.setBehaviour('succeed');
    fake.releaseStalled();
    await eventually(
      () => view(sessionId),
      (v) => v.upload.status === 'succeeded',
    );
  });

  it('cleans up exactly the uploaded range when it completes and keeps the newer messages', async () => {
    fake.setBehaviour('stall');
    const sessionId = uniqueSessionId();
    const { view: crossed, next } = await postUntil(sessionId, 0, (v) => v.upload !== null);
    const upload = crossed.upload;
    // A message that arrives while the upload runs stays live after the clean-up.
    const later = await postApplied(sessionId, codingTurn(next));
    fake.setBehaviour('succeed');
    fake.releaseStalled();

    const done = await eventually(
      () => view(sessionId),
      (v) => v.upload.status === 'succeeded',
    );
    expect(done.boundarySeq).toBe(upload.toSeq);
    expect(done.summary.compactionId).toBe(upload.compactionId);
    expect(done.lastSeq).toBe(later.lastSeq);
    expect(done.liveTokens).toBeLessThan(later.liveTokens);

    const context = (
      await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context?recall=false` })
    ).json();
    const stored = await h.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId)));
    const newer = stored.filter((m) => m.seq > upload.toSeq).sort((a, b) => a.seq - b.seq);
    expect(context.summary.compactionId).toBe(upload.compactionId);
    expect(context.boundarySeq).toBe(upload.toSeq);
    expect(context.messages[0].role).toBe('user');
    // The summary rides inert inside <molt-summary> (context/prompt-data.ts): no tag can open or close.
    expect(context.messages[0].content).toContain(inertMarkup(context.summary.text).slice(0, 40));
    // Then the key files the range read that the newer messages do not read again
    // (docs/key-file-restore.md), then the newer messages.
    const restored = context.restored.files.length > 0 ? 1 : 0;
    expect(context.restored.files.length + context.restored.skippedLive.length).toBeGreaterThan(0);
    expect(context.messages.slice(1 + restored)).toEqual(newer.map((m) => m.body));
  });

  it('forces the clean-up at 70% while the upload is stalled, and attaches the summary when it arrives', async () => {
    fake.setBehaviour('stall');
    const sessionId = uniqueSessionId();
    const { view: crossed, next } = await postUntil(sessionId, 0, (v) => v.upload !== null);
    const upload = crossed.upload;
    const { view: forced } = await postUntil(sessionId, next, (v) => v.upload?.forced === true);
    expect(forced.upload).toMatchObject({
      compactionId: upload.compactionId,
      status: 'running',
      forced: true,
    });
    expect(forced.boundarySeq).toBe(upload.toSeq);
    expect(forced.summary).toBeNull();

    fake.setBehaviour('succeed');
    fake.releaseStalled();
    const attached = await eventually(
      () => view(sessionId),
      (v) => v.summary?.compactionId === upload.compactionId,
    );
    expect(attached.upload.status).toBe('succeeded');
    expect(attached.boundarySeq).toBe(upload.toSeq);
  });
});

describe('what a compaction keeps', () => {
  it('stores the summary, TODOs, files and tool failures, and serves them from GET /v1/compactions/{id}', async () => {
    const sessionId = uniqueSessionId();
    const { view: crossed } = await postUntil(sessionId, 0, (v) => v.upload !== null);
    const id = crossed.upload.compactionId;
    await eventually(
      () => view(sessionId),
      (v) => v.summary?.compactionId === id,
    );

    const response = await h.app.inject({ method: 'GET', url: `/v1/compactions/${id}` });
    expect(response.statusCode).toBe(200);
    const compaction = response.json();
    expect(compaction).toMatchObject({
      id,
      sessionId,
      trigger: 'threshold',
      status: 'succeeded',
      fromSeq: 1,
    });
    expect(compaction.tokensAfter).toBeLessThan(compaction.tokensBefore);
    // The summary in force is the working memory (docs/working-memory.md), rendered.
    expect(compaction.summary).toContain('## Task');
    expect(compaction.summary).toContain('## Tool failures');
    expect(compaction.workingMemory.failures).toContainEqual(
      expect.objectContaining({ tool: 'exec', summary: 'FAIL test/module3.test.ts: expected 3, got 4' }),
    );
    expect(compaction.workingMemory.filesRead).toContain('src/module3.ts');
    expect(compaction.files.read).toContain('src/module3.ts');
    expect(compaction.toolFailures).toContainEqual(
      expect.objectContaining({ toolCallId: 'call_exec_3', toolName: 'exec' }),
    );
    expect(compaction.todos.map((t: { text: string }) => t.text).join('\n')).toMatch(
      /regression test for batch/,
    );
    expect(compaction.chunks.length).toBeGreaterThan(0);
    expect(
      compaction.chunks.every((c: { status: string; level: number }) => c.status === 'done' && c.level === 1),
    ).toBe(true);

    const rows = await h.database.db.select().from(summaries).where(eq(summaries.compactionId, id));
    expect(rows).toHaveLength(1);
    const todoRows = await h.database.db.select().from(todos).where(eq(todos.sessionId, sessionId));
    expect(todoRows.length).toBeGreaterThan(0);
    // toolResult.details never reaches the model.
    expect(JSON.stringify(fake.calls)).not.toContain('never-sent-to-an-llm');
  });
});

describe('the circuit breaker', () => {
  it('opens after three failing compactions, compacts offline while open, and a replay after recovery closes it', async () => {
    // 401s are final: every chunk falls back to the extractive digest, so each compaction is degraded.
    fake.setBehaviour('auth');
    const sessionId = uniqueSessionId();
    const { view: open, next } = await postUntil(sessionId, 0, (v) => v.breaker.state === 'open', 60);
    expect(open.breaker.consecutiveFailures).toBe(3);
    expect(open.compactions).toMatchObject({ total: 3, degraded: 3 });
    // The breaker names the provider's error, not only "degraded" (issue 32).
    expect(open.breaker.lastError).toMatch(/401/);
    const degradedId = open.summary.compactionId;
    const degraded = (await h.app.inject({ method: 'GET', url: `/v1/compactions/${degradedId}` })).json();
    expect(degraded.status).toBe('degraded');
    expect(degraded.chunks.some((c: { level: number }) => c.level === 3)).toBe(true);
    // The row names the provider's error once, as its cause.
    expect(degraded).toMatchObject({ verdict: 'degraded' });
    expect(degraded.cause).toMatch(/401/);

    // More turns cross the thresholds again: the breaker stops the LLM, never compaction. The next
    // compaction is the offline digest, calls no LLM and leaves the breaker open.
    const calls = fake.calls.length;
    const { view: later } = await postUntil(sessionId, next, (v) => v.compactions.total >= 4, 60);
    expect(fake.calls.length).toBe(calls);
    expect(later.breaker.state).toBe('open');
    const lastId = later.summary.compactionId;
    const offline = (await h.app.inject({ method: 'GET', url: `/v1/compactions/${lastId}` })).json();
    expect(offline).toMatchObject({ verdict: 'offline' });
    // Operators find it: a breaker event row, and the workflow's MoltBreakerOpen search attribute.
    const events = await h.database.db
      .select()
      .from(breakerEvents)
      .where(eq(breakerEvents.sessionId, sessionId));
    expect(events.map((e) => e.state)).toContain('open');
    const described = await h.client.workflow.getHandle(open.workflowId).describe();
    expect(described.typedSearchAttributes.get(defineSearchAttributeKey('MoltBreakerOpen', 'BOOL'))).toBe(
      true,
    );
    const listed = (await h.app.inject({ method: 'GET', url: '/v1/sessions?breaker=open&limit=200' })).json();
    expect(listed.items.map((s: { sessionId: string }) => s.sessionId)).toContain(sessionId);

    fake.setBehaviour('succeed');
    const replay = await h.app.inject({ method: 'POST', url: `/v1/compactions/${lastId}/replay` });
    expect(replay.statusCode).toBe(202);
    const replayId = replay.json().compaction.id;
    expect(replayId).not.toBe(lastId);
    const closed = await eventually(
      () => view(sessionId),
      (v) => v.breaker.state === 'closed',
    );
    expect(closed.summary.compactionId).toBe(replayId);
    const replayed = (await h.app.inject({ method: 'GET', url: `/v1/compactions/${replayId}` })).json();
    expect(replayed).toMatchObject({ status: 'succeeded', trigger: 'replay', replayOf: lastId });
  });

  it('resets an open breaker through an Update that answers with the persisted view', async () => {
    fake.setBehaviour('auth');
    const sessionId = uniqueSessionId();
    await postUntil(sessionId, 0, (v) => v.breaker.state === 'open', 60);
    fake.setBehaviour('succeed');

    const reset = await h.app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/breaker/reset` });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().breaker).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    // No polling: the answer came after the workflow persisted the view the API serves.
    expect((await view(sessionId)).breaker.state).toBe('closed');
  });

  it('replays a compaction of a session whose run is gone by rebuilding the run, as /compact does', async () => {
    fake.setBehaviour('auth');
    const sessionId = uniqueSessionId();
    const { view: failed } = await postUntil(sessionId, 0, (v) => v.compactions.degraded >= 1);
    const settled = await eventually(
      () => view(sessionId),
      (v) => v.upload?.status !== 'running',
    );
    const lastId = failed.upload.compactionId;
    await h.client.workflow.getHandle(settled.workflowId).terminate('a lost run (issue 29)');
    fake.setBehaviour('succeed');
    const replay = await h.app.inject({ method: 'POST', url: `/v1/compactions/${lastId}/replay` });
    expect(replay.statusCode, replay.body.slice(0, 300)).toBe(202);
    const replayId = replay.json().compaction.id;
    const done = await eventually(
      () => view(sessionId),
      (v) => v.summary?.compactionId === replayId,
    );
    // The rebuilt run kept what the lost one had applied, and the replay's summary is in force.
    expect(done.lastSeq).toBe(settled.lastSeq);
    expect(done.boundarySeq).toBeGreaterThanOrEqual(settled.boundarySeq);
  });

  it('refuses to replay a compaction that succeeded', async () => {
    const sessionId = uniqueSessionId();
    const { view: crossed } = await postUntil(sessionId, 0, (v) => v.upload !== null);
    const id = crossed.upload.compactionId;
    await eventually(
      () => view(sessionId),
      (v) => v.upload.status === 'succeeded',
    );
    const replay = await h.app.inject({ method: 'POST', url: `/v1/compactions/${id}/replay` });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe('not_replayable');
  });
});
