/**
 * Runs `temporal server start-dev` as a child process on free ports and stops it by PID.
 * Tests use it headless and in memory; `molt dev` with the Web UI and a SQLite file.
 * We poll the gRPC port ourselves instead of using the SDK's createLocal, whose 5 s start-up
 * limit is too short for a cold first start on a busy machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { Connection } from '@temporalio/client';

import { MOLT_SEARCH_ATTRIBUTES } from '../worker/readiness.js';

export { MOLT_SEARCH_ATTRIBUTES };

export interface DevServerOptions {
  cliPath: string;
  /** SQLite file for persistent state; in memory when omitted. */
  dbFilename?: string;
  /** Serve the Web UI on this port (0 = a free one); headless when omitted. */
  uiPort?: number;
  port?: number;
  namespace?: string;
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface DevServer {
  address: string;
  namespace: string;
  uiUrl: string | undefined;
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Start attempts before giving up: a dev server that dies at start-up is tried again on new ports. */
export const DEV_SERVER_START_ATTEMPTS = 3;

export class DevServerExitedError extends Error {
  override name = 'DevServerExitedError';
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevServerOnce(options);
    } catch (error) {
      // The CLI occasionally panics at start-up (seen once in CI; not reproducible in 8 local
      // starts): a fresh process on fresh ports is the remedy. A fixed port is retried as it is.
      if (!(error instanceof DevServerExitedError) || attempt >= DEV_SERVER_START_ATTEMPTS) throw error;
      options.log?.(`molt: ${error.message.split('\n')[0]}; starting it again (attempt ${attempt + 1})`);
    }
  }
}

async function startDevServerOnce(options: DevServerOptions): Promise<DevServer> {
  const port = options.port ?? (await freePort());
  const namespace = options.namespace ?? 'default';
  const uiPort = options.uiPort === 0 ? await freePort() : options.uiPort;
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'error'];
  args.push('--namespace', namespace);
  if (uiPort === undefined) args.push('--headless');
  else args.push('--ui-port', String(uiPort));
  if (options.dbFilename) {
    mkdirSync(dirname(options.dbFilename), { recursive: true });
    // File mode is slow without these (Temporal's own CI sets them).
    args.push('--db-filename', options.dbFilename);
    args.push('--sqlite-pragma', 'journal_mode=WAL', '--sqlite-pragma', 'synchronous=OFF');
  }
  for (const [name, type] of Object.entries(MOLT_SEARCH_ATTRIBUTES)) {
    args.push('--search-attribute', `${name}=${type}`);
  }

  const child = spawn(options.cliPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // The head says what failed, the tail where: keep both.
  let head = '';
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (head.length < 2_000) head += text.slice(0, 2_000 - head.length);
    tail = (tail + text).slice(-2_000);
  });
  const stderrText = () => (head.length < 2_000 ? head : `${head}\n…\n${tail}`).trim();
  const address = `127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new DevServerExitedError(
        `temporal server start-dev exited with ${child.exitCode}: ${stderrText()}`,
      );
    }
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        break;
      } finally {
        await connection.close();
      }
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `Temporal dev server did not answer on ${address} in time: ${String(error)} ${stderrText()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  options.log?.(`Temporal dev server on ${address} (pid ${child.pid})`);
  return {
    address,
    namespace,
    uiUrl: uiPort === undefined ? undefined : `http://127.0.0.1:${uiPort}`,
    pid: child.pid ?? -1,
    stop,
  };
}
