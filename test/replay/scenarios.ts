/**
 * The runs whose histories are committed as replay fixtures. Each scenario drives workflows on a
 * real server and returns the JSON histories to record, by fixture name.
 */
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import {
  type CompactionInput,
  type CompactionResult,
  compactionWorkflowId,
  memoryExtractionWorkflowId,
  sessionWorkflowId,
  stateQuery,
} from '../../workflows/contract.js';
import type { FakeLlm } from '../fake-llm/server.js';
import { codingTurn, withAnswerUsage } from '../integration/agent-turns.js';
import { scaled } from '../time-scale.js';

export interface ScenarioContext {
  client: Client;
  /** The API; its workflows run on the worker without an LLM (extractive summaries). */
  app: FastifyInstance;
  /** A worker that summarises through `fake`, one chunk at a time, on its own task queue. */
  llm: { fake: FakeLlm; taskQueue: string };
}

export interface Scenario {
  /** `npm run record-histories -- <name>` records only the scenarios named. */
  name: string;
  /** Fixture name → history as JSON text (`historyToJSON`, the CLI's format). */
  run(context: ScenarioContext): Promise<Record<string, string>>;
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + scaled(60_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`scenario condition not met in ${scaled(60_000)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A session that crosses the upload threshold: turns (one re-delivered), a background compaction
 * (extractive), its clean-up, and a manual `/compact`. Records the session run and the compaction.
 */
const sessionWithCompaction: Scenario = {
  name: 'session-with-compaction',
  async run({ client, app }) {
    const sessionId = 'replay-session';
    const handle = client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, sessionId));
    const post = async (i: number) => {
      const response = await app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { ...codingTurn(i), contextWindowTokens: 20_000 },
      });
      if (response.statusCode !== 202) throw new Error(`turn ${i}: ${response.body}`);
      return response.json().turn.toSeq as number;
    };
    let compactionId: string | undefined;
    for (let i = 0; !compactionId; i++) {
      if (i > 30) throw new Error('no compaction within 30 turns');
      const toSeq = await post(i);
      if (i === 0) await post(0);
      const state = await until(
        () => handle.query(stateQuery),
        (s) => s.lastSeq >= toSeq,
      );
      compactionId = state.upload?.compactionId;
    }
    await until(
      () => handle.query(stateQuery),
      (s) => s.summary?.compactionId === compactionId,
    );
    const compacted = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: {},
    });
    if (compacted.statusCode !== 200) throw new Error(`compact: ${compacted.body}`);
    await handle.terminate('replay fixture recorded');
    const compaction = client.workflow.getHandle(compactionWorkflowId(compactionId));
    return {
      'session-with-compaction': historyToJSON(await handle.fetchHistory()),
      compaction: historyToJSON(await compaction.fetchHistory()),
    };
  },
};

/**
 * A session of a user that says something worth remembering, then `/new` (`keepRecentTokens: 0`):
 * the session starts a memory extraction of its whole transcript. Records the session run (with
 * the memory patch marker) and the extraction.
 */
const sessionWithMemory: Scenario = {
  name: 'session-with-memory',
  async run({ client, app }) {
    const sessionId = 'replay-memory-session';
    const handle = client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, sessionId));
    const response = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: {
        turnId: 't1',
        userId: 'replay-user',
        messages: [
          { role: 'user', content: 'Please remember that my deploy target is fly.io.' },
          { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }] },
        ],
      },
    });
    if (response.statusCode !== 202) throw new Error(`turn: ${response.body}`);
    await until(
      () => handle.query(stateQuery),
      (s) => s.lastSeq >= 2,
    );
    const compacted = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: { keepRecentTokens: 0 },
    });
    if (compacted.statusCode !== 200) throw new Error(`compact: ${compacted.body}`);
    const extraction = client.workflow.getHandle(
      memoryExtractionWorkflowId(DEFAULT_TENANT_ID, sessionId, 1, 2),
    );
    await until(
      () =>
        extraction.describe().then(
          (d) => d.status.name,
          () => 'NOT_FOUND',
        ),
      (status) => status === 'COMPLETED',
    );
    await handle.terminate('replay fixture recorded');
    return {
      'session-with-memory': historyToJSON(await handle.fetchHistory()),
      'memory-extraction': historyToJSON(await extraction.fetchHistory()),
    };
  },
};

/**
 * An operator resets a session's breaker: the `resetBreaker` Update, answered with the persisted
 * view. Records the session run.
 */
const sessionBreakerReset: Scenario = {
  name: 'session-breaker-reset',
  async run({ client, app }) {
    const sessionId = 'replay-breaker-session';
    const handle = client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, sessionId));
    const response = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: codingTurn(0),
    });
    if (response.statusCode !== 202) throw new Error(`turn: ${response.body}`);
    await until(
      () => handle.query(stateQuery),
      (s) => s.lastSeq >= response.json().turn.toSeq,
    );
    const reset = await app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/breaker/reset` });
    if (reset.statusCode !== 200) throw new Error(`breaker reset: ${reset.body}`);
    await handle.terminate('replay fixture recorded');
    return { 'session-breaker-reset': historyToJSON(await handle.fetchHistory()) };
  },
};

/**
 * A compaction whose LLM refuses every call after the first: chunk 0 is summarised, chunk 1 falls
 * back to its extractive digest and the merge to joining the chunk summaries. Started on its own
 * (no session waits for it) on the LLM worker. Records the compaction.
 *
 * `compaction-fallback-flags.json` is this scenario recorded before the fallbacks were activities
 * of their own (`summarizeChunk({ extractive })`, `mergeCompaction({ concatenate })`): today's
 * code cannot record it again, so it is kept as it is, the guard of the `patched` old path.
 */
const compactionFallbacks: Scenario = {
  name: 'compaction-fallbacks',
  async run({ client, app, llm }) {
    const sessionId = 'replay-fallback-session';
    let toSeq = 0;
    for (let i = 0; i < 4; i++) {
      const response = await app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { ...codingTurn(i), contextWindowTokens: 200_000 },
      });
      if (response.statusCode !== 202) throw new Error(`turn ${i}: ${response.body}`);
      toSeq = response.json().turn.toSeq;
    }
    // `auth` is final at once: no retries, so one call per chunk and one for the merge.
    llm.fake.setBehaviour('auth');
    llm.fake.enqueue('succeed');
    const compactionId = 'replay-fallback-compaction';
    const input: CompactionInput = {
      compactionId,
      tenantId: DEFAULT_TENANT_ID,
      sessionId,
      parentWorkflowId: null,
      trigger: 'manual',
      fromSeq: 1,
      toSeq,
      // Two chunks of the four turns (chunkMessagesByMaxTokens at this window).
      contextWindowTokens: 20_000,
      previousCompactionId: null,
    };
    const handle = await client.workflow.start('compactionWorkflow', {
      workflowId: compactionWorkflowId(compactionId),
      taskQueue: llm.taskQueue,
      args: [input],
    });
    const result = (await handle.result()) as CompactionResult;
    if (result.status !== 'degraded' || llm.fake.calls.length !== 3) {
      throw new Error(`expected a degraded compaction after 3 LLM calls: ${JSON.stringify(result)}`);
    }
    llm.fake.setBehaviour('succeed');
    return { 'compaction-fallbacks': historyToJSON(await handle.fetchHistory()) };
  },
};

/**
 * A session whose turns report the provider's usage (a 6 000-token system prompt and tools on top
 * of the messages): the calibrated live tokens cross the upload threshold turns before the
 * estimate alone would, and the compaction starts there. Records the session run (with the
 * usage-calibration patch marker).
 */
const sessionWithCalibration: Scenario = {
  name: 'session-with-calibration',
  async run({ client, app }) {
    const sessionId = 'replay-calibrated-session';
    const handle = client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, sessionId));
    let compactionId: string | undefined;
    for (let i = 0; !compactionId; i++) {
      if (i > 10) throw new Error('no compaction within 10 turns');
      const response = await app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: {
          ...withAnswerUsage(codingTurn(i), { input: 400, cacheRead: 6_000 + 1_100 * i, output: 60 }),
          contextWindowTokens: 20_000,
        },
      });
      if (response.statusCode !== 202) throw new Error(`turn ${i}: ${response.body}`);
      const toSeq = response.json().turn.toSeq as number;
      const state = await until(
        () => handle.query(stateQuery),
        (s) => s.lastSeq >= toSeq,
      );
      if (state.calibration === null) throw new Error(`turn ${i}: the usage report was not used`);
      compactionId = state.upload?.compactionId;
    }
    await until(
      () => handle.query(stateQuery),
      (s) => s.summary?.compactionId === compactionId,
    );
    await handle.terminate('replay fixture recorded');
    return { 'session-with-calibration': historyToJSON(await handle.fetchHistory()) };
  },
};

/**
 * A session whose agent reports an overflow that states a smaller window: the session learns it,
 * walks the recovery tree (an overflow compaction, awaited), and keeps the learned window through
 * the turns that post the configured one again. Records the session run (with the
 * `learned-window-kept` marker); the only fixture of the recovery loop.
 */
const sessionLearnedWindow: Scenario = {
  name: 'session-learned-window',
  async run({ client, app }) {
    const sessionId = 'replay-learned-window-session';
    const handle = client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, sessionId));
    const post = async (i: number) => {
      const response = await app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { ...codingTurn(i), contextWindowTokens: 40_000 },
      });
      if (response.statusCode !== 202) throw new Error(`turn ${i}: ${response.body}`);
      const toSeq = response.json().turn.toSeq as number;
      return until(
        () => handle.query(stateQuery),
        (s) => s.lastSeq >= toSeq,
      );
    };
    for (let i = 0; i < 6; i++) await post(i);
    const overflow = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/overflow`,
      payload: { attemptId: 'a1', error: "This model's maximum context length is 16000 tokens." },
    });
    if (overflow.statusCode !== 200) throw new Error(`overflow: ${overflow.body}`);
    for (let i = 6; i < 8; i++) {
      const state = await post(i);
      if (state.contextWindowTokens !== 16_000) throw new Error(`turn ${i}: the learned window was undone`);
    }
    await handle.terminate('replay fixture recorded');
    return { 'session-learned-window': historyToJSON(await handle.fetchHistory()) };
  },
};

/**
 * Coalesced turns (issue 24): turns posted back to back reach the session as `turns` signals of
 * several turns each (the dispatcher's interval), one batch repeating turns already applied (a
 * replayed turn's re-delivery is what the workflow skips), a config-only turn, and a `/compact`
 * that flushes the outbox first. Records the session run.
 */
const sessionTurnBatches: Scenario = {
  name: 'session-turn-batches',
  async run({ client, app }) {
    const sessionId = 'replay-turn-batches-session';
    const handle = client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, sessionId));
    const post = async (payload: object) => {
      const response = await app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload });
      if (response.statusCode !== 202) throw new Error(`turn: ${response.body}`);
      return response.json().turn.toSeq as number;
    };
    let toSeq = 0;
    for (let i = 0; i < 12; i++) toSeq = await post({ ...codingTurn(i), contextWindowTokens: 200_000 });
    await post({ turnId: 'config-only', messages: [], contextWindowTokens: 150_000 });
    await until(
      () => handle.query(stateQuery),
      (state) => state.lastSeq >= toSeq && state.contextWindowTokens === 150_000,
    );
    const compact = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: { keepRecentTokens: 2_000 },
    });
    if (compact.statusCode !== 200) throw new Error(`compact: ${compact.body}`);
    const history = await handle.fetchHistory();
    const batches = (history.events ?? []).filter(
      (event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'turns',
    );
    if (batches.length >= 13)
      throw new Error(`${batches.length} batches for 13 turns: nothing was coalesced`);
    await handle.terminate('replay fixture recorded');
    return { 'session-turn-batches': historyToJSON(await handle.fetchHistory()) };
  },
};

export const scenarios: Scenario[] = [
  sessionWithCompaction,
  sessionWithMemory,
  sessionBreakerReset,
  compactionFallbacks,
  sessionWithCalibration,
  sessionLearnedWindow,
  sessionTurnBatches,
];
