/**
 * `molt demo`: an ephemeral stack (in-memory Temporal dev server, embedded PGlite in a temporary
 * directory) and a bundled agent session played through the HTTP API, printing the session as
 * it grows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MoltConfig } from './config.js';
import { demoSession } from './demo-session.js';
import { startStack } from './dev.js';

export interface DemoOptions {
  turns?: number;
  contextWindowTokens?: number;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

export async function runDemo(baseConfig: MoltConfig, options: DemoOptions = {}): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'molt-demo-'));
  const config: MoltConfig = {
    ...baseConfig,
    MOLT_DATA_DIR: dataDir,
    MOLT_API_PORT: 0,
    MOLT_LOG_LEVEL: 'warn',
  };
  const log = (line: string) => console.error(line);
  console.log('molt demo: starting an ephemeral stack (Temporal dev server, embedded PGlite, worker, API)…');
  const stack = await startStack(config, { persistent: false, ui: false, log });
  try {
    const sessionId = `demo-${Date.now().toString(36)}`;
    const turns = demoSession(options.turns ?? 12);
    const window = options.contextWindowTokens ?? 32_000;
    console.log(`API ${stack.apiUrl}; session ${sessionId}; context window ${window} tokens\n`);
    for (const [i, turn] of turns.entries()) {
      await json(
        await fetch(`${stack.apiUrl}/v1/sessions/${sessionId}/turns`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...turn, contextWindowTokens: window }),
        }),
      );
      const lastSeq = (i + 1) * turn.messages.length;
      const view = await waitForView(stack.apiUrl, sessionId, lastSeq);
      const ratio = Number(view.ratio);
      console.log(
        `turn ${String(i + 1).padStart(3)}  seq ≤ ${String(view.lastSeq).padStart(4)}  live ${String(view.liveTokens).padStart(6)} tokens  ${(ratio * 100).toFixed(1).padStart(5)}% of the window`,
      );
    }
    const final = await json(await fetch(`${stack.apiUrl}/v1/sessions/${sessionId}`));
    console.log(`\nfinal session view:\n${JSON.stringify(final, null, 2)}`);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Polls the session view until the workflow has applied `lastSeq` (eventual consistency). */
async function waitForView(
  apiUrl: string,
  sessionId: string,
  lastSeq: number,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const view = await json(await fetch(`${apiUrl}/v1/sessions/${sessionId}`));
    if (Number(view.lastSeq) >= lastSeq) return view;
    if (Date.now() > deadline) throw new Error(`session view did not reach seq ${lastSeq} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
