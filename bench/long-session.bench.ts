/**
 * Long-session benchmark (issue 4): one session of 10 000 turns posted through the API
 * (`POST /v1/sessions/{id}/turns` over loopback HTTP, one turn after another as an agent does), with
 * a 16K-token window and ~300-token turns so the 50% threshold starts a compaction every ~16 turns
 * (the offline `extractive` summarizer, `model: null`). The API rather than bare signals because
 * compaction plans from the stored transcript: the messages must be in PostgreSQL, and the route
 * is fast enough (~10 ms a turn) to post 10 000 turns in a few minutes.
 *
 * At the end: the workflow's `state` query must show `lastSeq` = the number of messages posted (no
 * turn lost), and following the continue-as-new chain back from the latest run (each run's first
 * event names the run it continued from), no run may exceed 4 096 history events.
 *
 * Bounded: posting stops after POST_BUDGET_MS even if fewer turns were posted; the result then
 * says how many and at what rate (`reachedTurnTarget: false`).
 *
 * Run: `npx tsx bench/long-session.bench.ts` — prints one JSON object. `run()` returns it.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { count, eq } from 'drizzle-orm';
import type { TurnBody } from '../client/index.js';
import { messages } from '../db/schema.js';
import { DEFAULT_TENANT_ID, getSession } from '../db/transcript.js';
import { sessionWorkflowId, stateQuery, type TurnSignal, turnSignal } from '../workflows/contract.js';
import type { sessionWorkflow } from '../workflows/session/session.js';
import { startCpuAccounting } from './cpu.js';
import { runChain } from './history.js';
import { benchClient, postTurn } from './measure.js';
import { log, median, percentile, round, runAsScript, withBenchStack } from './stack.js';
import { TurnGenerator } from './transcript.js';

const TARGET_TURNS = 10_000;
const MESSAGES_PER_TURN = 2;
/** 16K window, ~300-token turns: the upload threshold (8K) is crossed every ~16 turns. */
const CONTEXT_WINDOW_TOKENS = 16_000;
const MAX_EVENTS_PER_RUN = 4_096;
/** Posting stops here at the latest; the catch-up and the history checks follow. */
const POST_BUDGET_MS = 6 * 60_000;
const SETTLE_TIMEOUT_MS = 120_000;
const RETRIES_ON_503 = 5;
const RETRY_DELAY_MS = 1_000;
const TIMEOUT_MS = 12 * 60_000;

/** The error chain of the signal the route sends, sent bare: what a 503 hid. */
async function bareSignalError(
  client: Client,
  taskQueue: string,
  sessionId: string,
): Promise<string | undefined> {
  try {
    await client.workflow.signalWithStart<typeof sessionWorkflow, [TurnSignal]>('sessionWorkflow', {
      workflowId: sessionWorkflowId(DEFAULT_TENANT_ID, sessionId),
      taskQueue,
      args: [{ tenantId: DEFAULT_TENANT_ID, sessionId, contextWindowTokens: CONTEXT_WINDOW_TOKENS }],
      signal: turnSignal,
      // Seqs the workflow has already seen: it ignores them.
      signalArgs: [{ turnId: 'probe', messages: [] }],
    });
    return undefined;
  } catch (error) {
    const chain: string[] = [];
    for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause)
      chain.push(`${e.name}: ${e.message}`);
    return chain.join(' <- ');
  }
}

export async function run(): Promise<object> {
  return withBenchStack({ timeoutMs: TIMEOUT_MS }, async (stack) => {
    const worker = await stack.startWorker({ model: null });
    const api = await stack.startApi({
      taskQueue: worker.taskQueue,
      defaultContextWindowTokens: CONTEXT_WINDOW_TOKENS,
    });
    const molt = benchClient(api.url);
    const sessionId = `bench-long-${randomUUID()}`;
    const workflowId = sessionWorkflowId(DEFAULT_TENANT_ID, sessionId);
    const generator = new TurnGenerator(7);
    try {
      const latenciesMs: number[] = [];
      const cpu = startCpuAccounting(stack.devServerPid);
      const started = performance.now();
      let posted = 0;
      let unavailableAnswers = 0;
      let failure: { turn: number; status: number; body: string; bareSignalError?: string } | undefined;
      while (posted < TARGET_TURNS && performance.now() - started < POST_BUDGET_MS) {
        const turn = posted + 1;
        const body = {
          turnId: `t${turn}`,
          contextWindowTokens: CONTEXT_WINDOW_TOKENS,
          messages: generator.smallTurn(turn) as TurnBody['messages'],
        };
        let response: { status: number; body: string } | undefined;
        // A 503 asks the agent to retry the same turn (an idempotent replay); a few times, then give up.
        for (let attempt = 0; attempt <= RETRIES_ON_503; attempt++) {
          const t0 = performance.now();
          response = await postTurn(molt, sessionId, body);
          latenciesMs.push(performance.now() - t0);
          if (response.status !== 503) break;
          unavailableAnswers += 1;
          log(`turn ${turn} answered 503 (attempt ${attempt + 1}): ${response.body}`);
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        }
        if (response!.status !== 202) {
          failure = { turn, status: response!.status, body: response!.body };
          failure.bareSignalError = await bareSignalError(stack.client, worker.taskQueue, sessionId);
          log(`stopped posting at turn ${turn}: ${JSON.stringify(failure)}`);
          break;
        }
        posted = turn;
        if (turn % 1_000 === 0) {
          log(`${turn} turns in ${Math.round(performance.now() - started)} ms`);
        }
      }
      const postingMs = performance.now() - started;
      const cpuUsage = cpu.stop(posted);
      const expectedSeq = posted * MESSAGES_PER_TURN;

      // The workflow applies turns in the background: wait (bounded) until it saw every one.
      const handle = stack.client.workflow.getHandle(workflowId);
      const settleStarted = performance.now();
      let state = await handle.query(stateQuery);
      while (state.lastSeq < expectedSeq || state.upload?.status === 'running') {
        if (performance.now() - settleStarted > SETTLE_TIMEOUT_MS) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await handle.query(stateQuery);
      }
      const settleMs = performance.now() - settleStarted;
      const stored = await getSession(stack.database.db, DEFAULT_TENANT_ID, sessionId);
      const [storedCount] = await stack.database.db
        .select({ n: count() })
        .from(messages)
        .where(eq(messages.sessionId, sessionId));

      const runs = await runChain(stack.client, workflowId);
      const eventsPerRun = runs.map((r) => r.events);
      const maxEvents = Math.max(...eventsPerRun);

      let compactionRuns = 0;
      let compactionMaxEvents = 0;
      for await (const execution of stack.client.workflow.list({
        query: `WorkflowType = 'compactionWorkflow'`,
      })) {
        compactionRuns += 1;
        compactionMaxEvents = Math.max(compactionMaxEvents, execution.historyLength);
      }

      const reachedTurnTarget = posted === TARGET_TURNS;
      const noTurnLost = state.lastSeq === expectedSeq && stored?.lastSeq === expectedSeq;
      return {
        benchmark: 'long-session',
        setup: {
          workflows: stack.workflows,
          transport: 'POST /v1/sessions/{id}/turns over loopback HTTP (keep-alive), one turn after another',
          targetTurns: TARGET_TURNS,
          messagesPerTurn: MESSAGES_PER_TURN,
          approxTokensPerTurn: 300,
          contextWindowTokens: CONTEXT_WINDOW_TOKENS,
          summarizer: 'extractive (model: null)',
          postBudgetMs: POST_BUDGET_MS,
        },
        turnsPosted: posted,
        reachedTurnTarget,
        unavailableAnswers,
        ...(failure ? { failure } : {}),
        messagesPosted: expectedSeq,
        elapsedMs: round(postingMs),
        turnsPerSecond: round((posted / postingMs) * 1_000),
        latencyMs: {
          p50: round(median(latenciesMs), 2),
          p99: round(percentile(latenciesMs, 99), 2),
          max: round(Math.max(...latenciesMs), 2),
        },
        settleMs: round(settleMs),
        finalState: {
          lastSeq: state.lastSeq,
          storedLastSeq: stored?.lastSeq ?? null,
          storedMessages: storedCount?.n ?? 0,
          liveTokens: state.liveTokens,
          boundarySeq: state.boundarySeq,
          compactions: state.compactions,
          breaker: state.breaker,
        },
        runs: runs.length,
        maxEventsPerRun: maxEvents,
        eventsPerRun,
        signalsPerRun: runs.map((r) => r.signals),
        continueAsNewSuggestedAtEvent: runs.map((r) => r.continueAsNewSuggestedAt),
        compactionWorkflows: { count: compactionRuns, maxEvents: compactionMaxEvents },
        ...(cpuUsage ? { cpu: cpuUsage } : {}),
        targets: {
          maxEventsPerRun: {
            target: `<= ${MAX_EVENTS_PER_RUN}`,
            value: maxEvents,
            met: maxEvents <= MAX_EVENTS_PER_RUN,
          },
          noTurnLost: {
            target: `state.lastSeq = messages posted (${expectedSeq})`,
            value: state.lastSeq,
            met: noTurnLost,
          },
          turns: { target: TARGET_TURNS, value: posted, met: reachedTurnTarget },
          noUnavailableAnswers: { target: 0, value: unavailableAnswers, met: unavailableAnswers === 0 },
        },
        notes: [
          'Turns are posted through the API (not bare signals): compaction reads the range from PostgreSQL, so the messages must be stored.',
          'eventsPerRun: history length of every run of the session workflow, oldest first, found by following workflowExecutionStartedEventAttributes.continuedExecutionRunId back from the latest run.',
          'settleMs: after the last 202, until the state query showed every seq and no compaction running.',
          'cpu: machine-wide busy share and CPU time by group during posting (other = everything else busy on the machine, other users included), in ms per turn.',
        ],
      };
    } finally {
      // molt's client holds no sockets of its own to close (fetch's shared pool).
    }
  });
}

runAsScript(import.meta.url, run);
