/**
 * Runs every `bench/*.bench.ts`, one after another, each in its own process (`tsx`), so one
 * benchmark's stack, JIT state or leaked handle cannot disturb the next and a hung one can be
 * stopped by PID. Prints `{ [name]: result }` as JSON and writes it to bench/results/latest.json
 * (gitignored). A benchmark that fails or times out is recorded as `{ error }`; the exit code is 1
 * when any did.
 *
 * Run: `npm run bench` (or `npx tsx bench/run.ts [name …]` for some of them, e.g. `ingest`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(BENCH_DIR, 'results', 'latest.json');
/** Per benchmark; the stack benchmarks bound themselves well below this. */
const BENCH_TIMEOUT_MS = 20 * 60_000;
const SUFFIX = '.bench.ts';

/** tsx's CLI, run with this node: no npx resolution in between. */
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

interface Outcome {
  result?: unknown;
  error?: string;
  durationMs: number;
}

/** The benchmark's stdout is one JSON object (progress goes to stderr, passed through). */
function parseResult(stdout: string): unknown {
  const text = stdout.trim();
  try {
    return JSON.parse(text);
  } catch {
    // Something else printed before the object: take the last top-level `{` line onwards.
    const start = text.lastIndexOf('\n{');
    if (start < 0) throw new Error('no JSON object on stdout');
    return JSON.parse(text.slice(start + 1));
  }
}

function runOne(file: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX_CLI, file], {
      cwd: join(BENCH_DIR, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The benchmark stops its stack on SIGTERM (bench/stack.ts); SIGKILL if it does not go.
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    }, BENCH_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ error: String(error), durationMs: Date.now() - started });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const durationMs = Date.now() - started;
      if (timedOut) return resolve({ error: `timed out after ${BENCH_TIMEOUT_MS} ms`, durationMs });
      if (code !== 0) return resolve({ error: `exited with ${code ?? signal}`, durationMs });
      try {
        resolve({ result: parseResult(stdout), durationMs });
      } catch (error) {
        resolve({ error: `unreadable output: ${String(error)}`, durationMs });
      }
    });
  });
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(BENCH_DIR)
    .filter((name) => name.endsWith(SUFFIX))
    .sort()
    .filter((name) => only.length === 0 || only.includes(basename(name, SUFFIX)));
  const results: Record<string, unknown> = {};
  let failed = false;
  for (const file of files) {
    const name = basename(file, SUFFIX);
    process.stderr.write(`[bench] ${name}…\n`);
    const outcome = await runOne(join(BENCH_DIR, file));
    process.stderr.write(
      `[bench] ${name}: ${outcome.error ?? 'done'} in ${Math.round(outcome.durationMs / 1000)} s\n`,
    );
    if (outcome.error !== undefined) failed = true;
    results[name] = outcome.error !== undefined ? { error: outcome.error } : outcome.result;
  }
  const json = JSON.stringify(results, null, 2);
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${json}\n`);
  process.stdout.write(`${json}\n`);
  if (failed) process.exitCode = 1;
}

await main();
