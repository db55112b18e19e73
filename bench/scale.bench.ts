/**
 * Scale benchmark (issue 24): N live sessions on one worker, each posting a turn every 30–60 s
 * through the API, a tenth of them with a small window so they compact (fake LLM, 200 ms a call).
 * `molt worker` and `molt api` run in their own processes (bench/scale-processes.ts), each on a
 * fresh stack (dev server and database) per configuration:
 *
 * - `bounded`: molt's defaults — the workflow cache sized from MOLT_WORKFLOW_CACHE_MB;
 * - `baseline`: the same load with the SDK's own default cache (sized from the heap limit alone:
 *   about 2,300 workflows on a 4 GB heap, i.e. every session cached), molt's behaviour before.
 *
 * Reported per configuration: worker and API RSS (idle before the load, at the end, the most seen)
 * and the worker's growth per 1,000 sessions; turn p50/p99 (POST /turns) in the measured window;
 * history events per turn (sampled sessions); the cache's hits, misses, evictions and replays
 * (the worker's Temporal metrics); CPU ms per turn of the worker, the API, Temporal, PostgreSQL
 * and this process (the load); and what bringing a session back costs — the state query's latency
 * on the sessions turned least recently (evicted, in `bounded`) against the most recent ones.
 *
 * Run: `npx tsx bench/scale.bench.ts [--sessions 1000] [--minutes 3] [--configs bounded,baseline]`
 * (env: MOLT_BENCH_SCALE_SESSIONS, MOLT_BENCH_SCALE_MINUTES, MOLT_BENCH_SCALE_CONFIGS).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import type { TurnBody } from '../client/index.js';
import { DEFAULT_TENANT_ID } from '../db/transcript.js';
import { startFakeLlm } from '../test/fake-llm/server.js';
import { buildWorkflowBundle } from '../worker/bundle.js';
import { sessionWorkflowId, stateQuery } from '../workflows/contract.js';
import { startCpuAccounting } from './cpu.js';
import { benchClient, postTurn } from './measure.js';
import { rssMb, startApiProcess, startWorkerProcess } from './scale-processes.js';
import { type BenchStack, log, median, percentile, round, runAsScript, withBenchStack } from './stack.js';
import { TurnGenerator } from './transcript.js';

const { values: args } = parseArgs({
  options: { sessions: { type: 'string' }, minutes: { type: 'string' }, configs: { type: 'string' } },
  strict: false,
});
const SESSIONS = Number(args.sessions ?? process.env.MOLT_BENCH_SCALE_SESSIONS ?? 1_000);
const MINUTES = Number(args.minutes ?? process.env.MOLT_BENCH_SCALE_MINUTES ?? 3);
const CONFIGS = String(args.configs ?? process.env.MOLT_BENCH_SCALE_CONFIGS ?? 'bounded,baseline').split(',');
const INTERVAL_MS: [number, number] = [30_000, 60_000];
/** Every session's first turn falls in the first interval; measuring starts after it. */
const RAMP_MS = INTERVAL_MS[1];
const COMPACTING_SHARE = 0.1;
const COMPACTING_WINDOW = 16_000;
const WINDOW = 200_000;
const PROBES = 20;
/** Turns of the one long session posted before the load: its run's history is what a replay reads. */
const LONG_TURNS = Number(process.env.MOLT_BENCH_SCALE_LONG_TURNS ?? 600);
const SAMPLED_FOR_EVENTS = 50;

/** The SDK's default cache for this heap (worker-options.js, reuseV8Context): molt before issue 24. */
function sdkDefaultCacheSize(): number {
  const heapMb = getHeapStatistics().heap_size_limit / (1024 * 1024);
  return Math.max(Math.floor((Math.max(heapMb - 200, 0) * 600) / 1024), 10);
}

interface Session {
  id: string;
  window: number;
  turns: number;
  /** Turns answered 202. */
  accepted: number;
  nextAt: number;
  lastAt: number;
  generator: TurnGenerator;
}

async function runConfig(stack: BenchStack, config: string, llmBaseUrl: string, bundlePath: string) {
  const env = {
    temporalAddress: stack.address,
    databaseUrl: stack.databaseUrl,
    taskQueue: `scale-${config}`,
  };
  const workerEnv: Record<string, string> = {
    MOLT_WORKFLOW_BUNDLE: bundlePath,
    ...(config === 'baseline' ? { MOLT_WORKFLOW_CACHE_SIZE: String(sdkDefaultCacheSize()) } : {}),
  };
  const worker = await startWorkerProcess(env, llmBaseUrl, workerEnv);
  const api = await startApiProcess(env);
  try {
    const molt = benchClient(api.url);
    const sendLong = async (session: Session) => {
      session.turns += 1;
      const body = {
        turnId: `t${session.turns}`,
        contextWindowTokens: session.window,
        messages: session.generator.smallTurn(session.turns) as TurnBody['messages'],
      };
      // A 503 is retried as an agent's client does (the same turnId: idempotent).
      let response = await postTurn(molt, session.id, body);
      for (let retry = 1; response.status === 503 && retry <= 5; retry++) {
        await new Promise((resolve) => setTimeout(resolve, 500 * retry));
        response = await postTurn(molt, session.id, body);
      }
      if (response.status !== 202) throw new Error(`long session: ${response.status} ${response.body}`);
      session.lastAt = Date.now();
    };

    // One long session first: its run's history is what bringing a long-lived session back replays.
    const long: Session = {
      id: `scale-${config}-long`,
      window: WINDOW,
      turns: 0,
      accepted: 0,
      nextAt: Infinity,
      lastAt: 0,
      generator: new TurnGenerator(0),
    };
    for (let i = 0; i < LONG_TURNS; i++) await sendLong(long);
    // Idle: everything loaded and warmed by the long session, no other session yet.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = { worker: rssMb(worker.pid), api: rssMb(api.pid) };
    log(`${config}: worker ${round(idle.worker)} MB, api ${round(idle.api)} MB idle; ${SESSIONS} sessions`);

    const start = Date.now();
    const sessions: Session[] = Array.from({ length: SESSIONS }, (_, i) => ({
      id: `scale-${config}-${i}`,
      window: i % Math.round(1 / COMPACTING_SHARE) === 0 ? COMPACTING_WINDOW : WINDOW,
      turns: 0,
      accepted: 0,
      nextAt: start + Math.random() * RAMP_MS,
      lastAt: 0,
      generator: new TurnGenerator(i + 1),
    }));
    const measureFrom = start + RAMP_MS;
    const measureTo = measureFrom + MINUTES * 60_000;
    const latencies: number[] = [];
    let measuredTurns = 0;
    let failures = 0;
    const failuresByStatus: Record<string, number> = {};
    let inFlight = 0;
    const peak = { worker: idle.worker, api: idle.api };
    const rssSamples: Array<{ atS: number; worker: number; api: number; cached: number }> = [];
    let cpu: ReturnType<typeof startCpuAccounting> | undefined;
    let metricsAtStart: Record<string, number> | undefined;

    const send = async (session: Session) => {
      session.turns += 1;
      const n = session.turns;
      const body = {
        turnId: `t${n}`,
        contextWindowTokens: session.window,
        messages: session.generator.smallTurn(n) as TurnBody['messages'],
      };
      const sentAt = Date.now();
      inFlight += 1;
      try {
        const response = await postTurn(molt, session.id, body);
        if (response.status === 202) session.accepted += 1;
        if (response.status !== 202) {
          failures += 1;
          failuresByStatus[response.status] = (failuresByStatus[response.status] ?? 0) + 1;
          if (failures <= 5) log(`${session.id} t${n}: ${response.status} ${response.body.slice(0, 200)}`);
        }
      } catch (error) {
        failures += 1;
        failuresByStatus.error = (failuresByStatus.error ?? 0) + 1;
        if (failures <= 5) log(`${session.id} t${n}: ${String(error)}`);
      } finally {
        inFlight -= 1;
      }
      session.lastAt = Date.now();
      if (sentAt >= measureFrom && sentAt < measureTo) {
        latencies.push(session.lastAt - sentAt);
        measuredTurns += 1;
      }
    };

    let nextSample = start;
    while (Date.now() < measureTo) {
      const now = Date.now();
      if (!cpu && now >= measureFrom) {
        cpu = startCpuAccounting(stack.devServerPid, { worker: worker.pid, api: api.pid });
        metricsAtStart = await worker.metrics();
      }
      for (const session of sessions) {
        if (session.nextAt > now) continue;
        session.nextAt = now + INTERVAL_MS[0] + Math.random() * (INTERVAL_MS[1] - INTERVAL_MS[0]);
        void send(session);
      }
      if (now >= nextSample) {
        nextSample = now + 5_000;
        const sample = { worker: rssMb(worker.pid), api: rssMb(api.pid) };
        peak.worker = Math.max(peak.worker, sample.worker);
        peak.api = Math.max(peak.api, sample.api);
        const cached =
          (await worker.metrics().catch(() => ({}) as Record<string, number>)).sticky_cache_size ?? 0;
        rssSamples.push({ atS: round((now - start) / 1_000), ...sample, cached });
        if (rssSamples.length % 6 === 0)
          log(
            `${config} t=${round((now - start) / 1_000)} s: worker ${round(sample.worker)} MB, api ${round(sample.api)} MB, cached ${cached}, in flight ${inFlight}`,
          );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const usage = cpu?.stop(measuredTurns);
    const metricsAtEnd = await worker.metrics();
    const end = { worker: rssMb(worker.pid), api: rssMb(api.pid) };
    const deadline = Date.now() + 60_000;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const metricDelta = (name: string) => round((metricsAtEnd[name] ?? 0) - (metricsAtStart?.[name] ?? 0), 3);

    // What bringing a session back costs: the state query on the least recently turned sessions
    // (evicted when the cache is smaller than the sessions) against the most recently turned.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const byRecency = [...sessions].filter((s) => s.accepted > 0).sort((a, b) => a.lastAt - b.lastAt);
    let queryFailures = 0;
    /** ms of one state query; NaN (and counted) when it fails. */
    const timedQuery = async (session: Session): Promise<number> => {
      const handle = stack.client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, session.id));
      const at = performance.now();
      try {
        await handle.query(stateQuery);
        return round(performance.now() - at);
      } catch (error) {
        queryFailures += 1;
        log(`query ${session.id} failed after ${round(performance.now() - at)} ms: ${String(error)}`);
        return Number.NaN;
      }
    };
    const queryMs = async (picked: Session[]) => {
      const times: number[] = [];
      for (const session of picked) {
        const ms = await timedQuery(session);
        if (!Number.isNaN(ms)) times.push(ms);
      }
      return { p50: round(median(times)), max: round(Math.max(...times)) };
    };
    const longHandle = stack.client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, long.id));
    const longEvents = (await longHandle.describe()).historyLength;
    const longQueryMs = await timedQuery(long);
    const longWarmQueryMs = await timedQuery(long);
    const missesBefore = (await worker.metrics()).sticky_cache_miss ?? 0;
    const coldest = await queryMs(byRecency.slice(0, PROBES));
    const missesAfterCold = (await worker.metrics()).sticky_cache_miss ?? 0;
    const warmest = await queryMs(byRecency.slice(-PROBES));

    const sampled = byRecency.filter(
      (_, i) => i % Math.max(1, Math.floor(byRecency.length / SAMPLED_FOR_EVENTS)) === 0,
    );
    let events = 0;
    let turns = 0;
    for (const session of sampled.slice(0, SAMPLED_FOR_EVENTS)) {
      try {
        const described = await stack.client.workflow
          .getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, session.id))
          .describe();
        events += described.historyLength;
        turns += session.accepted;
      } catch (error) {
        log(`describe ${session.id}: ${String(error)}`);
      }
    }

    return {
      config,
      workflowCacheSize:
        config === 'baseline' ? sdkDefaultCacheSize() : 'derived from MOLT_WORKFLOW_CACHE_MB',
      sessions: SESSIONS,
      measuredMinutes: MINUTES,
      turnsMeasured: measuredTurns,
      turnsPerSecond: round(measuredTurns / (MINUTES * 60), 2),
      failures,
      failuresByStatus,
      turnMs: { p50: round(median(latencies)), p99: round(percentile(latencies, 99)) },
      rssMb: {
        workerIdle: round(idle.worker),
        workerEnd: round(end.worker),
        workerPeak: round(peak.worker),
        apiIdle: round(idle.api),
        apiEnd: round(end.api),
        apiPeak: round(peak.api),
      },
      workerGrowthMbPer1000Sessions: round(((end.worker - idle.worker) / SESSIONS) * 1_000),
      cache: {
        sizeAtEnd: metricsAtEnd.sticky_cache_size,
        hits: metricDelta('sticky_cache_hit'),
        misses: metricDelta('sticky_cache_miss'),
        forcedEvictions: metricDelta('sticky_cache_total_forced_eviction'),
      },
      eventsPerTurn: turns > 0 ? round(events / turns, 2) : null,
      cpuMsPerTurn: usage?.msPerUnit,
      cpuPercentOfOneCore: usage?.percentOfOneCore,
      bringBack: {
        coldestQueryMs: coldest,
        coldestCacheMisses: missesAfterCold - missesBefore,
        queryFailures,
        warmestQueryMs: warmest,
        longSession: {
          turns: LONG_TURNS,
          historyEvents: longEvents,
          firstQueryMs: longQueryMs,
          secondQueryMs: longWarmQueryMs,
        },
      },
      rssSamples,
    };
  } finally {
    await api.stop();
    await worker.stop();
  }
}

export async function run(): Promise<object> {
  const results: object[] = [];
  // Workers load a pre-built bundle, as production does (`npm run build`): no bundling in their RSS.
  const bundleDir = mkdtempSync(join(tmpdir(), 'molt-scale-'));
  const bundlePath = join(bundleDir, 'workflow-bundle.js');
  writeFileSync(bundlePath, (await buildWorkflowBundle()).code);
  for (const config of CONFIGS) {
    const llm = await startFakeLlm({ latencyMs: 200 });
    try {
      results.push(
        await withBenchStack({ timeoutMs: (MINUTES + 15) * 60_000 }, (stack) =>
          runConfig(stack, config, llm.baseUrl, bundlePath),
        ),
      );
    } finally {
      await llm.close();
    }
  }
  rmSync(bundleDir, { recursive: true, force: true });
  return {
    sessions: SESSIONS,
    minutes: MINUTES,
    intervalMs: INTERVAL_MS,
    compactingShare: COMPACTING_SHARE,
    results,
  };
}

runAsScript(import.meta.url, run);
