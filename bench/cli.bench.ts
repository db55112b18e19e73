/**
 * CLI start-up benchmark (docs/cli.md#start-up): wall time from spawning `node bin/molt.mjs …` to
 * its exit, for `--version`, `--help` and each agent verb (`remember`, `search`, `ls`, `history`)
 * against a running molt (a real API and worker on PostgreSQL and a Temporal dev server, bench/
 * stack.ts), and `search` against an unreachable one (the failure path). Each is measured on the
 * compiled CLI (dist/cli) and, as the baseline in the same run, on the sources through tsx
 * (MOLT_CLI_FROM_SOURCE=1); the two alternate sample by sample so a busy neighbour slows both alike.
 * `node -e 0` is measured too: the floor no CLI gets under on this machine. Beside each wall time,
 * the CPU time the process used (bench/fixtures/cpu-at-exit.mjs, loaded with `--import` in every
 * run alike): on a machine busy with other work, wall time is mostly waiting for a core.
 *
 *   npx tsx bench/cli.bench.ts            (MOLT_BENCH_CLI_SAMPLES=n, default 15 per case and path)
 *
 * MOLT_BENCH_CLI_COMPARE=<another checkout, built> times that checkout's built CLI too, as a third
 * path alternating with the other two against the same molt: a change's before and after in one run.
 *
 * Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error: plain JavaScript (the build runs without TypeScript tooling)
import { buildCli, isBuildCurrent } from '../scripts/cli-build.mjs';
import { benchClient, median, percentile, postTurn, round } from './measure.js';
import { log, startBenchStack, withTimeout } from './stack.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MOLT = join(ROOT, 'bin', 'molt.mjs');
const CPU_HOOK = pathToFileURL(join(ROOT, 'bench', 'fixtures', 'cpu-at-exit.mjs')).href;
const CPU_DIR = mkdtempSync(join(tmpdir(), 'molt-cli-bench-'));
const SAMPLES = Number(process.env.MOLT_BENCH_CLI_SAMPLES ?? 15);
/** Another checkout whose built CLI is timed too (its `bin/molt.mjs`), or undefined. */
const COMPARE = process.env.MOLT_BENCH_CLI_COMPARE;
const PATHS = COMPARE ? (['built', 'tsx', 'compare'] as const) : (['built', 'tsx'] as const);
type Path = (typeof PATHS)[number];
const WARMUP = 2;
/** The goal for the built CLI's median, per case. */
const GOAL_MS = 250;
const SESSION_ID = 'bench-cli-session';
const USER_ID = 'bench-cli-user';

interface Case {
  name: string;
  args: string[];
  /** Against the running molt, or an unreachable address. */
  target: 'running' | 'unreachable' | 'none';
  /** The exit status a correct run ends with. */
  status: number;
  /**
   * Whether the 250 ms goal applies. Not to an unreachable molt: the client retries a refused
   * connection twice, 250 ms apart (client/index.ts), so that case measures those waits.
   */
  goal: boolean;
}

const CASES: Case[] = [
  { name: '--version', args: ['--version'], target: 'none', status: 0, goal: true },
  { name: '--help', args: ['--help'], target: 'none', status: 0, goal: true },
  {
    name: 'remember',
    args: ['remember', '--content', 'The user deploys on Fridays.'],
    target: 'running',
    status: 0,
    goal: true,
  },
  { name: 'search', args: ['search', '--query', 'deploy'], target: 'running', status: 0, goal: true },
  { name: 'ls', args: ['ls'], target: 'running', status: 0, goal: true },
  { name: 'history', args: ['history'], target: 'running', status: 0, goal: true },
  {
    name: 'search (molt unreachable)',
    args: ['search', '--query', 'deploy'],
    target: 'unreachable',
    status: 1,
    goal: false,
  },
];

/** One run of node with these arguments (asynchronous: the API under test lives in this process). */
function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stderr }));
  });
}

/** One run's wall time (spawn to exit) and the CPU time the process used (bench/fixtures/cpu-at-exit.mjs). */
async function timeOnce(args: string[], env: NodeJS.ProcessEnv, expectStatus: number, what: string) {
  const cpuFile = join(CPU_DIR, `${process.pid}-${runs++}`);
  const started = performance.now();
  const result = await runNode(['--import', CPU_HOOK, ...args], { ...env, MOLT_BENCH_CPU_FILE: cpuFile });
  const ms = performance.now() - started;
  if (result.status !== expectStatus) {
    throw new Error(
      `${what}: exit ${result.status} (expected ${expectStatus}): ${result.stderr.slice(0, 500)}`,
    );
  }
  const cpuMs = Number(readFileSync(cpuFile, 'utf8'));
  rmSync(cpuFile);
  return { ms, cpuMs };
}
let runs = 0;

const summary = (values: number[]) => ({
  medianMs: round(median(values)),
  p95Ms: round(percentile(values, 95)),
  minMs: round(Math.min(...values)),
});

interface Samples {
  wall: number[];
  cpu: number[];
}
const samples = (): Samples => ({ wall: [], cpu: [] });
const push = (to: Samples, run: { ms: number; cpuMs: number }) => {
  to.wall.push(run.ms);
  to.cpu.push(run.cpuMs);
};

async function main(): Promise<void> {
  if (!isBuildCurrent()) {
    log('building the CLI (dist/cli)');
    await buildCli();
  }
  if (COMPARE) {
    // Its bin/molt.mjs would run its sources through tsx, silently, were its build not current.
    const other = await import(pathToFileURL(join(COMPARE, 'scripts', 'cli-build.mjs')).href);
    if (!other.isBuildCurrent())
      throw new Error(`${COMPARE}: its dist/cli is missing or stale (node scripts/cli-build.mjs there)`);
  }
  const stack = await startBenchStack();
  try {
    const worker = await stack.startWorker();
    const api = await stack.startApi({ taskQueue: worker.taskQueue });
    const client = benchClient(api.url);
    const posted = await postTurn(client, SESSION_ID, {
      turnId: 't1',
      userId: USER_ID,
      contextWindowTokens: 100_000,
      messages: [{ role: 'user', content: 'We deploy on Fridays, after the standup.' }],
    });
    if (posted.status !== 202) throw new Error(`the session's turn: HTTP ${posted.status} ${posted.body}`);
    const base: NodeJS.ProcessEnv = { ...process.env, MOLT_USER_ID: USER_ID, MOLT_SESSION_ID: SESSION_ID };
    delete base.MOLT_API_KEY;
    delete base.MOLT_CLI_FROM_SOURCE;
    const envFor = (target: Case['target'], path: Path): NodeJS.ProcessEnv => ({
      ...base,
      MOLT_API_URL: target === 'unreachable' ? 'http://127.0.0.1:9' : api.url,
      ...(path === 'tsx' ? { MOLT_CLI_FROM_SOURCE: '1' } : {}),
    });
    // The session's first turn must be applied before `history` answers 200.
    let last = '';
    await withTimeout(
      (async () => {
        for (;;) {
          const result = await runNode([MOLT, 'history'], envFor('running', 'built'));
          if (result.status === 0) return;
          last = result.stderr;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })(),
      120_000,
      'the session of the history case',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; molt history said: ${last.slice(0, 500)}`);
    });

    const loadBefore = loadavg();
    const floor = samples();
    const results: Record<string, { built: Samples; tsx: Samples; compare: Samples }> = {};
    for (const c of CASES) {
      const times = { built: samples(), tsx: samples(), compare: samples() };
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        for (const path of PATHS) {
          const run = await timeOnce(
            [path === 'compare' ? join(COMPARE ?? '', 'bin', 'molt.mjs') : MOLT, ...c.args],
            envFor(c.target, path),
            c.status,
            `${c.name} (${path})`,
          );
          if (i >= WARMUP) push(times[path], run);
        }
        if (i >= WARMUP && c === CASES[0]) push(floor, await timeOnce(['-e', '0'], base, 0, 'node -e 0'));
      }
      results[c.name] = times;
      log(
        `${c.name}: built ${round(median(times.built.wall))} ms (CPU ${round(median(times.built.cpu))}), ` +
          `tsx ${round(median(times.tsx.wall))} ms (CPU ${round(median(times.tsx.cpu))})` +
          (COMPARE
            ? `, compare ${round(median(times.compare.wall))} ms (CPU ${round(median(times.compare.cpu))})`
            : '') +
          ' (medians)',
      );
    }
    const cases = Object.fromEntries(
      Object.entries(results).map(([name, t]) => [
        name,
        {
          built: summary(t.built.wall),
          tsx: summary(t.tsx.wall),
          speedup: round(median(t.tsx.wall) / median(t.built.wall), 2),
          /** The built CLI's own cost: its median over `node -e 0`'s, measured in the same run. */
          builtOverNodeFloorMs: round(median(t.built.wall) - median(floor.wall)),
          /** CPU time (user + system) of one call, Node's start included: what a busy machine cannot inflate by queueing. */
          cpu: {
            builtMedianMs: round(median(t.built.cpu)),
            tsxMedianMs: round(median(t.tsx.cpu)),
            builtOverNodeFloorMs: round(median(t.built.cpu) - median(floor.cpu)),
          },
          ...(COMPARE
            ? {
                /** MOLT_BENCH_CLI_COMPARE's built CLI, and this build's medians minus its. */
                compare: {
                  ...summary(t.compare.wall),
                  cpuMedianMs: round(median(t.compare.cpu)),
                  builtMinusCompareMs: round(median(t.built.wall) - median(t.compare.wall)),
                  builtMinusCompareCpuMs: round(median(t.built.cpu) - median(t.compare.cpu)),
                },
              }
            : {}),
        },
      ]),
    );
    const goalCases = CASES.filter((c) => c.goal).map((c) => results[c.name]);
    const worst = Math.max(...goalCases.map((t) => median(t?.built.wall ?? [])));
    const worstCpu = Math.max(...goalCases.map((t) => median(t?.built.cpu ?? [])));
    console.log(
      JSON.stringify(
        {
          samplesPerCase: SAMPLES,
          ...(COMPARE ? { compare: COMPARE } : {}),
          machine: {
            cpus: cpus().length,
            loadAverage1mBefore: round(loadBefore[0] ?? 0, 2),
            loadAverage1mAfter: round(loadavg()[0] ?? 0, 2),
          },
          nodeFloor: { ...summary(floor.wall), cpuMedianMs: round(median(floor.cpu)) },
          cases,
          goal: {
            medianMs: GOAL_MS,
            worstBuiltMedianMs: round(worst),
            met: worst <= GOAL_MS,
            worstBuiltCpuMedianMs: round(worstCpu),
          },
        },
        null,
        2,
      ),
    );
    await api.stop();
    await worker.stop();
  } finally {
    await stack.stop();
    rmSync(CPU_DIR, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
