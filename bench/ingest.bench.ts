/**
 * Ingest benchmark (issue 4): turns per second and p50/p99 latency of
 * `POST /v1/sessions/{id}/turns` over real HTTP on loopback (node:http, keep-alive), 20 sessions
 * in parallel, each posting its turns one after another (a user message and an assistant answer,
 * ~300 tokens; a window large enough that no compaction starts). The baseline, measured in the
 * same run on the same dev server and worker: the bare `client.workflow.signalWithStart` of
 * `sessionWorkflow` that the route performs, with the same arguments and signal payload shape,
 * same concurrency — no HTTP, no validation, no PostgreSQL.
 *
 * Rounds alternate baseline and API on fresh sessions; each round has a warm-up (not measured),
 * then every session starts its measured turns at the same moment. Between rounds the benchmark
 * waits until every workflow has applied every turn, so one round's backlog does not slow the next.
 *
 * Targets (issue 24): API throughput ≥ 1.0× the baseline's, API p99 no worse than the baseline's,
 * and ≤ 1.0 session-workflow history events per turn. The API answers 202 once the turn is stored;
 * its dispatcher signals each session once per batch (docs/architecture.md#coalesced-turns).
 *
 * Run: `npx tsx bench/ingest.bench.ts` — prints one JSON object. `run()` returns it.
 * `MOLT_BENCH_INGEST_MODES=api` (or `store`, `baseline`, or a comma list) runs only those, for a
 * profile of one side (`node --cpu-prof --import tsx bench/ingest.bench.ts`); a share and the
 * targets are reported only when both of their sides ran.
 */
import { randomUUID } from 'node:crypto';
import type { TurnBody } from '../client/index.js';
import { DEFAULT_TENANT_ID } from '../db/transcript.js';
import { sessionWorkflowId, stateQuery, type TurnSignal, turnSignal } from '../workflows/contract.js';
import type { sessionWorkflow } from '../workflows/session/session.js';
import { type CpuUsage, startCpuAccounting } from './cpu.js';
import { type PreparedTurn, prepareTurns, storeTurn } from './ingest-turns.js';
import { benchClient, type MoltClient, postTurn } from './measure.js';
import { measureRouteWork } from './route-work.js';
import {
  type BenchApi,
  type BenchStack,
  log,
  median,
  percentile,
  round,
  runAsScript,
  withBenchStack,
} from './stack.js';

const SESSIONS = 20;
const WARMUP_TURNS = 5;
const MEASURED_TURNS = 100;
const ROUNDS = 3;
/** Large enough that ~105 turns of ~300 tokens stay far below the 50% threshold. */
const CONTEXT_WINDOW_TOKENS = 1_000_000;
/** Issue 24's targets: at least the bare signal's throughput, a p99 no worse, ≤ 1 event per turn. */
const TARGET_THROUGHPUT_SHARE = 1.0;
const TARGET_EVENTS_PER_TURN = 1.0;
const SETTLE_TIMEOUT_MS = 120_000;
const TIMEOUT_MS = 15 * 60_000;

/**
 * - `baseline`: the bare `signalWithStart` (the target's reference);
 * - `store`: the turn path before coalesced turns — `appendTurn`'s transaction with one `turn`
 *   signal inside it under the session's row lock, called directly with pre-counted messages: no
 *   HTTP, no validation, no conversion, no token counting (kept as a reference);
 * - `api`: the whole `POST /turns` over HTTP.
 * `store` sits between the other two: what the API pays for storing before it answers, and what
 * it pays for the rest.
 */
type Mode = 'baseline' | 'store' | 'api';
const ALL_MODES: readonly Mode[] = ['baseline', 'store', 'api'];

/** The modes to run (default all): one alone gives a profile of that side. */
const MODES: readonly Mode[] = (process.env.MOLT_BENCH_INGEST_MODES ?? ALL_MODES.join(','))
  .split(',')
  .map((mode) => mode.trim())
  .map((mode) => {
    if (!(ALL_MODES as readonly string[]).includes(mode))
      throw new Error(`MOLT_BENCH_INGEST_MODES: unknown mode "${mode}" (${ALL_MODES.join(', ')})`);
    return mode as Mode;
  });

interface RoundResult {
  mode: Mode;
  turns: number;
  wallMs: number;
  turnsPerSecond: number;
  latenciesMs: number[];
  /** From the last accepted turn until every workflow had applied every turn. */
  settleMs: number;
  /** Median over sessions of the history events of the session workflow per turn. */
  eventsPerTurn: number;
  cpu: CpuUsage | undefined;
}

async function runRound(
  stack: BenchStack,
  mode: Mode,
  taskQueue: string,
  api: BenchApi,
  molt: MoltClient,
  roundIndex: number,
  sessionCount = SESSIONS,
): Promise<RoundResult> {
  const sessions = Array.from({ length: sessionCount }, (_, i) => ({
    sessionId: `bench-ingest-${mode}-${roundIndex}-${i}-${randomUUID()}`,
    turns: prepareTurns(1_000 * roundIndex + i, WARMUP_TURNS + MEASURED_TURNS),
  }));

  const send = async (sessionId: string, turn: PreparedTurn): Promise<void> => {
    if (mode === 'api') {
      const body = {
        turnId: turn.turnId,
        contextWindowTokens: CONTEXT_WINDOW_TOKENS,
        messages: turn.messages as TurnBody['messages'],
      };
      const response = await postTurn(molt, sessionId, body);
      if (response.status !== 202) throw new Error(`POST turn answered ${response.status}: ${response.body}`);
      return;
    }
    if (mode === 'store') {
      await storeTurn(stack, api, taskQueue, sessionId, turn, CONTEXT_WINDOW_TOKENS);
      return;
    }
    const signal: TurnSignal = {
      turnId: turn.turnId,
      messages: turn.metas,
      contextWindowTokens: CONTEXT_WINDOW_TOKENS,
    };
    await stack.client.workflow.signalWithStart<typeof sessionWorkflow, [TurnSignal]>('sessionWorkflow', {
      workflowId: sessionWorkflowId(DEFAULT_TENANT_ID, sessionId),
      taskQueue,
      args: [{ tenantId: DEFAULT_TENANT_ID, sessionId, contextWindowTokens: CONTEXT_WINDOW_TOKENS }],
      signal: turnSignal,
      signalArgs: [signal],
    });
  };

  // Warm-up: the workflows start, connections and pools fill; not measured.
  await Promise.all(
    sessions.map(async (session) => {
      for (const turn of session.turns.slice(0, WARMUP_TURNS)) await send(session.sessionId, turn);
    }),
  );

  const latenciesMs: number[] = [];
  const cpu = startCpuAccounting(stack.devServerPid);
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      for (const turn of session.turns.slice(WARMUP_TURNS)) {
        const t0 = performance.now();
        await send(session.sessionId, turn);
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const turns = sessionCount * MEASURED_TURNS;
  const cpuUsage = cpu.stop(turns);

  // Every workflow applies every turn before the next round starts.
  const settleStarted = performance.now();
  const expectedSeq = (WARMUP_TURNS + MEASURED_TURNS) * 2;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (const session of sessions) {
    const handle = stack.client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, session.sessionId));
    for (;;) {
      // A query may time out on a loaded machine (or find no run yet): asked again until the deadline.
      const state = await handle.query(stateQuery).catch(() => null);
      if (state?.lastSeq === expectedSeq) break;
      if (Date.now() > deadline)
        throw new Error(`${session.sessionId}: lastSeq ${state?.lastSeq}, expected ${expectedSeq}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const settleMs = performance.now() - settleStarted;

  // How much workflow history each turn cost: a busy workflow applies several signals per task.
  const historyLengths = await Promise.all(
    sessions.map(
      async (session) =>
        (
          await stack.client.workflow
            .getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, session.sessionId))
            .describe()
        ).historyLength,
    ),
  );
  const eventsPerTurn = median(historyLengths) / (WARMUP_TURNS + MEASURED_TURNS);

  return {
    mode,
    turns,
    wallMs,
    turnsPerSecond: (turns / wallMs) * 1_000,
    latenciesMs,
    settleMs,
    eventsPerTurn,
    cpu: cpuUsage,
  };
}

/**
 * The `store` mode's turn: what the route does after validation — the turn's transaction with the
 * signal under the row lock, sent by the route's own `deliverTurnSignal` — and nothing else.
 */
function summarize(rounds: RoundResult[]) {
  const latencies = rounds.flatMap((r) => r.latenciesMs);
  return {
    turnsPerSecond: round(median(rounds.map((r) => r.turnsPerSecond))),
    eventsPerTurn: round(median(rounds.map((r) => r.eventsPerTurn)), 2),
    p50Ms: round(percentile(latencies, 50), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    maxMs: round(Math.max(...latencies), 2),
    rounds: rounds.map((r) => ({
      turnsPerSecond: round(r.turnsPerSecond),
      p50Ms: round(percentile(r.latenciesMs, 50), 2),
      p99Ms: round(percentile(r.latenciesMs, 99), 2),
      settleMs: round(r.settleMs),
      eventsPerTurn: round(r.eventsPerTurn, 2),
      ...(r.cpu ? { cpu: r.cpu } : {}),
    })),
  };
}

export async function run(): Promise<object> {
  const pureWorkUsPerTurn = measureRouteWork();
  log(`the route's pure work, µs per turn: ${JSON.stringify(pureWorkUsPerTurn)}`);
  return withBenchStack({ timeoutMs: TIMEOUT_MS }, async (stack) => {
    const worker = await stack.startWorker({ model: null });
    const api = await stack.startApi({
      taskQueue: worker.taskQueue,
      defaultContextWindowTokens: CONTEXT_WINDOW_TOKENS,
    });
    const molt = benchClient(api.url);
    try {
      const results: RoundResult[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (const mode of MODES) {
          const result = await runRound(stack, mode, worker.taskQueue, api, molt, r);
          log(
            `${mode} round ${r}: ${Math.round(result.turnsPerSecond)} turns/s, p50 ${round(percentile(result.latenciesMs, 50))} ms, p99 ${round(percentile(result.latenciesMs, 99))} ms, settled in ${Math.round(result.settleMs)} ms`,
          );
          results.push(result);
        }
      }
      // One session posting alone: the cost of a request without contention, for the diagnosis.
      const serial: Record<string, object> = {};
      for (const mode of MODES) {
        const result = await runRound(stack, mode, worker.taskQueue, api, molt, ROUNDS, 1);
        serial[mode] = {
          turnsPerSecond: round(result.turnsPerSecond),
          p50Ms: round(percentile(result.latenciesMs, 50), 2),
          p99Ms: round(percentile(result.latenciesMs, 99), 2),
          eventsPerTurn: round(result.eventsPerTurn, 2),
          ...(result.cpu?.msPerUnit ? { cpuMsPerTurn: result.cpu.msPerUnit } : {}),
        };
        log(`serial ${mode}: ${JSON.stringify(serial[mode])}`);
      }
      // Only what ran is reported; a share needs both of its sides.
      const ran = (mode: Mode) => MODES.includes(mode);
      const summaries = Object.fromEntries(
        MODES.map((mode) => [mode, summarize(results.filter((r) => r.mode === mode))]),
      ) as Partial<Record<Mode, ReturnType<typeof summarize>>>;
      const shareOf = (mode: Mode) =>
        ran(mode) && ran('baseline')
          ? summaries[mode]!.turnsPerSecond / summaries.baseline!.turnsPerSecond
          : undefined;
      const share = shareOf('api');
      const storeShare = shareOf('store');
      return {
        benchmark: 'ingest',
        setup: {
          workflows: stack.workflows,
          modes: MODES,
          sessions: SESSIONS,
          warmupTurnsPerSession: WARMUP_TURNS,
          measuredTurnsPerSession: MEASURED_TURNS,
          rounds: ROUNDS,
          messagesPerTurn: 2,
          approxTokensPerTurn: 300,
          contextWindowTokens: CONTEXT_WINDOW_TOKENS,
          apiDatabasePoolSize: 10,
        },
        ...summaries,
        ...(share !== undefined ? { throughputShareOfBaseline: round(share, 3) } : {}),
        ...(storeShare !== undefined ? { storeShareOfBaseline: round(storeShare, 3) } : {}),
        singleSession: serial,
        pureWorkUsPerTurn,
        ...(share !== undefined
          ? {
              targets: {
                throughputShare: {
                  target: `>= ${TARGET_THROUGHPUT_SHARE}`,
                  value: round(share, 3),
                  met: share >= TARGET_THROUGHPUT_SHARE,
                },
                apiP99Ms: {
                  target: `<= baseline p99 (${summaries.baseline!.p99Ms})`,
                  value: summaries.api!.p99Ms,
                  met: summaries.api!.p99Ms <= summaries.baseline!.p99Ms,
                },
                apiEventsPerTurn: {
                  target: `<= ${TARGET_EVENTS_PER_TURN}`,
                  value: summaries.api!.eventsPerTurn,
                  met: summaries.api!.eventsPerTurn <= TARGET_EVENTS_PER_TURN,
                },
              },
            }
          : {}),
        notes: [
          'turnsPerSecond: median over rounds of (20 sessions x 100 measured turns) / wall time of the measured phase.',
          'p50/p99: over every measured request of all rounds, timed by the client (request written to body read).',
          'store: appendTurn with one turn signal inside its transaction, called directly with pre-counted messages (no HTTP, validation, conversion or counting): the turn path before coalesced turns, as a reference.',
          'api: POST /turns stores the turn and its outbox row in one statement and answers 202; the dispatcher signals each session once per batch (one turns signal per interval under load). settleMs: from the last 202 until every workflow applied every turn.',
          'Baseline: client.workflow.signalWithStart of sessionWorkflow with the API\u2019s arguments and TurnSignal shape, no HTTP/validation/PostgreSQL.',
          'The API, the worker, the load generator, the Temporal dev server and PostgreSQL share one 2-core machine; the API and the worker share one Node process.',
          'cpu (per round): machine-wide busy share and CPU time by group - self (this process: API, worker, load generator), temporal (the dev server), postgres (all backends, other users\u2019 included), other (everything else busy on the machine) - in % of one core and in CPU ms per measured turn.',
          'pureWorkUsPerTurn: the route\u2019s computing on a turn (parsing the body, schemas, conversion, token counting, content hash), timed alone in this process before the stack starts.',
          'singleSession: one session posting 100 turns alone, per mode: per-request cost without contention.',
          'Closed loop: each session waits for its answer before the next turn, so mean latency = sessions / throughput (Little\u2019s law).',
          'eventsPerTurn: session-workflow history events per turn; a busy workflow applies several queued signals in one workflow task, so the faster path also costs Temporal less per turn.',
        ],
      };
    } finally {
      // molt's client holds no sockets of its own to close (fetch's shared pool).
    }
  });
}

runAsScript(import.meta.url, run);
