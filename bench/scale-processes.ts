/**
 * The scale benchmark's processes (bench/scale.bench.ts): `molt worker` and `molt api` each in its
 * own process, as production runs them, so each one's resident memory and CPU can be read apart
 * from /proc; the worker serves the Temporal SDK's metrics (MOLT_TEMPORAL_METRICS_ADDRESS) for the
 * workflow cache's hits, misses and evictions.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { log, withTimeout } from './stack.js';

const MOLT = fileURLToPath(new URL('../bin/molt.mjs', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (Linux /proc; NaN elsewhere). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface MoltProcess {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function startMolt(command: 'worker' | 'api', env: Record<string, string>): MoltProcess {
  const child = spawn(process.execPath, [MOLT, command], {
    env: { ...process.env, MOLT_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`molt ${command} exited ${code ?? signal}: ${stderr}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Killed by PID if this process ends without stopping it (an error, an interrupt).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return {
    child,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await withTimeout(exited, 60_000, `stopping molt ${command}`).catch(() => child.kill('SIGKILL'));
    },
  };
}

export interface StackEnv {
  temporalAddress: string;
  databaseUrl: string;
  taskQueue: string;
}

/** `molt worker` with its metrics served; resolves once the metrics endpoint answers. */
export async function startWorkerProcess(
  stack: StackEnv,
  llmBaseUrl: string,
  env: Record<string, string>,
): Promise<MoltProcess & { metrics(): Promise<Record<string, number>> }> {
  const metricsAddress = `127.0.0.1:${await freePort()}`;
  const worker = startMolt('worker', {
    TEMPORAL_ADDRESS: stack.temporalAddress,
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_TASK_QUEUE: stack.taskQueue,
    MOLT_LLM_PROVIDER: 'openai-compatible',
    MOLT_LLM_BASE_URL: llmBaseUrl,
    MOLT_LLM_MODEL: 'fake',
    MOLT_TEMPORAL_METRICS_ADDRESS: metricsAddress,
    ...env,
  });
  const metrics = async () => parseMetrics(await (await fetch(`http://${metricsAddress}/metrics`)).text());
  await until('molt worker', 120_000, async () => (await fetch(`http://${metricsAddress}/metrics`)).ok);
  return { ...worker, metrics };
}

/** `molt api` on a free port, no rate limit (the load is thousands of sessions from one address). */
export async function startApiProcess(
  stack: StackEnv,
  env: Record<string, string> = {},
): Promise<MoltProcess & { url: string }> {
  const port = await freePort();
  const api = startMolt('api', {
    TEMPORAL_ADDRESS: stack.temporalAddress,
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_TASK_QUEUE: stack.taskQueue,
    MOLT_API_PORT: String(port),
    MOLT_RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await until('molt api', 120_000, async () => (await fetch(`${url}/healthz`)).ok);
  return { ...api, url };
}

/**
 * The SDK's cache metrics by short name, summed over their labels: `sticky_cache_hit`,
 * `sticky_cache_miss`, `sticky_cache_size`, `sticky_cache_total_forced_eviction`, and
 * `workflow_task_replay_latency_count` (tasks that replayed history into a fresh sandbox).
 */
export function parseMetrics(text: string): Record<string, number> {
  const wanted = [
    'sticky_cache_hit',
    'sticky_cache_miss',
    'sticky_cache_size',
    'sticky_cache_total_forced_eviction',
    'workflow_task_replay_latency_count',
    'workflow_task_replay_latency_sum',
  ];
  const out: Record<string, number> = Object.fromEntries(wanted.map((name) => [name, 0]));
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const name = line.slice(0, line.search(/[{\s]/));
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    const key = wanted.find(
      (w) =>
        name === `temporal_${w}` || name === `temporal_${w}_total` || name === w || name === `${w}_total`,
    );
    if (key && Number.isFinite(value)) out[key] = (out[key] ?? 0) + value;
  }
  return out;
}
