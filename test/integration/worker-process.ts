/**
 * `molt worker` in its own process, as production runs it: for tests that kill a worker mid-work
 * (SIGKILL) and let another one pick the work up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const MOLT = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));

export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Worker processes on one task queue, talking to the fake LLM at `llmBaseUrl`. */
export function workerProcesses(options: {
  taskQueue: () => string;
  llmBaseUrl: () => string;
  env?: Record<string, string>;
}) {
  const children: ChildProcess[] = [];
  return {
    start(): ChildProcess {
      const child = spawn(process.execPath, [MOLT, 'worker'], {
        env: {
          ...process.env,
          TEMPORAL_ADDRESS: inject('temporalAddress'),
          DATABASE_URL: inject('databaseUrl'),
          TEMPORAL_TASK_QUEUE: options.taskQueue(),
          MOLT_WORKFLOW_BUNDLE: inject('workflowBundlePath'),
          MOLT_LLM_PROVIDER: 'openai-compatible',
          MOLT_LLM_BASE_URL: options.llmBaseUrl(),
          MOLT_LLM_MODEL: 'fake',
          MOLT_LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    },
    async stopAll(): Promise<void> {
      for (const child of children) {
        child.kill('SIGTERM');
        await exited(child);
      }
    },
  };
}
