/**
 * Nothing an agent sends can wedge a session (issue 19 item 5), on the real stack:
 * - whatever the size of its tool-call ids, a turn's signal stays small (ids beyond 64 characters
 *   reach the workflow as fixed-size references), so no continue-as-new input or history event
 *   can outgrow Temporal's limits;
 * - a session whose workflow run is terminated reads its state back from PostgreSQL on its next
 *   turn: the boundary, the summary in force and the compaction counts survive, and the context
 *   it serves stays within its window.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Message } from '../../context/messages.js';
import { MAX_TOOL_CALLS_PER_TURN } from '../../context/payload-refs.js';
import { sessionWorkflowId } from '../../workflows/contract.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the session view as JSON, read field by field
type View = Record<string, any>;

/** The largest a turn's signal may be whatever the ids: metas of a few messages and their references. */
const SIGNAL_BOUND_BYTES = 16 * 1024;

const view = async (sessionId: string): Promise<View> =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();

async function postApplied(sessionId: string, body: Record<string, unknown>): Promise<View> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: body,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
  const toSeq = response.json().turn.toSeq;
  return eventually(
    () => view(sessionId),
    (v) => v.lastSeq >= toSeq,
  );
}

/** A coding turn whose tool-call ids are `id(i, k)` instead of the short defaults. */
function turnWithIds(
  i: number,
  id: (k: number) => string,
  resultWords = 100,
): { turnId: string; messages: Message[] } {
  const turn = codingTurn(i, { resultWords });
  const rename = new Map<string, string>();
  const renamed = (old: string) => {
    if (!rename.has(old)) rename.set(old, id(rename.size));
    return rename.get(old)!;
  };
  const messages = turn.messages.map((message): Message => {
    if (message.role === 'toolResult') return { ...message, toolCallId: renamed(message.toolCallId) };
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      return {
        ...message,
        content: message.content.map((block) =>
          block.type === 'toolCall' ? { ...block, id: renamed(block.id) } : block,
        ),
      };
    }
    return message;
  });
  return { turnId: turn.turnId, messages };
}

/**
 * Bytes of every turn's signal in the session workflow's history (all runs of the id): a `turn`
 * signal's payload, or each turn of a `turns` batch (coalesced turns, issue 24).
 */
async function turnSignalSizes(sessionId: string): Promise<number[]> {
  const history = await h.client.workflow.getHandle(sessionWorkflowId('default', sessionId)).fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const signaled = event.workflowExecutionSignaledEventAttributes;
    const payloads = signaled?.input?.payloads ?? [];
    if (signaled?.signalName === 'turn') return [payloads.reduce((sum, p) => sum + (p.data?.length ?? 0), 0)];
    if (signaled?.signalName !== 'turns') return [];
    const batch = JSON.parse(Buffer.from(payloads[0]!.data!).toString('utf8')) as { turns: unknown[] };
    return batch.turns.map((turn) => Buffer.byteLength(JSON.stringify(turn)));
  });
}

it('keeps every turn signal small whatever the size of the tool-call ids', async () => {
  // Id lengths from just over the inline limit to 1.5 M characters, of any characters.
  const cases = fc.sample(
    fc.record({
      length: fc.oneof(fc.integer({ min: 65, max: 5_000 }), fc.integer({ min: 100_000, max: 1_500_000 })),
      unit: fc.oneof(fc.constant('x'), fc.string({ minLength: 1, maxLength: 4, unit: 'grapheme' })),
      turns: fc.integer({ min: 1, max: 3 }),
    }),
    { numRuns: 5, seed: 1905 },
  );
  cases.push({ length: 1_000_000, unit: 'a', turns: 3 });
  for (const [n, c] of cases.entries()) {
    const sessionId = uniqueSessionId(`giant-ids-${n}`);
    for (let i = 0; i < c.turns; i++) {
      const base = c.unit.repeat(Math.ceil(c.length / c.unit.length)).slice(0, c.length);
      await postApplied(sessionId, {
        ...turnWithIds(i, (k) => `${i}-${k}-${base}`),
        contextWindowTokens: 100_000_000,
      });
    }
    const sizes = await turnSignalSizes(sessionId);
    expect(sizes).toHaveLength(c.turns);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(SIGNAL_BOUND_BYTES);
  }
});

it('refuses a turn with more tool calls than a turn may carry, naming the field', async () => {
  const calls = MAX_TOOL_CALLS_PER_TURN + 1;
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${uniqueSessionId('many-calls')}/turns`,
    payload: {
      turnId: 't',
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: Array.from({ length: calls }, (_, k) => ({
            type: 'toolCall',
            id: `c${k}`,
            name: 'x',
            arguments: {},
          })),
          stopReason: 'toolUse',
        },
      ],
    },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.message).toMatch(/^body\.messages\.1\.content: /);
});

it('rebuilds a terminated session workflow from PostgreSQL: boundary, summary and window kept', async () => {
  const cases = [
    { window: 3_000, resultWords: 100, idLength: 10, extraTurns: 0 },
    { window: 4_000, resultWords: 150, idLength: 5_000, extraTurns: 1 },
    { window: 3_500, resultWords: 80, idLength: 200, extraTurns: 2 },
  ];
  for (const [n, c] of cases.entries()) {
    const sessionId = uniqueSessionId(`rebuild-${n}`);
    const id = (i: number) => (k: number) => `${i}.${k}.`.padEnd(c.idLength, 'z');
    const post = (i: number) =>
      postApplied(sessionId, { ...turnWithIds(i, id(i), c.resultWords), contextWindowTokens: c.window });
    // Turns until a summary is in force and no compaction runs.
    let i = 0;
    let before: View = await post(i++);
    for (; i < 40 && !(before.summary && before.upload?.status !== 'running'); i++) {
      before = await post(i);
      if (before.summary) {
        before = await eventually(
          () => view(sessionId),
          (v) => v.upload?.status !== 'running',
        );
      }
    }
    expect(before.summary, `case ${n}: no summary after ${i} turns`).not.toBeNull();
    for (let k = 0; k < c.extraTurns; k++) before = await post(i++);

    await h.client.workflow
      .getHandle(sessionWorkflowId('default', sessionId))
      .terminate('issue 19 item 5 test');
    const after = await post(i++);

    expect(after.boundarySeq).toBeGreaterThanOrEqual(before.boundarySeq);
    expect(after.boundarySeq).toBeGreaterThan(0);
    expect(after.summary).not.toBeNull();
    expect(after.summary.toSeq).toBeGreaterThanOrEqual(before.summary.toSeq);
    expect(after.compactions.total).toBeGreaterThanOrEqual(before.compactions.total);
    // The context served is the rebuilt one: after the boundary, within the window once the
    // compaction the turn may have started has settled (before the fix: the whole transcript).
    const context = await eventually(
      async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context` })).json(),
      (ctx) => ctx.boundarySeq > 0 && ctx.estimatedTokens <= c.window,
    );
    expect(context.boundarySeq).toBeGreaterThanOrEqual(before.boundarySeq);
    // The rebuilt run goes on: later turns are applied and compacted as before.
    for (let k = 0; k < 3; k++) await post(i++);
    // …and compacted as before: the live context comes back within the window.
    const later = await eventually(
      () => view(sessionId),
      (v) => v.upload?.status !== 'running' && v.liveTokens <= c.window,
    );
    expect(later.lastSeq).toBeGreaterThan(after.lastSeq);
    expect(later.boundarySeq).toBeGreaterThanOrEqual(after.boundarySeq);
  }
});

it('answers /compact for a terminated session by rebuilding its run, not 404', async () => {
  for (const [n, window] of [3_000, 4_000].entries()) {
    const sessionId = uniqueSessionId(`rebuild-compact-${n}`);
    let before: View = await postApplied(sessionId, {
      ...codingTurn(0, { resultWords: 100 }),
      contextWindowTokens: window,
    });
    for (let i = 1; i < 4; i++) {
      before = await postApplied(sessionId, {
        ...codingTurn(i, { resultWords: 100 }),
        contextWindowTokens: window,
      });
    }
    before = await eventually(
      () => view(sessionId),
      (v) => v.upload?.status !== 'running',
    );
    await h.client.workflow
      .getHandle(sessionWorkflowId('default', sessionId))
      .terminate('issue 19 item 5 test');
    const compact = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: { keepRecentTokens: 0 },
    });
    expect(compact.statusCode, compact.body.slice(0, 300)).toBe(200);
    const after = await eventually(
      () => view(sessionId),
      (v) => v.boundarySeq === before.lastSeq,
    );
    expect(after.lastSeq).toBe(before.lastSeq);
    expect(after.compactions.total).toBeGreaterThan(before.compactions.total);
  }
});
